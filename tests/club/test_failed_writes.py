"""A table process that cannot be wedged (issue 41, A): a transaction rolled back on its database connection
does not stop it storing moves, a write that fails is logged with its cause, and one table whose writes
fail for a reason of its own leaves the process's other tables playing."""
from tests.club import needs  # noqa: F401 - skips this module without the club's libraries
import asyncio
import re
import time

import psycopg
import pytest

from club import client as club_client
from club.process import RETAKE_FIRST, RETAKE_MOST, retake_after
from net.client import TableError
from tests.club.test_tables import ADA, BOB, ada_creates, run, seated_table, stored_actions

PACE = 0.1   # seconds between a player's moves: the process is quiet, so each move goes through its prepared statement


async def paced_moves(clients, moves: int, timeout: float = 3.0) -> list:
    """`moves` turns of a toy game, each seat in turn taking one counter at a player's pace; the answers
    (an AssertionError naming the move if one is not answered within `timeout` seconds)."""
    seats = {c.seat: c for c in clients}
    answers = []
    for n in range(moves):
        rev = clients[0].view["public"]["rev"]
        turn = seats[clients[0].view["public"]["turn"]]
        try:
            answers.append(await turn.request({"type": "take", "count": 1}, timeout=timeout))
        except asyncio.TimeoutError:
            raise AssertionError(f"move {n + 1} (at rev {rev}) was not answered within {timeout:g} s") from None
        for _ in range(int(timeout / 0.01)):   # both views show the move before the next one
            if all(c.view["public"]["rev"] > rev for c in clients):
                break
            await asyncio.sleep(0.01)
        await asyncio.sleep(PACE)
    return answers


async def seated(club, table_id: int) -> list:
    """Ada's and Bob's clients at the table, welcomed."""
    clients = [club_client.ClubClient(club.nats.url, *who, table_id) for who in (ADA, BOB)]
    for c in clients:
        await c.connect()
    return clients


def test_a_refused_sign_up_does_not_stop_the_process_storing_moves(club):
    """psycopg answers a rollback on a connection where it has prepared statements of its own (the process's
    poll, at its fifth run) with DEALLOCATE ALL, which also dropped the statement a quiet process stores its
    moves with: from a refused sign-up on, no move at its tables was answered."""
    club.start()

    async def scenario():
        table_id, clients, _, _ = await seated_table(club, {"pile": 10000})
        began = time.monotonic()
        answers = []
        while time.monotonic() - began < 2.0:   # the poll runs every 0.25 s: psycopg has prepared it by now
            answers += await paced_moves(clients, 2)
        with pytest.raises(TableError, match="taken"):
            await club_client.sign_up(club.nats.url, "ada", "another-secret-long-enough")
        answers += await paced_moves(clients, 6)
        for c in clients:
            await c.close()
        return table_id, answers

    table_id, answers = run(scenario())
    assert [a["t"] for a in answers] == ["ok"] * len(answers)
    assert [rev for rev, *_ in stored_actions(club.dsn, table_id)] == list(range(1, len(answers) + 1))
    assert "not stored" not in club.logs()


def test_a_table_whose_moves_cannot_be_stored_is_logged_with_why_backs_off_and_its_neighbours_play_on(club):
    """A trigger refuses every move of one table (a failure of that table's own); the process logs each failed
    write with PostgreSQL's reason, answers nothing it could not store, and goes on playing its other table.
    The troubled table is taken again after a wait that doubles at each failure (its client resends the move
    every second and at each welcome: without the wait it failed and was logged four times a second). Once the
    trigger is gone, the refused move, sent again under its seq, is stored and answered."""
    club.start()

    async def scenario():
        troubled, fine = await ada_creates(club, *[{"game": "toy", "seats": 2, "options": {"pile": 10000}}] * 2)
        troubled_clients, fine_clients = await seated(club, troubled), await seated(club, fine)
        await paced_moves(troubled_clients, 2)
        with psycopg.connect(club.dsn, autocommit=True) as conn:
            conn.execute(f"""CREATE FUNCTION refuse_moves() RETURNS trigger AS $$ BEGIN
                                 IF NEW.table_id = {troubled} THEN
                                     RAISE EXCEPTION 'table % may store no move now', NEW.table_id;
                                 END IF;
                                 RETURN NEW; END $$ LANGUAGE plpgsql""")
            conn.execute("CREATE TRIGGER refuse_moves BEFORE INSERT ON actions "
                         "FOR EACH ROW EXECUTE FUNCTION refuse_moves()")
        mover = {c.seat: c for c in troubled_clients}[troubled_clients[0].view["public"]["turn"]]
        seq = mover.next_seq()
        refused = asyncio.ensure_future(mover.request_again(seq, {"type": "take", "count": 1}, timeout=30))
        began = time.monotonic()
        neighbours = await paced_moves(fine_clients, 12)   # ~2 s, while the troubled table fails its write
        troubled_for = time.monotonic() - began
        assert not refused.done(), "a move that could not be stored was answered"
        with psycopg.connect(club.dsn, autocommit=True) as conn:
            conn.execute("DROP TRIGGER refuse_moves ON actions")
        stored_at_last = await refused
        for c in troubled_clients + fine_clients:
            await c.close()
        return troubled, fine, neighbours, stored_at_last, troubled_for

    troubled, fine, neighbours, stored_at_last, troubled_for = run(scenario())
    assert [a["t"] for a in neighbours] == ["ok"] * 12
    assert stored_at_last["t"] == "ok" and stored_at_last["rev"] == 3
    assert [rev for rev, *_ in stored_actions(club.dsn, troubled)] == [1, 2, 3]
    assert [rev for rev, *_ in stored_actions(club.dsn, fine)] == list(range(1, 13))
    assert (f"table {troubled}: a step was not stored (RaiseException (SQLSTATE P0001): table {troubled} may "
            "store no move now)") in club.logs()
    waits = [float(w) for w in re.findall(rf"table {troubled}: a step was not stored .*? taken again in ([\d.]+) s",
                                          club.logs())]
    assert waits[:4] == [0.25, 0.5, 1.0, 2.0][:len(waits)] and len(waits) >= 2, waits
    # n failures in a row take at least the waits between them: 0.25 * (2**(n-1) - 1) seconds
    assert RETAKE_FIRST * (2 ** (len(waits) - 1) - 1) <= troubled_for + 1.5, (waits, troubled_for)


def test_the_wait_before_a_troubled_table_is_taken_again_doubles_up_to_a_bound():
    assert [retake_after(n) for n in (1, 2, 3, 4)] == [RETAKE_FIRST, 2 * RETAKE_FIRST, 4 * RETAKE_FIRST,
                                                       8 * RETAKE_FIRST]
    assert retake_after(12) == retake_after(1000) == RETAKE_MOST
