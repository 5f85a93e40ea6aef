"""Bot racers against each other through the Session, saves and replays (decision times: `run.py bench --bots`)."""
import pytest

from bots import situation4 as racer
from engine.session import Session

from tests.situation4.helpers import new, totals


def race(levels, seed, max_rounds=600):
    """Interleave the bots' moves (seat order each round) until the puzzle is complete."""
    s = new(seats=len(levels), seed=seed)
    bots = [racer.make(level, seat, seed * 7 + seat) for seat, level in enumerate(levels)]
    for _ in range(max_rounds):
        if s.result() is not None:
            break
        moved = False
        for seat, bot in enumerate(bots):
            view = s.view(seat)
            action = bot.choose(view)
            if action is not None and s.result() is None:
                s.apply(seat, action)   # a bot deciding from a fresh view never makes an illegal move
                moved = True
        if not moved:
            break
    return s


@pytest.mark.parametrize("levels", [("hard", "normal"), ("easy", "hard"), ("normal", "easy", "hard", "easy")])
def test_a_bot_race_finishes_with_a_scored_result(levels):
    """A full bot-against-bot race (and a 2x2 team race) runs to a complete puzzle and a scored result."""
    s = race(levels, seed=11)
    result = s.result()
    assert result is not None, "the race did not finish"
    assert all(o is not None for o in s.state["owner"])
    side_totals = totals(s)
    assert result["scores"] == [side_totals[seat % 2] for seat in range(len(levels))]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_hard_racer_beats_easy(seed):
    """The hard racer (objectives, flags at once, bases first, tanks and paratroopers) outscores the easy one."""
    s = race(("easy", "hard"), seed=seed)
    scores = s.result()["scores"]
    assert scores[1] > scores[0]


def test_levels_differ_in_pace():
    """Easy is slow, normal steady, hard fast."""
    paces = [racer.make(level, 0, 1).pace for level in ("easy", "normal", "hard")]
    assert paces[0] > paces[1] > paces[2] > 0


def test_a_bot_has_nothing_to_do_once_the_game_is_over():
    """When the puzzle is complete a bot returns None."""
    s = race(("hard", "hard"), seed=5)
    assert racer.make("hard", 0, 1).choose(s.view(0)) is None


def test_a_bot_flags_its_objective_at_once():
    """Normal and hard racers plant their flag right after placing an objective."""
    s = new()
    s.apply(0, {"type": "place", "piece": 90, "slot": 90})   # the 25-point objective on orange's base line
    assert racer.make("normal", 0, 1).choose(s.view(0)) == {"type": "flag", "slot": 90}


def test_save_and_replay_give_the_same_hash(tmp_path):
    """A saved race replays move by move to the same state hash."""
    s = race(("hard", "normal"), seed=21)
    path = tmp_path / "race.sts"
    s.save(path)
    again = Session.load(path)
    assert again.state_hash() == s.state_hash() and again.result() == s.result()
    half = Session.load(path, upto=len(s.log) // 2)
    assert half.result() is None and half.state_hash() != s.state_hash()
