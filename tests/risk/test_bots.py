"""Bots: legal moves from the view alone, quick decisions, games that end, and hard beating easy."""
import time

import pytest

from bots import make
from engine import Session

ACTION_LIMIT = 6000    # every tested game must end well inside this
DECISION_LIMIT_S = 0.05


def play(levels, seed, options=None, limit=ACTION_LIMIT):
    """A whole game between bots, each choosing from its own seat's view; returns (session, worst decision)."""
    s = Session("risk", len(levels), seed=seed, options=options or {})
    players = [make("risk", level, seat, seed) for seat, level in enumerate(levels)]
    worst = 0.0
    for _ in range(limit):
        if s.result():
            break
        seat = s.to_act()[0]
        view = s.view(seat)
        # CPU time of this thread: what the bot costs, not how busy the rest of the machine is.
        start = time.thread_time()
        action = players[seat].choose(view)
        worst = max(worst, time.thread_time() - start)
        s.act(seat, action)  # raises if a bot ever picks an illegal move
    return s, worst


def test_hard_beats_easy_in_most_games():
    """1 hard bot against 3 easy bots, 10 seeded games, the hard seat rotating: hard must win at least 7."""
    hard_wins = 0
    for seed in range(10):
        hard_seat = seed % 4
        levels = ["hard" if seat == hard_seat else "easy" for seat in range(4)]
        s, _ = play(levels, seed)
        assert s.result() is not None, f"game {seed} did not end within {ACTION_LIMIT} actions"
        hard_wins += s.result()["winners"] == [hard_seat]
    assert hard_wins >= 7


@pytest.mark.parametrize("levels,options", [
    (["normal", "hard"], {"territories": "claim", "defender_dice": "choose"}),
    (["easy", "normal", "hard"], {"card_values": "fixed", "fortify": "adjacent"}),
    (["hard", "normal", "hard", "normal", "hard", "normal"], {}),
])
def test_bot_games_end_with_legal_quick_decisions(levels, options):
    """Every bot move is legal (Session.act would refuse it), each decision is under 50 ms, and the game ends."""
    s, worst = play(levels, seed=11, options=options)
    assert s.result() is not None
    assert worst < DECISION_LIMIT_S


def test_bots_wait_when_it_is_not_their_turn():
    s = Session("risk", 3, seed=1)
    first = s.to_act()[0]
    waiting = (first + 1) % 3
    assert make("risk", "hard", waiting, 0).choose(s.view(waiting)) is None
    assert make("risk", "easy", first, 0).choose(s.view(first)) in s.legal_actions(first)


def test_a_saved_bot_game_replays_to_the_same_hash(tmp_path):
    """Seed + action log reproduce the game: a whole bot game saved and loaded has the same state hash."""
    s, _ = play(["hard", "easy", "normal", "easy"], seed=5, options={"defender_dice": "choose"})
    path = tmp_path / "risk.sts"
    s.save(path)
    again = Session.load(path)
    assert again.state_hash() == s.state_hash() and again.rev == s.rev and again.result() == s.result()
