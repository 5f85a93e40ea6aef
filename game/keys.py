"""Held keys: the window owns key repeat, and a held key repeats only where repeating makes sense.

pygame turns a held key into a stream of KEYDOWN events that look exactly like
fresh presses. For moving through a list or scrolling that is what a player
wants; for a key that takes a step (Esc leaves a board, then quits from the
title; Enter opens an entry, then starts the game on the next screen) a held key
would take several steps at once. So only `REPEATING` keys repeat; any other
KEYDOWN while the same key is still down is dropped before a scene sees it.

pygame_gui's text field switches key repeat on and off for the whole program
when it gains and loses focus; the window puts its own setting back
(`restore_repeat`) after every event and frame.
"""
import pygame

REPEAT = (350, 40)  # ms before a held key repeats, ms between repeats

# Keys that move, scroll, edit or change a number: holding one does it again and again.
REPEATING = frozenset({
    pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_PAGEUP, pygame.K_PAGEDOWN,
    pygame.K_TAB, pygame.K_BACKSPACE, pygame.K_DELETE,
    pygame.K_PLUS, pygame.K_MINUS, pygame.K_EQUALS, pygame.K_KP_PLUS, pygame.K_KP_MINUS,
    pygame.K_LEFTBRACKET, pygame.K_RIGHTBRACKET,
})


def restore_repeat() -> None:
    """Put the window's key repeat back if something changed it (pygame_gui does on focus changes)."""
    if pygame.key.get_repeat() != REPEAT:
        pygame.key.set_repeat(*REPEAT)


class HeldKeys:
    """Which keys are down, from the KEYDOWN / KEYUP events seen, to tell a repeat from a press."""

    def __init__(self):
        self.down: set[int] = set()

    def is_repeat(self, event) -> bool:
        """True for a KEYDOWN of a key that is already down (pygame's repeat). Call for every event."""
        if event.type == pygame.KEYDOWN:
            repeat = event.key in self.down
            self.down.add(event.key)
            return repeat
        if event.type == pygame.KEYUP:
            self.down.discard(event.key)
        elif event.type == pygame.WINDOWFOCUSLOST:
            self.down.clear()  # the key-up goes to whichever window has the focus now
        return False

    def dropped(self, event) -> bool:
        """True when this event is a held key's repeat that should take no further step."""
        return self.is_repeat(event) and event.key not in REPEATING
