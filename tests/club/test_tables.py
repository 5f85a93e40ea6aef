"""Club tables: a whole game through NATS, every action in PostgreSQL before its ok, and a table
process killed mid-game replaced by another with nothing lost and nothing applied twice."""
from tests.club import needs  # noqa: F401 - skips this module without the club's libraries
import asyncio
import signal
import time

import psycopg

import bots
from cli.bot import _turns
from club import client as club_client
from club import db
from tests.club.bounded import run

ADA, BOB = ("ada", "ada-keeps-this-secret"), ("bob", "bob-keeps-another-one")



async def ada_creates(club, *bodies: dict) -> list[int]:
    """Ada and Bob signed up, and a table made by Ada from each body (the lobby's `create`): their ids."""
    await club_client.sign_up(club.nats.url, *ADA)
    await club_client.sign_up(club.nats.url, *BOB)
    nc = await club_client.connect_player(club.nats.url, *ADA, allow_reconnect=False)
    try:
        return [await club_client.lobby(nc, "ada", "create", body) for body in bodies]
    finally:
        await nc.close()


async def seated_table(club, options=None):
    """Ada and Bob signed up, a two-seat toy table created by Ada; their two clients, seated."""
    [table_id] = await ada_creates(club, {"game": "toy", "seats": 2, "seed": 5, "options": options or {}})
    inboxes = (asyncio.Queue(), asyncio.Queue())
    clients = [club_client.ClubClient(club.nats.url, *who, table_id, on_message=box.put_nowait)
               for who, box in zip((ADA, BOB), inboxes)]
    welcomes = [await c.connect() for c in clients]
    return table_id, clients, welcomes, inboxes


async def bots_play_out(clients, welcomes, inboxes, seed: int) -> list:
    """Each seated client plays its seat with a normal toy bot to the end of the game."""
    return await asyncio.gather(*[_turns(c, bots.make("toy", "normal", w["seat"], seed + w["seat"]), w["view"], box)
                                  for c, w, box in zip(clients, welcomes, inboxes)])


async def finished_table(club, seed: int):
    """A two-seat toy game played to its end at the club by two bots, both players gone since:
    (table id, the last view the first player saw)."""
    table_id, clients, welcomes, inboxes = await seated_table(club)
    await bots_play_out(clients, welcomes, inboxes, seed)
    view = clients[0].view
    for c in clients:
        await c.close()
    return table_id, view


async def finished_tables(club, seeds) -> list[int]:
    """Toy games made by Ada and played to their ends one after another (the last the newest over): ids."""
    ids = await ada_creates(club, *({"game": "toy", "seats": 2, "seed": seed} for seed in seeds))
    for table_id in ids:
        boxes = (asyncio.Queue(), asyncio.Queue())
        clients = [club_client.ClubClient(club.nats.url, *who, table_id, on_message=box.put_nowait)
                   for who, box in zip((ADA, BOB), boxes)]
        await bots_play_out(clients, [await c.connect() for c in clients], boxes, table_id)
        for c in clients:
            await c.close()
        await asyncio.sleep(0.2)   # the last step is written before its update: the table is over by then
    return ids


def stored_actions(dsn, table_id):
    with psycopg.connect(dsn) as conn:
        return [(rev, seat, db.unpack(bytes(a)), seq) for rev, seat, a, seq in conn.execute(
            "SELECT rev, seat, action, seq FROM actions WHERE table_id = %s ORDER BY rev", (table_id,))]


def owner_pid(dsn, table_id):
    with psycopg.connect(dsn) as conn:
        row = conn.execute("SELECT process FROM owners WHERE table_id = %s", (table_id,)).fetchone()
    return None if row is None else int(row[0].rsplit(":", 1)[1])


def test_two_bots_play_a_whole_game_through_the_club_and_every_action_is_in_postgres(club):
    club.start()

    async def scenario():
        table_id, clients, welcomes, inboxes = await seated_table(club)
        results = await bots_play_out(clients, welcomes, inboxes, 7)
        final = clients[0].view
        for c in clients:
            await c.close()
        return table_id, results, final

    table_id, results, final = run(scenario())
    assert results == [0, 0]
    assert final["public"]["pile"] == 0 and final["public"]["result"]["winners"]
    stored = stored_actions(club.dsn, table_id)
    assert [rev for rev, *_ in stored] == list(range(1, len(stored) + 1))
    assert sum(a["count"] for _rev, _seat, a, _seq in stored) == 21  # every counter taken once
    with psycopg.connect(club.dsn) as conn:
        assert conn.execute("SELECT state FROM tables WHERE id = %s", (table_id,)).fetchone()[0] == "over"


def test_a_table_process_killed_mid_game_is_replaced_within_2_s_with_nothing_lost_or_applied_twice(club):
    first, second = club.start(), club.start()

    async def scenario():
        table_id, clients, welcomes, _ = await seated_table(club)
        seats = {c.seat: c for c in clients}
        replies = []
        for _ in range(6):  # each seat in turn takes one counter
            turn = seats[clients[0].view["public"]["turn"]]
            replies.append((turn, await turn.request({"type": "take", "count": 1})))
            await asyncio.sleep(0.05)  # let the update reach both clients
        assert [r["t"] for _, r in replies] == ["ok"] * 6
        pid = owner_pid(club.dsn, table_id)
        doomed = first if pid == first.pid else second
        assert doomed.pid == pid
        doomed.send_signal(signal.SIGKILL)
        doomed.wait(5)
        killed_at = time.monotonic()
        # The last act sent again, with its seq: the process that takes over answers it as it was.
        last_client, last_reply = replies[-1]
        resent = await last_client.request_again(last_reply["seq"], {"type": "take", "count": 1}, timeout=5)
        took_over = time.monotonic() - killed_at
        after = await seats[1 - last_client.seat].request({"type": "take", "count": 2}, timeout=5)
        for c in clients:
            await c.close()
        return table_id, replies, last_reply, resent, took_over, after, pid

    table_id, replies, last_reply, resent, took_over, after, pid = run(scenario())
    assert resent == last_reply  # its original ok: same seq, same rev
    assert took_over < 2.0, f"the table was resumed after {took_over:.2f} s"
    assert after["t"] == "ok" and after["rev"] == 7
    assert owner_pid(club.dsn, table_id) not in (None, pid)
    stored = stored_actions(club.dsn, table_id)
    assert [rev for rev, *_ in stored] == list(range(1, 8))
    assert [a["count"] for _rev, _seat, a, _seq in stored] == [1] * 6 + [2]
