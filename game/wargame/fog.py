"""What this seat cannot see: a veil over hidden cells, and face-down markers for hidden pieces.

Secrets stay on the host (principle 2): a view tells a seat that a piece is
hidden, never where or what it is, unless the seat owns it. The fog layer draws
exactly what the view says and nothing more:
  * `cover(cells)` — cells the seat cannot see into (beyond its sight, an enemy's
    reserve area): a dark veil with a diagonal hatch, so the terrain still shows;
  * `marker(...)` — a piece the view shows only as "something here": a face-down
    counter ("?") from game.wargame.counters;
  * `own_hidden(...)` — the seat's own hidden piece (its submarine, its reserve),
    drawn with a dashed rim so its owner sees the others do not.
Sprites are made once per polygon size and reused.
"""
import pygame

from game.wargame.counters import CounterLook, Counters
from game.wargame.map_view import MapView

VEIL = (12, 14, 22, 150)
HATCH = (90, 96, 120, 120)
OWN_RIM = (240, 240, 255)


class FogLayer:
    def __init__(self, counters: Counters | None = None):
        self.counters = counters or Counters()
        self._veils: dict[tuple, pygame.Surface] = {}

    def _veil(self, local: tuple) -> pygame.Surface:
        surf = self._veils.get(local)
        if surf is None:
            w = max(p[0] for p in local) + 1
            h = max(p[1] for p in local) + 1
            surf = pygame.Surface((w, h), pygame.SRCALPHA)
            pygame.draw.polygon(surf, VEIL, local)
            hatch = pygame.Surface((w, h), pygame.SRCALPHA)
            for x in range(-h, w, 7):
                pygame.draw.line(hatch, HATCH, (x, h), (x + h, 0), 1)
            mask = pygame.Surface((w, h), pygame.SRCALPHA)
            pygame.draw.polygon(mask, (255, 255, 255, 255), local)
            hatch.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
            surf.blit(hatch, (0, 0))
            surf = self._veils[local] = surf.convert_alpha()
        return surf

    def cover(self, surface, view: MapView, cells) -> None:
        """Veil every cell of `cells` that is in view."""
        with view.clipped(surface):
            for cell in cells:
                if not view.is_visible(cell):
                    continue
                poly = view.polygon(cell)
                x0, y0 = min(p[0] for p in poly), min(p[1] for p in poly)
                local = tuple((round(x - x0), round(y - y0)) for x, y in poly)
                surface.blit(self._veil(local), (round(x0), round(y0)))

    def marker(self, surface, view: MapView, cell, *, colour=None, count: int = 1) -> None:
        """A face-down counter on `cell` ("something is here"); `count` > 1 shows a pile of them."""
        rect = view.cell_rect(cell)
        w, h = max(8, round(rect.w * 0.6)), max(8, round(rect.h * 0.56))
        look = CounterLook(colour=colour or (70, 70, 78), hidden=True, depth=min(2, count - 1))
        sprite = self.counters.sprite(look, (w, h))
        surface.blit(sprite, (rect.centerx - w // 2, rect.centery - h // 2))

    def own_hidden(self, surface, view: MapView, cell) -> None:
        """A dashed rim around the seat's own hidden piece: only its owner sees it."""
        poly = view.polygon(cell)
        n = len(poly)
        for i in range(n):
            (ax, ay), (bx, by) = poly[i], poly[(i + 1) % n]
            for k in range(0, 8, 2):   # four dashes a side
                t0, t1 = k / 8, (k + 1) / 8
                pygame.draw.line(surface, OWN_RIM, (ax + (bx - ax) * t0, ay + (by - ay) * t0),
                                 (ax + (bx - ax) * t1, ay + (by - ay) * t1), 2)
