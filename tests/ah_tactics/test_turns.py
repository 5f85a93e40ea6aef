"""Sides, set-up, turns and victory (rules A, B and C's turn order)."""
import pytest

from engine import Session, ah_tactics as game, legal as listing
from engine.ah_tactics.board import load
from engine.ah_tactics.units import ROSTER
from tests.ah_tactics.helpers import (BLUE, RED, act, at, blank, end_movement, fight, move, put, refused, uid)

BOARD = load()


def test_two_players_or_two_teams_of_two():
    """A: "one person commands an army ... but the game can be played with two persons on a side"."""
    for n in (2, 4):
        game.validate_options({}, n)
    with pytest.raises(ValueError):
        game.validate_options({}, 3)


def test_in_a_team_game_each_side_has_a_commander_and_both_seats_act_in_its_turn():
    """A: with two persons on a side "one of which must be designated as the commander"."""
    s = Session("ah_tactics", 4, seed=0)
    sides = s.sides()
    assert [(x["name"], x["seats"], x["commander"]) for x in sides] == [("Blue", [0, 2], 0), ("Red", [1, 3], 1)]
    for seat in (0, 1):
        s.apply(seat, {"type": "setup_done"})
    side = s.state["active"]
    assert set(s.to_act()) == {side, side + 2}
    second = side + 2
    lg = s.legal(second)
    assert "move" in {t["type"] for t in lg["templates"]}
    assert not [a for a in lg["actions"] if a["type"] in ("end_movement", "reserve", "regroup")]
    t = next(t for t in lg["templates"] if t["type"] == "move")
    s.apply(second, {"type": "move", "unit": t["unit"], "to": listing.domain_values(t["to"])[0]})
    with pytest.raises(Exception) as e:
        s.apply(second, {"type": "end_movement"})
    assert "commander" in str(e.value)
    s.apply(side, {"type": "end_movement"})


def test_the_set_up_is_secret_until_both_sides_are_done():
    """B: units set up in their bivouac areas, arranged within each area as the player likes; the
    arrangement is each side's secret until both are done. Both sides arrange at once."""
    s = Session("ah_tactics", 2, seed=5)
    assert set(s.to_act()) == {0, 1} and s.prompt()["kind"] == "setup"
    assert all(u["at"] is None for u in s.view(1)["public"]["units"])
    own = s.view(0)["private"]["arrangement"]
    assert set(own) == {str(u) for u in range(44)}
    unit = uid(BLUE, "3rd Inf")
    area = BOARD.bivouac(BLUE, "IC")
    dest = next(list(sq) for sq in area if list(sq) != own[str(unit)])
    events = s.apply(0, {"type": "place", "unit": unit, "to": dest})
    assert s.view(0)["private"]["arrangement"][str(unit)] == dest
    assert "to" not in s.events_for(events, 1)[0] and s.events_for(events, 0)[0]["to"] == dest
    with pytest.raises(Exception):
        s.apply(0, {"type": "place", "unit": unit, "to": [30, 30]})     # outside its area
    s.apply(0, {"type": "setup_done"})
    assert s.to_act() == [1]
    events = s.apply(1, {"type": "setup_done"})
    assert any(e["type"] == "first_move" for e in events)
    assert s.view(1)["public"]["units"][unit]["at"] == dest
    assert s.state["phase"] == "move" and s.state["allowance"] == 90


def test_the_die_decides_who_moves_first_and_then_the_sides_alternate():
    """C: "each player throwing the cubit ..., the player with the highest number being the first to move"."""
    firsts = set()
    for seed in range(8):
        s = Session("ah_tactics", 2, seed=seed)
        s.apply(0, {"type": "setup_done"})
        events = s.apply(1, {"type": "setup_done"})
        roll = next(e for e in events if e["type"] == "first_move")
        b, r = roll["rolls"][-1]
        assert (b > r) == (roll["first"] == "blue")
        firsts.add(roll["first"])
        first = s.state["active"]
        s.apply(first, {"type": "end_movement"})
        assert s.state["active"] == 1 - first
    assert firsts == {"blue", "red"}


def test_eliminating_the_enemy_army_wins():
    """A: "The game is won by one army (a) eliminating the army of the opponent"."""
    s = blank(keepers=False)
    put(s, uid(BLUE, "25th Inf"), (47, 0))
    atk = [put(s, uid(BLUE, f"{n} Armd"), sq) for n, sq in (("1st", (30, 2)), ("2nd", (31, 2)), ("3rd", (32, 2)),
                                                             ("4th", (30, 4)))]
    last = put(s, uid(RED, "1st Inf"), (31, 3))
    hq = put(s, uid(RED, "IC HQ"), (40, 30))      # HQs alone are no army
    fight(s, [(atk, [last])])
    assert s["result"]["winners"] == [BLUE] and "eliminated" in s["result"]["reason"]
    assert s["phase"] == "over" and game.to_act(s) == set()
    assert hq is not None


def test_holding_every_enemy_city_for_a_complete_turn_wins():
    """A: "(b) by one army occupying all of the cities of the opponent for at least one complete turn"."""
    s = blank()
    names = ["1st Inf", "2nd Inf", "3rd Inf", "4th Inf", "5th Inf"]
    for name, city in zip(names, BOARD.cities_of(RED)):
        put(s, uid(BLUE, name), BOARD.cities[city].squares[0])
    end_movement(s)          # Blue's turn ends: 1
    assert s["hold"] == [1, 0] and s["result"] is None
    end_movement(s)          # Red's: 2
    assert s["result"] is None
    end_movement(s)          # Blue's again: a complete turn
    assert s["result"]["winners"] == [BLUE] and "every city" in s["result"]["reason"]


def test_a_city_with_its_own_side_still_in_it_is_not_occupied():
    """A (decision): a city is occupied when an enemy division stands in it and none of its own side's units."""
    s = blank()
    names = ["1st Inf", "2nd Inf", "3rd Inf", "4th Inf", "5th Inf"]
    for name, city in zip(names, BOARD.cities_of(RED)):
        put(s, uid(BLUE, name), BOARD.cities[city].squares[0])
    put(s, uid(RED, "1st Inf"), BOARD.cities["Red Capital"].squares[-1])
    for _ in range(3):
        end_movement(s)
    assert s["result"] is None and s["hold"][BLUE] == 0


def test_refused_actions_say_why_in_a_sentence():
    s = blank()
    u = put(s, uid(BLUE, "1st Inf"), (30, 2))
    assert "not done now" in refused(s, BLUE, {"type": "confirm_battles"})
    assert "not yours" in refused(s, BLUE, {"type": "move", "unit": uid(RED, "25th Inf"), "to": [46, 35]})
    assert "already there" in refused(s, BLUE, {"type": "move", "unit": u, "to": [30, 2]})
    assert ROSTER[u].name == "1st Inf" and at(s, u) == (30, 2)
    move(s, BLUE, u, (30, 3))
    act(s, BLUE, {"type": "end_movement"})
