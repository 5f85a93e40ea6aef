"""A rated game's end survives its table process (docs/club.md, "Ratings"): the process killed before it stored
the last move, or just after, and another taking the table over, leave exactly one rating of the game."""
from tests.club import needs  # noqa: F401 - skips this module without the club's libraries
import asyncio
import signal

import psycopg

from club import client as club_client
from tests.club.bounded import run
from tests.club.test_tables import ADA, BOB, ada_creates, owner_pid

RATED = {"game": "toy", "seats": 2, "seed": 5, "options": {"pile": 4}, "rated": True}   # ada takes 1, bob 3: over


def ratings_of(dsn, table_id) -> dict:
    with psycopg.connect(dsn) as conn:
        changes = conn.execute("SELECT player, games FROM rating_changes WHERE table_id = %s ORDER BY player",
                               (table_id,)).fetchall()
        games = dict(conn.execute("SELECT player, games FROM ratings WHERE game = 'toy'").fetchall())
    return {"changes": changes, "games": games}


def killed(proc) -> None:
    proc.send_signal(signal.SIGKILL)
    proc.wait(5)


def test_a_table_process_killed_as_a_rated_game_ends_leaves_exactly_one_rating(club):
    processes = [club.start(), club.start()]

    async def seated(table_id):
        clients = [club_client.ClubClient(club.nats.url, *who, table_id) for who in (ADA, BOB)]
        for c in clients:
            await c.connect()
        assert (await clients[0].request({"type": "take", "count": 1}))["t"] == "ok"
        return clients

    def owner(table_id):
        pid = owner_pid(club.dsn, table_id)
        return next(p for p in processes if p.pid == pid)

    async def scenario():
        before_end, after_end = await ada_creates(club, RATED, RATED)

        # 1. The owner stops before it has read the last move, and is killed: the move was never stored, and the
        #    process that takes the table over is sent it again (the client's resend at its welcome) and rates it.
        ada, bob = await seated(before_end)
        doomed = owner(before_end)
        doomed.send_signal(signal.SIGSTOP)
        last = asyncio.get_running_loop().create_task(bob.request({"type": "take", "count": 3}, timeout=15))
        await asyncio.sleep(0.3)   # the move is on its way to a process that cannot read it
        killed(doomed)
        processes.remove(doomed)
        first_ok = await last
        for c in (ada, bob):
            await c.close()

        # 2. The owner stores the last move with its rating, answers, and is killed; a new process loads the finished
        #    table at the players' hellos and answers a resend of the last move as it was: nothing is rated again.
        ada, bob = await seated(after_end)
        answered = await bob.request({"type": "take", "count": 3})
        killed(owner(after_end))
        processes.append(club.start())
        back = [club_client.ClubClient(club.nats.url, *who, after_end) for who in (ADA, BOB)]
        welcomes = [await c.connect() for c in back]
        resent = await back[1].request_again(answered["seq"], {"type": "take", "count": 3}, timeout=10)
        for c in (ada, bob, *back):
            await c.close()
        return before_end, after_end, first_ok, answered, resent, welcomes

    before_end, after_end, first_ok, answered, resent, welcomes = run(scenario(), 60)
    assert first_ok["t"] == "ok" and first_ok["rev"] == 2
    assert answered["t"] == "ok" and resent == answered
    assert all(w["view"]["public"]["result"]["winners"] == [1] for w in welcomes)
    assert ratings_of(club.dsn, before_end)["changes"] == [("ada", 1), ("bob", 1)]
    assert ratings_of(club.dsn, after_end) == {"changes": [("ada", 2), ("bob", 2)], "games": {"ada": 2, "bob": 2}}
