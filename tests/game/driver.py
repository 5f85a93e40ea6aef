"""Driving a real App in tests: real pygame events posted to its queue, frames run one at a time.

Used by the window tests' `ui` fixture and by window processes a test starts (tests/game/window_racer.py).
"""
import pygame

from game.app import App

MAX_FRAMES = 600  # every wait in these tests is bounded
FRAME = 1 / 60


def run_board(app, scene, until, *, player=None, frames: int = 4000, seconds: float = 40.0) -> bool:
    """Step frames (a player posting one input per frame while `scene` is on top) until `until()` or the
    bounds run out; unlike `game.board_kit.autoplay.run_until` it goes on past the board (to game over)."""
    import time
    deadline = time.monotonic() + seconds
    for _ in range(frames):
        if until() or time.monotonic() > deadline:
            break
        if player is not None and app.stack.top is scene:
            player.step()
        app.step(FRAME)
    return until()


def on_screen(app, board_class, link, *, frames: int = 1):
    """`board_class(app, link)` pushed on `app` as the board of its active link, `frames` frames run:
    (link, the board scene)."""
    scene = board_class(app, link)
    app.push(scene)
    app.active_link = link
    for _ in range(frames):
        app.step(FRAME)
    return link, scene


def host_starts_when_full(ui) -> bool:
    """The hosting window's player presses Start (F5) once every seat of its lobby is taken (the table waits
    for its host since issue 20); True when it did."""
    from game.scenes.lobby import LobbyScene
    lobby = ui.top
    if not (isinstance(lobby, LobbyScene) and lobby.host is not None and lobby.link.phase == "lobby"):
        return False
    seats = lobby.link.seats
    if not seats or any(s.get("kind") == "open" for s in seats):
        return False
    ui.key(pygame.K_F5)
    return True


class Driver:
    """Posts real events into pygame's queue and runs the app's frames."""

    def __init__(self, app: App):
        self.app = app

    def frames(self, n: int = 1) -> None:
        """`n` frames: the last one drawn, those before it when the program's own loop would draw them
        (game/pacing.py: on input, news from the table, an animation's rate), as a window that runs them."""
        for i in range(n):
            self.app.step(1 / 60, paced=i < n - 1)

    def turn(self) -> None:
        """One turn of a window waiting on another process: events and updates, and a frame drawn only when the
        program's own loop would draw one (game/pacing.py): input, news from the table, an animation."""
        self.app.step(1 / 60, paced=True)

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
