"""Where a piece may go, read from the host's `legal`, and the overlay that lights it.

The window never works out a reach itself: `reach_from_legal` collects the values
a destination field takes among the legal actions of one kind whose other fields
are fixed (a unit, a source square, a composition), exactly as engine.legal
lists them. A game's documented extras say more about a destination — that
arriving there means a battle (`hostile`), what it costs (`cost_of`) — and the
overlay shows that: red for an attack, blue for a move, the cost as a small
label at the cell's foot when the game gives one.

`ReachOverlay` draws lit cells on any grid through a MapView: sprites are made
once per (style, polygon size) and blitted with the pulse's alpha.
"""
from dataclasses import dataclass

import pygame

from engine import legal as listing
from game import theme
from game.board_kit import highlights
from game.wargame.grid import as_cell
from game.wargame.map_view import MapView


@dataclass(frozen=True)
class Mark:
    style: str                # a game.board_kit.highlights style: "move", "attack", "source", ...
    cost: int | None = None   # shown on the cell when given (movement points, say)


def reach_from_legal(legal: dict | None, kind: str, field: str = "to", *, hostile=(), cost_of=None,
                     **fixed) -> dict[tuple, Mark]:
    """cell -> Mark for every value `field` (a square) takes among the legal `kind` actions matching `fixed`.

    `hostile`: cells where arriving is an attack (the game's documented extra); `cost_of(cell)`: the cost
    to show there, or None."""
    hostile = {as_cell(c) for c in hostile}
    out = {}
    for value in listing.values_of(legal, kind, field, **fixed):
        cell = as_cell(value)
        out[cell] = Mark("attack" if cell in hostile else "move", cost_of(cell) if cost_of else None)
    return out


def cells_of(legal: dict | None, kind: str, field: str, **fixed) -> set[tuple]:
    """The squares a field takes among the legal `kind` actions (e.g. the sources of moves)."""
    return {as_cell(v) for v in listing.values_of(legal, kind, field, **fixed)}


class ReachOverlay:
    def __init__(self):
        self._sprites: dict[tuple, tuple[pygame.Surface, tuple]] = {}
        self._labels: dict[tuple, pygame.Surface] = {}

    def sprite(self, view: MapView, cell, style: str) -> tuple[pygame.Surface, tuple[int, int]]:
        """The highlight for `cell` and where its top-left goes on screen."""
        poly = view.polygon(cell)
        x0, y0 = min(p[0] for p in poly), min(p[1] for p in poly)
        local = [(round(x - x0), round(y - y0)) for x, y in poly]
        key = (style, tuple(local))
        made = self._sprites.get(key)
        if made is None:
            size = (max(p[0] for p in local) + 1, max(p[1] for p in local) + 1)
            made = self._sprites[key] = (highlights.sprite(size, [local], style), size)
        return made[0], (round(x0), round(y0))

    def light(self, surface, view: MapView, cell, style: str, alpha: int = 255) -> None:
        sprite, at = self.sprite(view, cell, style)
        sprite.set_alpha(alpha)
        surface.blit(sprite, at)

    def draw(self, surface, view: MapView, marks: dict, *, alpha: int = 255) -> None:
        """Light every marked cell in view (marks: cell -> Mark, or cell -> style name)."""
        for cell, mark in marks.items():
            if not view.is_visible(cell):
                continue
            style = mark if isinstance(mark, str) else mark.style
            self.light(surface, view, cell, style, alpha)
            if not isinstance(mark, str) and mark.cost is not None:
                self._cost(surface, view, cell, mark.cost)

    def _cost(self, surface, view: MapView, cell, cost: int) -> None:
        size = max(11, round(view.cell_px * 0.36))
        key = (cost, size, theme.colours)
        label = self._labels.get(key)
        if label is None:
            text = theme.render_text(str(cost), size, theme.colours.text, True)
            label = pygame.Surface((text.get_width() + 8, text.get_height() + 2), pygame.SRCALPHA)
            pygame.draw.rect(label, (20, 20, 24, 200), label.get_rect(), border_radius=6)
            label.blit(text, (4, 1))
            label = self._labels[key] = label.convert_alpha()
        rect = view.cell_rect(cell)
        surface.blit(label, label.get_rect(midbottom=(rect.centerx, rect.bottom - 1)))
