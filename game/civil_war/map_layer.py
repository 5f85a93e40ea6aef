"""The Civil War map on screen: the painted art as the kit's terrain layer, plus what changes
with the game, in the sides' colours (so the colour-blind palette applies).

The art (tools/make_civil_war_map.py) holds terrain, rivers, railroads, towns and
names. Drawn into the board's own surface (game.wargame.terrain's composite, rebuilt
only when cuts or the palette change): the key-city and capital marks and cut rail
links. Drawn over the pieces each frame, in proportion to the zoom: flags on
captured cities, and a small mark on key cities a stack hides.
"""
import math

import pygame

from game import theme
from game.civil_war.counters import side_colour
from game.civil_war.geometry import ART_FILE, GRID, local_centre
from game.wargame.map_view import MapView
from game.wargame.terrain import TerrainLayer

INK = (20, 16, 12)


def star(surface, centre, radius, colour, outline) -> None:
    x, y = centre
    points = []
    for i in range(10):
        r = radius if i % 2 == 0 else radius * 0.45
        a = -math.pi / 2 + i * math.pi / 5
        points.append((x + r * math.cos(a), y + r * math.sin(a)))
    pygame.draw.polygon(surface, colour, points)
    pygame.draw.polygon(surface, outline, points, 1)


def flag(surface, pole_foot, colour, unit: float = 1.0) -> None:
    """A small flag on a pole: a city captured, in the captor's colour. A white edge keeps it
    visible even on a counter of the same colour."""
    x, y = pole_foot
    pole = 18 * unit
    pygame.draw.line(surface, (255, 255, 255), (x + 1, y), (x + 1, y - pole), 1)
    pygame.draw.line(surface, (40, 30, 20), (x, y), (x, y - pole), 2)
    cloth = [(x + 1, y - pole), (x + 15 * unit, y - 14 * unit), (x + 1, y - 9 * unit)]
    pygame.draw.polygon(surface, colour, cloth)
    pygame.draw.polygon(surface, (255, 255, 255), cloth, 2)


class MapLayer:
    def __init__(self, board: dict):
        self.board = board  # the board's static data (engine.civil_war.board.Board.to_dict())
        self.terrain = TerrainLayer(GRID, art=pygame.image.load(str(ART_FILE)).convert())
        self.cities = [c for c in board["cities"] if c["kind"] != "town"]

    @property
    def rebuilds(self) -> int:
        return self.terrain.rebuilds

    def composite(self, cut_links: list) -> pygame.Surface:
        """The board at zoom 1: the art with the cities' marks and the cut rail links."""
        def decorate(surf):
            self._draw_cuts(surf, cut_links)
            self._draw_cities(surf)
        return self.terrain.composite((repr(cut_links), theme.colours), decorate)

    def _draw_cities(self, surf) -> None:
        for c in self.cities:
            cx, cy = local_centre(c["at"])
            colour = side_colour(c["side"])
            if c["kind"] == "capital":
                star(surf, (cx, cy), 10, colour, INK)
            else:
                r = pygame.Rect(0, 0, 12, 12)
                r.center = (cx, cy)
                pygame.draw.rect(surf, INK, r.inflate(4, 4))
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
                    pygame.draw.line(surf, INK, (mx - 4, my - dx), (mx + 4, my + dx), 5)
                    pygame.draw.line(surf, side_colour(cutter), (mx - 4, my - dx), (mx + 4, my + dx), 3)

    def draw_markers(self, surface, view: MapView, flags: dict, occupied: set) -> None:
        """Over the pieces: flags on captured cities, and a small mark on key cities and capitals that
        a stack hides (so a glance still tells where the objectives are)."""
        for c in self.cities:
            if not view.is_visible(c["at"]):
                continue
            rect = view.cell_rect(c["at"])
            u = rect.h / 38.0
            if tuple(c["at"]) in occupied:
                colour = side_colour(c["side"])
                if c["kind"] == "capital":
                    star(surface, (rect.right - 5 * u, rect.bottom - 9 * u), 6 * u, colour, INK)
                else:
                    r = pygame.Rect(0, 0, round(7 * u), round(7 * u))
                    r.topleft = (rect.right - round(9 * u), rect.bottom - round(13 * u))
                    pygame.draw.rect(surface, INK, r.inflate(2, 2))
                    pygame.draw.rect(surface, colour, r)
            if c["name"] in flags:
                flag(surface, (rect.x + 2 * u, rect.y + 17 * u), side_colour(flags[c["name"]]), u)
