"""The ground of a map, painted from data at zoom 1 (the camera scales it).

Boards are data (principle 5): a map gives each cell a terrain name and lists its
edge features; styles say how each name looks. A layer may also start from
painted art of exactly the board's size (the Civil War map), with or without
terrain fills over it.
  * `TerrainStyle(fill, pattern)` — a cell's colour and a pattern drawn by code:
    "trees", "hills", "mountains", "marsh", "waves", "town", "dots" or none;
  * `EdgeStyle(colour, width, along)` — a feature between two cells: `along="side"`
    runs on their shared side (a river, a border), `"link"` from centre to centre
    (a road; `ties=True` draws railroad ties);
  * `composite(key, decorate)` — the ground plus what changes during a game
    (flags, cut rails), redrawn only when `key` changes (`rebuilds` counts it).
"""
import math
from dataclasses import dataclass

import pygame

from game import theme
from game.wargame.grid import Grid, as_cell


@dataclass(frozen=True)
class TerrainStyle:
    fill: tuple
    pattern: str = ""
    ink: tuple | None = None       # the pattern's colour (default: a darker fill)


@dataclass(frozen=True)
class EdgeStyle:
    colour: tuple
    width: int = 3
    along: str = "side"            # "side" (river, border) or "link" (road, railroad)
    ties: bool = False             # railroad ties across a link


class TerrainLayer:
    def __init__(self, grid: Grid, *, terrain=None, styles: dict | None = None, art: pygame.Surface | None = None,
                 edges=(), edge_styles: dict | None = None, outline: tuple | None = None,
                 background: tuple = (40, 44, 40)):
        """`terrain`: cell -> style name (a dict, or a function of the cell); `edges`: (cell, cell, style name)
        triples; `outline`: an rgba colour for every cell's outline, or None for none."""
        self.grid = grid
        self.terrain = terrain
        self.styles = styles or {}
        self.art = art
        self.edges = list(edges)
        self.edge_styles = edge_styles or {}
        self.outline = outline
        self.background = background
        self._base: pygame.Surface | None = None
        self._composite: pygame.Surface | None = None
        self._key = object()
        self.rebuilds = 0

    def size(self) -> tuple[int, int]:
        w, h = self.grid.bounds
        return (math.ceil(w), math.ceil(h))

    def style_of(self, cell) -> TerrainStyle | None:
        if self.terrain is None:
            return None
        name = self.terrain(cell) if callable(self.terrain) else self.terrain.get(cell)
        return self.styles.get(name) if name is not None else None

    def base(self) -> pygame.Surface:
        """The ground at zoom 1, painted once."""
        if self._base is None:
            self._base = self._paint()
        return self._base

    def composite(self, key=None, decorate=None) -> pygame.Surface:
        """The ground with `decorate(surface)` drawn over it (world coordinates), kept until `key` changes."""
        if decorate is None:
            return self.base()
        if self._composite is None or key != self._key:
            surf = self.base().copy()
            decorate(surf)
            self._composite = surf
            self._key = key
            self.rebuilds += 1
        return self._composite

    # ----- painting ---------------------------------------------------------------------
    def _paint(self) -> pygame.Surface:
        surf = pygame.Surface(self.size())
        if self.art is not None:
            surf.blit(self.art, (0, 0))
        else:
            surf.fill(self.background)
        if self.terrain is not None:
            for cell in self.grid.cells():
                style = self.style_of(cell)
                if style is not None:
                    paint_cell(surf, self.grid, cell, style)
        for a, b, name in self.edges:
            style = self.edge_styles.get(name)
            if style is not None:
                paint_edge(surf, self.grid, as_cell(a), as_cell(b), style)
        if self.outline is not None:
            line = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
            for cell in self.grid.cells():
                pygame.draw.polygon(line, self.outline, self.grid.corners(cell), 1)
            surf.blit(line, (0, 0))
        return surf.convert()


def paint_cell(surf: pygame.Surface, grid: Grid, cell, style: TerrainStyle) -> None:
    poly = grid.corners(cell)
    pygame.draw.polygon(surf, style.fill, poly)
    if not style.pattern:
        return
    ink = style.ink or theme.darken(style.fill, 0.3)
    x, y, w, h = grid.box(cell)
    cx, cy = grid.centre(cell)
    s = min(w, h)
    draw = PATTERNS.get(style.pattern)
    if draw is not None:
        draw(surf, ink, cx, cy, s)


def paint_edge(surf: pygame.Surface, grid: Grid, a, b, style: EdgeStyle) -> None:
    if style.along == "side":
        ends = grid.side(a, b)
        if ends is None:
            return
        pygame.draw.line(surf, style.colour, ends[0], ends[1], style.width)
        for p in ends:   # round joins, so a river bending from side to side reads as one stream
            pygame.draw.circle(surf, style.colour, p, style.width / 2)
        return
    p, q = grid.centre(a), grid.centre(b)
    pygame.draw.line(surf, style.colour, p, q, style.width)
    if style.ties:
        length = math.dist(p, q)
        nx, ny = (q[1] - p[1]) / length, -(q[0] - p[0]) / length
        for i in range(1, int(length // 6)):
            t = i * 6 / length
            mx, my = p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t
            pygame.draw.line(surf, style.colour, (mx - nx * 3, my - ny * 3), (mx + nx * 3, my + ny * 3), 1)


# ----- patterns: small marks in the middle of a cell, `s` being its size ----------------
def _trees(surf, ink, cx, cy, s):
    for dx, dy in ((-0.2, -0.08), (0.18, -0.14), (0.0, 0.16)):
        x, y, r = cx + dx * s, cy + dy * s, s * 0.11
        pygame.draw.polygon(surf, ink, [(x, y - r * 1.6), (x + r, y + r * 0.6), (x - r, y + r * 0.6)])


def _hills(surf, ink, cx, cy, s):
    for dx in (-0.16, 0.14):
        rect = pygame.Rect(0, 0, s * 0.3, s * 0.26)
        rect.center = (cx + dx * s, cy + s * 0.06)
        pygame.draw.arc(surf, ink, rect, 0.2, 2.94, 2)


def _mountains(surf, ink, cx, cy, s):
    for dx, hgt in ((-0.14, 0.3), (0.13, 0.22)):
        x = cx + dx * s
        pygame.draw.lines(surf, ink, False, [(x - s * 0.16, cy + s * 0.15), (x, cy + s * (0.15 - hgt)),
                                            (x + s * 0.16, cy + s * 0.15)], 2)


def _marsh(surf, ink, cx, cy, s):
    for i, dy in enumerate((-0.14, 0.0, 0.14)):
        x = cx + (0.05 if i % 2 else -0.05) * s
        pygame.draw.line(surf, ink, (x - s * 0.16, cy + dy * s), (x + s * 0.16, cy + dy * s), 1)


def _waves(surf, ink, cx, cy, s):
    for dy in (-0.1, 0.12):
        pts = [(cx + (t / 8 - 0.5) * s * 0.5, cy + dy * s + math.sin(t * math.pi / 2) * s * 0.03) for t in range(9)]
        pygame.draw.lines(surf, ink, False, pts, 1)


def _town(surf, ink, cx, cy, s):
    for dx, dy, k in ((-0.12, -0.06, 0.16), (0.08, 0.04, 0.2), (-0.06, 0.14, 0.12)):
        pygame.draw.rect(surf, ink, (cx + dx * s - s * k / 2, cy + dy * s - s * k / 2, s * k, s * k))


def _dots(surf, ink, cx, cy, s):
    for dx, dy in ((-0.15, -0.1), (0.15, -0.1), (0.0, 0.12)):
        pygame.draw.circle(surf, ink, (cx + dx * s, cy + dy * s), max(1, s * 0.04))


PATTERNS = {"trees": _trees, "hills": _hills, "mountains": _mountains, "marsh": _marsh, "waves": _waves,
            "town": _town, "dots": _dots}
