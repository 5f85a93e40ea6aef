"""Destroying pieces (Rules 10 and 12, figure F): jumps, traps, and where the wrecks go."""
from engine import tactics1940 as game
from engine.tactics1940.pieces import LOCKER, SUPPLY_BASE
from tests.tactics1940.helpers import B, T, at, can_move, cleared, move, moves_of, put


def test_a_battleship_jumps_another_players_transport_as_in_checkers():
    """Rule 10: a battleship destroys another player's transport by jumping it, as in checkers."""
    state = cleared()
    ship = put(state, 0, B, (5, 5))
    victim = put(state, 1, T, (5, 4))
    events = move(state, 0, ship, (5, 3))
    assert at(state, ship) == (5, 3) and at(state, victim) is None
    lost = next(e for e in events if e["type"] == "destroyed")
    assert lost["piece"] == victim["id"] and lost["cause"] == "jumped" and lost["to"] == SUPPLY_BASE


def test_jumps_may_go_on_in_one_play_and_stop_at_any_landing():
    """Rule 10: any continuous number of jumps can be made in the same play."""
    state = cleared()
    ship = put(state, 0, B, (4, 3))
    first = put(state, 1, T, (5, 4))
    second = put(state, 1, T, (6, 4))
    paths = moves_of(state, 0, ship)
    assert [(6, 5), (6, 3)] in paths and [(6, 5)] in paths
    move(state, 0, ship, (6, 5), (6, 3))
    assert at(state, first) is None and at(state, second) is None and at(state, ship) == (6, 3)


def test_no_jump_into_or_out_of_the_safety_zone():
    """Rule 10: no jump is permitted into or out of the safety zone."""
    state = cleared()
    ship = put(state, 0, B, (4, 7))
    put(state, 1, T, (5, 7))            # landing (6, 7) is in the zone
    assert not can_move(state, 0, ship, (6, 7))
    state = cleared()
    ship = put(state, 0, B, (6, 6))     # in the zone
    put(state, 1, T, (5, 5))
    assert not can_move(state, 0, ship, (4, 4))
    state = cleared()
    ship = put(state, 0, B, (5, 5))
    put(state, 1, T, (6, 6))            # a transport in the zone is safe
    assert not can_move(state, 0, ship, (7, 7))


def test_no_jump_lands_in_a_home_area_beyond_its_seaport():
    """Rule 10: a battleship may not jump a transport into a home area beyond the seaport squares."""
    state = cleared()
    ship = put(state, 1, B, (7, 3))
    put(state, 0, T, (7, 2))            # landing (7, 1) is North's home land
    state["turn"] = 1
    assert not can_move(state, 1, ship, (7, 1))
    state = cleared(turn=1)
    ship = put(state, 1, B, (7, 4))
    put(state, 0, T, (7, 3))            # landing (7, 2) is a seaport square: allowed
    assert can_move(state, 1, ship, (7, 2))


def test_a_battleship_jumps_neither_battleships_nor_its_own_transports():
    """Rule 10: a battleship cannot jump another battleship, nor can a player jump his own transports."""
    state = cleared()
    ship = put(state, 0, B, (5, 5))
    put(state, 1, B, (5, 4))
    put(state, 0, T, (4, 5))
    assert not can_move(state, 0, ship, (5, 3)) and not can_move(state, 0, ship, (3, 5))


def test_transports_cannot_jump():
    """Rule 10: transports cannot destroy anything nor jump any piece."""
    state = cleared()
    ship = put(state, 0, T, (5, 5))
    put(state, 1, T, (5, 4))
    assert not can_move(state, 0, ship, (5, 3))


def test_two_belligerent_battleships_trap_and_sink_one_between_them():
    """Rule 10: a battleship between two opposing belligerent battleships on opposite squares, straight
    or diagonal, is destroyed; it goes to Davy Jones' Locker (Rule 12)."""
    state = cleared()
    put(state, 0, B, (3, 5))
    victim = put(state, 1, B, (4, 4))
    mover = put(state, 0, B, (6, 4))
    events = move(state, 0, mover, (5, 3))      # diagonal line (3,5) - (4,4) - (5,3)
    assert at(state, victim) is None
    lost = next(e for e in events if e["type"] == "destroyed")
    assert lost["cause"] == "trapped" and lost["to"] == LOCKER and lost["by"] == 0
    assert game.view(state, None)["public"]["davy_jones_locker"][1] >= 1


def test_a_neutral_cannot_trap_but_a_belligerent_can_trap_a_neutral():
    """Rule 10: neutral battleships cannot trap; belligerent battleships can trap a neutral battleship."""
    state = cleared(n=3, turn=1)                  # seat 1 is East, neutral
    put(state, 1, B, (3, 5))
    enemy = put(state, 0, B, (4, 5))
    east = put(state, 1, B, (5, 4))
    move(state, 1, east, (5, 5))
    assert at(state, enemy) == (4, 5)
    state = cleared(n=3)
    put(state, 0, B, (3, 5))
    neutral = put(state, 1, B, (4, 5))
    north = put(state, 0, B, (5, 4))
    move(state, 0, north, (5, 5))
    assert at(state, neutral) is None


def test_a_battleship_in_the_safety_zone_cannot_help_trap_but_can_on_its_way_out():
    """Rule 10: a battleship in the safety zone cannot be used to trap; it may on the move out of the zone."""
    state = cleared()
    put(state, 0, B, (6, 6))                      # in the zone
    victim = put(state, 1, B, (5, 5))
    mover = put(state, 0, B, (3, 4))
    move(state, 0, mover, (4, 4))                 # line (4,4) - (5,5) - (6,6): the ship in the zone does not count
    assert at(state, victim) == (5, 5)
    state = cleared()
    put(state, 0, B, (3, 4))
    victim = put(state, 1, B, (4, 5))
    mover = put(state, 0, B, (6, 6))
    move(state, 0, mover, (5, 6))                 # out of the zone: line (5,6) - (4,5) - (3,4)
    assert at(state, victim) is None


def test_a_battleship_in_the_safety_zone_is_safe_from_traps():
    """Rule 4: within the safety zone a player's pieces are safe from attack."""
    state = cleared()
    put(state, 0, B, (5, 7))
    safe = put(state, 1, B, (6, 6))               # in the zone, on the line (5,7) - (6,6) - (7,5)
    mover = put(state, 0, B, (8, 4))
    move(state, 0, mover, (7, 5))
    assert at(state, safe) == (6, 6)


def _figure_f(partner: bool):
    """Row 5: A (enemy) at (3,5), B the empty square (4,5), C (enemy) at (5,5), D (the mover's) at (6,5);
    E (the mover's) comes down from (4,4) into B."""
    state = cleared()
    enemy_a = put(state, 1, B, (3, 5))
    enemy_c = put(state, 1, B, (5, 5))
    if partner:
        put(state, 0, B, (6, 5))
    ship_e = put(state, 0, B, (4, 4))
    events = move(state, 0, ship_e, (4, 5))
    return state, enemy_a, enemy_c, ship_e, events


def test_figure_f_the_mover_traps_first_so_the_enemy_cannot_trap_him():
    """Figure F: the player whose move it is has the advantage: E moving into B sinks the enemy C
    (between E and D), which leaves the enemy A unable to trap E."""
    state, enemy_a, enemy_c, ship_e, _ = _figure_f(partner=True)
    assert at(state, enemy_c) is None
    assert at(state, ship_e) == (4, 5) and at(state, enemy_a) == (3, 5)


def test_a_battleship_sailing_between_two_enemies_is_sunk_without_a_protest():
    """Rule 10 (with figure F's reasoning): without the mover's own trap, E between A and C is trapped."""
    state, enemy_a, enemy_c, ship_e, events = _figure_f(partner=False)
    assert at(state, ship_e) is None and at(state, enemy_a) == (3, 5) and at(state, enemy_c) == (5, 5)
    lost = next(e for e in events if e["type"] == "destroyed")
    assert lost["piece"] == ship_e["id"] and lost["by"] is None
    assert not any(e["type"] == "protest_served" for e in events)
