"""Window tests: a real App on the dummy video driver, driven by real pygame events.

Every test gets its own SANDTABLE_HOME, so settings and saves never touch the real home,
and LAN discovery pinned to loopback.
"""
import pygame
import pytest

import bots

from game import boards, sound, tables
from game.settings import Settings
from game.app import App
from tests.game.driver import Driver
from tests.net import toy_bot

boards.register("toy", "tests.game.toy_board")


def toy_bots(game_id, level, seat, seed):
    """The test bot for the toy game (it has no bots/ module); the real bots for real games."""
    if game_id == "toy":
        return toy_bot.make(level, seat, seed)
    return bots.make(game_id, level, seat, seed)


@pytest.fixture(autouse=True)
def sandbox_home(tmp_path, monkeypatch):
    monkeypatch.setenv("SANDTABLE_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("SANDTABLE_DISCOVERY_INTERFACES", "127.0.0.1")
    monkeypatch.setenv(tables.HOST_BIND_ENV, "127.0.0.1")
    return tmp_path / "home"


@pytest.fixture
def app():
    the_app = App(settings=Settings(player_name="Tester", animation_speed="instant"), bot_factory=toy_bots)
    sound.sounds.played.clear()
    yield the_app
    if pygame.display.get_init():
        the_app.close()


@pytest.fixture
def ui(app):
    from game.scenes.title import TitleScene
    app.push(TitleScene(app))
    driver = Driver(app)
    driver.frames(2)
    return driver
