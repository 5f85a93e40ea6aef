"""The start countdown of a real-time game: "3, 2, 1, Go!", kept by the window.

Both sides of a race must start at the same moment; the rules have no clock, so
each window counts down itself (the game's `engine.games.start_countdown`, the
same count the table's bots keep) before it lets its player move. A table that
has already seen moves (a reconnect, a late join) starts with no countdown, and
a count still running when the first move of the race arrives ends there
(`go_now`): a racer that did not wait (say `bot --countdown 0`) never gets a
head start on this window.
"""
import math

import pygame

from game import theme

GO_SECONDS = 0.6  # "Go!" stays up this long after the count reaches zero


class Countdown:
    def __init__(self, seconds: float):
        self.total = max(0.0, seconds)
        self.left = self.total
        self.after = 0.0

    @property
    def running(self) -> bool:
        """True while moves must wait."""
        return self.left > 0

    @property
    def showing(self) -> bool:
        return self.total > 0 and (self.left > 0 or self.after < GO_SECONDS)

    def skip(self) -> None:
        self.left = 0.0
        self.after = GO_SECONDS

    def go_now(self) -> bool:
        """End the count at once and show "Go!" (someone is already racing: a window never waits
        behind a racer that did not count). True if the count was still running."""
        if self.left <= 0:
            return False
        self.left = 0.0
        self.after = 0.0
        return True

    def update(self, dt: float) -> bool:
        """Advance; True on the frame the count reaches zero (the race starts)."""
        if self.left > 0:
            self.left = max(0.0, self.left - dt)
            return self.left == 0
        self.after += dt
        return False

    def label(self) -> str:
        return str(math.ceil(self.left)) if self.left > 0 else "Go!"

    def draw(self, surface: pygame.Surface, center, *, caption: str = "") -> None:
        if not self.showing:
            return
        if self.left > 0:
            frac = self.left - math.floor(self.left) if self.left % 1 else 1.0
            size = int(96 + 60 * frac)
            colour = theme.colours.accent
        else:
            size = 150
            colour = theme.colours.good
        veil = pygame.Surface((360, 260), pygame.SRCALPHA)
        pygame.draw.rect(veil, (*theme.colours.panel, 215), veil.get_rect(), border_radius=24)
        pygame.draw.rect(veil, (*colour, 255), veil.get_rect(), 3, border_radius=24)
        surface.blit(veil, veil.get_rect(center=center))
        theme.draw_text(surface, self.label(), center, size, colour, bold=True, anchor="center")
        if caption:
            theme.draw_text(surface, caption, (center[0], center[1] + 100), theme.SIZE_SMALL, theme.colours.text,
                            anchor="center")
