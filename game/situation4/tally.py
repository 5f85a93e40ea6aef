"""The final tally: the score of each side counted up line by line, the won squares lighting as it goes.

Everything it shows is read from the final public view (the rules' own
`queries.final_tally` breaks the totals down); the animation is only a way of
reading it out. `done` once every line has counted up. While it shows it is the
board's modal: Enter or a click counts the rest at once, then goes on.
"""
import pygame

from engine.situation4.queries import BRIDGE_POINTS, SQUARE_POINTS, final_tally
from game import sound, theme
from game.situation4 import palette

LINES = (("objectives", "Flagged objectives"), ("bridges", "Bridges (100 each)"), ("squares", "Whole squares (50 each)"))
UNITS = {"bridges": BRIDGE_POINTS, "squares": SQUARE_POINTS}
LINE_SECONDS = 1.1
HOLD_SECONDS = 2.5


class FinalTally:
    def __init__(self, board, pub: dict, side_label, *, centre, on_done, factor: float = 1.0):
        """`centre`: where the panel's bottom edge is centred; `on_done()`: Enter or a click once counted up."""
        self.board = board
        self.centre = centre
        self.on_done = on_done
        self.breakdown = final_tally(board, pub)
        self.result = pub.get("result") or {}
        self.side_label = side_label
        self.per_line = LINE_SECONDS * factor
        self.hold = HOLD_SECONDS * factor
        self.t = 0.0
        self._ticked = 0
        self.won_squares = [[q for q, slots in enumerate(board.squares) if all(pub["owner"][s] == side for s in slots)]
                            for side in (0, 1)]

    @property
    def progress(self) -> float:
        """How many lines have counted up (fractional)."""
        if self.per_line <= 0:
            return float(len(LINES))
        return min(float(len(LINES)), self.t / self.per_line)

    @property
    def done(self) -> bool:
        return self.progress >= len(LINES)

    @property
    def finished(self) -> bool:
        """Counted up and held long enough to read."""
        return self.done and (self.per_line <= 0 or self.t >= self.per_line * len(LINES) + self.hold)

    def handle(self, event) -> bool:
        if (event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_SPACE, pygame.K_KP_ENTER)) \
                or (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1):
            if self.done:
                self.on_done()
            else:
                self.t = self.per_line * len(LINES)
            return True
        return event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)

    def update(self, dt: float) -> None:
        self.t += dt
        line = int(self.progress)
        if line > self._ticked:
            self._ticked = line
            sound.play("dice" if line < len(LINES) else "conquest")

    def shown(self, side: int, key: str, index: int) -> int:
        """The line's value as far as it has counted (bridges and squares count up a whole one at a time)."""
        full = self.breakdown[side][key]
        frac = max(0.0, min(1.0, self.progress - index))
        unit = UNITS.get(key, 1)
        return int(round(full / unit * frac)) * unit

    def totals(self) -> list[int]:
        return [sum(self.shown(side, key, i) for i, (key, _) in enumerate(LINES)) for side in (0, 1)]

    def squares_lit(self, side: int) -> list[int]:
        """Won squares to light on the board, as far as the squares line has counted."""
        frac = max(0.0, min(1.0, self.progress - 2))
        squares = self.won_squares[side]
        return squares[:int(round(len(squares) * frac))]

    def draw_won_squares(self, surface, proj) -> None:
        """The won squares counted so far, tinted in their side's shade on the board (`proj`: its projection)."""
        for side in (0, 1):
            shade = palette.side_shade(side)
            for q in self.squares_lit(side):
                rects = [proj.slot_rect(s) for s in self.board.squares[q]]
                box = rects[0].unionall(rects[1:])
                tint = pygame.Surface(box.size, pygame.SRCALPHA)
                tint.fill((*theme.lighten(shade, 0.6), 110))
                surface.blit(tint, box)
                pygame.draw.rect(surface, theme.darken(shade, 0.5), box, 5)

    def draw(self, surface) -> None:
        rect = pygame.Rect(0, 0, 620, 300)
        rect.midbottom = self.centre
        theme.draw_panel(surface, rect, border=theme.colours.accent, alpha=255)
        theme.draw_text(surface, "Final tally", (rect.centerx, rect.y + 30), theme.SIZE_LARGE, theme.colours.accent,
                        bold=True, anchor="center")
        cols = (rect.x + 380, rect.x + 520)
        for side, x in enumerate(cols):
            shade = palette.side_shade(side)
            pygame.draw.circle(surface, shade, (x, rect.y + 66), 11)
            theme.draw_text(surface, self.side_label(side), (x, rect.y + 90), theme.SIZE_SMALL, shade, anchor="center",
                            bold=True)
        for i, (key, label) in enumerate(LINES):
            y = rect.y + 124 + i * 36
            active = int(self.progress) == i and not self.done
            colour = theme.colours.text if self.progress >= i else theme.colours.text_dim
            if active:
                pygame.draw.rect(surface, theme.colours.panel_light, (rect.x + 14, y - 17, rect.w - 28, 34),
                                 border_radius=6)
            theme.draw_text(surface, label, (rect.x + 30, y), theme.SIZE_BODY, colour, anchor="midleft")
            for side, x in enumerate(cols):
                theme.draw_text(surface, str(self.shown(side, key, i)), (x, y), theme.SIZE_BODY, colour,
                                anchor="center")
        y = rect.y + 124 + len(LINES) * 36 + 8
        pygame.draw.line(surface, theme.colours.accent_dark, (rect.x + 24, y - 14), (rect.right - 24, y - 14), 2)
        theme.draw_text(surface, "Total", (rect.x + 30, y + 6), theme.SIZE_LARGE - 4, theme.colours.accent, bold=True,
                        anchor="midleft")
        totals = self.totals()
        for side, x in enumerate(cols):
            theme.draw_text(surface, str(totals[side]), (x, y + 6), theme.SIZE_LARGE, theme.colours.accent, bold=True,
                            anchor="center")
        if self.done:
            theme.draw_text(surface, "Enter to continue", (rect.centerx, rect.bottom - 18), theme.SIZE_SMALL,
                            theme.colours.text_dim, anchor="center", shadow=False)
