"""Values and final scores (Rules 18 and 19)."""
from engine import tactics1940 as game
from engine.tactics1940 import scoring
from engine.tactics1940.pieces import VALUE
from tests.tactics1940.helpers import A, B, BOARD, T, cleared, move, put

NORTH, EAST, SOUTH, WEST = 0, 1, 2, 3


def test_battleships_count_five_and_every_other_piece_and_coin_one():
    """Rule 18: all coins and pieces count 1 point each, battleships 5."""
    assert VALUE == {"battleship": 5, "airplane": 1, "transport": 1}
    state = cleared(n=2)
    put(state, NORTH, B, (5, 5))
    put(state, NORTH, T, (5, 1))
    put(state, NORTH, A, (5, 0))
    totals, parts = scoring.scores(BOARD, state, None)
    assert totals[NORTH] == 8 + 5 + 1 + 1 and parts[NORTH]["regular"] == 7


def test_own_pieces_in_another_players_home_area_count_double():
    """Rule 19: a player's own pieces in other players' home areas count double."""
    state = cleared(n=2)
    put(state, NORTH, T, (8, 14))                # South's home land
    put(state, NORTH, B, (8, 13))                # South's seaport
    totals, parts = scoring.scores(BOARD, state, None)
    assert parts[NORTH]["double"] == 2 * 1 + 2 * 5 and totals[NORTH] == 8 + 12


def test_the_losers_pieces_outside_home_are_lost_or_taken_at_triple_value():
    """Rule 19: the blockaded belligerent loses every piece outside his home area; those in another
    player's home area are forfeited to that player and count three times their value for him."""
    state = cleared(n=4)
    put(state, NORTH, T, (5, 1))                 # at home: kept
    put(state, NORTH, B, (5, 5))                 # at sea: lost
    put(state, NORTH, T, (14, 7))                # in East's home area: East takes it at triple value
    put(state, NORTH, B, (13, 6))                # in East's seaport: triple too
    put(state, NORTH, T, (1, 7 + 1))             # in West's home area: West takes it
    totals, parts = scoring.scores(BOARD, state, NORTH)
    assert parts[NORTH]["regular"] == 1 and parts[NORTH]["lost"] == 5
    assert parts[EAST]["triple"] == 3 * 1 + 3 * 5 and parts[WEST]["triple"] == 3
    assert totals == [8 + 1, 8 + 18, 8, 8 + 3]


def test_the_winning_camp_shares_the_gold_reserve():
    """Rules 15 and 19: the winning belligerent wins the jackpot, divided with his allies; docs: the odd
    coins go to the belligerent who began the war."""
    state = cleared(n=4)
    state["camp"][EAST] = "South"
    state["reserve"] = 67
    events = []
    scoring.share_jackpot(state, "South", events)
    assert state["reserve"] == 0 and state["coins"][SOUTH] == 8 + 34 and state["coins"][EAST] == 8 + 33
    assert events[0]["shares"] == [[EAST, 33], [SOUTH, 34]]


def test_a_finished_game_shows_every_players_settlement_with_every_other():
    """Rule 19: each player settles with every other by the difference between their scores."""
    state = cleared(n=2, turn=1)
    put(state, NORTH, T, (5, 1))
    put(state, 1, B, (7, 3))
    mover = put(state, 1, B, (9, 4))
    move(state, 1, mover, (8, 3))
    public = game.view(state, None)["public"]
    result = game.result(state)
    assert result["winners"] == [1] and result["scores"] == [8 + 1, 8 + 84 + 10]
    assert public["settlement"] == [[0, 9 - 102], [102 - 9, 0]]
    assert public["outcome"]["breakdown"][1]["coins"] == 92 and public["outcome"]["loser"] == 0
    assert public["reserve"] == 0


def test_the_turn_limit_option_scores_a_game_without_a_blockade_and_without_a_jackpot():
    """House option (not the rulebook's): after `turn_limit` rounds the game stops; nobody wins the war."""
    state = cleared(n=2, turn_limit=200)
    state["turn_number"] = 2 * 200
    reserve = state["reserve"]
    ship = put(state, NORTH, B, (5, 5))
    put(state, 1, T, (10, 10))
    move(state, NORTH, ship, (5, 4))
    result = game.result(state)
    assert result is not None and "turn limit" in result["reason"] and state["reserve"] == reserve
    assert result["winners"] == [NORTH] and result["scores"] == [8 + 5, 8 + 1]
