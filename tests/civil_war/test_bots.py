"""Bots: legal choices from their own view, fast decisions, hard beats easy, games end, replays match."""
import time

from bots import make as make_bot
from engine.legal import all_actions
from engine import Session
from engine import civil_war as cw

MAX_ACTIONS = 20_000   # a bound on any game: 200 side-turns of at most ~40 moves each, plus steps


def play(levels, seed, turn_limit=200):
    session = Session("civil_war", 2, seed=seed, options={"turn_limit": turn_limit})
    bots = [make_bot("civil_war", levels[seat], seat, seed * 7 + seat) for seat in (0, 1)]
    timings = []
    for _ in range(MAX_ACTIONS):
        if session.result() is not None:
            break
        seat = session.to_act()[0]
        view = session.view(seat)
        t = time.thread_time()
        action = bots[seat].choose(view)
        timings.append(time.thread_time() - t)
        session.act(seat, action)
    return session, timings


def test_hard_beats_easy_in_most_seeded_games():
    """Hard (captures cities, concentrates, avoids losing battles) beats random play in most games."""
    wins = 0
    for seed in range(10):
        hard_seat = seed % 2
        levels = ["hard", "easy"] if hard_seat == 0 else ["easy", "hard"]
        session, _ = play(levels, seed)
        assert session.result() is not None
        wins += session.result()["winners"] == [hard_seat]
    assert wins >= 7


def test_every_game_ends_within_a_bounded_number_of_actions_and_decisions_are_fast():
    """With the turn limit every game ends; each bot decision stays well under 50 ms."""
    all_timings = []
    for seed, levels in enumerate([["hard", "hard"], ["normal", "easy"], ["easy", "easy"], ["normal", "hard"]]):
        session, timings = play(levels, seed, turn_limit=100)
        assert session.result() is not None, f"{levels} did not finish within {MAX_ACTIONS} actions"
        assert session.state["turn_number"] <= 100
        all_timings.extend(timings)
    all_timings.sort()
    assert all_timings[int(len(all_timings) * 0.95)] < 0.05


def test_a_bot_acts_only_when_its_seat_is_to_act_and_always_legally():
    session = Session("civil_war", 2, seed=11)
    bot = make_bot("civil_war", "hard", 1, 0)
    assert all_actions(cw.legal(session.state, 1)) == [] and bot.choose(session.view(1)) is None
    action = make_bot("civil_war", "normal", 0, 0).choose(session.view(0))
    assert action in session.legal_actions(0)


def test_a_saved_bot_game_replays_to_the_same_hash(tmp_path):
    """Seed + action log reproduce the game exactly."""
    session, _ = play(["hard", "normal"], 3)
    path = tmp_path / "civil_war.sts"
    session.save(path)
    again = Session.load(path)
    assert again.state_hash() == session.state_hash() and again.result() == session.result()
    assert again.rev == session.rev > 10
