"""Taking back the seat's last action: Ctrl+Z and the Undo button, on every board.

The table decides what may be undone (engine.session lists `{"type": "undo"}` in the seat's legal
actions exactly when it may take back its last one); the window only offers it then: the button
shows and Ctrl+Z sends it while the seat on show has it in its legal list, one action per press.
"""
import pygame

from engine import legal
from game.widgets import Button
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


class TakeBack:
    """A board's Undo: the button (at `rect`) and Ctrl+Z, offered while the seat at the controls may take back its
    last action; `drop_picks()` lets go of what the board held before the undo goes."""

    def __init__(self, seats, rect: pygame.Rect, drop_picks):
        self.seats = seats
        self.drop_picks = drop_picks
        self.button = Button(rect, LABEL, self.undo, size=17)

    @property
    def offered(self) -> bool:
        """True when the seat at the controls may take back its last action now (the table lists undo)."""
        seats = self.seats
        return seats.active_seat is not None and not seats.waiting and offered(seats.view)

    def undo(self) -> None:
        """Ctrl+Z or the button: take back one action, if the table offers it; what was held is dropped."""
        seats = self.seats
        if not self.offered:
            seats.refuse("There is nothing you may take back now." if seats.active_seat is not None
                         else seats.not_your_move())
            return
        self.drop_picks()
        seats.send(dict(UNDO))

    def handle(self, event) -> bool:
        if is_undo_key(event) or (self.offered and self.button.handle(event)):
            if event.type == pygame.KEYDOWN:
                self.undo()
            return True
        return False

    def draw(self, surface) -> None:
        if self.offered:
            self.button.draw(surface)
