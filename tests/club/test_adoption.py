"""A table process takes free tables a hundred at a time (`db.try_own_many`, `db.load_tables`): what it takes
and loads must be what it would have taken and loaded table by table."""
from tests.club import needs  # noqa: F401 - skips this module without the club's libraries

from club import db
from net.host import new_session


def test_many_tables_are_taken_at_once_except_those_another_process_holds(conn, dsn):
    ids = [db.create_table(conn, new_session("toy", 2, seed=i), name=f"t{i}", created_by="ada") for i in range(4)]
    with db.connect(dsn, autocommit=True) as other:
        assert db.try_own(other, ids[1], "other:1")
        assert db.try_own_many(conn, ids, "me:2") == [ids[0], ids[2], ids[3]]
        owners = dict(conn.execute("SELECT table_id, process FROM owners").fetchall())
        conn.commit()
        assert owners == {ids[0]: "me:2", ids[1]: "other:1", ids[2]: "me:2", ids[3]: "me:2"}
        assert db.try_own_many(other, ids, "other:1") == [ids[1]]  # its own lock again; ours stay ours


def test_tables_loaded_together_each_get_their_own_rows_in_the_order_asked(conn):
    ids = []
    for i, player in enumerate(("ada", "bob")):
        table_id = db.create_table(conn, new_session("toy", 2, seed=i), name=f"t{i}", created_by=player)
        conn.execute("INSERT INTO seats (table_id, seat, player, token) VALUES (%s, 0, %s, 'tok')",
                     (table_id, player))
        db.write_step(conn, table_id, actions=[(1, 0, {"type": "take", "count": 2}, 1)], state="play", to_act=[1],
                      refusals=[(0, 3, {"t": "err", "seq": 3, "code": "illegal"}, {"type": "take", "count": 9})])
        ids.append(table_id)
    loaded = db.load_tables(conn, list(reversed(ids)) + [10_000])
    assert [r["id"] for r in loaded] == list(reversed(ids))  # in the order asked, the missing one left out
    for record, player in zip(loaded, ("bob", "ada")):  # each with its own rows, none of the other's
        assert record["holders"] == {0: (player, "tok")}
        assert record["actions"] == [(1, 0, {"type": "take", "count": 2}, 1)]
        assert record["refusals"] == [(0, 3, {"t": "err", "seq": 3, "code": "illegal"}, {"type": "take", "count": 9})]
        assert record["state"] == "play" and record["header"]["seed"] == ids.index(record["id"])
