"""The opening: starting armies, dealing or claiming, and the two-player neutral."""
import pytest

from engine.errors import RuleError
from tests.risk.helpers import finish_opening, new


@pytest.mark.parametrize("n,start", [(3, 35), (4, 30), (5, 25), (6, 20)])
def test_starting_armies_by_number_of_players(n, start):
    """Rule: 3 players start with 35 armies each, 4 with 30, 5 with 25, 6 with 20."""
    s = new(n)
    terr = s.state["territories"]
    for seat in range(n):
        on_board = sum(v["armies"] for v in terr.values() if v["owner"] == seat)
        assert on_board + s.state["setup_pools"][seat] == start


def test_dealt_territories_cover_the_board_evenly_with_one_army_each():
    """Rule (dealt option): territories are dealt at random, one army on each."""
    s = new(4)
    terr = s.state["territories"].values()
    assert all(v["armies"] == 1 and v["owner"] in range(4) for v in terr)
    counts = [sum(1 for v in terr if v["owner"] == seat) for seat in range(4)]
    assert sorted(counts) == [10, 10, 11, 11]
    assert new(4, seed=2).state["territories"] != s.state["territories"]


def test_two_players_get_40_each_and_a_neutral_army_of_40():
    """Rule: two players have 40 armies each, and a neutral army of 40 holds territories too."""
    s = new(2)
    terr = s.state["territories"].values()
    for holder in (0, 1, -1):
        assert sum(1 for v in terr if v["owner"] == holder) == 14
    assert s.state["setup_pools"] == [26, 26] and s.state["neutral_pool"] == 26
    finish_opening(s)
    for holder in (0, 1, -1):
        assert sum(v["armies"] for v in s.state["territories"].values() if v["owner"] == holder) == 40


def test_two_player_placement_turn_is_two_own_then_one_neutral():
    """Rule: in a two-player game each placement turn is 2 armies of one's own and 1 for the neutral."""
    s = new(2)
    first, other = s.state["first"], 1 - s.state["first"]
    steps = []
    for _ in range(6):
        seat = s.to_act()[0]
        steps.append((seat, s.state["setup_step"]))
        s.apply(seat, s.legal_actions(seat)[0])
    assert steps == [(first, "own"), (first, "own"), (first, "neutral"), (other, "own"), (other, "own"),
                     (other, "neutral")]
    own = next(t for t, v in s.state["territories"].items() if v["owner"] == first)
    s.apply(first, {"type": "place", "territory": own, "count": 1})
    s.apply(first, {"type": "place", "territory": own, "count": 1})
    with pytest.raises(RuleError) as e:
        s.apply(first, {"type": "place", "territory": own, "count": 1})
    assert e.value.code == "illegal"


def test_starting_armies_are_placed_one_at_a_time_in_turn_order():
    """Rule: the remaining armies are placed one at a time in turn order, from the player who starts; then that
    player's first turn begins."""
    s = new(3)
    first = s.state["first"]
    order = []
    for _ in range(6):
        seat = s.to_act()[0]
        order.append(seat)
        target = s.legal_actions(seat)[0]["territory"]
        with pytest.raises(RuleError):
            s.apply(seat, {"type": "place", "territory": target, "count": 2})
        s.apply(seat, {"type": "place", "territory": target, "count": 1})
    assert order == [(first + i) % 3 for i in range(6)]
    finish_opening(s)
    assert s.state["phase"] == "reinforce" and s.state["current"] == first and s.state["turn_number"] == 1
    assert s.state["setup_pools"] == [0, 0, 0]


def test_claim_option_claims_territories_one_at_a_time_in_turn_order():
    """Rule (claim option): territories are claimed one at a time in turn order, one army on each."""
    s = new(3, territories="claim")
    first, second = s.state["first"], (s.state["first"] + 1) % 3
    assert s.state["phase"] == "claim" and s.to_act() == [first]
    s.apply(first, {"type": "claim", "territory": "alaska"})
    assert s.state["territories"]["alaska"] == {"owner": first, "armies": 1} and s.to_act() == [second]
    with pytest.raises(RuleError) as e:
        s.apply(second, {"type": "claim", "territory": "alaska"})
    assert e.value.code == "illegal"
    finish_opening(s)
    assert all(v["owner"] in (0, 1, 2) for v in s.state["territories"].values())


def test_the_highest_die_roll_starts_and_ties_roll_again():
    """Who starts: every player rolls one die; the highest roller claims or places first and takes the first turn,
    and tied highest rollers roll again among themselves. Seeded, so a replay agrees."""
    starters = set()
    for seed in range(40):
        s = new(4, seed=seed)
        rounds = s.state["first_rolls"]
        assert [seat for seat, _ in rounds[0]] == [0, 1, 2, 3]
        for before, after in zip(rounds, rounds[1:]):
            best = max(die for _, die in before)
            assert [seat for seat, _ in after] == [seat for seat, die in before if die == best]
        best = max(die for _, die in rounds[-1])
        (winner,) = [seat for seat, die in rounds[-1] if die == best]
        assert s.state["first"] == winner and s.to_act() == [winner]
        assert s.view(None)["public"]["first"] == winner and s.view(None)["public"]["first_rolls"] == rounds
        finish_opening(s)
        assert s.state["current"] == winner and s.state["turn_number"] == 1
        starters.add(winner)
        assert new(4, seed=seed).state == new(4, seed=seed).state
    assert starters == {0, 1, 2, 3}
    assert any(len(new(4, seed=seed).state["first_rolls"]) > 1 for seed in range(40)), "no tie was rolled again"


def test_the_house_rule_lets_seat_0_always_start():
    """House rule first_player=first_seat (not the rules): seat 0 starts, with no roll."""
    for seed in range(10):
        s = new(3, seed=seed, first_player="first_seat")
        assert s.state["first"] == 0 and s.state["first_rolls"] == [] and s.to_act() == [0]


def test_dealing_starts_left_of_the_first_player():
    """Our decision (dealt territories): where 42 does not share out evenly, the spare territories go to the
    players after the starter, never also to the starter."""
    for seed in range(12):
        s = new(4, seed=seed)
        first = s.state["first"]
        counts = [sum(1 for v in s.state["territories"].values() if v["owner"] == seat) for seat in range(4)]
        assert counts[first] == 10 and counts[(first + 1) % 4] == 11 and counts[(first + 2) % 4] == 11


def test_options_are_validated():
    """Unknown option keys or values are refused with a sentence."""
    with pytest.raises(ValueError, match="fortify"):
        new(3, fortify="anywhere")
    with pytest.raises(ValueError, match="no option"):
        new(3, speed="fast")
