"""The pieces on the board: one counter per stack, in its side's colour, with a row
per kind of unit (a small map symbol and how many).

The symbols are the old military map ones: infantry a box with a cross, cavalry a
box with one diagonal, a gunboat a hull. A counter is made once per look (side,
counts, ready, disabled, fortified, palette) and cached; a frame only blits.
"""
import pygame

from game import theme
from game.civil_war.geometry import SQUARE

KINDS = ("infantry", "cavalry", "gunboat")
COUNTER_W, COUNTER_H = SQUARE - 8, SQUARE - 12   # leaves the bottom strip of a square for the town's name
DISABLED = (214, 60, 48)
FORT = (226, 178, 76)


def side_colour(side: int) -> tuple:
    return theme.seat_colour(side)


def draw_symbol(surface, kind: str, rect: pygame.Rect, ink) -> None:
    """The map symbol of a kind of unit inside `rect`."""
    if kind == "gunboat":
        hull = [(rect.x, rect.y + rect.h * 0.45), (rect.right, rect.y + rect.h * 0.45),
                (rect.right - rect.w * 0.2, rect.bottom), (rect.x + rect.w * 0.2, rect.bottom)]
        pygame.draw.polygon(surface, ink, hull)
        pygame.draw.rect(surface, ink, (rect.centerx - 2, rect.y, 4, rect.h * 0.5))
        return
    pygame.draw.rect(surface, ink, rect, 1)
    pygame.draw.line(surface, ink, rect.bottomleft, (rect.right - 1, rect.y), 1)
    if kind == "infantry":
        pygame.draw.line(surface, ink, rect.topleft, (rect.right - 1, rect.bottom - 1), 1)


class Counters:
    def __init__(self):
        self._cache: dict[tuple, pygame.Surface] = {}
        self.builds = 0

    def sprite(self, side: int, units: dict, *, ready: int, disabled: bool, fortified: bool,
               small: bool = False) -> pygame.Surface:
        key = (side, tuple(units.get(k, 0) for k in KINDS), ready > 0, disabled, fortified, small, theme.colours)
        surf = self._cache.get(key)
        if surf is None:
            surf = self._build(side, units, ready > 0, disabled, fortified, small)
            self._cache[key] = surf
            self.builds += 1
        return surf

    def _build(self, side, units, ready, disabled, fortified, small) -> pygame.Surface:
        w, h = (COUNTER_W - 10, COUNTER_H - 4) if small else (COUNTER_W, COUNTER_H)
        surf = pygame.Surface((w + 4, h + 4), pygame.SRCALPHA)
        colour = side_colour(side)
        body = pygame.Rect(0, 0, w, h)
        rows = [k for k in KINDS if units.get(k, 0)]
        depth = min(2, sum(units.values()) - 1)
        for d in range(depth, 0, -1):  # a stack of several looks like one: edges of counters under it
            pygame.draw.rect(surf, theme.darken(colour, 0.55), body.move(2 * d, 2 * d), border_radius=4)
        face = colour if ready else theme.darken(colour, 0.3)
        pygame.draw.rect(surf, face, body, border_radius=4)
        pygame.draw.rect(surf, theme.darken(colour, 0.6), body, 1, border_radius=4)
        ink = theme.text_on(face)
        line_h = h // max(1, len(rows))
        f = theme.font(14 if small or len(rows) == 3 else 16, True)
        for i, kind in enumerate(rows):
            cy = body.y + line_h * i + line_h // 2
            sym = pygame.Rect(body.x + 4, cy - 4, 11, 8)
            draw_symbol(surf, kind, sym, ink)
            digits = f.render(str(units[kind]), True, ink)
            surf.blit(digits, digits.get_rect(midleft=(sym.right + 3, cy)))
        if fortified:  # a palisade: a brass frame with crenels
            pygame.draw.rect(surf, FORT, body, 2, border_radius=4)
            for x in range(body.x + 3, body.right - 2, 6):
                pygame.draw.rect(surf, FORT, (x, body.y - 1, 3, 3))
        if disabled:  # the disabled marker: a red corner tab with a bar
            tab = [(body.right - 11, body.y), (body.right, body.y), (body.right, body.y + 11)]
            pygame.draw.polygon(surf, DISABLED, tab)
            pygame.draw.polygon(surf, (255, 255, 255), tab, 1)
        return surf.convert_alpha()
