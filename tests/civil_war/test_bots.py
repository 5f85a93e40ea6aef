"""Civil War bots: they read legal and the view only, hard beats easy, games end with no turn limit,
and replays match."""
import pytest

from bots import make as make_bot
from bots.civil_war.picture import Picture
from engine import Session
from tests.bot_games import bots_play

MAX_ACTIONS = 20_000   # far beyond any game seen (a few hundred actions): reaching it means a stall


def play(levels, seed, turn_limit=0):
    """A whole game between bots; the rulebook has no turn limit, so by default neither has this one."""
    session = Session("civil_war", 2, seed=seed, options={"turn_limit": turn_limit})
    bots_play(session, [make_bot("civil_war", levels[seat], seat, seed * 7 + seat) for seat in (0, 1)], MAX_ACTIONS)
    return session


def test_hard_beats_easy_in_most_seeded_games():
    """Hard (dangers, raids, sacrifices that save a city) beats easy in at least 8 of 10 games, sides swapped."""
    wins = 0
    for seed in range(10):
        hard_seat = seed % 2
        levels = ["hard", "easy"] if hard_seat == 0 else ["easy", "hard"]
        session = play(levels, seed)
        wins += session.result()["winners"] == [hard_seat]
    assert wins >= 8


@pytest.mark.parametrize("levels", [["hard", "hard"], ["normal", "normal"], ["easy", "easy"], ["hard", "easy"],
                                    ["easy", "normal"], ["normal", "hard"]])
def test_every_pairing_of_levels_ends_a_war_without_a_turn_limit(levels):
    """The rulebook has no turn limit: the war ends only when a side has no pieces or both are down to one.
    Bots grow bold, then desperate, when no piece falls for long, so every game gets there."""
    for seed in range(3):
        session = play(levels, seed)
        result = session.result()
        assert result is not None, f"{levels} seed {seed} still running after {MAX_ACTIONS} actions"
        assert "limit" not in result["reason"]
        assert min(result["scores"]) == 0 or result["scores"] == [1, 1]


def test_a_bot_acts_only_when_its_seat_is_to_act():
    session = Session("civil_war", 2, seed=11)
    for level in ("easy", "normal", "hard"):
        assert make_bot("civil_war", level, 1, 0).choose(session.view(1)) is None
        assert make_bot("civil_war", level, 0, 0).choose(session.view(0)) in session.legal_actions(0)


def test_the_picture_reads_strength_with_fortification_and_garrison():
    """A bot's own reading of battle strength: fortified ground units count two, a standing capital adds its
    garrison (Washington 4) -- read from the view, checked here against the rules' figures."""
    session = Session("civil_war", 2, seed=3)
    session.state["fortified"]["Baltimore"] = 1
    pic = Picture(session.view(0), 0)
    washington = pic.board.cities["Washington"].at
    baltimore = pic.board.cities["Baltimore"].at
    from engine.civil_war.battle import defence
    from engine.civil_war.board import load
    for sq in (washington, baltimore):
        assert pic.strength(sq, 1) == defence(load(), session.state, sq, 1)
    assert pic.strength(washington, 1) == 3 + 1 + 4 and pic.strength(baltimore, 1) == 2 * 2


def test_the_enemys_reach_counts_a_whole_stack_one_step_and_cavalry_two():
    """Next turn the Union's Washington stack (3 infantry, 1 cavalry) can strike next door with all four, its
    cavalry alone two squares off; Florida is out of every Union stack's reach."""
    session = Session("civil_war", 2, seed=3)
    pic = Picture(session.view(0), 0)
    reach = pic.reach(1)
    assert reach[(15, 5)] >= 4           # Fredericksburg, next to Washington
    assert reach.get((13, 2), 0) >= 1    # two squares from Washington: cavalry
    assert (11, 12) not in reach         # Jacksonville: no Union stack is within a turn of it


def test_a_saved_bot_game_replays_to_the_same_hash(tmp_path):
    """Seed + action log reproduce the game exactly."""
    session = play(["hard", "normal"], 3)
    path = tmp_path / "civil_war.sts"
    session.save(path)
    again = Session.load(path)
    assert again.state_hash() == session.state_hash() and again.result() == session.result()
    assert again.rev == session.rev > 10
