"""Taking back the seat's last action: Ctrl+Z and the Undo button, on every board.

The table decides what may be undone (engine.session lists `{"type": "undo"}` in the seat's legal
actions exactly when it may take back its last one); the window only offers it then: the button
shows and Ctrl+Z sends it while the seat on show has it in its legal list, one action per press.
"""
import pygame

from engine import legal
from engine.undo import UNDO_EVENT  # noqa: F401 - what every seat sees once a seat took back an action

UNDO = {"type": "undo"}
LABEL = "Undo (Ctrl+Z)"
SIZE = (112, 32)


def offered(view: dict | None) -> bool:
    """True when the view's seat may take back its last action now."""
    private = (view or {}).get("private") or {}
    return legal.contains(private.get("legal"), UNDO)


def is_undo_key(event) -> bool:
    """Ctrl+Z (either Ctrl; Cmd+Z on a Mac)."""
    return (event.type == pygame.KEYDOWN and event.key == pygame.K_z
            and bool(event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META)))


def default_rect(hint_rect: pygame.Rect) -> pygame.Rect:
    """The button's place when a board names none: the hint line's right end, beside its sentence."""
    rect = pygame.Rect((0, 0), SIZE)
    rect.topright = (hint_rect.right - 10, hint_rect.y + 8)
    return rect
