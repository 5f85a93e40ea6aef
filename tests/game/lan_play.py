"""What the window-over-the-network tests share (test_situation4_lan, test_tactics1940_lan): running frames
until something shows, and the end of a game between two windows —
played to the game-over scene, then both final boards held against the host's own record."""
import json
import subprocess
import sys
import time
from pathlib import Path

from engine.session import Session
from tests.game.driver import host_starts_when_full

ROOT = Path(__file__).resolve().parents[2]


def frames_until(ui, condition, seconds: float = 10.0) -> bool:
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            return False
        ui.turn()
        time.sleep(0.003)
    return True


def wait_for_board(ui, board_type, seconds: float):
    """The board of `board_type` once it is on top (a hosting window starts its table once it is full)."""
    def on_board() -> bool:
        host_starts_when_full(ui)
        return isinstance(ui.top, board_type)
    assert frames_until(ui, on_board, seconds), f"no board after {seconds} s: {type(ui.top).__name__}"
    return ui.top


def host_from_the_form(ui, game: str, seats: int) -> tuple[str, object]:
    """Host on LAN from the title: `game`, `seats` seats (this window's and open ones), a table name of its own.
    Returns (the table's name, the lobby, once this window holds seat 0 in it)."""
    import os

    import pygame

    from game.scenes.lobby import LobbyScene
    from game.scenes.new_game import NewGameScene
    from tests.game.test_local_game import choose_game
    table = f"{game}-{os.getpid()}-{time.monotonic_ns() % 10 ** 6}"
    ui.key(pygame.K_h)
    form = ui.top
    assert isinstance(form, NewGameScene) and form.lan
    choose_game(ui, form, game)
    for _ in range(4):
        if form.seat_count.value == seats:
            break
        ui.click_button(form.seat_count)
    assert [c.value for c in form.seat_cyclers] == ["you"] + ["open"] * (seats - 1)
    ui.click(form.table_name.rect.center)
    for _ in range(len(form.table_name.text)):
        ui.key(pygame.K_BACKSPACE)
    ui.type_text(table)
    ui.click_button(form.start_button)
    lobby = ui.top
    assert isinstance(lobby, LobbyScene) and lobby.host is not None
    assert frames_until(ui, lambda: lobby.link.my_seats == [0] and lobby.link.phase == "lobby")
    return table, lobby


def play_to_the_end(ui, board, step, rival, seconds: float):
    """Frames until the game-over scene shows, `step()` (this window's player) whenever the board is on top;
    the other window's process `rival` must then exit cleanly. Returns the game-over scene."""
    from game.scenes.game_over import GameOverScene
    link = board.link
    deadline = time.monotonic() + seconds
    while not isinstance(ui.top, GameOverScene):
        assert time.monotonic() < deadline, (link.rev, link.status, board.refusals[-3:], rival.poll())
        if ui.top is board:
            step()
        ui.turn()
        time.sleep(0.001)
    assert rival.wait(60) == 0, rival.stderr.read()
    return ui.top


def hosted_game(ui, game: str, link, board_of, mine: dict, theirs: dict) -> Session:
    """The host's record of the game (this window hosted it: the autosave in its player's saves folder), once it
    holds every move; this window's final board (`mine`, its public view) and the other window's (`theirs`,
    as its script wrote it) must both be that record's, and `run.py replay --verify` replays it to its hash."""
    from game import paths
    saves = sorted(paths.saves_dir().glob(f"{game}-*.sandtable"))
    assert len(saves) == 1, saves
    assert frames_until(ui, lambda: Session.load(saves[0]).rev == link.rev, 5.0)
    hosted = Session.load(saves[0])
    host_board = json.loads(json.dumps(board_of(hosted.view(0)["public"])))
    assert json.loads(json.dumps(board_of(mine))) == host_board, "my window's final board is the host's"
    assert theirs["board"] == host_board, "the other window's final board is the host's"
    verify = subprocess.run([sys.executable, str(ROOT / "run.py"), "replay", str(saves[0]), "--verify"], cwd=ROOT,
                            capture_output=True, text=True, timeout=60)
    assert verify.returncode == 0 and verify.stdout.split()[0] == hosted.state_hash(), verify.stderr
    return hosted
