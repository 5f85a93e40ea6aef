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


def _club_game(path):
    """What the club sends of the game a save records (club.replays, its pages joined): the record a spectator's
    replay steps through, and the first seat's own decisions."""
    from club import replays
    from engine import decisions
    header, log = decisions.read(path)
    record = {"name": "Bartholomew-Konstantin's-unbroken-table-name-of-sixty-letters", "header": header,
              "actions": [(rev, seat, action, None) for rev, (seat, action) in enumerate(log, start=1)]}
    game, start = None, 0
    while start is not None:
        page = replays.built_page(record, start)
        game = game or {k: page[k] for k in ("game", "name", "seats")} | {"moves": []}
        game["moves"] += page["moves"]
        start = page["next"]
    own, start = None, 0
    while start is not None:
        page = replays.built_decisions(record, [0], start)
        own = own or {k: page[k] for k in ("game", "name", "seats", "n_seats", "length")} | {"decisions": []}
        own["decisions"] += page["decisions"]
        start = page["next"]
    return game, own


def _answered(value=None, error=None):
    from concurrent.futures import Future
    future = Future()
    if error is not None:
        future.set_exception(error)
    else:
        future.set_result(value)
    return future


def test_a_club_game_s_analysis_weighs_the_player_s_own_decisions_the_club_sends(ui, risk_save, every_drop_marked,
                                                                                 monkeypatch):
    """A finished club game, replayed as the club sends it (spectator's views): A asks the club for the player's
    own decisions and analyses them as a save's, the chart kept in the saves folder."""
    from game import paths
    from game.recorded_replay import RecordedReplayLink
    game, own = _club_game(risk_save)
    asked = []
    scene = ReplayScene(ui.app, RecordedReplayLink(game, lambda: asked.append(1) or _answered(own)))
    ui.app.push(scene)
    ui.frames(2)
    assert scene.analysis.available is None
    from tests.game.text_fit import Recorder
    recorder = Recorder(monkeypatch)
    ui.key(pygame.K_a)
    assert ui.until(lambda: scene.analysis.report is not None or recorder.clear(), max_frames=3000, sleep=0.02), \
        "the analysis never ended"
    assert "Hide (A)" in [b.text for b in recorder.buttons], "the frame the analysis ended in says what A does now"
    report = scene.analysis.report
    assert asked == [1] and report["seats"] == [0] and report["verdicts"]
    assert {v["index"] for v in report["verdicts"]} <= {d["index"] for d in own["decisions"]}
    assert scene.analysis.png is not None and scene.analysis.png.parent == paths.saves_dir() and scene.analysis.png.exists()
    recorder.clear()
    ui.app.compose()   # the panel, its chart's file named after the table: every line whole, in its box
    assert recorder.problems(ui.app.surface, overlaps=True, cuts=True, controls=True) == []
    rect, verdict = scene.analysis.rows[0]
    ui.click(rect.center)
    assert scene.link.position == verdict["index"]


def test_a_club_game_the_club_will_not_analyse_says_why_and_the_replay_stays(ui, risk_save):
    from game.recorded_replay import RecordedReplayLink
    game, _own = _club_game(risk_save)
    refusal = "You held no seat at table 7: only a seat's own player is sent its decisions."
    scene = ReplayScene(ui.app, RecordedReplayLink(game, lambda: _answered(error=ValueError(refusal))))
    ui.app.push(scene)
    ui.frames(2)
    ui.key(pygame.K_a)
    assert ui.until(lambda: not scene.analysis.running, max_frames=600, sleep=0.02)
    assert scene.analysis.report is None and refusal in " ".join(t.text for t in ui.app.toasts)
    ui.key(pygame.K_RIGHT)
    assert ui.top is scene and scene.link.position == 1
    unplayed = ReplayScene(ui.app, RecordedReplayLink(game))   # a link with no way to the player's decisions
    assert "Only a game you played in can be analysed" in unplayed.analysis.available
