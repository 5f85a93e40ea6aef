"""The host packs what every whole view of an update shares once and splices its bytes into each
receiver's frame (`Table.iter_updates(spliced=True)`, net.frames.spliced): the frames must be byte for
byte those of the plain updates, for a game whose views are built whole (the toy) and for one whose
public part is built once and shared (Risk's `private_view`)."""
import random

import pytest

from net import frames, patches
from net.host import new_session
from net.table import Table

SEATS = 4


def _table(game: str, seed: int, patching: bool) -> tuple[Table, dict]:
    options = {"pile": 10000} if game == "toy" else None
    table = Table(new_session(game, SEATS, seed=seed, options=options), name="spliced")
    seat_conn = {}
    for conn in [("seat", i) for i in range(SEATS)] + [("watch", 0), ("watch", 1)]:
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


@pytest.mark.parametrize("game", ["toy", "risk"])
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
