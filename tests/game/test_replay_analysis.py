"""Analyse in the replay viewer (game/scenes/replay_analysis.py): A starts the expert's analysis of the save in
worker processes while the replay stays usable, a bar shows its progress; then the panel lists each seat's marks,
draws the chart (also written beside the save as a PNG), and a click on a marked move jumps the replay to just
before it with the move played and the better one drawn on the board."""
import os

import pygame
import pytest

import bots
from bots import analysis
from engine.session import Session
from game.replay_link import ReplayLink
from game.scenes.replays import ReplayScene
from tests.bot_games import bot_step

SHOTS = os.environ.get("SANDTABLE_HINT_SHOTS")


@pytest.fixture
def risk_save(tmp_path):
    s = Session("risk", 2, seed=3, seats=[{"name": "Ada", "kind": "human"}, {"name": "Bot", "kind": "bot"}])
    players = [bots.make("risk", "easy", 0, 1), bots.make("risk", "hard", 1, 2)]
    while s.rev < 220 and s.result() is None:
        bot_step(s, players)
    path = tmp_path / "game.sandtable"
    s.save(path)
    return path


@pytest.fixture
def every_drop_marked(monkeypatch):
    """A quick analysis that marks every drop it measures, so a short game has marks to show."""
    monkeypatch.setattr(analysis, "settings_for", lambda game_id: analysis.AnalysisSettings(
        iterations=16, inaccuracy=1e-9, mistake=0.05, blunder=0.2, evidence=0.0))


def test_analyse_marks_the_players_moves_and_a_click_jumps_to_one_with_the_better_move_drawn(
        ui, risk_save, every_drop_marked, monkeypatch):
    scene = ReplayScene(ui.app, ReplayLink(risk_save))
    ui.app.push(scene)
    ui.frames(2)
    ui.key(pygame.K_a)
    assert scene.analysis.running
    assert ui.until(lambda: scene.analysis.report is not None, max_frames=3000, sleep=0.02), "the analysis never ended"
    report = scene.analysis.report
    assert report["seats"] == [0] and all(v["seat"] == 0 for v in report["verdicts"])
    assert (risk_save.parent / (risk_save.name + ".analysis.png")).exists()
    assert scene.analysis.marked, [(v["drop"], v["error"]) for v in report["verdicts"]]
    scene.draw(ui.app.surface)
    assert scene.analysis.rows, "no marked move listed"
    rect, verdict = scene.analysis.rows[0]
    ui.click(rect.center)
    assert scene.link.position == verdict["index"] and scene.analysis.focus is verdict
    # the panel's lines, the marked move and the better one said in words: whole, in their boxes, none on another
    from tests.game.text_fit import Recorder
    recorder = Recorder(monkeypatch)
    ui.frames(1)
    recorder.clear()
    ui.app.compose()
    assert len([d for kind, d in recorder.items if kind == "text"]) > 10, "the panel drew no words"
    assert recorder.problems(ui.app.surface, overlaps=True, cuts=True, controls=True) == []
    if SHOTS:
        ui.frames(1)
        pygame.image.save(ui.app.surface, os.path.join(SHOTS, "replay_analysis.png"))
    ui.key(pygame.K_a)
    assert not scene.analysis.shown


def test_a_running_analysis_stops_on_escape_and_the_replay_stays(ui, risk_save, every_drop_marked):
    scene = ReplayScene(ui.app, ReplayLink(risk_save))
    ui.app.push(scene)
    ui.frames(2)
    ui.key(pygame.K_a)
    assert scene.analysis.running
    ui.key(pygame.K_ESCAPE)
    assert not scene.analysis.running and ui.top is scene
