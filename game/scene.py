"""Scenes and the scene stack.

A scene is a small object with `handle(event)`, `update(dt)` and `draw(surface)`.
Only the top scene gets events and updates; scenes below it are drawn first when
the top one is an overlay (`opaque = False`). All coordinates are in the
1280x800 logical space: the app maps mouse positions before `handle` sees them.

The app draws only when something changed (game/pacing.py): after input, when a
scene calls `app.redraw()` (its update found something new to show), and at the
`frame_rate()` the top scene asks for what moves on screen by itself.
"""
import pygame

LOGICAL_SIZE = (1280, 800)

# What a scene's `frame_rate()` answers: frames a second while nobody touches anything.
STILL = 0.0     # nothing moves by itself
TICK = 2.0      # a clock or a countdown of whole seconds, a notice that goes away by itself
GLOW = 12.0     # a pulse or a blink: a low rate still reads as one
SMOOTH = 60.0   # an animation: every frame


class Scene:
    opaque = True  # False: the scene below shows through (dialogs, covers)

    def __init__(self, app):
        self.app = app

    def handle(self, event: pygame.event.Event) -> bool | None:
        """Return True when the event was consumed (the app then does nothing more with it)."""

    def update(self, dt: float) -> None:
        pass

    def frame_rate(self) -> float:
        """How often this scene must be drawn while nobody touches anything: STILL (only after input and
        `app.redraw()`), TICK, GLOW or SMOOTH while something on screen moves by itself."""
        return STILL

    def draw(self, surface: pygame.Surface) -> None:
        pass

    def back(self) -> None:
        """Esc that `handle` did not consume (it returned a falsy value): leave this scene."""
        self.app.pop()

    def on_enter(self) -> None:
        """Called when the scene becomes the top of the stack (pushed, or uncovered)."""

    def on_exit(self) -> None:
        """Called when the scene is popped for good."""


class SceneStack:
    def __init__(self):
        self._scenes: list[Scene] = []

    @property
    def top(self) -> Scene | None:
        return self._scenes[-1] if self._scenes else None

    def __len__(self) -> int:
        return len(self._scenes)

    def __iter__(self):
        return iter(self._scenes)

    def push(self, scene: Scene) -> None:
        self._scenes.append(scene)
        scene.on_enter()

    def pop(self) -> Scene | None:
        if not self._scenes:
            return None
        scene = self._scenes.pop()
        scene.on_exit()
        if self._scenes:
            self._scenes[-1].on_enter()
        return scene

    def replace(self, scene: Scene) -> None:
        """Swap the top scene for `scene` (e.g. board -> game over)."""
        if self._scenes:
            self._scenes.pop().on_exit()
        self.push(scene)

    def visible(self) -> list[Scene]:
        """The scenes to draw, bottom first: from the topmost opaque one up."""
        start = 0
        for i in range(len(self._scenes) - 1, -1, -1):
            if self._scenes[i].opaque:
                start = i
                break
        return self._scenes[start:]
