"""The board is data, validated on load."""
import copy
import json

import pytest

from engine.errors import BoardError
from engine.risk.board import BOARD_PATH, Board, load


def raw():
    return json.loads(BOARD_PATH.read_text())


def test_board_has_42_territories_in_6_continents_with_the_classic_bonuses():
    """Rule: 42 territories in 6 continents; bonuses NA 5, SA 2, Europe 5, Africa 3, Asia 7, Australia 2."""
    b = load()
    assert len(b.territories) == 42
    assert {c: v["bonus"] for c, v in b.continents.items()} == {
        "north_america": 5, "south_america": 2, "europe": 5, "africa": 3, "asia": 7, "australia": 2}
    assert sorted(len(v["territories"]) for v in b.continents.values()) == [4, 4, 6, 7, 9, 12]


def test_adjacency_is_symmetric_and_includes_the_sea_lines():
    """Rule: adjacency is symmetric; sea lines count; Alaska–Kamchatka wraps the board edge."""
    b = load()
    for t, near in b.adjacent.items():
        for n in near:
            assert t in b.adjacent[n]
    assert "kamchatka" in b.adjacent["alaska"]
    assert "north_africa" in b.adjacent["brazil"]
    assert "iceland" in b.adjacent["greenland"]


def test_deck_is_44_cards_14_of_each_symbol_and_2_wild():
    """Rule: one card per territory showing infantry, cavalry or artillery (14 of each) and 2 wilds."""
    cards = load().cards
    assert len(cards) == 44
    symbols = [c["symbol"] for c in cards]
    assert {s: symbols.count(s) for s in set(symbols)} == {"infantry": 14, "cavalry": 14, "artillery": 14, "wild": 2}
    assert sorted(c["territory"] for c in cards if c["territory"]) == sorted(load().territories)


def _broken(mutate):
    data = copy.deepcopy(raw())
    mutate(data)
    return data


@pytest.mark.parametrize("mutate,words", [
    (lambda d: d["territories"][0]["adjacent"].remove("kamchatka"), "not symmetric"),
    (lambda d: d["territories"][0]["adjacent"].append("atlantis"), "atlantis"),
    (lambda d: d["continents"][0]["territories"].append("peru"), "peru is in both"),
    (lambda d: d["continents"][1]["territories"].remove("peru"), "peru is in no continent"),
    (lambda d: d["cards"].pop(), "cards"),
    (lambda d: d["cards"][0].update(symbol="cavalry"), "14 infantry"),
    (lambda d: d["territories"].pop(), "42 territories"),
])
def test_a_broken_board_is_refused_naming_the_problem(mutate, words):
    """Boards are validated on load: a bad one raises BoardError that says what is wrong."""
    with pytest.raises(BoardError) as e:
        Board(_broken(mutate))
    assert words in str(e.value)
