"""Each game's `evaluate(state, seat)` query (engine/<game>/queries.py), the expert's score of a position
its playout did not finish: it rises with what wins that game by its rules, compared here on two positions
that differ only in that. Small hand-made positions, no play."""
import copy

import pytest

from engine import ah_tactics, civil_war, risk, tactics1940
from engine.risk.board import load
from engine.risk.turns import reinforcements
from tests.ah_tactics import helpers as tac
from tests.civil_war import helpers as cw
from tests.risk import helpers as rk
from tests.tactics1940 import helpers as t40


# ----- World Conquest ---------------------------------------------------------------------------

def _risk_half_and_half():
    """Two seats, every territory held with 3 armies, seat 0 on the first half of the map."""
    s = rk.new(n=2, seed=1)
    rk.finish_opening(s)
    rk.arrange(s, {t: (0 if i < 21 else 1, 3) for i, t in enumerate(rk.TERRITORIES)})
    s.state["hands"] = [[], []]
    return s.state


def test_a_player_holding_a_whole_continent_is_worth_more_for_its_bonus():
    """"A player holding a whole continent receives its bonus" at every turn's reinforcement."""
    state = _risk_half_and_half()
    australia = load().continent_members["australia"]
    outside = [t for t in rk.TERRITORIES if t not in australia]
    split, whole = copy.deepcopy(state), copy.deepcopy(state)
    for layout, seat0 in ((split, list(australia[:2]) + outside[:19]), (whole, list(australia) + outside[:17])):
        for t in rk.TERRITORIES:
            layout["territories"][t]["owner"] = 0 if t in seat0 else 1
    # The same territories and armies each; only `whole` gives seat 0 every territory of Australia.
    assert [reinforcements(whole, seat)[1] for seat in (0, 1)] == \
        [dict(reinforcements(split, 0)[1], australia=2), reinforcements(split, 1)[1]]
    assert risk.queries.evaluate(whole, 0) > risk.queries.evaluate(split, 0)
    assert risk.queries.evaluate(whole, 0) + risk.queries.evaluate(whole, 1) == pytest.approx(1.0)


def test_a_player_s_cards_count_toward_the_armies_a_set_will_bring():
    """"Three cards of one symbol, one of each, or any two with a wild" trade for armies."""
    state = _risk_half_and_half()
    even = risk.queries.evaluate(state, 0)
    state["hands"][0] = [0, 1]
    assert risk.queries.evaluate(state, 0) > even


def test_a_finished_war_is_worth_everything_to_its_winner_and_nothing_to_the_loser():
    state = _risk_half_and_half()
    state["winners"] = [1]
    assert (risk.queries.evaluate(state, 0), risk.queries.evaluate(state, 1)) == (0.0, 1.0)


# ----- The Civil War Game -----------------------------------------------------------------------

ST_LOUIS = (4, 5)   # a Union key city: "losing a key city costs the Union 2 pieces"


def test_a_key_city_within_reach_of_a_stronger_enemy_costs_its_side_part_of_its_stake():
    """"A key city costs the Union 2 pieces" when it falls: enemy troops next to an undefended one
    lower the Union's worth; the same troops far away do not."""
    far, near = cw.empty(), cw.empty()
    cw.place(far, cw.SOUTH, (0, 9), infantry=3)
    cw.place(near, cw.SOUTH, (ST_LOUIS[0] + 1, ST_LOUIS[1]), infantry=3)
    assert civil_war.queries.evaluate(near, cw.NORTH) < civil_war.queries.evaluate(far, cw.NORTH)


def test_the_side_to_move_is_worth_more_when_a_larger_force_of_its_can_strike_a_smaller_one():
    """"Larger attacks smaller: the attacker chooses which enemy units die and which of its own attacking
    units are lost — one fewer than the strength it destroyed." Three southern infantry next to one
    northern infantry in the open are worth more to the South on its own turn than on the North's."""
    south_to_move, north_to_move = cw.empty(turn=cw.SOUTH), cw.empty(turn=cw.NORTH)
    for state in (south_to_move, north_to_move):
        cw.place(state, cw.SOUTH, (2, 9), infantry=3)
        cw.place(state, cw.NORTH, (3, 9), infantry=1)
    assert civil_war.queries.evaluate(south_to_move, cw.SOUTH) > civil_war.queries.evaluate(north_to_move, cw.SOUTH)
    assert civil_war.queries.evaluate(south_to_move, cw.SOUTH) + \
        civil_war.queries.evaluate(south_to_move, cw.NORTH) == pytest.approx(1.0)


def test_the_side_with_more_pieces_is_worth_more_since_the_war_is_won_by_destroying_them_all():
    """"Winning: all enemy pieces gone"."""
    state = cw.empty()
    even = civil_war.queries.evaluate(state, cw.SOUTH)
    assert even == pytest.approx(0.5)
    cw.place(state, cw.SOUTH, (0, 9), cavalry=2)
    assert civil_war.queries.evaluate(state, cw.SOUTH) > even


# ----- Tactics (1940) ---------------------------------------------------------------------------

def test_blockaders_standing_on_the_enemy_s_seaport_passages_are_worth_more_than_at_sea():
    """Rule 13: a seaport is blockaded when each passage of its mouth has a blockading piece on one of
    its ends. South's transports on North's passages are worth more to South than the same out at sea."""
    at_sea, on_mouth = t40.cleared(), t40.cleared()
    for state, squares in ((at_sea, [(10, 10), (11, 10)]), (on_mouth, [(7, 3), (8, 3)])):
        t40.put(state, 0, t40.B, (0, 0))
        for sq in squares:
            t40.put(state, 1, t40.T, sq)
    assert tactics1940.queries.evaluate(on_mouth, 1) > tactics1940.queries.evaluate(at_sea, 1)
    assert tactics1940.queries.evaluate(on_mouth, 0) < tactics1940.queries.evaluate(at_sea, 0)


def test_a_battleship_counts_five_and_any_other_piece_one():
    """Rule 18: "a battleship is worth 5, every other piece 1"."""
    state = t40.cleared()
    t40.put(state, 0, t40.B, (10, 10))
    for sq in [(12, 12), (13, 12), (14, 12), (15, 12)]:
        t40.put(state, 1, t40.T, sq)
    assert tactics1940.queries.evaluate(state, 0) > tactics1940.queries.evaluate(state, 1)


# ----- Tactics (1954) ---------------------------------------------------------------------------

def test_a_division_occupying_an_enemy_city_is_worth_more_than_one_outside_it():
    """Rule A (b): a side wins by occupying every city of the enemy's half for a complete turn; one
    city occupied is a step toward it."""
    red_city = tac.BOARD.cities[tac.BOARD.cities_of(tac.RED)[0]].squares[0]
    outside, inside = tac.blank(), tac.blank()
    division = tac.uid(tac.BLUE, "1st Armd")
    tac.put(outside, division, (red_city[0], red_city[1] - 6))
    tac.put(inside, division, red_city)
    assert ah_tactics.queries.evaluate(inside, 0) > ah_tactics.queries.evaluate(outside, 0)


def test_holding_every_enemy_city_at_turn_ends_brings_the_worth_toward_victory():
    """Rule A (b): every enemy city occupied at three turn-ends running wins; two of them are most of the way."""
    state = tac.blank()
    before = ah_tactics.queries.evaluate(state, 0)
    state["hold"] = [2, 0]
    assert ah_tactics.queries.evaluate(state, 0) > before + 0.5 * (1 - before)


def test_the_side_with_more_divisions_is_worth_more_since_an_army_eliminated_loses():
    """Rule A (a): the enemy army is eliminated when it has no division left."""
    state = tac.blank()
    assert ah_tactics.queries.evaluate(state, 0) == pytest.approx(0.5)
    tac.put(state, tac.uid(tac.BLUE, "1st Armd"), (40, 2))
    assert ah_tactics.queries.evaluate(state, 0) > 0.5
