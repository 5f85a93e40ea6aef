"""The world map's geometry (assets/boards/risk_map.json) against the rules' board."""
import copy
import json

import pytest

from engine.errors import BoardError
from engine.risk import board as rules_board
from game.risk import geometry


@pytest.fixture(scope="module")
def raw():
    return json.loads(geometry.MAP_FILE.read_text())


@pytest.fixture(scope="module")
def geo(app_display):
    return geometry.load()


@pytest.fixture(scope="module")
def app_display():
    import pygame
    pygame.display.init()
    pygame.display.set_mode((1, 1))
    yield
    pygame.display.quit()


def test_every_territory_of_the_board_has_geometry_and_nothing_else(geo):
    """Validated at load: every territory in risk.json has polygons and an army position."""
    assert set(geo.territories) == set(rules_board.load().territories)
    for t in geo.territories.values():
        assert t.polygons and all(len(ring) >= 3 for ring in t.polygons)
        assert geo.map_rect.inflate(8, 8).contains(t.rect), t.id  # all of it on the map, none under the panels


def test_each_army_stands_inside_its_own_territory(geo):
    """A click on an army token selects the territory it belongs to."""
    for tid, t in geo.territories.items():
        assert geo.territory_at(t.army) == tid


def test_a_missing_territory_is_refused_by_name(raw, app_display):
    broken = copy.deepcopy(raw)
    del broken["territories"]["madagascar"]
    with pytest.raises(BoardError, match="madagascar"):
        geometry.MapGeometry(broken)


def test_an_unknown_territory_is_refused(raw, app_display):
    broken = copy.deepcopy(raw)
    broken["territories"]["atlantis"] = broken["territories"]["iceland"]
    with pytest.raises(BoardError, match="atlantis"):
        geometry.MapGeometry(broken)


def test_sea_lines_join_the_classic_crossings(raw):
    """Adjacent territories that do not share a border get a sea line; Alaska-Kamchatka wraps the edge."""
    pairs = {frozenset((s["a"], s["b"])) for s in raw["sea_lines"]}
    for a, b in [("alaska", "kamchatka"), ("brazil", "north_africa"), ("greenland", "iceland"),
                 ("east_africa", "madagascar"), ("siam", "indonesia")]:
        assert frozenset((a, b)) in pairs
    wrap = next(s for s in raw["sea_lines"] if {s["a"], s["b"]} == {"alaska", "kamchatka"})
    xs = [p[0] for seg in wrap["segments"] for p in seg]
    left, _, w, _ = raw["map_rect"]
    assert min(xs) == left and max(xs) == left + w  # one end runs off each side of the board
    adjacency = {t: set(v["adjacent"]) for t, v in rules_board.load().territories.items()}
    for s in raw["sea_lines"]:
        assert s["b"] in adjacency[s["a"]]  # no sea line where the rules have no crossing


def test_continent_borders_and_bonuses_are_drawn_from_the_board(geo):
    board = rules_board.load()
    for cid, c in geo.continents.items():
        assert c["polygons"], cid
        assert c["bonus"] == board.continents[cid]["bonus"]
