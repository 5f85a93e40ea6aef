"""The host packs what every whole view of an update shares once and splices its bytes into each
receiver's frame (`Table.iter_updates(spliced=True)`, net.frames.spliced): the frames must be byte for
byte those of the plain updates, for a game whose views are built whole (the toy) and for one whose
public part is built once and shared (Risk's `private_view`), for one whose views are whole and whose
sides come from its rules (Civil War's `sides`), and to the end of a game (a result in every view)."""
import random

import pytest

from engine import games
from net import frames, patches
from net.host import new_session
from net.table import Table

SEATS = 4


def _table(game: str, seed: int, patching: bool, pile: int = 10000) -> tuple[Table, dict]:
    options = {"pile": pile} if game == "toy" else None
    n_seats = min(SEATS, games.rules(game).MAX_SEATS)
    table = Table(new_session(game, n_seats, seed=seed, options=options), name="spliced")
    seat_conn = {}
    for conn in [("seat", i) for i in range(n_seats)] + [("watch", 0), ("watch", 1)]:
        table.connect(conn)
        hello = {"t": "hello", "proto": 1, "name": "b", "want": "play" if conn[0] == "seat" else "watch"}
        if patching and conn == ("watch", 1):
            hello["views"] = patches.PATCHES
        table.receive(conn, hello).flat()
        if conn[0] == "seat":
            seat_conn[table.seat_of(conn)] = conn
    return table, seat_conn


def _frames(table: Table, spliced: bool) -> list:
    return [(sorted(receivers), frames.encode(msg)) for receivers, msg in table.iter_updates(spliced=spliced)]


@pytest.mark.parametrize("game", ["toy", "risk", "civil_war"])
@pytest.mark.parametrize("patching", [False, True])
def test_spliced_updates_are_the_plain_updates_byte_for_byte(game, patching):
    """Two tables in the same state, one asked for spliced updates, one for plain ones: after each of
    20 random legal moves every receiver gets the same bytes (with a patching spectator at the table
    nothing is spliced, and its patches are the same too)."""
    (plain, plain_seats), (spliced, spliced_seats) = _table(game, 3, patching), _table(game, 3, patching)
    rng = random.Random(7)
    for seq in range(1, 21):
        acting = plain.session.to_act()
        if not acting or plain.session.result() is not None:
            break
        seat = acting[0]
        action = rng.choice(plain.session.legal(seat)["actions"])
        for table, seats in ((plain, plain_seats), (spliced, spliced_seats)):
            ok = table.receive(seats[seat], {"t": "act", "seq": seq, "a": action}).sends[0][1]   # updates: below
            assert ok["t"] == "ok", ok
        assert _frames(spliced, True) == _frames(plain, False)
    assert seq > 5, "the game ended before it showed anything"


def test_spliced_updates_of_a_game_that_ends_are_the_plain_updates_byte_for_byte():
    """A toy pile of 12 taken 1 to 3 at a time: the last update's views hold the result (a map, packed
    once like the other shared fields) and every frame matches the plain one."""
    (plain, plain_seats), (spliced, spliced_seats) = _table("toy", 5, False, pile=12), _table("toy", 5, False, pile=12)
    rng = random.Random(11)
    for seq in range(1, 13):
        seat = plain.session.to_act()[0]
        action = rng.choice(plain.session.legal(seat)["actions"])
        for table, seats in ((plain, plain_seats), (spliced, spliced_seats)):
            assert table.receive(seats[seat], {"t": "act", "seq": seq, "a": action}).sends[0][1]["t"] == "ok"
        assert _frames(spliced, True) == _frames(plain, False)
        if plain.session.result() is not None:
            break
    assert plain.session.result() is not None and spliced.session.result() is not None


def test_spliced_updates_show_every_change_of_the_seats():
    """The seats every view shows are packed once and kept while they stay the same: a seat whose holder
    leaves (not connected), comes back with its token, or whose session entry is replaced must show in the
    next update's frames exactly as in the plain ones."""
    tables = []
    for _ in range(2):
        table = Table(new_session("toy", 3, seed=4, options={"pile": 10000}), name="seats")
        tokens = {}
        for i in range(3):
            conn = ("seat", i)   # one object: the table tells its holder by identity
            table.connect(conn)
            welcome = table.receive(conn, {"t": "hello", "proto": 1, "name": f"p{i}", "want": "play"}).flat()
            tokens[i] = next(m for c, m in welcome.sends if m["t"] == "welcome")["token"]
        tables.append((table, tokens))
    (plain, plain_tokens), (spliced, spliced_tokens) = tables
    seq = 0

    def move_and_compare():
        nonlocal seq
        seq += 1
        seat = plain.session.to_act()[0]
        for table in (plain, spliced):
            conn = next(c for c, st in table.conns.items() if st.seat == seat)
            answer = table.receive(conn, {"t": "act", "seq": seq, "a": {"type": "take", "count": 1}}).sends[0][1]
            assert answer["t"] == "ok"
        got, want = _frames(spliced, True), _frames(plain, False)
        assert got == want
        return want

    first = move_and_compare()
    changes = [
        lambda table, tokens: table.drop(next(c for c, st in table.conns.items() if st.seat == 2)).flat(),
        lambda table, tokens: _reconnect(table, ("again", 2), tokens[2]),
        lambda table, tokens: table.session.seats.__setitem__(1, {**table.session.seats[1], "name": "renamed"}),
    ]
    seen = [first]
    for change in changes:
        for table, tokens in ((plain, plain_tokens), (spliced, spliced_tokens)):
            change(table, tokens)
        seen.append(move_and_compare())
    bodies = [frame for frames_ in seen for _, frame in frames_]
    assert any(b"renamed" in frame for frame in bodies) and not all(b"renamed" in frame for frame in bodies)
    assert len({frames.decode_host(f[4:])["view"]["public"]["seats"][2]["connected"] for f in bodies}) == 2


def _reconnect(table: Table, conn, token: str) -> None:
    table.connect(conn)
    table.receive(conn, {"t": "hello", "proto": 1, "want": "play", "token": token}).flat()


def test_every_update_goes_to_the_receivers_at_the_table_then():
    """Who receives an update is kept from one update to the next while nobody comes, goes or changes
    seat or kind of view: a spectator who joins gets the next update, one who asks for patches gets a
    patch, one who left gets nothing, a seat holder moved to watching gets the spectators' update."""
    table, seat_conn = _table("toy", 2, False)
    seq = 0

    def receivers_of_next_update() -> dict:
        nonlocal seq
        seq += 1
        seat = table.session.to_act()[0]
        table.receive(seat_conn[seat], {"t": "act", "seq": seq, "a": {"type": "take", "count": 1}})
        return {conn: msg for conns, msg in table.iter_updates(spliced=True) for conn in conns}

    before = receivers_of_next_update()
    late, patching = ("late", 0), ("late", 1)
    table.connect(late)
    table.receive(late, {"t": "hello", "proto": 1, "want": "watch"}).flat()
    assert set(receivers_of_next_update()) == set(before) | {late}
    table.connect(patching)
    table.receive(patching, {"t": "hello", "proto": 1, "want": "watch", "views": patches.PATCHES}).flat()
    got = receivers_of_next_update()
    assert set(got) == set(before) | {late, patching} and "patch" in got[patching] and "view" in got[late]
    table.drop(late)
    assert set(receivers_of_next_update()) == set(before) | {patching}
    table.conns[seat_conn[3]].seat = None   # as the club frees a seat whose holder stays to watch
    got = receivers_of_next_update()
    assert got[seat_conn[3]] == got[("watch", 0)] and got[seat_conn[3]] is not got[seat_conn[2]]
