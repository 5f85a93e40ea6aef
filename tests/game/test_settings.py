"""Settings: changed in the Settings scene, saved as JSON, loaded again; damaged files fall back to defaults."""
import json

import pygame

from game import paths, settings, theme
from game.app import App
from game.scenes.settings_scene import SettingsScene


def open_settings(ui) -> SettingsScene:
    ui.key(pygame.K_s)
    assert isinstance(ui.top, SettingsScene)
    return ui.top


def test_changes_are_saved_and_a_new_window_loads_them(ui):
    """Settings are saved between runs: name, volume, animation speed and the colour-blind palette."""
    scene = open_settings(ui)
    ui.click(scene.name.rect.center)
    ui.key(pygame.K_a, mod=pygame.KMOD_CTRL)
    ui.key(pygame.K_BACKSPACE)
    ui.type_text("Grace")
    ui.key(pygame.K_RETURN)
    ui.frames(2)  # pygame_gui posts its "finished" event for the next frame
    ui.click_button(scene.volume)   # 0.7 -> 0.8
    ui.click_button(scene.speed)    # instant -> slow (wraps)
    ui.click_button(scene.palette)  # off -> on
    assert theme.is_colour_blind()  # applied at once, not only saved
    ui.key(pygame.K_ESCAPE)
    ui.key(pygame.K_ESCAPE)
    saved = json.loads(paths.settings_file().read_text())
    assert saved["player_name"] == "Grace"
    assert saved["volume"] == 0.8 and saved["colour_blind"] is True and saved["animation_speed"] == "slow"
    loaded, notice = settings.load()
    assert notice is None
    assert (loaded.player_name, loaded.volume, loaded.colour_blind) == ("Grace", 0.8, True)


def test_keyboard_changes_the_focused_setting(ui):
    scene = open_settings(ui)
    ui.key(pygame.K_DOWN)  # effects -> music
    ui.key(pygame.K_RIGHT)
    assert scene.music.focused and ui.app.settings.music_volume == 0.5 and ui.app.settings.volume == 0.7
    ui.key(pygame.K_DOWN)  # -> full screen
    ui.key(pygame.K_DOWN)  # -> animation speed
    ui.key(pygame.K_RIGHT)
    assert scene.speed.focused and ui.app.settings.animation_speed == "slow"


def test_an_empty_name_is_refused_and_the_old_one_kept(ui):
    scene = open_settings(ui)
    ui.click(scene.name.rect.center)
    ui.key(pygame.K_a, mod=pygame.KMOD_CTRL)
    ui.key(pygame.K_BACKSPACE)
    ui.key(pygame.K_RETURN)
    ui.frames(2)
    assert ui.app.settings.player_name == "Tester"


def test_a_corrupt_settings_file_gives_defaults_a_notice_and_keeps_the_file(sandbox_home):
    """Corrupt settings file -> defaults and a one-line notice; nothing lost (the old file is kept)."""
    path = paths.settings_file()
    path.parent.mkdir(parents=True)
    path.write_text("{not json at all")
    app = App()
    try:
        assert app.settings == settings.Settings()
        assert len(app.toasts) == 1 and "defaults" in app.toasts[0][0]
        assert (path.parent / "settings.json.bad").read_text() == "{not json at all"
    finally:
        app.close()


def test_wrong_types_reset_only_the_bad_fields(sandbox_home):
    """A damaged entry is reset alone; good ones survive."""
    path = paths.settings_file()
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps({"player_name": "Linus", "volume": "loud", "colour_blind": True}))
    loaded, notice = settings.load()
    assert loaded.player_name == "Linus" and loaded.colour_blind is True
    assert loaded.volume == settings.Settings().volume
    assert "volume" in notice


def test_no_settings_file_means_defaults_without_a_notice_and_a_name_still_to_ask(sandbox_home):
    """A first run: defaults, no notice, and the title will ask the player's name (name_chosen is False)."""
    assert settings.load() == (settings.Settings(name_chosen=False), None)


def test_the_first_run_asks_a_name_once_and_keeps_it(sandbox_home):
    """With no settings file the title asks "What shall your opponents call you?" before anything else; the name
    typed is saved, greets the player and is never asked again."""
    from game.app import App
    from game.scenes.title import TitleScene
    from game.scenes.welcome import WelcomeScene
    from game.tutorial.learn import LearnScene
    from tests.game.driver import Driver
    app = App()
    try:
        app.push(TitleScene(app))
        ui = Driver(app)
        ui.frames(2)
        assert isinstance(ui.top, WelcomeScene) and app.settings.player_name == "Player"
        ui.type_text("Grace")
        ui.key(pygame.K_RETURN)
        ui.frames(2)
        assert isinstance(ui.top, LearnScene)   # the name chosen, the lessons are offered once (docs/tutorials.md)
        ui.key(pygame.K_ESCAPE)
        assert isinstance(ui.top, TitleScene)
        assert app.settings.player_name == "Grace" and app.settings.name_chosen
        assert settings.load()[0].player_name == "Grace"
    finally:
        app.close()
    app = App()
    try:
        app.push(TitleScene(app))
        Driver(app).frames(2)
        assert isinstance(app.stack.top, TitleScene)   # asked once, never again
    finally:
        app.close()


def test_tests_never_write_to_the_real_home(sandbox_home):
    """SANDTABLE_HOME redirects config and data folders."""
    assert paths.settings_file().is_relative_to(sandbox_home)
    assert paths.saves_dir().is_relative_to(sandbox_home)
