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
from game.scenes.game_over import GameOverScene

ROOT = Path(__file__).resolve().parents[2]
SECONDS = 40.0


def test_civil_war_joined_by_address_is_played_to_the_end_over_loopback(ui, sandbox_home):
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
        result = ui.top.result
        assert result["winners"] and sum(result["scores"]) > 0
    finally:
        proc.terminate()
        proc.wait(10)
