"""Window tests: a real App on the dummy video driver, driven by real pygame events.

Every test gets its own SANDTABLE_HOME, so settings and saves never touch the real home,
and LAN discovery pinned to loopback.
"""
import pygame
import pytest

import bots

from game import boards, sound, tables
from game.app import App
from game.settings import Settings
from tests.net import toy_bot

boards.register("toy", "tests.game.toy_board")
MAX_FRAMES = 600  # every wait in these tests is bounded


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


class Driver:
    """Posts real events into pygame's queue and runs the app's frames."""

    def __init__(self, app: App):
        self.app = app

    def frames(self, n: int = 1) -> None:
        for _ in range(n):
            self.app.step(1 / 60)

    def until(self, condition, max_frames: int = MAX_FRAMES, sleep: float = 0.0) -> bool:
        import time
        for _ in range(max_frames):
            if condition():
                return True
            self.app.step(1 / 60)
            if sleep:
                time.sleep(sleep)
        return condition()

    def window_pos(self, logical_pos):
        """Where a logical point is in the real window (the inverse of the app's mapping)."""
        view = self.app.viewport()
        return (view.x + round((logical_pos[0] + 0.5) * view.w / 1280),
                view.y + round((logical_pos[1] + 0.5) * view.h / 800))

    def click(self, logical_pos, button: int = 1) -> None:
        pos = self.window_pos(logical_pos)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
        self.frames(1)

    def click_button(self, button) -> None:
        self.click(button.rect.center)

    def key(self, key: int, mod: int = 0, unicode: str = "") -> None:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=unicode, scancode=0))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode=unicode, scancode=0))
        self.frames(1)

    def type_text(self, text: str) -> None:
        for ch in text:
            pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
        self.frames(1)

    @property
    def top(self):
        return self.app.stack.top


@pytest.fixture
def ui(app):
    from game.scenes.title import TitleScene
    app.push(TitleScene(app))
    driver = Driver(app)
    driver.frames(2)
    return driver
