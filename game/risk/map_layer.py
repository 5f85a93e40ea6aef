"""The map on screen: the painted background, ownership fills and highlights.

Layers are cached: the composite (background + owner fills + borders) is
rebuilt only when some territory changes hands; highlight sprites (in the
styles every board shares, game.board_kit.highlights) are made once per
territory and style, then blitted with a pulsing alpha.
"""
import pygame

from game import theme
from game.board_kit import highlights
from game.risk.geometry import ART_FILE, MapGeometry

FILL_ALPHA = 150
BORDER = (40, 34, 26, 200)

class MapLayer:
    def __init__(self, geometry: MapGeometry):
        self.geometry = geometry
        self.background = pygame.image.load(str(ART_FILE)).convert()
        self._owners_key = None
        self._palette_key = None
        self._composite: pygame.Surface | None = None
        self._borders = self._make_borders()
        self._sprites: dict[tuple[str, str], pygame.Surface] = {}
        self.rebuilds = 0  # how often the fills were redrawn (tests check the cache holds)

    def _make_borders(self) -> pygame.Surface:
        surf = pygame.Surface(self.geometry.size, pygame.SRCALPHA)
        for t in self.geometry.territories.values():
            for ring in t.polygons:
                pygame.draw.polygon(surf, BORDER, ring, 1)
        for c in self.geometry.continents.values():
            for ring in c["polygons"]:
                pygame.draw.polygon(surf, (*theme.darken(c["colour"], 0.35), 255), ring, 4)
                pygame.draw.polygon(surf, (*c["colour"], 255), ring, 2)
        return surf.convert_alpha()

    def composite(self, owners: dict) -> pygame.Surface:
        """The map with each territory tinted in its owner's colour (cached until an owner changes)."""
        key = tuple(sorted(owners.items(), key=lambda kv: kv[0]))
        palette = theme.colours
        if self._composite is None or key != self._owners_key or palette is not self._palette_key:
            surf = self.background.copy()
            fills = pygame.Surface(self.geometry.size, pygame.SRCALPHA)
            for tid, owner in owners.items():
                if owner is None:
                    continue
                colour = (*theme.seat_colour(owner), FILL_ALPHA)
                for ring in self.geometry.territories[tid].polygons:
                    pygame.draw.polygon(fills, colour, ring)
            surf.blit(fills, (0, 0))
            surf.blit(self._borders, (0, 0))
            self._composite = surf
            self._owners_key = key
            self._palette_key = palette
            self.rebuilds += 1
        return self._composite

    def sprite(self, tid: str, style: str) -> pygame.Surface:
        key = (tid, style)
        surf = self._sprites.get(key)
        if surf is None:
            t = self.geometry.territories[tid]
            surf = highlights.sprite(t.rect.size, t.local_polygons(), style)
            self._sprites[key] = surf
        return surf

    def draw_highlight(self, surface: pygame.Surface, tid: str, style: str, alpha: int = 255) -> None:
        sprite = self.sprite(tid, style)
        sprite.set_alpha(alpha)
        surface.blit(sprite, self.geometry.territories[tid].rect.topleft)


class LessonPlaces:
    """A lesson's places on the map (game.tutorial): territories, lit in the shared "lesson" style."""

    def __init__(self, layer: MapLayer, geometry):
        self.layer, self.geometry = layer, geometry

    def light(self, surface, places, alpha: int = 255) -> None:
        for tid in places:
            self.layer.draw_highlight(surface, tid, "lesson", alpha)

    def rects(self, places) -> list:
        return [self.geometry.territories[tid].rect for tid in places]
