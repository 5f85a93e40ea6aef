"""Turn flow, winning, options and the view."""
import copy

import pytest

from engine.legal import all_actions
from engine import Session
from engine import civil_war as cw
from engine.rng import Rng
from tests.civil_war.helpers import NORTH, SOUTH, act, empty, move, place, refused


def test_two_seats_and_the_confederacy_moves_first():
    """Seat 0 is the Confederacy, which always has the first turn; seat 1 is the Union."""
    s = cw.setup(cw.default_options(), 2, Rng(3))
    assert cw.to_act(s) == {SOUTH}
    assert [(side["name"], side["seats"]) for side in cw.sides(s)] == [("Confederacy", [SOUTH]), ("Union", [NORTH])]
    with pytest.raises(ValueError):
        cw.validate_options({}, 3)


def test_a_turn_needs_at_least_one_move():
    """Each player must move at least one unit on each turn."""
    s = empty()
    place(s, SOUTH, (9, 10), infantry=1)
    assert {"type": "end_turn"} not in all_actions(cw.legal(s, SOUTH))
    refused(s, SOUTH, {"type": "end_turn"})
    move(s, SOUTH, (9, 10), [(9, 11)], infantry=1)
    assert {"type": "end_turn"} in all_actions(cw.legal(s, SOUTH))
    events = act(s, SOUTH, {"type": "end_turn"})
    assert events[-1] == {"type": "turn", "side": NORTH, "turn_number": 2}
    assert cw.to_act(s) == {NORTH}


def test_a_side_that_cannot_move_may_pass():
    """Our decision: when nothing of yours can move (all disabled), ending the turn is allowed."""
    s = empty(reserves=False)
    place(s, SOUTH, (9, 10), infantry=2)
    place(s, NORTH, (9, 2), infantry=2)
    for u in s["units"]:
        if u["side"] == SOUTH:
            u["disabled"] = True
    assert all_actions(cw.legal(s, SOUTH)) == [{"type": "end_turn"}]
    act(s, SOUTH, {"type": "end_turn"})


def test_any_number_of_pieces_may_move_in_a_turn():
    """A player may move all of his pieces or as many as he wishes."""
    s = empty()
    move(s, SOUTH, (0, 11), [(1, 11)], infantry=1)
    move(s, SOUTH, (0, 11), [(0, 10)], infantry=1)
    assert not [a for a in all_actions(cw.legal(s, SOUTH)) if a["type"] == "move"]


def test_eliminating_every_enemy_piece_wins():
    """The player who first eliminates all the enemy troops wins."""
    s = empty(reserves=False)
    place(s, SOUTH, (9, 10), infantry=3)
    place(s, NORTH, (10, 10), infantry=1)
    events = move(s, SOUTH, (9, 10), [(10, 10)], infantry=3)
    assert cw.result(s) == {"winners": [SOUTH], "scores": [3, 0], "reason": "the Union has no pieces left"}
    assert events[-1]["type"] == "game_over"
    assert cw.to_act(s) == set()
    refused(s, SOUTH, {"type": "end_turn"}, code="game_over")


def test_surrender_ends_the_game_for_the_other_side():
    """The game may also be won at any time the enemy surrenders."""
    s = cw.setup(cw.default_options(), 2, Rng(1))
    act(s, SOUTH, {"type": "surrender"})
    assert cw.result(s)["winners"] == [NORTH]
    assert all(a["type"] != "surrender" for a in all_actions(cw.legal(cw.setup(cw.default_options(), 2, Rng(1)), SOUTH)))


def test_one_piece_each_is_a_stalemate():
    """If both sides are reduced to one piece the game is a stalemate."""
    s = empty(reserves=False)
    place(s, SOUTH, (12, 3), cavalry=1)
    place(s, NORTH, (0, 1), infantry=3)
    move(s, SOUTH, (12, 3), [(13, 3)], cavalry=1)   # Pittsburgh falls: the Union gives up two
    assert cw.result(s) is None
    act(s, NORTH, {"type": "choose_losses", "at": [0, 1], "units": {"infantry": 2}})
    assert cw.result(s) == {"winners": [], "scores": [1, 1], "reason": "stalemate: both sides are down to one piece"}


def test_the_turn_limit_decides_by_pieces_left():
    """Our decision: after the turn limit (side-turns) the side with more pieces wins; equal is a draw."""
    s = empty(turn_limit=100)
    s["turn_number"] = 100
    place(s, NORTH, (5, 1), infantry=1)
    move(s, SOUTH, (0, 11), [(1, 11)], infantry=1)
    act(s, SOUTH, {"type": "end_turn"})
    assert cw.result(s)["winners"] == [NORTH] and "turn limit" in cw.result(s)["reason"]
    even = empty(turn_limit=100)
    even["turn_number"] = 100
    move(even, SOUTH, (0, 11), [(1, 11)], infantry=1)
    act(even, SOUTH, {"type": "end_turn"})
    assert cw.result(even)["winners"] == []


def test_by_default_no_turn_limit_ends_the_war():
    """Winning: the war ends when one side's troops are all eliminated, by surrender, or in stalemate at one
    piece each; the rules set no number of turns, so the default has none and the game goes on past 200."""
    assert cw.default_options() == {"turn_limit": 0}
    s = empty()
    assert s["turn_limit"] == 0
    s["turn_number"] = 400
    move(s, SOUTH, (0, 11), [(1, 11)], infantry=1)
    act(s, SOUTH, {"type": "end_turn"})
    assert cw.result(s) is None and s["turn"] == NORTH and s["turn_number"] == 401


def test_options_are_checked():
    assert cw.validate_options({}, 2) == {"turn_limit": 0}
    assert cw.validate_options({"turn_limit": 200}, 2) == {"turn_limit": 200}
    assert cw.validate_options({"turn_limit": 0}, 2) == {"turn_limit": 0}
    with pytest.raises(ValueError):
        cw.validate_options({"turn_limit": 7}, 2)
    with pytest.raises(ValueError):
        cw.validate_options({"fog": True}, 2)


def test_the_view_is_public():
    """Nothing is hidden: private is empty and the public view holds the state's fields."""
    s = cw.setup(cw.default_options(), 2, Rng(5))
    v = cw.view(s, SOUTH)
    assert v["private"] == {} and cw.view(s, None)["private"] == {}
    assert all(v["public"][k] == s[k] for k in s)
    stack = next(st for st in v["public"]["stacks"] if st["at"] == [15, 4])
    assert stack == {"at": [15, 4], "side": NORTH, "units": {"infantry": 3, "cavalry": 1},
                     "ready": {"infantry": 3, "cavalry": 1}, "disabled": False, "fortified": False}
    assert v["public"]["pieces"] == [15, 20] and v["public"]["garrisons"] == {"Washington": 4, "Richmond": 5}


def test_refused_actions_leave_the_session_untouched():
    """A refused action changes nothing: same state hash, log and rev."""
    session = Session("civil_war", 2, seed=4)
    before = (session.state_hash(), session.rev)
    for seat, action in [(1, {"type": "end_turn"}), (0, {"type": "end_turn"}),
                         (0, {"type": "move", "from": [15, 5], "path": [[15, 4]], "units": {"infantry": 3}}),
                         (0, {"type": "battle", "eliminate": {"infantry": 1}}),
                         (0, {"type": "move", "from": [15, 5], "path": [[15, 6]], "units": {"infantry": 9}})]:
        with pytest.raises(Exception):
            session.apply(seat, action)
        assert (session.state_hash(), session.rev) == before


def test_listed_moves_offer_every_split_of_a_stack_and_each_is_accepted():
    """"Any number of pieces may move" from a stack: legal lists every split (here 2 infantry and
    2 cavalry: 3 x 3 - 1 = 8 compositions), and each listed move is accepted."""
    s = empty()
    place(s, SOUTH, (9, 10), infantry=2, cavalry=2)
    offered = {tuple(sorted(a["units"].items())) for a in all_actions(cw.legal(s, SOUTH))
               if a["type"] == "move" and a["from"] == [9, 10]}
    assert offered == {tuple(sorted((k, n) for k, n in (("infantry", i), ("cavalry", c)) if n))
                       for i in range(3) for c in range(3) if i + c}
    for a in all_actions(cw.legal(s, SOUTH)):
        trial = copy.deepcopy(s)
        act(trial, SOUTH, a)


def test_board_data_for_renderers():
    from engine.civil_war.board import load
    data = load().to_dict()
    assert len(data["squares"]) == 18 and len(data["squares"][0]) == 18
    assert {"name": "Richmond", "at": [15, 6], "kind": "capital", "side": SOUTH} in data["cities"]
    assert any(r["name"] == "Western & Atlantic" for r in data["railroads"])
