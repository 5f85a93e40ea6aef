"""A turn: reinforcements, cards, attacks, occupying, fortifying, drawing, elimination and victory."""
import pytest

from engine.errors import RuleError
from engine.risk.cards import escalating_value, fixed_value, symbols_form_set
from engine.risk.combat import compare
from engine.risk.turns import reinforcements
from tests.risk.helpers import TERRITORIES, arrange, finish_opening, new, start_turn_of, to_attack_phase

AUSTRALIA = ["indonesia", "new_guinea", "western_australia", "eastern_australia"]


def refused(s, seat, action, code="illegal"):
    before = s.state_hash()
    with pytest.raises(RuleError) as e:
        s.apply(seat, action)
    assert e.value.code == code and s.state_hash() == before


def duel(n=3, seed=1, **options):
    """Seat 0 holds Alaska (10 armies); seat 1 holds its neighbours; the rest of the board is seat 2's."""
    s = finish_opening(new(n, seed, **options))
    arrange(s, {"alaska": (0, 10), "kamchatka": (1, 2), "alberta": (1, 1), "northwest_territory": (1, 5),
                "eastern_australia": (0, 1)}, default_owner=n - 1)
    start_turn_of(s, 0)
    return s


def test_reinforcements_are_a_third_of_territories_at_least_three_plus_continent_bonuses():
    """Rule: reinforcements are max(3, territories // 3) plus the bonus of every continent held entirely."""
    s = finish_opening(new(3))
    arrange(s, {t: (0, 1) for t in TERRITORIES[:8]}, default_owner=1)
    assert reinforcements(s.state, 0) == (3, {})
    arrange(s, {t: (0, 1) for t in TERRITORIES[:16]}, default_owner=1)
    assert reinforcements(s.state, 0)[0] == 5
    arrange(s, {t: (0, 1) for t in AUSTRALIA}, default_owner=1)
    assert reinforcements(s.state, 0) == (3, {"australia": 2})
    start_turn_of(s, 0)
    assert s.state["armies_to_place"] == 5


def test_set_kinds_three_alike_one_of_each_or_two_with_a_wild():
    """Rule: a set is three of one symbol, one of each symbol, or any two with a wild."""
    assert symbols_form_set(["infantry"] * 3)
    assert symbols_form_set(["infantry", "cavalry", "artillery"])
    assert symbols_form_set(["infantry", "artillery", "wild"])
    assert symbols_form_set(["cavalry", "wild", "wild"])
    assert not symbols_form_set(["infantry", "infantry", "cavalry"])


def test_escalating_set_values():
    """Rule: sets are worth 4, 6, 8, 10, 12, 15, then 5 more each (20, 25, ...), whoever trades them."""
    assert [escalating_value(k) for k in range(9)] == [4, 6, 8, 10, 12, 15, 20, 25, 30]


def test_fixed_set_values():
    """Rule (fixed option, older printing): 3 infantry 4, 3 cavalry 6, 3 artillery 8, one of each 10."""
    assert fixed_value(["infantry"] * 3) == 4
    assert fixed_value(["cavalry"] * 3) == 6
    assert fixed_value(["artillery"] * 3) == 8
    assert fixed_value(["infantry", "cavalry", "artillery"]) == 10
    assert fixed_value(["infantry", "cavalry", "wild"]) == 10   # the wild stands for the missing symbol
    assert fixed_value(["artillery", "artillery", "wild"]) == 8
    assert fixed_value(["infantry", "wild", "wild"]) == 10      # two wilds make the best set


def cards_showing(*territories):
    from engine.risk.board import load
    by_territory = {c["territory"]: c["id"] for c in load().cards}
    return [by_territory[t] for t in territories]


def give_cards(s, seat, ids):
    for i in ids:
        for pile in (s.state["deck"], s.state["discards"], *s.state["hands"]):
            if i in pile:
                pile.remove(i)
        s.state["hands"][seat].append(i)


def a_set_not_showing_own_territories(s, seat):
    from engine.risk.board import load
    cards = load().cards
    foreign = [c for c in cards if c["territory"] and s.state["territories"][c["territory"]]["owner"] != seat]
    by_symbol = {}
    for c in foreign:
        by_symbol.setdefault(c["symbol"], []).append(c["id"])
    return by_symbol["infantry"][:3]


def test_trading_adds_the_escalating_value_and_the_count_grows_across_players():
    """Rule: the n-th set traded in the game is worth the n-th value, whoever trades it."""
    s = duel()
    s.state["sets_traded"] = 5
    ids = a_set_not_showing_own_territories(s, 0)
    give_cards(s, 0, ids)
    before = s.state["armies_to_place"]
    events = s.apply(0, {"type": "trade", "cards": ids})
    assert s.state["armies_to_place"] == before + 15 and s.state["sets_traded"] == 6
    assert s.state["discards"][-3:] == ids and not any(i in s.state["hands"][0] for i in ids)
    assert events[0]["type"] == "traded" and events[0]["bonus_territory"] is None


def test_a_traded_card_showing_an_own_territory_adds_two_armies_there_once_a_turn():
    """Rule: a traded card showing a territory the trader holds puts 2 extra armies there — at most 2 a turn."""
    s = duel()
    first = cards_showing("alaska", "northwest_territory", "greenland")       # one of each; Alaska is seat 0's
    second = cards_showing("alberta", "ontario", "eastern_australia")         # one of each; E. Australia is seat 0's
    give_cards(s, 0, first + second)
    s.state["must_trade"] = False
    events = s.apply(0, {"type": "trade", "cards": first})
    assert s.state["territories"]["alaska"]["armies"] == 12
    assert events[0]["bonus_territory"] == "alaska" and events[0]["bonus_armies"] == 2
    events = s.apply(0, {"type": "trade", "cards": second})
    assert s.state["territories"]["eastern_australia"]["armies"] == 1
    assert events[0]["bonus_territory"] is None and events[0]["bonus_armies"] == 0


def test_holding_five_cards_at_turn_start_forces_a_trade_before_placing():
    """Rule: holding 5 or more cards at the start of the turn forces a trade."""
    s = duel()
    give_cards(s, 0, cards_showing("alberta", "ontario", "greenland", "iceland", "peru"))
    start_turn_of(s, 0)
    assert s.view(0)["public"]["must_trade"] is True
    refused(s, 0, {"type": "place", "territory": "alaska", "count": 1})
    assert all(a["type"] == "trade" for a in s.legal_actions(0)) and s.legal_actions(0)
    s.apply(0, s.legal_actions(0)[0])
    assert s.state["must_trade"] is False and len(s.state["hands"][0]) == 2
    s.apply(0, {"type": "place", "territory": "alaska", "count": 1})


def test_attack_dice_are_one_to_three_and_fewer_than_the_armies_there():
    """Rule: the attacker rolls 1-3 dice, at most (armies there - 1), from a territory with at least 2 armies."""
    s = duel()
    to_attack_phase(s, "eastern_australia")
    s.state["territories"]["alaska"]["armies"] = 3
    refused(s, 0, {"type": "attack", "from": "alaska", "to": "kamchatka", "dice": 3})
    refused(s, 0, {"type": "attack", "from": "alaska", "to": "kamchatka", "dice": 0}, code="bad_action")  # outside 1..3, the schema
    refused(s, 0, {"type": "attack", "from": "alaska", "to": "kamchatka", "dice": "2"}, code="bad_action")
    dice = sorted(a["dice"] for a in s.legal_actions(0) if a["type"] == "attack" and a["to"] == "kamchatka")
    assert dice == [1, 2]
    s.state["territories"]["alaska"]["armies"] = 1
    refused(s, 0, {"type": "attack", "from": "alaska", "to": "kamchatka", "dice": 1})


def test_attacks_go_only_to_adjacent_enemy_territories():
    """Rule: attack from an owned territory into an adjacent enemy territory."""
    s = duel()
    to_attack_phase(s, "alaska")
    refused(s, 0, {"type": "attack", "from": "alaska", "to": "japan", "dice": 1})
    refused(s, 0, {"type": "attack", "from": "kamchatka", "to": "alaska", "dice": 1})
    s.state["territories"]["alberta"]["owner"] = 0
    refused(s, 0, {"type": "attack", "from": "alaska", "to": "alberta", "dice": 1})
    refused(s, 0, {"type": "attack", "from": "alaska", "to": "narnia", "dice": 1}, code="bad_action")


def test_highest_die_meets_highest_and_ties_go_to_the_defender():
    """Rule: highest against highest, then second against second; ties go to the defender."""
    assert compare([6, 1, 1], [5, 5]) == (1, 1)
    assert compare([4, 4], [4, 3]) == (1, 1)
    assert compare([3], [3, 1]) == (1, 0)
    assert compare([6, 6, 6], [6]) == (1, 0)
    assert compare([2, 6, 5], [1, 4]) == (0, 2)


def test_defender_rolls_the_most_dice_allowed_by_default():
    """Rule: the defender rolls 1 or 2 dice, 2 only with at least 2 armies (auto: as many as allowed)."""
    s = duel()
    to_attack_phase(s, "alaska")
    events = s.apply(0, {"type": "attack", "from": "alaska", "to": "northwest_territory", "dice": 3})
    battle = next(e for e in events if e["type"] == "battle")
    assert len(battle["attacker_dice"]) == 3 and len(battle["defender_dice"]) == 2
    assert battle["attacker_dice"] == sorted(battle["attacker_dice"], reverse=True)
    assert battle["attacker_losses"] + battle["defender_losses"] == 2


def test_defender_chooses_dice_with_the_choose_option():
    """Rule (defender_dice=choose): the defender announces 1 or 2 dice (2 only with 2+ armies)."""
    s = duel(defender_dice="choose")
    to_attack_phase(s, "alaska")
    s.apply(0, {"type": "attack", "from": "alaska", "to": "northwest_territory", "dice": 2})
    assert s.state["phase"] == "defend" and s.to_act() == [1]
    assert [a["dice"] for a in s.legal_actions(1)] == [1, 2]
    refused(s, 1, {"type": "defend", "dice": 3}, code="bad_action")  # outside 1..2, the schema
    refused(s, 0, {"type": "end_attack"}, code="not_your_turn")
    events = s.apply(1, {"type": "defend", "dice": 1})
    battle = next(e for e in events if e["type"] == "battle")
    assert len(battle["defender_dice"]) == 1 and s.state["phase"] in ("attack", "occupy") and s.to_act() == [0]


def conquer_kamchatka(s, dice=3):
    """Attack Kamchatka (2 armies) from Alaska until it falls."""
    for _ in range(200):
        events = s.apply(0, {"type": "attack", "from": "alaska", "to": "kamchatka",
                           "dice": min(dice, s.state["territories"]["alaska"]["armies"] - 1)})
        if any(e["type"] == "battle" and e["conquered"] for e in events):
            return events
    raise AssertionError("Kamchatka did not fall in 200 rolls")


def test_move_in_at_least_the_dice_rolled_and_leave_one_behind():
    """Rule: on taking a territory, move in at least as many armies as dice last rolled, leaving one behind."""
    s = duel(seed=3)
    to_attack_phase(s, "alaska")
    s.state["territories"]["alaska"]["armies"] = 40
    events = conquer_kamchatka(s)
    battle = next(e for e in events if e["type"] == "battle")
    left = s.state["territories"]["alaska"]["armies"] + s.state["territories"]["kamchatka"]["armies"]
    assert s.state["phase"] == "occupy" and s.state["territories"]["kamchatka"]["owner"] == 0
    pending = s.view(0)["public"]["pending"]
    assert pending["min"] == len(battle["attacker_dice"]) == 3 and pending["max"] == left - 1
    refused(s, 0, {"type": "occupy", "count": 2})
    refused(s, 0, {"type": "occupy", "count": left})
    s.apply(0, {"type": "occupy", "count": 5})
    assert s.state["territories"]["kamchatka"]["armies"] == 5
    assert s.state["territories"]["alaska"]["armies"] == left - 5 and s.state["phase"] == "attack"


def test_a_card_is_drawn_at_turn_end_only_after_taking_a_territory():
    """Rule: having taken at least one territory this turn, draw one card (at the end of the turn)."""
    s = duel(seed=3)
    to_attack_phase(s, "alaska")
    s.apply(0, {"type": "end_turn"})
    assert s.state["hands"][0] == []
    start_turn_of(s, 0)
    to_attack_phase(s, "alaska")
    s.state["territories"]["alaska"]["armies"] = 40
    conquer_kamchatka(s)
    if s.state["phase"] == "occupy":
        s.apply(0, {"type": "occupy", "count": s.state["pending"]["min"]})
    assert s.state["hands"][0] == []
    events = s.apply(0, {"type": "end_turn"})
    drawn = [e for e in events if e["type"] == "card_drawn"]
    assert len(s.state["hands"][0]) == 1 and drawn[0]["card"]["id"] == s.state["hands"][0][0]


def test_fortify_once_through_connected_own_territories_leaving_one():
    """Rule: fortify once, from one territory to another connected through own territories, leaving one."""
    s = duel()
    s.state["territories"]["japan"] = {"owner": 0, "armies": 1}
    s.state["territories"]["kamchatka"] = {"owner": 0, "armies": 1}
    to_attack_phase(s, "alaska")
    s.apply(0, {"type": "end_attack"})
    refused(s, 0, {"type": "fortify", "from": "alaska", "to": "eastern_australia", "count": 1})  # not connected
    refused(s, 0, {"type": "fortify", "from": "alaska", "to": "japan", "count": s.state["territories"]["alaska"]["armies"]})
    total = s.state["territories"]["alaska"]["armies"]
    s.apply(0, {"type": "fortify", "from": "alaska", "to": "japan", "count": total - 1})
    assert s.state["territories"]["japan"]["armies"] == total and s.state["territories"]["alaska"]["armies"] == 1
    assert s.state["current"] == 1 and s.state["phase"] == "reinforce"


def test_adjacent_fortify_option_allows_only_a_neighbour():
    """Rule (fortify=adjacent, older printing): fortify only into an adjacent own territory."""
    s = duel(fortify="adjacent")
    s.state["territories"]["japan"] = {"owner": 0, "armies": 1}
    s.state["territories"]["kamchatka"] = {"owner": 0, "armies": 1}
    to_attack_phase(s, "alaska")
    s.apply(0, {"type": "end_attack"})
    refused(s, 0, {"type": "fortify", "from": "alaska", "to": "japan", "count": 1})
    s.apply(0, {"type": "fortify", "from": "alaska", "to": "kamchatka", "count": 1})


def test_taking_the_last_territory_eliminates_and_takes_the_cards_forcing_trades_down_to_four():
    """Rule: eliminating a player takes all his cards; with 6 or more, trade at once down to 4 or fewer,
    and place those armies before attacking on."""
    s = duel(n=3, seed=3)
    arrange(s, {"kamchatka": (1, 1), "alberta": (0, 1), "northwest_territory": (0, 1)})
    give_cards(s, 0, cards_showing("peru", "iceland", "siam"))
    give_cards(s, 1, cards_showing("brazil", "egypt", "china", "india"))
    s.state["must_trade"] = False
    to_attack_phase(s, "alaska")
    events = conquer_kamchatka(s)
    gone = next(e for e in events if e["type"] == "eliminated")
    assert gone["seat"] == 1 and gone["by"] == 0 and gone["cards_taken"] == 4
    assert len(s.state["hands"][0]) == 7 and s.state["hands"][1] == [] and 1 in s.state["eliminated"]
    if s.state["phase"] == "occupy":
        s.apply(0, {"type": "occupy", "count": s.state["pending"]["min"]})
    assert s.state["phase"] == "reinforce" and s.state["must_trade"]
    refused(s, 0, {"type": "attack", "from": "alaska", "to": "japan", "dice": 1})
    s.apply(0, s.legal_actions(0)[0])
    assert len(s.state["hands"][0]) == 4 and not s.state["must_trade"]
    assert not any(a["type"] == "trade" for a in s.legal_actions(0))  # no optional trades mid-turn
    s.apply(0, {"type": "place", "territory": "alaska", "count": s.state["armies_to_place"]})
    assert s.state["phase"] == "attack"


def test_holding_all_42_territories_wins():
    """Rule: a player who holds all 42 territories wins."""
    s = duel(n=3, seed=3)
    arrange(s, {"kamchatka": (1, 1)}, default_owner=0, armies=3)
    s.state["eliminated"] = [2]  # seat 2 lost its last territory earlier
    s.state["territories"]["alaska"]["armies"] = 30
    to_attack_phase(s, "alaska")
    events = conquer_kamchatka(s)
    assert events[-1] == {"type": "game_over", "winners": [0], "rule": "victory"}
    assert s.result() == {"winners": [0], "scores": [42, 0, 0], "reason": "held all 42 territories"}
    refused(s, 0, {"type": "end_turn"}, code="game_over")


def test_two_player_game_ends_when_the_other_player_is_gone_even_with_neutral_territories_left():
    """Rule: in a two-player game the neutral need not be destroyed: the last player standing wins."""
    s = finish_opening(new(2, seed=3))
    arrange(s, {"alaska": (0, 30), "kamchatka": (1, 1)}, default_owner=-1)
    s.state["territories"]["peru"] = {"owner": 0, "armies": 1}
    start_turn_of(s, 0)
    to_attack_phase(s, "alaska")
    conquer_kamchatka(s)
    result = s.result()
    assert result["winners"] == [0] and result["reason"] == "last player standing"
    assert any(v["owner"] == -1 for v in s.state["territories"].values())


def test_the_neutral_never_acts_and_defends_by_itself():
    """Rule: the neutral never attacks, only defends (it is never asked, even with defender_dice=choose)."""
    s = finish_opening(new(2, seed=4, defender_dice="choose"))
    arrange(s, {"alaska": (0, 10), "kamchatka": (-1, 3)}, default_owner=1)
    start_turn_of(s, 0)
    to_attack_phase(s, "alaska")
    events = s.apply(0, {"type": "attack", "from": "alaska", "to": "kamchatka", "dice": 3})
    assert len(next(e for e in events if e["type"] == "battle")["defender_dice"]) == 2
    assert s.to_act() == [0]
