"""`ClubTable`: the LAN host's table logic kept in PostgreSQL, step by step (no NATS here)."""
from tests.club import needs  # noqa: F401 - skips this module without the club's libraries
import psycopg
import pytest

from club import db
from club.table_host import PUBLIC, ClubTable
from net.host import new_session

HELLO = {"t": "hello", "proto": 1, "name": "x", "want": "play"}


def new_table(conn, seed=5):
    table_id = db.create_table(conn, new_session("toy", 2, seed=seed), name="test", created_by="ada")
    return ClubTable(db.load_table(conn, table_id))


def answers_to(sends, player):
    return [m for c, m in sends if c == player and m["t"] in ("ok", "err")]


def test_a_seat_taken_is_kept_with_its_token_and_the_table_starts_when_full(conn):
    table = new_table(conn)
    for player in ("ada", "bob"):
        sends = table.receive(conn, player, dict(HELLO, name=player))
        assert [m["t"] for c, m in sends if c == player][0] == "welcome"
    record = db.load_table(conn, table.id)
    assert {seat: holder[0] for seat, holder in record["holders"].items()} == {0: "ada", 1: "bob"}
    assert record["state"] == "play"
    assert all(len(holder[1]) >= 22 for holder in record["holders"].values())  # 128 bits and more


def test_an_ok_is_published_only_after_its_action_is_in_the_database(conn):
    table = new_table(conn)
    table.receive(conn, "ada", dict(HELLO, name="ada"))
    table.receive(conn, "bob", dict(HELLO, name="bob"))
    sends = table.receive(conn, "ada", {"t": "act", "seq": 1, "a": {"type": "take", "count": 2}})
    assert answers_to(sends, "ada") == [{"t": "ok", "seq": 1, "rev": 1}]
    assert any(c == PUBLIC and m["t"] == "update" for c, m in sends)  # spectators hear it on the public subject
    assert [(r, s, a, q) for r, s, a, q in db.load_table(conn, table.id)["actions"]] == \
        [(1, 0, {"type": "take", "count": 2}, 1)]


def test_a_table_rebuilt_from_the_database_answers_resends_as_the_first_process_did(conn):
    table = new_table(conn)
    table.receive(conn, "ada", dict(HELLO, name="ada"))
    table.receive(conn, "bob", dict(HELLO, name="bob"))
    ok = answers_to(table.receive(conn, "ada", {"t": "act", "seq": 1, "a": {"type": "take", "count": 1}}), "ada")
    refused = answers_to(table.receive(conn, "bob", {"t": "act", "seq": 1, "a": {"type": "take", "count": 9}}), "bob")
    assert refused[0]["code"] == "illegal"
    again = ClubTable(db.load_table(conn, table.id))  # another process takes the table over
    rejoined = again.rejoin(conn, "bob")
    assert [m["last_seq"] for c, m in rejoined if c == "bob" and m["t"] == "welcome"] == [1]
    assert answers_to(again.receive(conn, "ada", {"t": "act", "seq": 1, "a": {"type": "take", "count": 1}}),
                      "ada") == ok
    assert answers_to(again.receive(conn, "bob", {"t": "act", "seq": 1, "a": {"type": "take", "count": 9}}),
                      "bob") == refused
    stale = answers_to(again.receive(conn, "bob", {"t": "act", "seq": 1, "a": {"type": "take", "count": 2}}), "bob")
    assert stale[0]["code"] == "stale_seq"
    assert again.session.rev == 1 and again.session.state["pile"] == 20  # nothing applied twice


def test_a_process_that_lost_its_table_cannot_write_a_step_and_publishes_nothing(conn):
    table = new_table(conn)
    table.receive(conn, "ada", dict(HELLO, name="ada"))
    table.receive(conn, "bob", dict(HELLO, name="bob"))
    stale_owner = ClubTable(db.load_table(conn, table.id))
    table.receive(conn, "ada", {"t": "act", "seq": 1, "a": {"type": "take", "count": 1}})  # the new owner moves
    with pytest.raises(psycopg.errors.UniqueViolation):
        stale_owner.receive(conn, "ada", {"t": "act", "seq": 1, "a": {"type": "take", "count": 3}})
    conn.rollback()
    assert [a for _r, _s, a, _q in db.load_table(conn, table.id)["actions"]] == [{"type": "take", "count": 1}]


def test_a_second_hello_from_the_same_player_welcomes_it_again_on_its_seat_without_a_replaced_error(conn):
    table = new_table(conn)
    table.receive(conn, "".join(["a", "da"]), dict(HELLO, name="ada"))  # names arrive as fresh strings
    table.receive(conn, "bob", dict(HELLO, name="bob"))
    again = table.receive(conn, "".join(["ad", "a"]), dict(HELLO, name="ada"))
    to_ada = [m for c, m in again if c == "ada"]
    assert [m["t"] for m in to_ada] == ["welcome"] and to_ada[0]["seat"] == 0
    answer = answers_to(table.receive(conn, "".join(["a", "d", "a"]),
                                      {"t": "act", "seq": 1, "a": {"type": "take", "count": 1}}), "ada")
    assert answer == [{"t": "ok", "seq": 1, "rev": 1}]


def test_a_resumed_table_rebuilds_each_seat_s_last_seq_from_its_oks_and_refusals(conn):
    table = new_table(conn)
    table.receive(conn, "ada", dict(HELLO, name="ada"))
    table.receive(conn, "bob", dict(HELLO, name="bob"))
    take = {"type": "take", "count": 1}
    assert answers_to(table.receive(conn, "ada", {"t": "act", "seq": 1, "a": take}), "ada")[0]["t"] == "ok"
    assert answers_to(table.receive(conn, "bob", {"t": "act", "seq": 1, "a": take}), "bob")[0]["t"] == "ok"
    refused = answers_to(table.receive(conn, "ada", {"t": "act", "seq": 2, "a": {"type": "take", "count": 9}}), "ada")
    assert refused[0]["code"] == "illegal"
    # no seat's row keeps a counter (migration 0005): the actions' seqs and the refusals are all there is
    columns = conn.execute("SELECT column_name FROM information_schema.columns WHERE table_name = 'seats'").fetchall()
    conn.commit()
    assert "last_seq" not in {c for c, in columns}
    again = ClubTable(db.load_table(conn, table.id))  # another process takes the table over
    welcomes = {c: m for c, m in again.rejoin(conn, "ada") + again.rejoin(conn, "bob") if m["t"] == "welcome"}
    assert (welcomes["ada"]["last_seq"], welcomes["bob"]["last_seq"]) == (2, 1)  # ada's refusal counts, as it did
    assert answers_to(again.receive(conn, "ada", {"t": "act", "seq": 2, "a": {"type": "take", "count": 9}}),
                      "ada") == refused
    assert answers_to(again.receive(conn, "ada", {"t": "act", "seq": 3, "a": take}), "ada") == \
        [{"t": "ok", "seq": 3, "rev": 3}]
    assert again.session.rev == 3


def test_a_spectator_the_table_process_never_welcomed_is_welcomed_at_its_first_message(conn):
    """A table taken over by another process knows its seat holders, not its spectators: a spectator's next
    message there (its ping) welcomes it, with the view as it is now, and its updates follow."""
    table = new_table(conn)
    for player in ("ada", "bob"):
        table.receive(conn, player, dict(HELLO, name=player))
    taken_over = ClubTable(db.load_table(conn, table.id))
    sends = taken_over.receive(conn, "eve", {"t": "ping", "n": 3})
    welcome = [m for c, m in sends if c == "eve" and m["t"] == "welcome"]
    assert len(welcome) == 1 and welcome[0]["seat"] is None and welcome[0]["view"]["private"] == {}
    assert [m for c, m in sends if c == "eve" and m["t"] == "pong"] == [{"t": "pong", "n": 3}]
    for player in ("ada", "bob"):
        taken_over.rejoin(conn, player)
    moved = taken_over.receive(conn, "ada", {"t": "act", "seq": 1, "a": {"type": "take", "count": 1}})
    assert [m["rev"] for c, m in moved if c == "eve" and m["t"] == "update"] == [1]
    assert taken_over.receive(conn, "zed", {"t": "bye"}) == []
