"""Main menu navigation with real mouse and key events; Esc goes back everywhere."""
import pygame
import pytest

from game import sound
from game.scenes.lan_browser import LanBrowserScene
from game.scenes.new_game import NewGameScene
from game.scenes.replays import ReplaysScene
from game.scenes.rules import RulesScene
from game.scenes.settings_scene import SettingsScene
from game.scenes.title import TitleScene

MENU = [("Play", NewGameScene), ("Host on LAN", NewGameScene), ("Join", LanBrowserScene), ("Replays", ReplaysScene),
        ("Rules", RulesScene), ("Settings", SettingsScene)]


def menu_button(ui, label):
    return next(b for b in ui.top.menu.buttons if b.label == label)


@pytest.mark.parametrize("label,scene_type", MENU)
def test_clicking_each_menu_entry_opens_its_scene_and_esc_comes_back(ui, label, scene_type):
    """Every main-menu entry opens its scene on a click; "Esc goes back everywhere"."""
    ui.click_button(menu_button(ui, label))
    assert isinstance(ui.top, scene_type)
    assert "click" in sound.sounds.played  # "a sound on every click"
    ui.key(pygame.K_ESCAPE)
    assert isinstance(ui.top, TitleScene)
    assert len(ui.app.stack) == 1


def test_host_on_lan_opens_the_lan_form_and_play_the_local_one(ui):
    """Play sets up a local game; Host on LAN the same form for a LAN table."""
    ui.click_button(menu_button(ui, "Play"))
    assert ui.top.lan is False
    ui.key(pygame.K_ESCAPE)
    ui.click_button(menu_button(ui, "Host on LAN"))
    assert ui.top.lan is True


def test_keyboard_moves_the_focus_and_enter_opens(ui):
    """The menu works from the keyboard: Down moves the focus, Enter opens the focused entry."""
    for _ in range(3):   # Play, Learn, Host on LAN, Join
        ui.key(pygame.K_DOWN)
    assert ui.top.menu.buttons[ui.top.menu.focus].label == "Join"
    ui.key(pygame.K_RETURN)
    assert isinstance(ui.top, LanBrowserScene)


def test_letter_shortcuts_open_entries(ui):
    """Each entry has a letter shortcut (shown on the button)."""
    ui.key(pygame.K_u)
    assert isinstance(ui.top, RulesScene)
    ui.key(pygame.K_ESCAPE)
    ui.key(pygame.K_s)
    assert isinstance(ui.top, SettingsScene)


def test_esc_on_the_title_asks_first_and_a_second_press_quits(ui):
    """Quitting from the title needs a deliberate press: the first Esc says "press again", the second quits."""
    ui.key(pygame.K_ESCAPE)
    assert ui.app.running is True
    assert [t[0] for t in ui.app.toasts] == ["Press Esc again to quit."]
    ui.key(pygame.K_ESCAPE)
    assert ui.app.running is False


def test_the_quit_question_lapses_and_leaves_with_the_title(ui):
    """An Esc long ago does not count towards quitting; the question does not follow the player."""
    ui.key(pygame.K_ESCAPE)
    ui.frames(200)   # more than the 2.5 s it stands
    ui.key(pygame.K_ESCAPE)
    assert ui.app.running is True
    ui.key(pygame.K_u)   # Rules
    assert isinstance(ui.top, RulesScene) and not ui.app.toasts


def test_quit_button(ui):
    ui.click_button(menu_button(ui, "Quit"))
    assert ui.app.running is False


def test_hover_and_press_feedback(ui):
    """Buttons show hover and pressed states."""
    button = menu_button(ui, "Rules")
    pos = ui.window_pos(button.rect.center)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    ui.frames(1)
    assert button.state == "hover"
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    ui.frames(1)
    assert button.state == "pressed"


def test_clicks_land_on_the_right_button_in_a_resized_letterboxed_window(ui):
    """Mouse positions are mapped to the 1280x800 logical surface before scenes see them."""
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=1900, h=1000, size=(1900, 1000)))
    ui.frames(1)
    ui.app.window = pygame.display.set_mode((1900, 1000), pygame.RESIZABLE)
    view = ui.app.viewport()
    assert view.h == 1000 and view.w == 1600 and view.x == 150  # letterboxed: bars left and right
    assert ui.app.to_logical((150, 0)) == (0, 0)
    ui.click_button(menu_button(ui, "Replays"))
    assert isinstance(ui.top, ReplaysScene)
