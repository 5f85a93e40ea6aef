"""Group commit (`db.write_batch`): a batch of one step goes in one plain statement, a batch of many in one
statement over arrays; both must leave the database the same, and both must refuse a rev written before."""
from tests.club import needs  # noqa: F401 - skips this module without the club's libraries
import pytest

from club import db
from net.host import new_session


@pytest.fixture
def process_conn(conn):
    """Autocommit, as a table process's connection is (a step is one statement)."""
    conn.commit()
    conn.autocommit = True
    return conn


def seated_table(conn) -> int:
    table_id = db.create_table(conn, new_session("toy", 2, seed=3), name="t", created_by="ada")
    for seat, player in enumerate(("ada", "bob")):
        conn.execute("INSERT INTO seats (table_id, seat, player, token) VALUES (%s, %s, %s, 'tok')",
                     (table_id, seat, player))
    conn.commit()
    return table_id


def change(rev=None, seat=0, seq=None, *, state=None, to_act=None):
    return dict(actions=[] if rev is None else [(rev, seat, {"type": "take", "count": 1}, seq)], refusals=[],
                new_holders=[], seat_list=None, state=state, to_act=to_act)


# a game's usual steps: the table starts, moves with and without a seq (a bot), passing the turn or keeping it
STEPS = [change(state="play", to_act=[0]), change(1, 0, 1, to_act=[1]), change(2, 1, None, to_act=[0]),
         change(3, 0, 2), change(4, 0, 3, to_act=[1]), change(5, 1, 7, state="over", to_act=[])]


def stored(conn, table_id) -> tuple:
    record = db.load_table(conn, table_id)
    to_act = conn.execute("SELECT to_act FROM tables WHERE id = %s", (table_id,)).fetchone()[0]
    conn.commit()
    return record["actions"], record["state"], to_act, record["holders"]


def test_one_step_batches_many_step_batches_and_moves_sent_at_once_store_the_same_game(process_conn):
    conn = process_conn
    alone, together, other, at_once = (seated_table(conn) for _ in range(4))
    for step in STEPS:
        batch = db.Batch()
        batch.add(alone, step)
        assert db.write_batch(conn, batch) == {}
        batch = db.Batch()  # the same step beside another table's: the array statement
        batch.add(together, step)
        batch.add(other, change(state="play"))
        assert db.write_batch(conn, batch) == {}
        batch = db.Batch(conn)  # a quiet process's: a move (passing the turn, ending the game) sent as it is added
        batch.add(at_once, step)
        assert (batch.sent is not None) == (len(step["actions"]) == 1)
        assert db.write_batch(conn, batch) == {}
        assert stored(conn, alone) == stored(conn, together) == stored(conn, at_once)
    actions, state, to_act, holders = stored(conn, alone)
    assert [(rev, seat, seq) for rev, seat, _a, seq in actions] == [(1, 0, 1), (2, 1, None), (3, 0, 2), (4, 0, 3),
                                                                    (5, 1, 7)]
    assert (state, to_act) == ("over", [])
    assert holders == {0: ("ada", "tok"), 1: ("bob", "tok")}  # a move writes no seat's row


def test_a_move_sent_from_inside_its_step_then_the_rest_of_that_step_store_what_the_step_did(process_conn):
    conn = process_conn
    plain, early = seated_table(conn), seated_table(conn)
    first, second = (1, 0, {"type": "take", "count": 1}, 1), (2, 1, {"type": "take", "count": 2}, None)
    step = dict(actions=[first, second], refusals=[], new_holders=[], seat_list=None, state="play", to_act=[0])
    batch = db.Batch()
    batch.add(plain, step)
    assert db.write_batch(conn, batch) == {}
    batch = db.Batch(conn)
    assert not db.Batch().send_move(early, first)  # no connection given: a busy process's batch sends nothing early
    assert batch.send_move(early, first, state="play", to_act=[1])  # as the rules take the step's first move
    batch.add(early, step)  # the step's whole change: its second move and the turn passed back are still to write
    assert len(batch.steps) == 2
    assert not batch.send_move(early, second)  # the connection is busy with the first: one statement at a time
    assert db.write_batch(conn, batch) == {}
    assert stored(conn, plain) == stored(conn, early)
    third = (3, 0, {"type": "take", "count": 1}, 2)
    batch = db.Batch(conn)
    assert batch.send_move(early, third, to_act=[1])
    batch.add(early, change(3, 0, 2, to_act=[1]))  # the step was that move alone: nothing left to add
    assert len(batch.steps) == 1
    assert db.write_batch(conn, batch) == {}
    actions, state, to_act, _holders = stored(conn, early)
    assert [(rev, seat, seq) for rev, seat, _a, seq in actions] == [(1, 0, 1), (2, 1, None), (3, 0, 2)]
    assert (state, to_act) == ("play", [1])


def test_a_one_step_batch_repeating_a_written_rev_fails_and_writes_nothing(process_conn):
    conn = process_conn
    table_id = seated_table(conn)
    first = db.Batch()
    first.add(table_id, change(1, 0, 1, to_act=[1]))
    assert db.write_batch(conn, first) == {}
    again = db.Batch()  # another process that lost the table without noticing
    again.add(table_id, change(1, 1, 9, to_act=[0]))
    assert db.write_batch(conn, again).keys() == {table_id}
    actions, _state, to_act, _holders = stored(conn, table_id)
    assert [(rev, seat, seq) for rev, seat, _a, seq in actions] == [(1, 0, 1)]
    assert to_act == [1]  # the table's row as the first write left it


def test_a_lone_move_sent_at_once_is_stored_before_the_batch_answers_and_the_connection_is_free_after(process_conn):
    conn = process_conn
    table_id = seated_table(conn)
    batch = db.Batch(conn)
    batch.add(table_id, change(1, 0, 1))  # a move that changes only the actions: sent as it is added
    assert batch.sent is not None
    batch.add(table_id, change(2, 1, 5))  # the next one waits for the commit, with any others
    assert db.write_batch(conn, batch) == {}
    assert conn.execute("SELECT 1").fetchone() == (1,)  # nothing left unread on the connection
    actions, _state, _to_act, _last = stored(conn, table_id)
    assert [(rev, seat, seq) for rev, seat, _a, seq in actions] == [(1, 0, 1), (2, 1, 5)]


def test_a_move_sent_at_once_repeating_a_written_rev_fails_with_its_table_s_later_steps_and_no_other_table(
        process_conn):
    conn = process_conn
    lost, other = seated_table(conn), seated_table(conn)
    first = db.Batch()
    first.add(lost, change(1, 0, 1))
    assert db.write_batch(conn, first) == {}
    batch = db.Batch(conn)  # a process that lost `lost` without noticing, beside a table it still owns
    batch.add(lost, change(1, 1, 9))
    assert batch.sent is not None
    batch.add(other, change(1, 0, 1))
    batch.add(lost, change(2, 0, 2))  # after the refused one: never written, or the game would have a hole
    assert db.write_batch(conn, batch).keys() == {lost}
    assert [(r, s, q) for r, s, _a, q in stored(conn, lost)[0]] == [(1, 0, 1)]
    assert [(r, s, q) for r, s, _a, q in stored(conn, other)[0]] == [(1, 0, 1)]


def test_a_step_sent_at_once_is_answered_before_the_connection_serves_anything_else(process_conn):
    conn = process_conn
    table_id = seated_table(conn)
    batch = db.Batch(conn)
    batch.add(table_id, change(1, 0, 1))
    batch.settle()  # what a table process does before the lobby or a seat change uses the connection
    assert conn.execute("SELECT count(*) FROM actions WHERE table_id = %s", (table_id,)).fetchone() == (1,)
    conn.commit()
    assert db.write_batch(conn, batch) == {} and len(stored(conn, table_id)[0]) == 1
