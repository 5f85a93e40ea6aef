"""The map on screen: the painted art plus what changes with the game, cached.

The art (tools/make_civil_war_map.py) holds terrain, rivers, railroads, towns and
names. This layer adds, in the sides' colours (so the colour-blind palette
applies): the key-city and capital marks, flags on captured cities, and cut rail
links. The composite is rebuilt only when flags, cuts or the palette change;
square highlights are sprites made once per style and blitted with a pulse.
"""
import math

import pygame

from game import theme
from game.civil_war.counters import side_colour
from game.civil_war.geometry import ART_FILE, BOARD_RECT, SQUARE, local_centre

# highlight styles: (fill rgba, outline rgb, outline width)
STYLES = {
    "source": ((255, 255, 255, 36), (255, 244, 200), 2),
    "selected": ((255, 230, 140, 90), (255, 214, 90), 3),
    "move": ((70, 190, 255, 80), (40, 150, 255), 3),
    "attack": ((255, 70, 40, 120), (235, 40, 20), 3),
    "hover": ((255, 255, 255, 40), (255, 255, 255), 1),
    "battle": ((255, 60, 40, 60), (255, 60, 40), 3),
}


def star(surface, centre, radius, colour, outline) -> None:
    x, y = centre
    points = []
    for i in range(10):
        r = radius if i % 2 == 0 else radius * 0.45
        a = -math.pi / 2 + i * math.pi / 5
        points.append((x + r * math.cos(a), y + r * math.sin(a)))
    pygame.draw.polygon(surface, colour, points)
    pygame.draw.polygon(surface, outline, points, 1)


def flag(surface, pole_foot, colour) -> None:
    """A small flag on a pole: a city captured, in the captor's colour. A white edge keeps it
    visible even on a counter of the same colour."""
    x, y = pole_foot
    pygame.draw.line(surface, (255, 255, 255), (x + 1, y), (x + 1, y - 18), 1)
    pygame.draw.line(surface, (40, 30, 20), (x, y), (x, y - 18), 2)
    cloth = [(x + 1, y - 18), (x + 15, y - 14), (x + 1, y - 9)]
    pygame.draw.polygon(surface, colour, cloth)
    pygame.draw.polygon(surface, (255, 255, 255), cloth, 2)


class MapLayer:
    def __init__(self, board: dict):
        self.board = board  # the board's static data (engine.civil_war.board.Board.to_dict())
        self.art = pygame.image.load(str(ART_FILE)).convert()
        self._key = None
        self._composite: pygame.Surface | None = None
        self._sprites: dict[str, pygame.Surface] = {}
        self.rebuilds = 0

    def composite(self, cut_links: list) -> pygame.Surface:
        key = (repr(cut_links), theme.colours)
        if self._composite is None or key != self._key:
            surf = self.art.copy()
            self._draw_cuts(surf, cut_links)
            self._draw_cities(surf)
            self._composite = surf
            self._key = key
            self.rebuilds += 1
        return self._composite

    def _draw_cities(self, surf) -> None:
        for c in self.board["cities"]:
            if c["kind"] == "town":
                continue
            cx, cy = local_centre(c["at"])
            colour = side_colour(c["side"])
            if c["kind"] == "capital":
                star(surf, (cx, cy), 10, colour, (20, 16, 12))
            else:
                r = pygame.Rect(0, 0, 12, 12)
                r.center = (cx, cy)
                pygame.draw.rect(surf, (20, 16, 12), r.inflate(4, 4))
                pygame.draw.rect(surf, colour, r)

    def _draw_cuts(self, surf, cut_links) -> None:
        """Rail links cut for a side: a cross in the cutting side's colour on the link's middle."""
        seen = set()
        for seat, links in enumerate(cut_links or []):
            cutter = 1 - seat
            for a, b in links:
                key = (tuple(sorted((tuple(a), tuple(b)))), cutter)
                if key in seen:
                    continue
                seen.add(key)
                (ax, ay), (bx, by) = local_centre(a), local_centre(b)
                mx, my = (ax + bx) / 2, (ay + by) / 2
                for dx in (-4, 4):
                    pygame.draw.line(surf, (20, 16, 12), (mx - 4, my - dx), (mx + 4, my + dx), 5)
                    pygame.draw.line(surf, side_colour(cutter), (mx - 4, my - dx), (mx + 4, my + dx), 3)

    def draw_markers(self, surface, flags: dict, occupied: set) -> None:
        """Over the pieces: flags on captured cities, and a small mark on key cities and capitals that
        a stack hides (so a glance still tells where the objectives are)."""
        for c in self.board["cities"]:
            if c["kind"] == "town":
                continue
            x0, y0 = BOARD_RECT.x + c["at"][0] * SQUARE, BOARD_RECT.y + c["at"][1] * SQUARE
            if tuple(c["at"]) in occupied:
                colour = side_colour(c["side"])
                if c["kind"] == "capital":
                    star(surface, (x0 + SQUARE - 5, y0 + SQUARE - 9), 6, colour, (20, 16, 12))
                else:
                    r = pygame.Rect(x0 + SQUARE - 9, y0 + SQUARE - 13, 7, 7)
                    pygame.draw.rect(surface, (20, 16, 12), r.inflate(2, 2))
                    pygame.draw.rect(surface, colour, r)
            if c["name"] in flags:
                flag(surface, (x0 + 2, y0 + 17), side_colour(flags[c["name"]]))

    def sprite(self, style: str) -> pygame.Surface:
        surf = self._sprites.get(style)
        if surf is None:
            fill, outline, width = STYLES[style]
            surf = pygame.Surface((SQUARE, SQUARE), pygame.SRCALPHA)
            surf.fill(fill)
            pygame.draw.rect(surf, outline, surf.get_rect(), width)
            surf = surf.convert_alpha()
            self._sprites[style] = surf
        return surf

    def draw_highlight(self, surface, square, style: str, alpha: int = 255) -> None:
        sprite = self.sprite(style)
        sprite.set_alpha(alpha)
        surface.blit(sprite, (BOARD_RECT.x + square[0] * SQUARE, BOARD_RECT.y + square[1] * SQUARE))
