"""The world map's geometry: assets/boards/risk_map.json (made by tools/make_risk_map.py).

Loaded once and checked against the rules' board (engine.risk.board): every
territory must have polygons and an army position, and nothing else may appear.
Hit-testing uses a mask per territory, so clicks follow the drawn outline exactly.
"""
import json
from functools import lru_cache

import pygame

from engine import resources
from engine.errors import BoardError
from engine.risk import board as rules_board

MAP_FILE = resources.board_path("risk_map")
ART_FILE = resources.asset_path("art", "risk_map.png")


class Territory:
    def __init__(self, tid: str, name: str, continent: str, polygons: list, army: tuple):
        self.id = tid
        self.name = name
        self.continent = continent
        self.polygons = [[(float(x), float(y)) for x, y in ring] for ring in polygons]
        self.army = (int(army[0]), int(army[1]))
        xs = [x for ring in self.polygons for x, _ in ring]
        ys = [y for ring in self.polygons for _, y in ring]
        self.rect = pygame.Rect(int(min(xs)) - 1, int(min(ys)) - 1, int(max(xs) - min(xs)) + 3,
                                int(max(ys) - min(ys)) + 3)
        shape = pygame.Surface(self.rect.size, pygame.SRCALPHA)
        for ring in self.local_polygons():
            pygame.draw.polygon(shape, (255, 255, 255, 255), ring)
        self.mask = pygame.mask.from_surface(shape)

    def local_polygons(self) -> list[list[tuple[float, float]]]:
        """The polygons relative to `rect.topleft` (for drawing into per-territory sprites)."""
        ox, oy = self.rect.topleft
        return [[(x - ox, y - oy) for x, y in ring] for ring in self.polygons]

    def contains(self, pos) -> bool:
        x, y = pos[0] - self.rect.x, pos[1] - self.rect.y
        return 0 <= x < self.rect.w and 0 <= y < self.rect.h and bool(self.mask.get_at((x, y)))


class MapGeometry:
    def __init__(self, data: dict, board=None):
        board = board or rules_board.load()
        validate(data, board)
        self.size = tuple(data["size"])
        self.map_rect = pygame.Rect(data["map_rect"])
        self.territories = {tid: Territory(tid, info["name"], info["continent"], data["territories"][tid]["polygons"],
                                           data["territories"][tid]["army"])
                            for tid, info in board.territories.items()}
        self.continents = {cid: {"name": info["name"], "bonus": info["bonus"], "territories": info["territories"],
                                 "polygons": data["continents"][cid]["polygons"],
                                 "colour": tuple(data["continents"][cid]["colour"]),
                                 "label": tuple(data["continents"][cid]["label"])}
                           for cid, info in board.continents.items()}
        self.adjacent = board.adjacent
        self.sea_lines = data.get("sea_lines", [])

    def territory_at(self, pos) -> str | None:
        for tid, t in self.territories.items():
            if t.contains(pos):
                return tid
        return None


def validate(data, board) -> None:
    """BoardError naming the first problem, if the geometry does not fit the rules' board."""
    if not isinstance(data, dict) or not isinstance(data.get("territories"), dict):
        raise BoardError("risk map: the geometry file must hold a 'territories' map")
    known = set(board.territories)
    have = set(data["territories"])
    if known - have:
        raise BoardError(f"risk map: no geometry for {', '.join(sorted(known - have))}")
    if have - known:
        raise BoardError(f"risk map: geometry for unknown territories {', '.join(sorted(have - known))}")
    for tid, t in data["territories"].items():
        polys = t.get("polygons") if isinstance(t, dict) else None
        if not polys or not all(isinstance(r, list) and len(r) >= 3 for r in polys):
            raise BoardError(f"risk map: {tid} needs at least one polygon of 3 or more points")
        army = t.get("army")
        if not (isinstance(army, list) and len(army) == 2):
            raise BoardError(f"risk map: {tid} needs an army position [x, y]")
    missing = set(board.continents) - set(data.get("continents", {}))
    if missing:
        raise BoardError(f"risk map: no outline for continents {', '.join(sorted(missing))}")


@lru_cache(maxsize=1)
def load() -> MapGeometry:
    try:
        data = json.loads(MAP_FILE.read_text())
    except (OSError, ValueError) as e:
        raise BoardError(f"risk map: cannot read {MAP_FILE.name}: {e}") from e
    return MapGeometry(data)
