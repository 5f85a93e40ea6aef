"""Counters drawn by code: a die-cut square in its side's colour, cached per look and size.

Two faces, one painter:
  * a unit counter — a unit symbol (game.wargame.symbols) with the echelon over it,
    the unit's number at the top-left and its factors along the bottom ("4-4-6");
  * a roster counter — one counter for a whole stack, a row per kind (symbol and
    how many), as a game that moves pieces by kind shows a stack.
Either may be dimmed (spent this turn), show the edges of counters under it
(`depth`), carry marks (a fortification frame, a red "disabled" tab, a gold
"selected" rim), or lie face down (`hidden`: a plain back with "?", for a piece
whose identity only its owner knows).

`Counters.sprite(look, size)` returns a ready surface; a frame only blits.
"""
from dataclasses import dataclass

import pygame

from game import theme
from game.wargame import symbols

FORT = (226, 178, 76)
DISABLED = (214, 60, 48)
SELECTED = (255, 214, 90)
MARKS = ("fortified", "disabled", "selected")


@dataclass(frozen=True)
class CounterLook:
    colour: tuple                 # the side's colour: the counter's face
    symbol: str = ""              # a unit counter's symbol (symbols.KINDS)
    echelon: str = ""             # over the symbol: "division", "XX", "brigade"...
    label: str = ""               # the unit's number or name, top-left
    factors: str = ""             # along the bottom, e.g. "4-4-6"
    rows: tuple = ()              # a roster counter: ((symbol, count), ...) instead of one symbol
    dimmed: bool = False          # spent: a darker face
    depth: int = 0                # counters under this one (0-2 edges drawn)
    marks: tuple = ()             # any of MARKS
    hidden: bool = False          # face down: the back, with "?"
    striped: bool = False         # its side told apart by stripes as well as hue (the colour-blind marks)


class Counters:
    def __init__(self):
        self._cache: dict[tuple, pygame.Surface] = {}
        self.builds = 0

    def sprite(self, look: CounterLook, size: tuple[int, int]) -> pygame.Surface:
        """The counter, `size` (w, h) being its face; edges under it add 2 px per level of depth."""
        key = (look, (int(size[0]), int(size[1])), theme.colours)
        surf = self._cache.get(key)
        if surf is None:
            surf = self._cache[key] = paint(look, (max(8, int(size[0])), max(8, int(size[1]))))
            self.builds += 1
        return surf


def paint(look: CounterLook, size: tuple[int, int]) -> pygame.Surface:
    w, h = size
    depth = max(0, min(2, look.depth))
    surf = pygame.Surface((w + 2 * depth + 2, h + 2 * depth + 2), pygame.SRCALPHA)
    colour = (70, 70, 78) if look.hidden else look.colour
    body = pygame.Rect(0, 0, w, h)
    radius = max(2, min(w, h) // 7)
    for d in range(depth, 0, -1):   # a stack of several: the edges of the counters under it
        pygame.draw.rect(surf, theme.darken(colour, 0.55), body.move(2 * d, 2 * d), border_radius=radius)
    face = theme.darken(colour, 0.3) if look.dimmed else colour
    pygame.draw.rect(surf, face, body, border_radius=radius)
    if look.striped:
        theme.draw_stripes(surf, body.inflate(-2, -2), theme.darken(face, 0.18), every=max(5, h // 5))
    pygame.draw.rect(surf, theme.darken(colour, 0.6), body, 1, border_radius=radius)
    ink = theme.text_on(face)
    if look.hidden:
        q = theme.font(max(10, round(h * 0.6)), True).render("?", True, ink)
        surf.blit(q, q.get_rect(center=body.center))
    elif look.rows:
        _roster(surf, body, look.rows, ink)
    else:
        _unit(surf, body, look, ink)
    _marks(surf, body, look.marks, radius)
    return surf.convert_alpha()


def _roster(surf, body: pygame.Rect, rows: tuple, ink) -> None:
    """A row per kind: its symbol and how many."""
    line_h = body.h // max(1, len(rows))
    f = theme.font(max(9, round(body.h * (0.54 if len(rows) >= 3 else 0.62))), True)
    sym_w = max(7, round(body.w * 0.37))
    sym_h = max(5, round(sym_w * 0.72))
    for i, (kind, count) in enumerate(rows):
        cy = body.y + line_h * i + line_h // 2
        sym = pygame.Rect(body.x + max(2, round(body.w * 0.13)), cy - sym_h // 2, sym_w, sym_h)
        symbols.draw(surf, kind, sym, ink)
        digits = f.render(str(count), True, ink)
        surf.blit(digits, digits.get_rect(midleft=(sym.right + 3, cy)))


def _unit(surf, body: pygame.Rect, look: CounterLook, ink) -> None:
    """The symbol in the middle, the echelon over it, the number at the top-left, the factors at the bottom."""
    small = theme.font(max(8, round(body.h * 0.2)), True)
    big = theme.font(max(9, round(body.h * 0.27)), True)
    sym = pygame.Rect(0, 0, round(body.w * 0.5), round(body.h * 0.34))
    sym.center = (body.centerx, body.y + round(body.h * 0.45))
    if look.symbol:
        symbols.draw(surf, look.symbol, sym, ink, width=max(1, round(body.h / 28)))
    if look.echelon:
        mark = small.render(symbols.size_mark(look.echelon), True, ink)
        surf.blit(mark, mark.get_rect(midbottom=(sym.centerx, sym.y + 1)))
    if look.label:
        label = small.render(look.label, True, ink)
        surf.blit(label, (body.x + 3, body.y + 1))
    if look.factors:
        factors = big.render(look.factors, True, ink)
        surf.blit(factors, factors.get_rect(midbottom=(body.centerx, body.bottom - 1)))


def _marks(surf, body: pygame.Rect, marks: tuple, radius: int) -> None:
    if "fortified" in marks:   # a palisade: a brass frame with crenels
        pygame.draw.rect(surf, FORT, body, 2, border_radius=radius)
        for x in range(body.x + 3, body.right - 2, 6):
            pygame.draw.rect(surf, FORT, (x, body.y - 1, 3, 3))
    if "disabled" in marks:    # a red corner tab
        t = max(7, round(min(body.w, body.h) * 0.38))
        tab = [(body.right - t, body.y), (body.right, body.y), (body.right, body.y + t)]
        pygame.draw.polygon(surf, DISABLED, tab)
        pygame.draw.polygon(surf, (255, 255, 255), tab, 1)
    if "selected" in marks:
        pygame.draw.rect(surf, SELECTED, body.inflate(-2, -2), 2, border_radius=radius)
