"""A player concedes at a club table (docs/games.md, "Resigning"): the seat's own `resign`, sent out of turn,
is answered only once it is in the database, ends the game for everyone, marks the table over, and the
actions stored rebuild a table whose game ended the same way. Another seat's resignation is refused."""
from tests.club import needs  # noqa: F401 - skips this module without the club's libraries
from club import db
from club.table_host import ClubTable
from tests.club.test_table_host import HELLO, answers_to, new_table


def test_a_player_resigns_at_a_club_table_and_the_database_ends_the_game_the_same_way(conn):
    table = new_table(conn)
    table.receive(conn, "ada", dict(HELLO, name="ada"))
    table.receive(conn, "bob", dict(HELLO, name="bob"))
    assert table.session.to_act() == [0], "ada's move: bob concedes out of turn"
    refused = answers_to(table.receive(conn, "bob", {"t": "act", "seq": 1, "a": {"type": "resign", "seat": 0}}), "bob")
    assert refused[0]["code"] == "not_your_turn" and table.session.rev == 0

    sends = table.receive(conn, "bob", {"t": "act", "seq": 2, "a": {"type": "resign", "seat": 1}})
    assert answers_to(sends, "bob") == [{"t": "ok", "seq": 2, "rev": 1}]
    updates = [m for c, m in sends if c == "ada" and m["t"] == "update"]
    assert updates[-1]["events"] == [{"type": "resigned", "seat": 1}]
    result = updates[-1]["view"]["public"]["result"]
    assert result["winners"] == [0] and result["reason"].endswith(" resigns.")

    record = db.load_table(conn, table.id)
    assert [(r, s, a) for r, s, a, _q in record["actions"]] == [(1, 1, {"type": "resign", "seat": 1})]
    assert conn.execute("SELECT state FROM tables WHERE id = %s", (table.id,)).fetchone()[0] == "over"
    again = ClubTable(record)   # another process takes the table over: the game it rebuilds is over too
    assert again.session.result() == result
