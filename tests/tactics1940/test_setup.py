"""Players, pieces and the start of the game (Rules 1, 2, 5 and 8)."""
import pytest

from engine import Session
from engine import sides as side_list
from engine import tactics1940 as game
from engine.rng import Rng
from engine.tactics1940.pieces import TOTAL_COINS


def new(n, seed=0):
    return game.setup(game.default_options(), n, Rng(seed))


@pytest.mark.parametrize("n, powers", [(2, ["North", "South"]), (3, ["North", "East", "South"]),
                                       (4, ["North", "East", "South", "West"])])
def test_the_seat_count_picks_the_powers(n, powers):
    """Rule 1: two play the belligerents; three add one neutral; four play both neutrals."""
    state = new(n)
    assert state["powers"] == powers
    assert state["camp"] == [p if p in ("North", "South") else None for p in powers]
    assert game.view(state, None)["public"]["trading"] == [p not in ("North", "South") for p in powers]


def test_two_to_four_players():
    """Rule 1: the game is for 2 to 4 players."""
    assert (game.MIN_SEATS, game.MAX_SEATS) == (2, 4)
    for n in (1, 5):
        with pytest.raises(ValueError):
            game.validate_options({}, n)
    with pytest.raises(ValueError):
        game.validate_options({"reaction_seconds": 4}, 2)
    assert game.validate_options({}, 3) == {"reaction_seconds": 3, "turn_limit": 0}


def test_each_player_has_his_pieces_coins_and_protest_cards():
    """Rule 5: each player has 4 battleships, 2 airplanes, 6 transports, 6 protest cards and 8 coins;
    the remaining coins go to the Gold Reserve."""
    for n in (2, 3, 4):
        state = new(n)
        for seat in range(n):
            mine = [p for p in state["pieces"] if p["owner"] == seat]
            kinds = sorted(p["kind"] for p in mine)
            assert kinds == ["airplane"] * 2 + ["battleship"] * 4 + ["transport"] * 6
            home = game.load().homes[state["powers"][seat]]
            assert all(tuple(p["at"]) in home.squares for p in mine)
        assert state["coins"] == [8] * n and state["protest_cards"] == [6] * n
        assert state["reserve"] + sum(state["coins"]) == TOTAL_COINS


def test_the_high_roller_moves_first():
    """Rule 8: high man moves first: each seat rolls two dice, ties roll again (a seeded roll)."""
    seen = set()
    for seed in range(40):
        state = new(4, seed)
        last = state["rolls"][-1]
        best = max(t for _, t in last)
        assert [s for s, t in last if t == best] == [state["first"]]
        for earlier in state["rolls"][:-1]:
            top = max(t for _, t in earlier)
            assert sum(1 for _, t in earlier if t == top) > 1
        assert state["turn"] == state["first"] and game.to_act(state) == {state["first"]}
        seen.add(state["first"])
    assert seen == {0, 1, 2, 3}


def test_the_first_player_is_the_same_for_the_same_seed():
    assert new(4, 7)["first"] == new(4, 7)["first"] and new(4, 7)["rolls"] == new(4, 7)["rolls"]


def test_sides_are_one_per_seat_and_start_without_allies():
    """Rule 1 and 15: North and South are at war; the neutrals stand apart."""
    state = new(4)
    sides = game.sides(state)
    assert side_list.problem(sides, 4) is None
    assert [s["name"] for s in sides] == ["North", "East", "South", "West"]
    assert all(s["allies"] == [] for s in sides)


def test_the_purpose_is_a_blockade_for_the_belligerents_and_the_session_knows_no_result_before():
    """Rule 2: the belligerents play to blockade, the neutrals to trade; until a blockade there is no result."""
    s = Session("tactics1940", 4, seed=3)
    assert s.result() is None and s.phase == "play"
    assert game.GAME_TYPE.reactions and game.GAME_TYPE.alliances_change and game.GAME_TYPE.timed
    assert game.GAME_TYPE.hidden_on_board and game.GAME_TYPE.secret
