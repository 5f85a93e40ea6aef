"""Trading by neutrals (Rules 2 and 14)."""
from engine import legal as listing
from engine import tactics1940 as game
from tests.tactics1940.helpers import B, BOARD, T, act, at, cleared, move, put, refused

NORTH, EAST, SOUTH = 0, 1, 2


def east_sails_into_north(n=3, reserve=None):
    state = cleared(n=n, turn=EAST)
    if reserve is not None:
        state["reserve"] = reserve
    ship = put(state, EAST, T, (7, 3))
    events = move(state, EAST, ship, (7, 2))
    return state, ship, events


def test_a_supply_ship_entering_another_players_port_trades_a_coin_each():
    """Rule 14: when a neutral's supply ship enters another player's port, the neutral and the country
    traded with each take one coin from the Gold Reserve."""
    state, ship, events = east_sails_into_north()
    reserve = 100 - 8 * 3
    assert state["coins"] == [9, 9, 8] and state["reserve"] == reserve - 2
    traded = next(e for e in events if e["type"] == "traded")
    assert traded["seat"] == EAST and traded["with"] == NORTH


def test_the_ship_goes_home_in_the_same_move_to_a_square_the_neutral_chooses():
    """Rule 14: the supply ship returns to any square of its home area in one jump."""
    state, ship, _ = east_sails_into_north()
    assert game.to_act(state) == {EAST} and game.prompt(state)["kind"] == "return_home"
    squares = listing.values_of(game.legal(state, EAST), "place", "to")
    home = BOARD.homes["East"]
    assert squares and all(tuple(sq) in home.squares and tuple(sq) not in home.bases for sq in squares)
    refused(state, EAST, {"type": "place", "to": [7, 1]})
    act(state, EAST, {"type": "place", "to": [13, 7]})
    assert at(state, ship) == (13, 7) and state["turn"] == SOUTH


def test_only_a_neutral_trades():
    """Rule 14: only a neutral may trade; a belligerent's transport in a port is just a transport."""
    state = cleared(n=3)
    ship = put(state, NORTH, T, (12, 7))
    move(state, NORTH, ship, (13, 7))
    assert state["coins"] == [8, 8, 8] and at(state, ship) == (13, 7)


def test_a_neutral_at_war_stops_trading():
    """Rule 14: a neutral who becomes a belligerent must cease trading at once; his supply ships become
    transports."""
    state = cleared(n=3, turn=EAST)
    state["camp"][EAST] = "South"
    ship = put(state, EAST, T, (7, 3))
    move(state, EAST, ship, (7, 2))
    assert state["coins"] == [8, 8, 8] and at(state, ship) == (7, 2)


def test_a_battleship_does_not_trade():
    state = cleared(n=3, turn=EAST)
    ship = put(state, EAST, B, (7, 3))
    move(state, EAST, ship, (7, 2))
    assert state["coins"] == [8, 8, 8]


def test_no_trade_in_the_port_of_a_power_nobody_plays():
    """Rule 1: with three players West is disregarded; its home area is no player's port."""
    state = cleared(n=3, turn=EAST)
    ship = put(state, EAST, T, (3, 7))
    move(state, EAST, ship, (2, 7))
    assert state["coins"] == [8, 8, 8]


def test_a_neutral_trades_with_the_other_neutral_too():
    """Rule 14: a trade is completed in any other player's port, belligerent or neutral."""
    state = cleared(n=4, turn=EAST)
    ship = put(state, EAST, T, (3, 7))
    move(state, EAST, ship, (2, 7))
    assert state["coins"] == [8, 9, 8, 9]


def test_an_empty_reserve_pays_the_neutral_first_then_nobody():
    state, _, events = east_sails_into_north(reserve=1)
    assert state["coins"] == [8, 9, 8] and state["reserve"] == 0
    state, _, events = east_sails_into_north(reserve=0)
    assert state["coins"] == [8, 8, 8] and game.prompt(state)["kind"] == "return_home"
