"""Continue, for every game with a board: a game left with Esc is picked up from the title screen, its
first move after Continue is accepted (the window numbers its actions on from the table's last seq),
and its log shows the moves made before leaving. The person is the game's scripted player (its catalog
entry's `player`), at its test table."""
import functools
import time

import bots
import pygame
import pytest

import catalog
from game import boards, local_play, paced_bots, tables
from game.scenes.title import TitleScene
from net.local import LocalTable
from tests.game.test_continue import close_window, new_window
from tests.own_games import board_games

TIME_LIMIT = 60.0
MAX_FRAMES = 6000
TIMER_SCALE = 0.02   # Tactics (1940)'s reaction windows of 60 ms


def scripted_player(game_id):
    """The game's scripted player, choosing as the hard bot does."""
    entry = catalog.spec(game_id)
    return lambda scene: catalog.load(entry.player)(scene, bots.make, "hard", entry.tests.seed)


@pytest.fixture
def answers(monkeypatch):
    """Every answer (ok / err) a local table gives its window, with the table that gave it."""
    heard = []
    poll = LocalTable.poll

    def record(self):
        out = poll(self)
        heard.extend((self, msg) for msg in out if msg["t"] in ("ok", "err"))
        return out
    monkeypatch.setattr(LocalTable, "poll", record)
    return heard


def drive(app, board, player, until) -> None:
    deadline = time.monotonic() + TIME_LIMIT
    for frame in range(MAX_FRAMES):
        if until():
            return
        assert time.monotonic() < deadline and app.stack.top is board, f"stuck after {frame} frames"
        player.step()
        app.step(1 / 60)
    assert until(), "the frames ran out"


def texts(board) -> list[str]:
    return [entry["text"] for entry in board.log.entries]


def contains_run(haystack: list, needle: list) -> bool:
    return any(haystack[i:i + len(needle)] == needle for i in range(len(haystack) - len(needle) + 1))


@pytest.mark.parametrize("game_id", board_games())
def test_a_game_left_with_esc_continues_from_the_title_with_its_log_and_its_next_move_accepted(
        game_id, sandbox_home, answers, monkeypatch):
    table = catalog.spec(game_id).tests
    make_player = scripted_player(game_id)
    monkeypatch.setattr(tables, "start_local", functools.partial(tables.start_local, seed=table.seed))
    # a race's bots at their level's own pace (the "instant" setting would have them finish in a second)
    monkeypatch.setattr(paced_bots, "race_speed", lambda settings: 1.0)
    app, ui = new_window()
    try:
        seats = [{"kind": "human", "name": "Ada"}] + [{"kind": "bot", "level": "easy"}] * (table.seats - 1)
        link = local_play.start_local_table(app, game_id, seats, {})
        link.timer_scale = TIMER_SCALE
        board = boards.board_scene(app, link)
        app.push(board)
        ui.frames(2)
        player = make_player(board)
        # three moves accepted and three lines in the log (a secret set-up's placements write none)
        drive(app, board, player, lambda: sum(1 for b, m in answers if b is board.link and m["t"] == "ok") >= 3
              and len(texts(board)) >= 3)
        ui.frames(2)
        assert [m for b, m in answers if b is board.link and m["t"] == "err"] == []
        rev, before = link.rev, texts(board)
        assert len(before) >= 3, before
        for _ in range(6):   # the first Esc may only drop what the player held
            if isinstance(ui.top, TitleScene):
                break
            ui.key(pygame.K_ESCAPE)
        assert isinstance(ui.top, TitleScene)
    finally:
        close_window(app)

    app, ui = new_window()
    try:
        assert ui.top.menu.buttons[0].label == "Continue"
        ui.key(pygame.K_c)
        board = ui.top
        assert isinstance(board, boards.board_class(game_id)) and board.link.rev == rev
        board.link.timer_scale = TIMER_SCALE
        ui.frames(1)
        # the log is back: the lines shown when the game was left are there, in order (but the newest, which a
        # move since may have merged into, and the first, a race's own notice of its start)
        earlier = before[1:-1][-6:]
        assert len(earlier) >= 2 and contains_run(texts(board), earlier), (before[-8:], texts(board)[:12])
        player = make_player(board)
        drive(app, board, player, lambda: any(b is board.link for b, _ in answers))
        first = next(m for b, m in answers if b is board.link)
        assert first["t"] == "ok", first
        assert board.link.rev > rev
    finally:
        close_window(app)


def test_a_game_whose_window_was_killed_continues_and_its_next_move_is_accepted(sandbox_home, answers):
    """The third way of leaving: the window's process dies mid-game (SIGKILL, no goodbye). Every move it made
    was journalled, and Continue picks the game up; the first move after it is accepted."""
    import os
    import signal
    import subprocess
    import sys
    from pathlib import Path
    root = Path(__file__).resolve().parents[2]
    env = dict(os.environ, SANDTABLE_HOME=str(sandbox_home), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               PYTHONPATH=str(root))
    proc = subprocess.Popen([sys.executable, "-m", "tests.game.window_crashing_player", "8"],
                            cwd=root, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line = proc.stdout.readline()
        assert line.startswith("played "), (line, proc.stderr.read() if proc.poll() is not None else "")
        rev = int(line.split()[1])
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait(10)
    app, ui = new_window()
    try:
        assert ui.top.menu.buttons[0].label == "Continue"
        ui.key(pygame.K_c)
        board = ui.top
        assert isinstance(board, boards.board_class("risk")) and board.link.rev >= rev
        ui.frames(1)
        assert len(board.log.entries) >= 3, "the log shows the moves made before the crash"
        drive(app, board, scripted_player("risk")(board), lambda: any(b is board.link for b, _ in answers))
        first = next(m for b, m in answers if b is board.link)
        assert first["t"] == "ok", first
    finally:
        close_window(app)
