"""Continue: every local game is saved as it goes; leaving it or closing the window loses nothing, and the
title screen (or Replays) picks it up where it was."""
import functools
import time

import bots
import pygame

from engine.session import Session
from game import saved_games, tables
from game.app import App
from game.scenes.game_over import GameOverScene
from game.scenes.replays import ReplaysScene
from game.scenes.title import TitleScene
from game.settings import Settings
from tests.game.driver import Driver
from tests.game.test_local_game import open_new_game, start_against_bots

MAX_FRAMES = 40_000
TIME_LIMIT = 90.0


def new_window() -> tuple[App, Driver]:
    app = App(settings=Settings(player_name="Tester", animation_speed="instant"), bot_factory=bots.make)
    app.push(TitleScene(app))
    driver = Driver(app)
    driver.frames(2)
    return app, driver


def menu_labels(ui) -> list[str]:
    return [b.label for b in ui.top.menu.buttons]


def close_window(app: App) -> None:
    """What the window's close button does: a QUIT event ends the loop, then the app closes."""
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.step(1 / 60)
    assert not app.running
    app.close()

RISK_SEED = 8


def play(ui, board, until, player) -> int:
    deadline = time.monotonic() + TIME_LIMIT
    frames = 0
    while not until():
        assert frames < MAX_FRAMES and time.monotonic() < deadline, f"not there after {frames} frames"
        if ui.top is board:
            player.step()
        ui.frames(1)
        frames += 1
    return frames


def test_a_risk_game_left_by_closing_the_window_is_continued_from_the_title_and_finished(sandbox_home, monkeypatch):
    """Start Risk against bots, close the window mid-game, open it again: Continue on the title screen picks the
    game up at the very move it was left, and it is played to the end."""
    # A seeded table: an unseeded one is a different game each run, some many times longer than others.
    monkeypatch.setattr(tables, "start_local", functools.partial(tables.start_local, seed=RISK_SEED))
    from game.risk import BoardScene
    from game.risk.autoplay import ClickPlayer
    app, ui = new_window()
    try:
        assert "Continue" not in menu_labels(ui)   # nothing saved yet
        board = start_against_bots(ui, "risk", 3)
        assert isinstance(board, BoardScene)
        play(ui, board, lambda: board.pub.get("turn_number", 0) >= 3 and board.pub.get("phase") == "attack",
             ClickPlayer(board))
        session = board.link.session
        rev, live_hash = session.rev, session.state_hash()
        assert session.result() is None and rev > 40
    finally:
        close_window(app)

    [saved] = saved_games.listing()
    assert saved.can_continue and saved.moves == rev
    assert Session.load(saved.path).state_hash() == live_hash   # every move reached the save

    app, ui = new_window()
    try:
        assert menu_labels(ui)[0] == "Continue"
        ui.key(pygame.K_c)
        board = ui.top
        assert isinstance(board, BoardScene)
        assert board.link.rev == rev and board.link.session.state_hash() == live_hash
        assert board.link.my_seats == [0]
        play(ui, board, lambda: isinstance(ui.top, GameOverScene), ClickPlayer(board))
        result = ui.top.result
        assert len(result["winners"]) == 1 and sum(result["scores"]) == 42
        ui.click_button(next(b for b in ui.top.menu.buttons if b.label == "Main menu"))
        assert isinstance(ui.top, TitleScene)
        assert "Continue" not in menu_labels(ui)   # the game is over: nothing left to continue
        [saved] = saved_games.listing()
        assert saved.finished and not saved.can_continue
    finally:
        close_window(app)


def bots_only_game(seed: int, moves: int | None = None):
    """A toy game of two bots, played to the end (or `moves` moves), closed; its save's path."""
    link = tables.start_local("toy", [{"kind": "bot", "level": "normal"}, {"kind": "human", "name": "Ann"}], {},
                              seed=seed, bot_factory=bots.make, bot_delay=0)
    link.poll()
    while link.phase != "over" and (moves is None or link.rev < moves):
        if link.session.to_act() == [1]:
            link.send({"type": "take", "count": 1}, 1)
        link.poll()
    path = link.table.save_path
    link.close()
    return path


def test_replays_offers_continue_for_an_unfinished_game_only_and_lists_a_damaged_save_with_its_fault(ui):
    """Replays: Continue beside Watch for an unfinished save; a finished one is watch-only; a damaged file is
    listed, saying what is wrong, instead of vanishing."""
    finished = bots_only_game(1)
    time.sleep(0.02)
    unfinished = bots_only_game(2, moves=3)
    (finished.parent / "broken.sandtable").write_bytes(b"\x93not a save")
    ui.key(pygame.K_r)
    scene = ui.top
    assert isinstance(scene, ReplaysScene)
    by_path = {s.path: s for s in scene.saves.values()}
    assert by_path[finished].status == "finished" and by_path[unfinished].status == "in progress"
    broken = by_path[finished.parent / "broken.sandtable"]
    assert broken.status == "damaged" and "not a Sandtable save" in broken.problem
    for key, saved in scene.saves.items():
        scene.list.selected = [k for k, _ in scene.list.rows].index(key)
        ui.frames(1)
        assert scene.continue_button.enabled == (saved.path == unfinished)
        assert scene.watch_button.enabled == (saved.path != broken.path)
    scene.list.selected = [k for k, _ in scene.list.rows].index(str(unfinished))
    ui.key(pygame.K_c)
    board = ui.top
    assert board.link.rev == 3 and board.link.my_seats == [1]


def test_leaving_a_game_says_it_is_saved_and_continue_returns_to_it(ui):
    """Esc twice leaves a local game; the first Esc says the game is kept, and the title then offers it."""
    form = open_new_game(ui, "risk")
    ui.click_button(form.start_button)
    board = ui.top
    from game.risk.autoplay import ClickPlayer
    ClickPlayer(board).step()   # place one starting army, so the game has a move to keep
    ui.frames(3)
    rev = board.link.rev
    assert rev > 0
    ui.key(pygame.K_ESCAPE)
    assert "game is saved" in ui.app.toasts[-1][0]
    ui.key(pygame.K_ESCAPE)
    assert isinstance(ui.top, TitleScene)
    assert menu_labels(ui)[0] == "Continue"
    ui.click_button(ui.top.menu.buttons[0])
    assert ui.top.link.rev == rev and ui.top.link.game == "risk"
