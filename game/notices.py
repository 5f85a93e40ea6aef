"""Short messages at the top of the window ("toasts"), each with a lifetime.

A toast belongs to the scene that was on top when it was said, and optionally to a moment
(a key the scene chooses, such as "this refusal"): it goes when its time is up, when its scene
leaves the stack or stops being the one on top, or when the scene ends its moment. So a message
from one game never shows on the next game's board, and a refusal goes once a move is accepted.
The same sentence said again while it shows is not stacked twice: it counts ("×3") and stays
longer. At most `MAX_SHOWN` show, newest last.

`Toasts` is a list of `Toast`s (index 0 is the text), so `app.toasts[-1][0]` reads the last one.
"""
import pygame

from game import theme

SECONDS = 4.0
MAX_SHOWN = 3
TOP = 50          # below the boards' top bars, so a toast never hides the players' scores


class Toast(list):
    """[text, seconds left, colour]; plus who said it, the moment it belongs to and how often it was said."""

    def __init__(self, text: str, colour, owner, moment, seconds: float = SECONDS):
        super().__init__([text, seconds, colour])
        self.owner = owner
        self.moment = moment
        self.count = 1

    @property
    def text(self) -> str:
        return self[0]

    @property
    def label(self) -> str:
        return self[0] if self.count == 1 else f"{self[0]}  ×{self.count}"


class Toasts(list):
    def say(self, text: str, colour, *, owner=None, moment=None, seconds: float = SECONDS) -> Toast:
        for toast in self:
            if toast.text == text and toast.owner is owner:
                toast.count += 1
                toast[1] = seconds
                toast.moment = moment
                self.remove(toast)
                self.append(toast)   # said again: it moves to the newest place
                return toast
        toast = Toast(text, colour, owner, moment, seconds)
        self.append(toast)
        del self[:-MAX_SHOWN]
        return toast

    def end_moment(self, owner, moment=None) -> None:
        """Drop what `owner` said for `moment` (None: everything it said that belongs to some moment)."""
        self[:] = [t for t in self if not (t.owner is owner and t.moment is not None
                                           and (moment is None or t.moment == moment))]

    def forget(self, owner) -> None:
        """Drop everything `owner` said."""
        self[:] = [t for t in self if t.owner is not owner]

    def update(self, dt: float, top) -> None:
        """Age every toast; drop those whose time is up or whose scene is no longer the one on top."""
        for toast in self:
            toast[1] -= dt
        self[:] = [t for t in self if t[1] > 0 and (t.owner is None or t.owner is top)]

    def draw(self, surface: pygame.Surface, area: pygame.Rect | None = None) -> None:
        """Each toast under the last, centred in `area` (a scene's own: a board keeps its status panel clear)
        or the whole window, wrapped to fit it."""
        area = pygame.Rect(area) if area is not None else surface.get_rect()
        y = max(TOP, area.y)
        for toast in self:
            left, colour = toast[1], toast[2]
            lines = theme.wrap_text(toast.label, area.w - 48, theme.SIZE_BODY)
            rendered = [theme.render_text(line, theme.SIZE_BODY, colour) for line in lines]
            w = max(r.get_width() for r in rendered)
            rect = pygame.Rect(0, 0, w + 32, sum(r.get_height() for r in rendered) + 16)
            rect.midtop = (area.centerx, y)
            theme.draw_panel(surface, rect, border=colour, radius=10, alpha=int(235 * min(1.0, left)))
            ty = rect.y + 8
            for r in rendered:
                surface.blit(r, r.get_rect(midtop=(rect.centerx, ty)))
                ty += r.get_height()
            y = rect.bottom + 8
