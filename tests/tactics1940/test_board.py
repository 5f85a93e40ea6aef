"""The board (Rules 3, 4 and 9): the design in docs/tactics1940.md, loaded from data and validated."""
import copy
import json

import pytest

from engine.errors import BoardError
from engine.tactics1940.board import BOARDS, LAND, OCEAN, SAFETY, SEAPORT, parse
from tests.tactics1940.helpers import BOARD, NORTH_HOME

DATA = json.loads((BOARDS / "tactics1940.json").read_text(encoding="utf-8"))


def broken(change) -> str:
    data = copy.deepcopy(DATA)
    change(data)
    with pytest.raises(BoardError) as e:
        parse(data)
    return str(e.value)


def test_there_are_four_home_areas_each_with_a_four_square_seaport():
    """Rule 3: each of the four players has a home area including a seaport of four sea squares."""
    assert list(BOARD.homes) == ["North", "East", "South", "West"]
    for home in BOARD.homes.values():
        assert len(home.seaport) == 4 and all(BOARD.kinds[sq] == SEAPORT for sq in home.seaport)
        assert set(home.seaport) <= home.squares
        assert all(BOARD.kinds[sq] == LAND for sq in home.land)


def test_there_are_four_oceans_of_twenty_numbered_squares():
    """Rule 3: four oceans, each divided into 20 numbered squares."""
    assert [o.id for o in BOARD.oceans] == ["NW", "NE", "SE", "SW"]
    for ocean in BOARD.oceans:
        assert len(ocean.squares) == 20 and len(set(ocean.squares)) == 20
        assert all(BOARD.kinds[sq] == OCEAN for sq in ocean.squares)
    ocean_squares = [sq for sq, kind in BOARD.kinds.items() if kind == OCEAN]
    assert len(ocean_squares) == 80 and set(ocean_squares) == set(BOARD.ocean_at)


def test_the_ocean_lines_run_from_each_seaport_centre_to_the_safety_zone():
    """Rule 3: the lines between oceans run from the centre of each seaport to the safety zone, so the
    two squares in front of a seaport lie in two different oceans, and the line reaches the zone."""
    for home in BOARD.homes.values():
        oceans = {BOARD.ocean_at[sq][0] for sq in home.front}
        assert len(oceans) == 2
    # North's line: column 7 is North-West, column 8 North-East, from the seaport down to the zone.
    for y in range(3, 6):
        assert BOARD.ocean_at[(7, y)][0] == "NW" and BOARD.ocean_at[(8, y)][0] == "NE"
    assert BOARD.kinds[(7, 6)] == SAFETY and BOARD.kinds[(8, 6)] == SAFETY


def test_the_safety_zone_is_in_the_centre():
    """Rule 4 / Rule 3: the safety zone sits in the centre of the board."""
    zone = sorted(sq for sq, kind in BOARD.kinds.items() if kind == SAFETY)
    assert zone == [(x, y) for x in range(6, 10) for y in range(6, 10)]


def test_each_home_area_has_two_plane_bases_on_its_land_and_room_to_start():
    """Rule 5 / Rule 3: the pieces set up in the home area; airplanes start on their plane bases."""
    for home in BOARD.homes.values():
        assert len(home.bases) == 2 and set(home.bases) <= home.land
        assert set(home.start["airplane"]) == set(home.bases)
        assert set(home.start["battleship"]) == set(home.seaport)
        assert len(home.start["transport"]) == 6


def test_the_corners_hold_the_locker_the_supply_base_the_reserve_and_the_deck():
    """Rule 3: the four corners are Davy Jones' Locker, the Supply Base, the Gold Reserve and the chance deck."""
    assert sorted(BOARD.corners) == ["chance_deck", "davy_jones_locker", "gold_reserve", "supply_base"]
    assert sorted(BOARD.corners.values()) == ["NE", "NW", "SE", "SW"]
    for squares in BOARD.corner_squares.values():
        assert squares and all(sq not in BOARD.kinds for sq in squares)


def test_only_the_two_open_centre_squares_lead_in_and_out_of_a_home_area():
    """Rule 9: movement in or out of any home area goes through either of the two open centre seaport squares."""
    for home in BOARD.homes.values():
        crossings = {frozenset((a, b)) for a in home.squares for b in BOARD.links[a].values() if b not in home.squares}
        assert crossings == set(home.passages)
        assert len(home.passages) == 4
        assert {sq for passage in home.passages for sq in passage} == set(home.open) | set(home.front)


def test_the_board_has_a_quarter_turn_of_symmetry():
    """Design: the four home areas and oceans are alike (a quarter turn takes North to East)."""
    def turn(sq):
        return (BOARD.size - 1 - sq[1], sq[0])
    assert {turn(sq) for sq in NORTH_HOME.squares} == BOARD.homes["East"].squares
    for a, b in zip(BOARD.oceans, BOARD.oceans[1:]):
        assert [turn(sq) for sq in a.squares] == list(b.squares)
    assert all(turn(a) in BOARD.links[turn(b)].values() for b in BOARD.links for a in BOARD.links[b].values())


def test_submarine_cards_name_four_squares_of_each_ocean():
    """Rule 11: sixteen submarine cards, four spotted in each ocean."""
    named = BOARD.submarine_squares()
    assert len(named) == 16 and len({sq for _, _, sq in named}) == 16
    for ocean in BOARD.oceans:
        assert sum(1 for o, _, _ in named if o == ocean.id) == 4


def test_the_renderer_data_names_every_part_of_the_board():
    data = BOARD.to_dict()
    assert data["size"] == 16 and len(data["rows"]) == 16
    assert data["homes"][0]["open"] == [[7, 2], [8, 2]] and data["homes"][0]["front"] == [[7, 3], [8, 3]]
    assert len(data["safety_zone"]) == 16 and len(data["oceans"][0]["squares"]) == 20


@pytest.mark.parametrize("change, words", [
    (lambda d: d["rows"].pop(), "rows"),
    (lambda d: d["rows"].__setitem__(3, "####~~~~?~~~####"), "unknown map character"),
    (lambda d: d["homes"][0]["seaport"].pop(), "four different squares"),
    (lambda d: d["homes"][0].__setitem__("front", [[6, 3], [8, 3]]), "not straight in front"),
    (lambda d: d["homes"][0]["bases"].__setitem__(0, [6, 2]), "plane base"),
    (lambda d: d["homes"][0]["start"]["transport"].pop(), "must start with 6"),
    (lambda d: d["homes"][0]["start"]["transport"].__setitem__(0, [5, 0]), "not free home land"),
    (lambda d: d["oceans"][0]["squares"].pop(), "20 numbered squares"),
    (lambda d: d["oceans"][0]["squares"].__setitem__(0, [6, 6]), "not an ocean square"),
    (lambda d: d["oceans"][1]["squares"].__setitem__(0, [4, 3]), "two oceans"),
    (lambda d: d["oceans"][0].__setitem__("submarines", [1, 1, 2, 3]), "submarine cards"),
    (lambda d: d["corners"].__setitem__("gold_reserve", "NW"), "corners"),
    (lambda d: d.pop("oceans"), "malformed"),
])
def test_broken_board_data_is_refused_with_a_sentence(change, words):
    assert words in broken(change)
