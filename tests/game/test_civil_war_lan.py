"""The Civil War board over the LAN: a `serve --game civil_war` process with a bot seat, and this
window joining it by address, then playing its side to the end through the board's own clicks."""
import os
import subprocess
import sys
import time
from pathlib import Path

import bots
import pygame

from game.civil_war import BoardScene
from game.civil_war.autoplay import ClickPlayer
from bots import analysis
from game.scenes.game_over import GameOverScene
from game.scenes.replays import ReplayScene, ReplaysScene
from net import seen

ROOT = Path(__file__).resolve().parents[2]
SECONDS = 40.0


def test_civil_war_joined_by_address_is_played_to_the_end_over_loopback(ui, sandbox_home, monkeypatch):
    env = dict(os.environ, SANDTABLE_HOME=str(sandbox_home), SANDTABLE_DISCOVERY_INTERFACES="127.0.0.1")
    proc = subprocess.Popen([sys.executable, str(ROOT / "run.py"), "serve", "--game", "civil_war", "--bots", "easy",
                             "--host", "127.0.0.1", "--port", "0", "--no-discovery", "--bot-delay", "0",
                             "--seed", "6"], cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)
    try:
        line = proc.stdout.readline()
        assert line.startswith("listening on"), (line, proc.stderr.read() if proc.poll() is not None else "")
        port = int(line.strip().rsplit(":", 1)[1])
        ui.key(pygame.K_j)
        ui.click(ui.top.address.rect.center)
        ui.type_text(f"127.0.0.1:{port}")
        ui.key(pygame.K_RETURN)
        assert ui.until(lambda: isinstance(ui.top, BoardScene), max_frames=400, sleep=0.01)
        board = ui.top
        assert board.link.my_seats == [0] and board.link.game == "civil_war"
        player = ClickPlayer(board, bots.make, "hard", 6)
        deadline = time.monotonic() + SECONDS
        while not isinstance(ui.top, GameOverScene):
            assert time.monotonic() < deadline, (board.link.rev, board.pending_seq, board.refusals[-3:], player.done[-6:], board.link.view(0)["public"]["to_act"], board.active_seat, player.plan)
            if ui.top is board:
                player.step()
            ui.frames(1)
            time.sleep(0.001)
        assert board.refusals == [], (board.sent[-4:], [e["text"] for e in board.log.entries[-8:]], player.done[-8:])
        assert {"move", "end_turn"} <= {a["type"] for a in board.sent}
        over = ui.top
        result = over.result
        assert result["winners"] and sum(result["scores"]) > 0
        rev = board.link.rev
    finally:
        proc.terminate()
        proc.wait(10)
    _the_guest_watches_its_game_again_and_has_its_own_decisions_analysed(ui, sandbox_home, over, rev, board.sent,
                                                                         monkeypatch)


def _the_guest_watches_its_game_again_and_has_its_own_decisions_analysed(ui, sandbox_home, over, rev, sent,
                                                                        monkeypatch):
    """The host keeps the save; this window, a guest, kept what its seat was shown (net.seen) when the game
    ended, with the host gone: Replay and analyse watches it again from the game-over screen, A weighs this
    seat's own decisions, and the Replays list offers the same game later (not to continue: the game is the
    host's)."""
    kept = list((sandbox_home / "data" / "saves").glob(f"*{seen.SUFFIX}"))
    assert len(kept) == 1, list((sandbox_home / "data").rglob("*"))
    button = next(b for b in over.menu.buttons if b.label == "Replay and analyse")
    ui.click_button(button)
    viewer = ui.top
    assert isinstance(viewer, ReplayScene) and viewer.link.length == rev
    ui.key(pygame.K_END)
    assert viewer.link.view(None)["public"]["result"] == over.result
    monkeypatch.setattr(analysis, "settings_for", lambda game_id: analysis.AnalysisSettings(
        iterations=8, inaccuracy=1e-9, mistake=0.05, blunder=0.2, evidence=0.0))
    ui.key(pygame.K_a)
    assert ui.until(lambda: viewer.analysis.report is not None, max_frames=6000, sleep=0.02), viewer.analysis.error
    report = viewer.analysis.report
    assert report["seats"] == [0] and report["verdicts"]
    assert {v["seat"] for v in report["verdicts"]} == {0}
    assert len(report["verdicts"]) <= len(sent)
    assert Path(str(kept[0]) + ".analysis.png").exists()
    ui.key(pygame.K_ESCAPE)
    assert ui.top is over, "leaving the replay comes back to the game's end"
    ui.click_button(next(b for b in over.menu.buttons if b.label == "Main menu"))
    ui.key(pygame.K_r)
    listed = ui.top
    assert isinstance(listed, ReplaysScene)
    row = listed.selected
    assert row.seen and row.finished and not row.can_continue and row.moves == rev
    ui.key(pygame.K_RETURN)
    assert isinstance(ui.top, ReplayScene) and ui.top.link.length == rev
