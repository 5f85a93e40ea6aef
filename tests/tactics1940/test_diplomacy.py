"""Diplomacy (Rules 7 and 15): protests, paying instead, war, and neutrals joining a side."""
from engine import sides as side_list
from engine import tactics1940 as game
from tests.tactics1940.helpers import B, T, act, at, cleared, close_window, give_submarine, move, put, refused

NORTH, EAST, SOUTH, WEST = 0, 1, 2, 3


def north_jumps_east(state, times=1):
    """North's battleship jumps East's transport(s) in a row; returns the events of the move."""
    ship = put(state, NORTH, B, (5, 4))
    squares = [(5, 4)]
    for i in range(times):
        put(state, EAST, T, (6 + 2 * i, 4))
        squares.append((7 + 2 * i, 4))
    return move(state, NORTH, ship, *squares[1:])


def test_a_belligerent_destroying_a_neutrals_piece_is_served_a_protest():
    """Rule 7: aggression by a belligerent against a neutral is answered at once by a protest card."""
    state = cleared(n=4)
    events = north_jumps_east(state)
    assert any(e["type"] == "protest_served" and e["victim"] == EAST for e in events)
    assert game.to_act(state) == {NORTH}
    prompt = game.prompt(state)
    assert prompt["kind"] == "protest" and prompt["seats"] == [NORTH] and prompt["victim"] == EAST
    assert game.legal(state, NORTH)["actions"] == [{"type": "answer_protest", "pay": False},
                                                   {"type": "answer_protest", "pay": True}]
    act(state, NORTH, {"type": "answer_protest", "pay": False})
    assert state["accepted"][NORTH][EAST] == 1 and state["protest_cards"][EAST] == 5
    assert state["turn"] == EAST


def test_the_offender_may_pay_one_coin_instead_of_accepting():
    """Rule 7: a player may avoid accepting a protest card by paying 1 coin to the protesting player."""
    state = cleared(n=4)
    north_jumps_east(state)
    act(state, NORTH, {"type": "answer_protest", "pay": True})
    assert state["coins"][NORTH] == 7 and state["coins"][EAST] == 9
    assert state["accepted"][NORTH][EAST] == 0 and state["protest_cards"][EAST] == 6


def test_one_protest_per_piece_destroyed():
    """Rule 7: one protest card for each piece so destroyed."""
    state = cleared(n=4)
    north_jumps_east(state, times=2)
    assert game.prompt(state)["count"] == 2
    act(state, NORTH, {"type": "answer_protest", "pay": True})
    act(state, NORTH, {"type": "answer_protest", "pay": False})
    assert state["accepted"][NORTH][EAST] == 1 and state["coins"][NORTH] == 7


def test_paying_without_a_coin_is_refused():
    state = cleared(n=4)
    state["coins"][NORTH] = 0
    north_jumps_east(state)
    assert game.legal(state, NORTH)["actions"] == [{"type": "answer_protest", "pay": False}]
    refused(state, NORTH, {"type": "answer_protest", "pay": True})


def test_three_accepted_protests_mean_war_and_the_neutral_joins_the_other_belligerent():
    """Rules 7 and 15: accepting three protest cards of one colour means war; the neutral becomes an ally
    of the belligerent's opponent, stops trading, and its battleships may trap."""
    state = cleared(n=4)
    state["accepted"][NORTH][EAST] = 2
    north_jumps_east(state)
    events = act(state, NORTH, {"type": "answer_protest", "pay": False})
    assert any(e["type"] == "war" for e in events)
    assert state["camp"][EAST] == "South"
    sides = game.sides(state)
    assert side_list.problem(sides, 4) is None
    assert sides[EAST]["allies"] == [SOUTH] and sides[SOUTH]["allies"] == [EAST] and sides[NORTH]["allies"] == []
    public = game.view(state, None)["public"]
    assert public["trading"] == [False, False, False, True] and public["camps"][EAST] == "South"


def test_belligerents_never_protest_to_one_another():
    """Rule 7: belligerents, being already in conflict, do not use protest cards on each other."""
    state = cleared(n=4)
    ship = put(state, NORTH, B, (5, 4))
    put(state, SOUTH, T, (6, 4))
    events = move(state, NORTH, ship, (7, 4))
    assert not any(e["type"] == "protest_served" for e in events) and state["turn"] == EAST


def test_a_neutrals_aggression_against_a_belligerent_draws_a_protest_even_out_of_turn():
    """Rule 7: each act of aggression by a neutral against any player is followed by a protest; the
    offender answers out of turn when his submarine struck during another player's move."""
    state = cleared(n=4)
    ship = put(state, NORTH, T, (5, 4))
    card = give_submarine(state, EAST, (4, 4))
    move(state, NORTH, ship, (4, 4))
    act(state, EAST, {"type": "strike", "card": card})
    assert state["turn"] == NORTH and game.to_act(state) == {EAST}
    assert game.prompt(state)["victim"] == NORTH
    act(state, EAST, {"type": "answer_protest", "pay": False})
    assert state["accepted"][EAST][NORTH] == 1


def test_war_between_neutrals_lets_the_victim_choose_its_side():
    """Rule 7: when a neutral accepts a third protest from the other neutral, the one against whom the third
    aggression was made chooses the belligerent he joins; the other neutral joins the other belligerent."""
    state = cleared(n=4, turn=EAST)
    state["accepted"][EAST][WEST] = 2
    ship = put(state, EAST, B, (5, 4))
    put(state, WEST, T, (6, 4))
    move(state, EAST, ship, (7, 4))
    act(state, EAST, {"type": "answer_protest", "pay": False})
    assert game.to_act(state) == {WEST} and game.prompt(state)["kind"] == "choose_side"
    assert game.legal(state, WEST)["actions"] == [{"type": "choose_side", "side": "North"},
                                                  {"type": "choose_side", "side": "South"}]
    act(state, WEST, {"type": "choose_side", "side": "North"})
    assert state["camp"][WEST] == "North" and state["camp"][EAST] == "South"


def test_a_neutral_at_war_traps_with_its_ally():
    """Rule 10 and 15: a neutral who became a belligerent may trap, even combining with his ally's ships."""
    state = cleared(n=4, turn=EAST)
    state["camp"][EAST] = "South"
    put(state, SOUTH, B, (3, 5))
    victim = put(state, NORTH, B, (4, 5))
    east = put(state, EAST, B, (5, 4))
    move(state, EAST, east, (5, 5))
    assert at(state, victim) is None


def test_a_victim_with_no_protest_cards_left_serves_none():
    state = cleared(n=4)
    state["protest_cards"][EAST] = 0
    events = north_jumps_east(state)
    assert not any(e["type"] == "protest_served" for e in events) and state["turn"] == EAST


def test_protests_still_owed_lapse_once_the_two_are_at_war():
    state = cleared(n=4)
    state["accepted"][NORTH][EAST] = 2
    north_jumps_east(state, times=2)
    act(state, NORTH, {"type": "answer_protest", "pay": False})
    assert state["camp"][EAST] == "South" and not state["steps"] and state["turn"] == EAST


def test_a_window_closed_unstruck_lets_the_turn_go_on():
    state = cleared(n=4)
    ship = put(state, NORTH, T, (5, 4))
    move(state, NORTH, ship, (4, 4))
    close_window(state)
    assert state["turn"] == EAST
