"""Finished club tables: a game that ends while its players are away (a forfeit on the deadline, or the
deadline's bot taking the last counter) is there when they come back, after the table process was
restarted, with the final position and the result in the welcome and a resend answered as it first
was; once everyone has left and the table has been quiet a while, the process lets it go."""
from tests.club import needs  # noqa: F401 - skips this module without the club's libraries
import asyncio
import signal
import time

import psycopg

from club import client as club_client
from tests.club.test_tables import ADA, BOB, ada_creates, owner_pid, run

FINISHED_FOR = 1.0  # seconds a finished, quiet table stays loaded (60 by default)


def table_state(dsn, table_id):
    with psycopg.connect(dsn) as conn:
        return conn.execute("SELECT state FROM tables WHERE id = %s", (table_id,)).fetchone()[0]


def locked_tables(dsn):
    """Tables whose advisory lock some process holds: the tables loaded in a table process."""
    with psycopg.connect(dsn) as conn:
        return {r[0] for r in conn.execute(
            "SELECT objid::bigint FROM pg_locks WHERE locktype = 'advisory' AND classid = 0 AND granted")}


async def comes_back(club, who, table_id):
    """`who` comes back to a table: its welcome, and its client still connected."""
    player = club_client.ClubClient(club.nats.url, *who, table_id, hello_for=10)
    return player, await player.connect()


async def wait_for(condition, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if await asyncio.to_thread(condition):
            return True
        await asyncio.sleep(0.1)
    return False


def test_a_table_finished_while_its_players_were_away_welcomes_them_back_after_a_restart_and_is_let_go_later(club):
    options = ("--finished-for", str(FINISHED_FOR))
    first = club.start(extra=options)

    async def scenario():
        forfeited, won = await ada_creates(
            club, {"game": "toy", "seats": 2, "seed": 5, "move_deadline": 1, "on_deadline": "forfeit"},
            {"game": "toy", "seats": 2, "seed": 5, "options": {"pile": 2}, "move_deadline": 1, "on_deadline": "bot"})
        first_oks = {}
        for table_id in (forfeited, won):  # ada (seat 0) takes a counter; both go away while it is bob's move
            ada, _ = await comes_back(club, ADA, table_id)
            bob, _ = await comes_back(club, BOB, table_id)
            await bob.close()
            first_oks[table_id] = await ada.request({"type": "take", "count": 1})
            await ada.close()
        # bob's deadline passes: he forfeits one table, and his bot takes the other's last counter
        assert await wait_for(lambda: {table_state(club.dsn, t) for t in (forfeited, won)} == {"over"}, 10)
        first.send_signal(signal.SIGKILL)  # the table process goes; another starts, which takes no finished table
        first.wait(5)
        club.start(extra=options)
        assert not {forfeited, won} & locked_tables(club.dsn)
        came_back = {}
        for table_id in (forfeited, won):
            ada, welcome = await comes_back(club, ADA, table_id)
            resent = await ada.request_again(first_oks[table_id]["seq"], {"type": "take", "count": 1}, timeout=5)
            await ada.close()
            came_back[table_id] = (welcome, resent)
        # everyone gone and the tables quiet: the process lets them go, and a later hello loads them again
        dropped = await wait_for(lambda: not {forfeited, won} & locked_tables(club.dsn), FINISHED_FOR + 5)
        bob, bob_welcome = await comes_back(club, BOB, forfeited)
        await bob.close()
        return forfeited, won, first_oks, came_back, dropped, bob_welcome

    forfeited, won, first_oks, came_back, dropped, bob_welcome = run(scenario(), timeout=60)
    assert first_oks[forfeited] == first_oks[won] == {"t": "ok", "seq": 1, "rev": 1}
    welcome, resent = came_back[forfeited]
    assert welcome["t"] == "welcome" and welcome["seat"] == 0 and welcome["last_seq"] == 1 and welcome["rev"] == 2
    assert welcome["view"]["public"]["result"]["winners"] == [0]  # bob forfeited: ada's side wins
    assert welcome["view"]["public"]["table_phase"] == "over"
    assert resent == first_oks[forfeited]  # the original answer, nothing applied again
    welcome, resent = came_back[won]
    assert welcome["rev"] == 2 and welcome["view"]["public"]["pile"] == 0  # the final position
    assert welcome["view"]["public"]["result"]["winners"] == [1]  # bob's bot took the last counter
    assert resent == first_oks[won]
    assert dropped, "the finished tables were let go once quiet"
    assert bob_welcome["seat"] == 1 and bob_welcome["view"]["public"]["result"]["winners"] == [0]  # loaded again
    assert owner_pid(club.dsn, forfeited) is not None


def test_a_full_process_loads_no_finished_table_for_a_hello_so_a_flood_of_hellos_cannot_fill_its_memory(conn, dsn):
    """A `hello` at a finished table loads it (its final view for whoever comes); a process already holding
    `max_tables` tables leaves that hello to another process of its queue group, as it takes no new open table."""
    from types import SimpleNamespace

    from club import db, process, subjects
    from net import frames
    from net.host import new_session
    finished = db.create_table(conn, new_session("toy", 2, seed=1), name="done", created_by="ada")
    conn.execute("UPDATE tables SET state = 'over' WHERE id = %s", (finished,))
    conn.commit()
    hello = SimpleNamespace(subject=subjects.table_in(finished, "ada"),
                            data=frames.encode({"t": "hello", "proto": 1, "name": "ada", "want": "play"})[4:])
    tp = process.TableProcess("nats://unused", dsn, max_tables=1)
    tp.conn = db.connect(dsn, autocommit=True)
    try:
        tp.tables[10**9] = "a table it runs"
        asyncio.run(tp._unowned_message(hello))
        assert finished not in tp.tables and finished not in locked_tables(dsn)  # not loaded, not locked
        del tp.tables[10**9]
        loaded = []

        async def load(table_id):  # room again: the same hello would load it (stopped here, before NATS)
            loaded.append(table_id)
            raise KeyError(table_id)
        tp._load = load
        asyncio.run(tp._unowned_message(hello))
        assert loaded == [finished]
    finally:
        tp.conn.close()
