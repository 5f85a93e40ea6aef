"""Held keys on the dummy driver (issue 17, items 1 and 2): pygame's repeats are KEYDOWN events with no
KEYUP between them, posted here the way pygame posts them. The same faults with real keys on a real X
server are tests/desktop/test_real_input.py."""
import pygame
import pytest

import bots
from game import keys
from game.scenes.new_game import NewGameScene
from game.scenes.settings_scene import SettingsScene
from game.scenes.title import TitleScene
from net.local import LocalTable


def hold(ui, key, repeats: int) -> None:
    """A key held down: the press, then `repeats` of pygame's repeats, one a frame, then the release."""
    for _ in range(1 + repeats):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
        ui.frames(1)
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0))
    ui.frames(1)


@pytest.fixture
def risk_board(ui):
    seats = [{"kind": "human", "name": "Ada"}, {"kind": "bot", "name": "Bot"}]
    link = LocalTable("risk", seats, seed=3, bot_delay=3600, bot_factory=bots.make)
    from game import boards
    ui.app.push(boards.board_scene(ui.app, link))
    ui.frames(2)
    yield ui.top
    link.close()


def test_a_held_arrow_key_moves_the_menu_once_a_repeat(ui):
    """Up/Down repeat: holding Down walks down the menu."""
    hold(ui, pygame.K_DOWN, 4)
    assert ui.top.menu.focus == 5


def test_a_held_enter_opens_one_screen_and_does_not_go_on_in_the_next(ui):
    """Enter takes one step however long it is held: the New game form opens and its game does not start."""
    hold(ui, pygame.K_RETURN, 5)
    assert isinstance(ui.top, NewGameScene) and len(ui.app.stack) == 2


def test_a_held_esc_on_a_board_only_asks_and_a_second_press_leaves_without_the_question(ui, risk_board):
    """Issue 17.2: Esc held on a board never reaches the title's quit; "Press Esc again to leave" stays with
    its board."""
    hold(ui, pygame.K_ESCAPE, 30)
    assert ui.top is risk_board and ui.app.running
    assert [t[0] for t in ui.app.toasts] == [risk_board.leave_notice]
    hold(ui, pygame.K_ESCAPE, 30)            # the deliberate second press leaves; its repeats quit nothing
    assert isinstance(ui.top, TitleScene) and ui.app.running
    assert not ui.app.toasts


def test_key_repeat_is_the_windows_again_after_a_text_field_loses_focus(ui):
    """Issue 17.1: pygame_gui turns key repeat off for the program when its field loses focus; the window
    puts its own back, so a held Down walks the menu after visiting the name box."""
    ui.key(pygame.K_s)
    scene = ui.top
    assert isinstance(scene, SettingsScene)
    ui.click(scene.name.rect.center)
    assert scene.name.focused
    ui.key(pygame.K_ESCAPE)                  # leaves the field (pygame_gui: set_repeat(0))
    assert not scene.name.focused
    assert pygame.key.get_repeat() == keys.REPEAT
    ui.key(pygame.K_ESCAPE)
    hold(ui, pygame.K_DOWN, 3)
    assert isinstance(ui.top, TitleScene) and ui.top.menu.focus == 4


def test_a_key_down_when_the_window_lost_focus_counts_as_a_new_press_later():
    """The key-up of a key released in another window never comes: losing focus forgets held keys."""
    held = keys.HeldKeys()
    down = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)
    assert not held.dropped(down)
    assert held.dropped(down)
    held.dropped(pygame.event.Event(pygame.WINDOWFOCUSLOST))
    assert not held.dropped(down)

