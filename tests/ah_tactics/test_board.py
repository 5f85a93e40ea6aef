"""The designed map: what it holds, that it is fair, and that broken map data is refused with a sentence."""
import copy
import json

import pytest

from engine import grid
from engine.ah_tactics import board as board_module
from engine.ah_tactics.board import FOREST, MOUNTAIN, RAIL, ROAD, SEA
from engine.ah_tactics.units import ROSTER, area_sizes
from engine.errors import BoardError

BOARD = board_module.load()
DATA = json.loads((board_module.BOARDS / "ah_tactics.json").read_text())


def mirror(sq):
    return (sq[0], BOARD.height - 1 - sq[1])


def test_each_half_has_a_capital_cities_and_ports():
    """A, C, D: each army holds one half with its capital, its cities and ports with docks."""
    for side in (0, 1):
        cities = [BOARD.cities[n] for n in BOARD.cities_of(side)]
        assert sum(c.capital for c in cities) == 1 and len(cities) == 5
        assert sum(c.port for c in cities) == 2
        for c in cities:
            assert all(BOARD.half_of(sq) == side for sq in c.squares)
    assert "Lumber City" in BOARD.cities and "Red Capital" in BOARD.cities and "Blue Capital" in BOARD.cities


def test_the_map_has_every_kind_of_ground_the_rules_speak_of():
    """C, D: forests, mountains, rivers with bridges, roads and railroads (running together), beaches."""
    kinds = set(BOARD.terrain.values())
    assert {FOREST, MOUNTAIN, SEA} <= kinds
    assert BOARD.river_edges and BOARD.bridges and BOARD.beaches
    assert BOARD.segments[ROAD] and BOARD.segments[RAIL] and BOARD.double
    assert any(grid.diagonal(*sorted(seg)) for seg in BOARD.segments[ROAD] & BOARD.segments[RAIL])


def test_the_halves_mirror_each_other():
    """Both armies face the same ground: Red's half is Blue's mirrored across the middle of the board."""
    for sq, t in BOARD.terrain.items():
        assert BOARD.terrain[mirror(sq)] == t
    for kind in (ROAD, RAIL):
        for seg in BOARD.segments[kind]:
            assert frozenset(mirror(s) for s in seg) in BOARD.segments[kind]
    for edge in BOARD.river_edges:
        assert frozenset(mirror(s) for s in edge) in BOARD.river_edges
    for (side, name), squares in BOARD.bivouacs.items():
        assert sorted(mirror(s) for s in squares) == sorted(BOARD.bivouacs[(1 - side, name)])


def test_every_bivouac_area_holds_its_units():
    """B: each unit sets up in the bivouac area named for its formation, with room for all of them."""
    for side in (0, 1):
        for area, n in area_sizes().items():
            assert len(BOARD.bivouac(side, area)) >= n
    assert {u.area for u in ROSTER} == {name for _, name in BOARD.bivouacs}


def test_rivers_lie_on_square_edges_and_lines_cross_them_at_bridges():
    """C5, E1: rivers run between squares; roads and railroads cross them at bridges only."""
    for edge in BOARD.river_edges:
        a, b = sorted(edge)
        assert grid.adjacent(a, b) and not grid.diagonal(a, b)
    for kind in (ROAD, RAIL):
        for seg in BOARD.segments[kind]:
            if seg in BOARD.river_edges:
                assert seg in BOARD.bridges


def test_the_board_is_big_enough_to_manoeuvre():
    """The original board was some 40-50 squares a side; ~44 counters a side need room."""
    assert 40 <= BOARD.width <= 50 and 30 <= BOARD.height <= 50
    land = sum(1 for t in BOARD.terrain.values() if t != SEA)
    assert land > 15 * len(ROSTER)   # more than fifteen squares of land per counter


def broken(change):
    data = copy.deepcopy(DATA)
    change(data)
    with pytest.raises(BoardError) as e:
        board_module.parse(data)
    return str(e.value)


def test_a_bridge_off_a_river_is_refused():
    assert "not on a river edge" in broken(lambda d: d["bridges"].append([[30, 1], [30, 2]]))


def test_a_line_that_jumps_is_refused():
    assert "jumps" in broken(lambda d: d["lines"][0]["squares"].append([40, 30]))


def test_a_line_crossing_a_river_without_a_bridge_is_refused():
    def cut(d):
        d["bridges"] = [b for b in d["bridges"] if b != [[13, 11], [13, 12]]]
    assert "without a bridge" in broken(cut)


def test_a_city_at_sea_is_refused():
    assert "on sea or mountain" in broken(lambda d: d["cities"][0]["squares"].append([0, 0]))


def test_a_dock_away_from_the_water_is_refused():
    def inland(d):
        port = next(c for c in d["cities"] if c["name"] == "Northport")
        port["port"]["docks"].append([5, 4])
    assert "does not touch the sea" in broken(inland)


def test_a_river_off_the_square_edges_is_refused():
    assert "along square edges" in broken(lambda d: d["rivers"][0]["points"].append([0, 0]))


def test_a_bivouac_area_too_small_for_its_units_is_refused():
    def shrink(d):
        area = next(a for a in d["bivouacs"] if a["name"] == "IC" and a["side"] == "blue")
        area["squares"] = area["squares"][:5]
    assert "holds 7" in broken(shrink)


def test_a_missing_bivouac_area_is_refused():
    assert "no bivouac area named" in broken(lambda d: d.__setitem__(
        "bivouacs", [a for a in d["bivouacs"] if a["name"] != "Replacement Center"]))


def test_a_side_without_a_capital_is_refused():
    def demote(d):
        next(c for c in d["cities"] if c["name"] == "Red Capital")["capital"] = False
    assert "exactly one capital" in broken(demote)


def test_malformed_data_is_refused_with_a_sentence():
    assert "malformed" in broken(lambda d: d.pop("terrain"))
