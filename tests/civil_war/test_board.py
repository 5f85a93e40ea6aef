"""The map: real places projected onto 18x18 squares, validated when loaded."""
import copy

import pytest

from engine import civil_war as cw, resources
from engine.civil_war import board as board_module
from engine.civil_war.pieces import FORCES
from engine.errors import BoardError
from engine.rng import Rng

BOARD = board_module.load()
RAW = resources.read_board("civil_war")


def test_cities_sit_where_their_latitude_and_longitude_put_them():
    """Squares come from real coordinates: longitude -95.5..-74.5 west to east, latitude 44..25 north to south."""
    assert BOARD.cities["Washington"].at == (15, 4)
    assert BOARD.cities["Richmond"].at == (15, 6)
    assert BOARD.cities["Chicago"].at == (6, 2)
    assert BOARD.cities["New Orleans"].at == (4, 13)
    assert board_module.project(44.0, -95.5, RAW["projection"], 18) == (0, 0)


def test_key_cities_and_capitals_are_the_rule_books():
    """North: St. Louis, Indianapolis, Pittsburgh, Baltimore; South: Chattanooga, Charleston, Atlanta;
    capitals Washington and Richmond."""
    keys = {c.name: c.key_side for c in BOARD.cities.values() if c.key_side is not None}
    assert keys == {"St. Louis": 1, "Indianapolis": 1, "Pittsburgh": 1, "Baltimore": 1,
                    "Chattanooga": 0, "Charleston": 0, "Atlanta": 0}
    capitals = {c.name: c.capital_side for c in BOARD.cities.values() if c.capital_side is not None}
    assert capitals == {"Washington": 1, "Richmond": 0}


def test_geography_lakes_north_gulf_south_atlantic_east():
    squares = BOARD.squares
    assert squares[(7, 0)].sea and not squares[(7, 0)].land          # Lake Michigan
    assert all(squares[(x, 16)].sea for x in range(0, 11))            # Gulf of Mexico
    assert all(squares[(17, y)].sea for y in range(6, 12))            # Atlantic
    assert squares[(14, 3)].mountain and (14, 3) in BOARD.rail        # Pennsylvania RR over the Alleghenies
    assert squares[(10, 6)].passes == ("NW-SE",)                      # Cumberland Gap


def test_every_rail_link_joins_neighbouring_land_squares_both_ways():
    for a, ns in BOARD.rail.items():
        for b in ns:
            assert a in BOARD.rail[b]
            assert max(abs(a[0] - b[0]), abs(a[1] - b[1])) == 1
            assert BOARD.squares[a].land and BOARD.squares[b].land


def test_rivers_reach_the_sea_and_run_through_land():
    """The Mississippi runs from the top of the map to the Gulf; the Ohio joins it at Cairo."""
    names = {n: c for n, c in BOARD.rivers}
    assert names["Mississippi"][-1] == (5, 14) and BOARD.squares[(5, 14)].sea
    assert BOARD.cities["Cairo"].at in names["Ohio"]
    for _, course in BOARD.rivers:
        assert all(BOARD.squares[s].land for s in course)


def test_start_forces_match_the_rules():
    """Union 15 infantry, 2 cavalry, 3 gunboats; Confederacy 10 infantry, 4 cavalry, 1 gunboat."""
    state = cw.setup(cw.default_options(), 2, Rng(1))
    for side, want in FORCES.items():
        have = {"infantry": 0, "cavalry": 0, "gunboat": 0}
        for u in state["units"]:
            if u["side"] == side:
                have[u["kind"]] += 1
        assert have == want
    assert FORCES == {0: {"infantry": 10, "cavalry": 4, "gunboat": 1}, 1: {"infantry": 15, "cavalry": 2, "gunboat": 3}}
    for u in state["units"]:
        sq = BOARD.squares[tuple(u["at"])]
        assert sq.water if u["kind"] == "gunboat" else sq.land


def broken(change):
    data = copy.deepcopy(RAW)
    change(data)
    return data


@pytest.mark.parametrize("change,phrase", [
    (lambda d: d["railroads"].append({"name": "Bad Line", "route": ["Chicago", "Atlanta"]}), "not neighbouring"),
    (lambda d: d["railroads"].append({"name": "Sea Line", "route": [[16, 16], [15, 16]]}), "no land"),
    (lambda d: d["cities"].append({"name": "Atlantis", "lat": 30.0, "lon": -88.0}), "no land"),
    (lambda d: d["cities"].append({"name": "Twin", "lat": 38.91, "lon": -77.05}), "same square"),
    (lambda d: d["start"][0].update(infantry=9), "starting forces"),
    (lambda d: d["start"].append({"side": "union", "at": [16, 16], "cavalry": 1}), "at sea"),
    (lambda d: d["rivers"].append({"name": "Nowhere", "course": ["Atlanta", "Macon"]}), "open water"),
    (lambda d: d["terrain"].__setitem__(0, "?" * 18), "unknown character"),
    (lambda d: d["railroads"].append({"name": "Ghost", "route": ["Gotham", "Chicago"]}), "unknown city"),
])
def test_broken_boards_are_refused_naming_the_problem(change, phrase):
    with pytest.raises(BoardError) as e:
        board_module.parse(broken(change))
    assert phrase in str(e.value)


def test_the_shipped_board_validates():
    assert board_module.parse(copy.deepcopy(RAW)).name == "civil_war"
