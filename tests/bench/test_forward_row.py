"""The bench's forward-model row (bench/engine.py): a bot game played again action by action, each seat's action
timed as a playout pays for it (the actor's view, a copy of the state, the rules' apply), held to its goals only
where a game has them."""
import bench.engine as engine_bench
from bench.playing import play_turns
from bots import make
from engine import Session


def _short_game(actions: int = 40) -> Session:
    s = Session("risk", 2, seed=1)
    players = [make("risk", "easy", seat, 1) for seat in range(2)]
    play_turns(s, lambda seat, view: players[seat].choose(view), actions)
    return s


def test_the_row_times_every_action_a_seat_took_and_leaves_the_game_as_it_was():
    s = _short_game()
    before = s.state_hash()
    row = engine_bench._forward_row("risk", s)
    seated = sum(1 for seat, _ in s.log if seat is not None)
    assert f"over the {seated} actions" in row.note
    assert row.met is None and row.goal == ""   # no goal for Risk: for information
    assert s.state_hash() == before


def test_a_game_with_goals_is_held_to_them(monkeypatch):
    s = _short_game()
    monkeypatch.setitem(engine_bench.FORWARD_GOALS, "risk", (1000.0, 1000.0))
    assert engine_bench._forward_row("risk", s).met is True
    monkeypatch.setitem(engine_bench.FORWARD_GOALS, "risk", (0.0, 1000.0))
    assert engine_bench._forward_row("risk", s).met is False
    monkeypatch.setitem(engine_bench.FORWARD_GOALS, "risk", (1000.0, 0.0))
    assert engine_bench._forward_row("risk", s).met is False


def test_the_goal_is_held_by_the_games_commonest_action():
    """Issue 22 names a move: the row's p50 is that of the action the game takes most, not of all actions."""
    s = _short_game()
    kinds = [action.get("type") for seat, action in s.log if seat is not None]
    commonest = max(set(kinds), key=kinds.count)
    row = engine_bench._forward_row("risk", s)
    assert f"one {commonest} applied p50" in row.name
    assert f"{kinds.count(commonest)} of them {commonest}" in row.note


def test_the_search_step_row_clones_and_applies_every_seated_action_and_leaves_the_game_as_it_was():
    s = _short_game()
    before = s.state_hash()
    row = engine_bench._search_step_row("risk", s)
    seated = sum(1 for seat, _ in s.log if seat is not None)
    assert f"over the {seated} actions" in row.note and row.goal == "<= 20 / 100 us"
    assert s.state_hash() == before
