"""Secret cards stay secret; the dice odds match the published table exactly."""
from fractions import Fraction

import pytest

from engine.risk.combat import outcome_odds
from tests.risk.helpers import finish_opening, new


def test_cards_are_private_others_see_only_counts():
    """Rule: cards are secret to their holder; others (and spectators) see only how many each holds."""
    s = finish_opening(new(3))
    s.state["hands"][1] = [5, 42]
    s.state["deck"] = [c for c in s.state["deck"] if c not in (5, 42)]
    mine, theirs, spectator = s.view(1), s.view(0), s.view(None)
    assert [c["id"] for c in mine["private"]["cards"]] == [5, 42]
    assert theirs["private"]["cards"] == [] and spectator["private"] == {}
    for v in (mine, theirs, spectator):
        assert v["public"]["hand_counts"] == [0, 2, 0]
        assert "hands" not in v["public"] and "deck" not in v["public"]


def test_drawn_cards_and_taken_cards_are_redacted_for_everyone_else():
    """Rule: a drawn card is seen by its drawer only; an eliminated player's cards by the taker only."""
    s = new(3)
    drawn = {"type": "card_drawn", "seat": 1, "card": {"id": 3, "territory": "alberta", "symbol": "infantry"}}
    gone = {"type": "eliminated", "seat": 2, "by": 1, "cards_taken": 1, "cards": [drawn["card"]]}
    assert s.events_for([drawn, gone], 1) == [drawn, gone]
    for seat in (0, 2, None):
        assert s.events_for([drawn, gone], seat) == [
            {"type": "card_drawn", "seat": 1}, {"type": "eliminated", "seat": 2, "by": 1, "cards_taken": 1}]


def test_view_holds_the_contract_fields_and_is_a_copy():
    s = finish_opening(new(4))
    v = s.view(0)
    for key in ("phase", "current", "turn_number", "territories", "hand_counts", "armies_to_place", "setup_pools",
                "neutral_pool", "setup_step", "sets_traded", "next_set_value", "conquered_this_turn", "must_trade",
                "pending", "eliminated", "neutral", "options", "last_battle", "stats"):
        assert key in v["public"], key
    before = s.state_hash()
    v["public"]["territories"]["alaska"]["armies"] = 999
    v["public"]["stats"][0]["armies"] = -1
    assert s.state_hash() == before


TABLE = {  # rules: exact odds of one roll (attacker wins all, split, defender wins all)
    (1, 1): (Fraction(15, 36), None, Fraction(21, 36)),
    (2, 1): (Fraction(125, 216), None, Fraction(91, 216)),
    (3, 1): (Fraction(855, 1296), None, Fraction(441, 1296)),
    (1, 2): (Fraction(55, 216), None, Fraction(161, 216)),
    (2, 2): (Fraction(295, 1296), Fraction(420, 1296), Fraction(581, 1296)),
    (3, 2): (Fraction(2890, 7776), Fraction(2611, 7776), Fraction(2275, 7776)),
}


@pytest.mark.parametrize("attack,defend", sorted(TABLE))
def test_every_dice_outcome_through_compare_gives_the_published_odds(attack, defend):
    """The odds table of the rules, from enumerating every throw through the engine's comparison."""
    odds = outcome_odds(attack, defend)
    pairs = min(attack, defend)
    attacker_all, split, defender_all = TABLE[(attack, defend)]
    assert odds[(0, pairs)] == attacker_all
    assert odds[(pairs, 0)] == defender_all
    assert odds.get((1, 1)) == split
