"""Window tests: a real App on the dummy video driver, driven by real pygame events.

Every test gets its own SANDTABLE_HOME, so settings and saves never touch the real home,
and LAN discovery pinned to loopback.
"""
import os
import subprocess
import sys
import threading
from pathlib import Path

import pygame
import pytest

import bots

from game import sound, tables
from game.settings import Settings
from game.app import App
from tests.game.driver import Driver
from tests.net.processes import stop

ROOT = Path(__file__).resolve().parents[2]

@pytest.fixture(autouse=True)
def sandbox_home(tmp_path, monkeypatch):
    monkeypatch.setenv("SANDTABLE_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("SANDTABLE_DISCOVERY_INTERFACES", "127.0.0.1")
    monkeypatch.setenv(tables.HOST_BIND_ENV, "127.0.0.1")
    return tmp_path / "home"


@pytest.fixture
def app():
    the_app = App(settings=Settings(player_name="Tester", animation_speed="instant"), bot_factory=bots.make)
    sound.sounds.played.clear()
    yield the_app
    if pygame.display.get_init():
        the_app.close(quit_pygame=False)


@pytest.fixture
def ui(app):
    from game.scenes.title import TitleScene
    app.push(TitleScene(app))
    driver = Driver(app)
    driver.frames(2)
    return driver


class Guest:
    """A second window in its own process; what it says is read on a thread, so this window keeps running.
    Its stderr is read with its stdout: a traceback shows in a failed wait's message, and a full pipe never
    blocks it."""

    def __init__(self, sandbox_home, host: str, port: int, *then: str):
        env = dict(os.environ, SANDTABLE_HOME=str(sandbox_home / "guest"), SDL_VIDEODRIVER="dummy",
                   SDL_AUDIODRIVER="dummy", PYTHONPATH=str(ROOT))
        self.proc = subprocess.Popen([sys.executable, "-m", "tests.game.window_lan_guest", host, str(port), *then],
                                     cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        self.lines: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        for line in self.proc.stdout:
            self.lines.append(line.strip())

    def said(self, text: str) -> bool:
        return text in self.lines

    def report(self, last: int = 40) -> str:
        """Its last lines as one text (a traceback reads whole in a failed wait's message, not cut as a list)."""
        return "the other window said:\n" + "\n".join(self.lines[-last:])

    def digest_at(self, rev: int) -> str | None:
        """The digest of the public view the window drew at `rev` (None: it drew none at that rev)."""
        return next((line.split()[2] for line in self.lines if line.startswith(f"public {rev} ")), None)

    def close(self) -> None:
        self.proc.kill()
        self.proc.wait(10)


@pytest.fixture
def guest(sandbox_home):
    """Start second windows (tests/game/window_lan_guest.py) at HOST, PORT; each is killed after the test."""
    started = []

    def start(host: str, port: int, *then: str) -> Guest:
        started.append(Guest(sandbox_home, host, port, *then))
        return started[-1]
    yield start
    for g in started:
        g.close()


@pytest.fixture
def procs():
    """The processes a test starts (append them): stopped when it ends, whatever happened."""
    started: list[subprocess.Popen] = []
    yield started
    for proc in started:
        stop(proc)
