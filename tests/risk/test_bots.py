"""Bots: legal moves from the view alone, games that end, and hard beating easy (decision times are
measured by the bench: `run.py bench --bots`)."""
import pytest

from bots import make
from engine import Session
from tests.bot_games import bots_play

ACTION_LIMIT = 6000    # every tested game must end well inside this


def play(levels, seed, options=None, limit=ACTION_LIMIT):
    """A whole game between bots, each choosing from its own seat's view (and only from its legal)."""
    s = Session("risk", len(levels), seed=seed, options=options or {})
    bots_play(s, [make("risk", level, seat, seed) for seat, level in enumerate(levels)], limit)
    return s


def test_hard_beats_easy_in_most_games():
    """1 hard bot against 3 easy bots, 10 seeded games, the hard seat rotating: hard must win at least 7."""
    hard_wins = 0
    for seed in range(10):
        hard_seat = seed % 4
        levels = ["hard" if seat == hard_seat else "easy" for seat in range(4)]
        s = play(levels, seed)
        assert s.result() is not None, f"game {seed} did not end within {ACTION_LIMIT} actions"
        hard_wins += s.result()["winners"] == [hard_seat]
    assert hard_wins >= 7


@pytest.mark.parametrize("levels,options", [
    (["normal", "hard"], {"territories": "claim", "defender_dice": "choose"}),
    (["easy", "normal", "hard"], {"card_values": "fixed", "fortify": "adjacent"}),
    (["hard", "normal", "hard", "normal", "hard", "normal"], {}),
])
def test_bot_games_end_with_moves_their_legal_allows(levels, options):
    """Every bot move is one its view's legal lists, under every option, and the game ends."""
    s = play(levels, seed=11, options=options)
    assert s.result() is not None


def test_bots_wait_when_it_is_not_their_turn():
    s = Session("risk", 3, seed=1)
    first = s.to_act()[0]
    waiting = (first + 1) % 3
    assert make("risk", "hard", waiting, 0).choose(s.view(waiting)) is None
    assert make("risk", "easy", first, 0).choose(s.view(first)) in s.legal_actions(first)


def test_a_saved_bot_game_replays_to_the_same_hash(tmp_path):
    """Seed + action log reproduce the game: a whole bot game saved and loaded has the same state hash."""
    s = play(["hard", "easy", "normal", "easy"], seed=5, options={"defender_dice": "choose"})
    path = tmp_path / "risk.sts"
    s.save(path)
    again = Session.load(path)
    assert again.state_hash() == s.state_hash() and again.rev == s.rev and again.result() == s.result()
