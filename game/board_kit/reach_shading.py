"""Where a picked piece may go, as shading: the reachable cells tinted by cost band, the region's edge and the
bands' borders drawn as thin contour lines, and the path to the cell under the pointer with its cost.

No label on every cell: a counter board's reach can hold thousands of cells, and the map beneath (terrain,
rivers, names) must stay readable, so the fill is light and the numbers are the path's alone. Works on any
grid seen through a game.wargame.map_view.MapView (it asks the view for polygons, centres and the side two
cells share). The costs come from the game (its legal listing or its rules' queries); nothing here knows a
rule.
"""
import pygame

from game import theme

BANDS = 3
# near, middle, far: white, sky blue, violet — told apart by lightness too (colour-blind players), none of
# them the red of an attack, none the green of open country
BAND_COLOURS = ((250, 252, 255), (90, 190, 255), (190, 120, 255))
FILL_ALPHA = 84
PLAIN = (120, 220, 255)     # a reach with no costs (set-up places, air drops, fall-backs)


def bands(costs: dict, n: int = BANDS) -> dict:
    """cell -> band 0..n-1 by cost (None costs: band 0), the bands splitting the cheapest to the dearest
    evenly so that each means "about a third of what is left"."""
    known = [c for c in costs.values() if c is not None]
    if not known:
        return {cell: 0 for cell in costs}
    top = max(known) or 1
    return {cell: 0 if c is None else min(n - 1, (c * n - 1) // top if c else 0) for cell, c in costs.items()}


class ReachShading:
    """Draws one reach (cell -> cost or None) through a MapView. Sprites are made once per shape and band."""

    def __init__(self):
        self._fills: dict = {}
        self._labels: dict = {}

    def _fill(self, view, cell, colour) -> tuple[pygame.Surface, tuple[int, int]]:
        poly = view.polygon(cell)
        x0, y0 = min(p[0] for p in poly), min(p[1] for p in poly)
        local = tuple((round(x - x0), round(y - y0)) for x, y in poly)
        key = (colour, local)
        sprite = self._fills.get(key)
        if sprite is None:
            size = (max(p[0] for p in local) + 1, max(p[1] for p in local) + 1)
            sprite = pygame.Surface(size, pygame.SRCALPHA)
            pygame.draw.polygon(sprite, (*colour, FILL_ALPHA), local)
            sprite = self._fills[key] = sprite.convert_alpha()
        return sprite, (round(x0), round(y0))

    def _box(self, colour, size) -> pygame.Surface:
        key = (colour, size)
        sprite = self._fills.get(key)
        if sprite is None:
            sprite = pygame.Surface(size, pygame.SRCALPHA)
            sprite.fill((*colour, FILL_ALPHA))
            sprite = self._fills[key] = sprite.convert_alpha()
        return sprite

    def draw(self, surface, view, costs: dict, *, plain: bool = False, origin=(0, 0)) -> None:
        """Tint every cell of `costs` in view by its band; outline the region and the borders between bands.
        `origin`: where `surface` sits on the screen (a cached layer smaller than the window)."""
        if not costs:
            return
        ox, oy = origin
        band = {cell: 0 for cell in costs} if plain else bands(costs)
        colours = (PLAIN,) if plain else BAND_COLOURS
        width = max(1, round(view.cell_px / 22))
        grid = view.grid
        square = getattr(grid, "shape", None) == "square"
        viewport = view.viewport
        for cell, b in band.items():
            colour = colours[min(b, len(colours) - 1)]
            if square:   # the common case, and fast: the cell's box is all it takes
                rect = view.cell_rect(cell)
                if not rect.colliderect(viewport):
                    continue
                surface.blit(self._box(colour, rect.size), (rect.x - ox, rect.y - oy))
            else:
                if not view.is_visible(cell):
                    continue
                sprite, at = self._fill(view, cell, colour)
                surface.blit(sprite, (at[0] - ox, at[1] - oy))
            for other in grid.neighbours(cell):
                ob = band.get(other)
                if ob is not None and ob <= b:
                    continue   # a border is drawn once, by the farther band (or the region's edge)
                if square:   # the shared side straight from the cell's box
                    dx, dy = other[0] - cell[0], other[1] - cell[1]
                    x0 = rect.right - 1 if dx > 0 else rect.x
                    y0 = rect.bottom - 1 if dy > 0 else rect.y
                    ends = ((x0, y0), (x0, rect.bottom - 1)) if dx else ((x0, y0), (rect.right - 1, y0))
                else:
                    ends = view.side(cell, other)
                if ends is not None:
                    edge = (255, 255, 255) if ob is None else colour
                    (ax, ay), (bx, by) = ends
                    pygame.draw.line(surface, edge, (ax - ox, ay - oy), (bx - ox, by - oy), width + (ob is None))

    def path(self, surface, view, start, cells: list, label: str | None) -> None:
        """The route from `start` through `cells` as a line through the cells' centres, a dot on each step, and
        `label` (its cost) in a box at the end."""
        if not cells:
            return
        points = [view.centre(start)] + [view.centre(c) for c in cells]
        width = max(3, round(view.cell_px / 9))
        pygame.draw.lines(surface, (20, 20, 24), False, points, width + 4)
        pygame.draw.lines(surface, (255, 244, 200), False, points, width)
        dot = max(2, width // 2 + 1)
        for p in points[1:-1]:
            pygame.draw.circle(surface, (20, 20, 24), p, dot + 2)
            pygame.draw.circle(surface, (255, 244, 200), p, dot)
        end = points[-1]
        pygame.draw.circle(surface, (20, 20, 24), end, width + 4)
        pygame.draw.circle(surface, (255, 214, 90), end, width + 2)
        if label:
            tag = self._label(label, max(14, round(view.cell_px * 0.42)))
            rect = tag.get_rect(midbottom=(end[0], end[1] - width - 6))
            rect.clamp_ip(view.viewport)
            surface.blit(tag, rect)

    def _label(self, text: str, size: int) -> pygame.Surface:
        key = (text, size, theme.colours)
        tag = self._labels.get(key)
        if tag is None:
            rendered = theme.render_text(text, size, (255, 255, 255), True)
            tag = pygame.Surface((rendered.get_width() + 12, rendered.get_height() + 4), pygame.SRCALPHA)
            pygame.draw.rect(tag, (20, 20, 24, 225), tag.get_rect(), border_radius=7)
            pygame.draw.rect(tag, (255, 214, 90), tag.get_rect(), 2, border_radius=7)
            tag.blit(rendered, (6, 2))
            tag = self._labels[key] = tag.convert_alpha()
        return tag
