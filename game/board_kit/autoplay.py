"""Driving a window the way a person does: real mouse and key events posted to
pygame's queue, then frames run until something holds.

Scripted players (UI tests, screenshot scripts, benches) build on these; they
post input in logical coordinates, which is what the app hands scenes when the
window is at its logical size (as it is under the dummy video driver).
"""
import pygame

FRAME = 1 / 60


def post_motion(pos) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))


def post_click(pos, button: int = 1, shift: bool = False) -> None:
    """Move there, press and release (with Shift held when `shift`)."""
    pygame.key.set_mods(pygame.KMOD_LSHIFT if shift else pygame.KMOD_NONE)
    post_motion(pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))


def post_key(key: int, mod: int = 0) -> None:
    pygame.key.set_mods(mod or pygame.KMOD_NONE)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode="", scancode=0))


def run_until(app, scene, done, *, player=None, max_frames: int = 6000) -> bool:
    """Run frames (a player's `step()` before each, if given) until `done()`; False if `scene` left the top
    of the stack or the frames ran out first."""
    for _ in range(max_frames):
        if done():
            return True
        if app.stack.top is not scene:
            return False
        if player is not None:
            player.step()
        app.step(FRAME)
    return done()
