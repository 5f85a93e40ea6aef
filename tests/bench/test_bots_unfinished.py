"""The bot bench keeps a game that does not end: its save is written, and it replays to the very position the
bots stopped in, so a bot that loops can be watched (`python run.py replay PATH`) even when its game, an expert's
on the clock, could not be played again."""
from bench import bots as bench
from engine.session import Session


def test_a_game_stopped_at_the_action_cap_is_saved_and_replays_to_where_it_stopped(tmp_path, monkeypatch):
    monkeypatch.setattr(bench, "ACTION_CAP", 25)
    game = bench.play("risk", ["easy", "easy"], seed=3, keep_dir=tmp_path)
    assert not game.finished and game.actions == 25
    assert game.kept == str(tmp_path / "risk-seed3-easy-easy.sandtable")
    again = Session.load(game.kept)
    assert again.rev == 25 and again.result() is None   # every move replayed, the game still open


def test_a_rerun_of_the_same_seed_keeps_the_earlier_unfinished_game_beside_its_own(tmp_path, monkeypatch):
    monkeypatch.setattr(bench, "ACTION_CAP", 25)
    first = bench.play("risk", ["easy", "easy"], seed=3, keep_dir=tmp_path)
    monkeypatch.setattr(bench, "ACTION_CAP", 30)
    second = bench.play("risk", ["easy", "easy"], seed=3, keep_dir=tmp_path)
    assert second.kept == str(tmp_path / "risk-seed3-easy-easy-2.sandtable")
    assert Session.load(first.kept).rev == 25 and Session.load(second.kept).rev == 30


def test_a_game_that_ends_leaves_nothing_behind(tmp_path):
    game = bench.play("situation4", ["easy", "easy"], seed=1, keep_dir=tmp_path)
    assert game.finished and game.kept is None and not any(tmp_path.iterdir())
