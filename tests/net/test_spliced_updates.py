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
    encoder = frames.Encoder()
    return [(sorted(receivers), encoder.encode(msg)) for receivers, msg in table.iter_updates(spliced=spliced)]


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
