"""The compact `$squares` domain (docs/protocol.md): the same actions as the `$one_of` it stands for."""
import random

import msgpack

from engine import legal


def _raster(w, h, cells):
    raster = bytearray(w * h)
    for (x, y), cost in cells.items():
        raster[y * w + x] = cost + 1
    return raster


CELLS = {(0, 0): 0, (3, 0): 5, (1, 1): 2, (2, 2): 9, (0, 3): 4, (3, 3): 1}


def _over_the_wire(value):
    return msgpack.unpackb(msgpack.packb(value, use_bin_type=True), raw=False)


def test_a_squares_domain_allows_exactly_the_squares_whose_cost_is_at_most_max_in_raster_order():
    template = _over_the_wire({"type": "move", "unit": 3, "to": legal.squares(4, 4, _raster(4, 4, CELLS), 4)})
    cheap = sorted((sq for sq, c in CELLS.items() if c <= 4), key=lambda sq: (sq[1], sq[0]))
    same = {"type": "move", "unit": 3, "to": legal.one_of([list(sq) for sq in cheap])}
    lg, plain = legal.listing([], [template]), legal.listing([], [same])
    assert legal.size(lg) == legal.size(plain) == 4
    assert legal.all_actions(lg) == legal.all_actions(plain)
    assert [legal.nth(lg, i) for i in range(4)] == [legal.nth(plain, i) for i in range(4)]
    assert legal.values_of(lg, "move", "to", unit=3) == [list(sq) for sq in cheap]
    assert legal.sample(lg, random.Random(4)) == legal.sample(plain, random.Random(4))
    assert legal.square_costs(lg, "move", 3) == {sq: CELLS[sq] for sq in cheap}


def test_contains_refuses_squares_outside_the_domain_too_dear_or_off_the_board():
    lg = legal.listing([], [{"type": "move", "unit": 3, "to": legal.squares(4, 4, _raster(4, 4, CELLS), 4)}])
    assert not legal.contains(lg, {"type": "move", "unit": 3, "to": [3, 0]})  # cost 5 is over max 4
    assert False is legal.contains(lg, {"type": "move", "unit": 3, "to": [2, 2]})  # cost 9 is over max
    for bad in ([1, 0], [4, 0], [-1, 0], [0, 4], [True, 0], "0,0", [0]):
        assert not legal.contains(lg, {"type": "move", "unit": 3, "to": bad}), bad
    assert legal.contains(lg, {"type": "move", "unit": 3, "to": [0, 0]})


def test_the_cost_field_is_one_byte_per_square_row_by_row_holding_cost_plus_one():
    domain = _over_the_wire(legal.squares(4, 4, _raster(4, 4, CELLS), 9))["$squares"]
    raster = domain["cost"]
    assert isinstance(raster, bytes) and len(raster) == 16 and raster[0 * 4 + 3] == 6 and raster[2 * 4 + 2] == 10
    assert {"w", "h", "cost", "max"} == set(domain)


def test_an_empty_squares_template_is_not_listed():
    empty = {"type": "move", "unit": 1, "to": legal.squares(4, 4, _raster(4, 4, {(2, 2): 9}), 3)}
    assert "templates" not in legal.listing([{"type": "end"}], [empty])


def test_a_raster_that_does_not_cover_its_board_is_refused():
    bad = {"$squares": {"w": 4, "h": 4, "cost": b"\x01" * 15, "max": 3}}
    try:
        legal.domain_values(bad)
    except ValueError:
        return
    raise AssertionError("a short raster was read")
