"""A grid seen through a camera: where a cell is on the logical screen, which cell is under the
mouse, which cells are in view, and drawing a whole-board surface at the camera's zoom.

Everything a board draws on its map goes through one `MapView`, so hit-testing,
counters, highlights and the terrain agree at every zoom and pan.
"""
from contextlib import contextmanager

import pygame

from game.wargame.camera import Camera
from game.wargame.grid import Grid, as_cell


class MapView:
    def __init__(self, grid: Grid, viewport, *, max_zoom: float = 2.0, zoom: float | None = None):
        self.grid = grid
        self.viewport = pygame.Rect(viewport)
        self.camera = Camera(tuple(self.viewport), grid.bounds, max_zoom=max_zoom, zoom=zoom)
        self._seen = -1                  # the camera version the cached screen shapes are for
        self._rects: dict = {}
        self._polygons: dict = {}

    def _fresh(self) -> None:
        if self._seen != self.camera.version:
            self._seen = self.camera.version
            self._rects.clear()
            self._polygons.clear()

    @property
    def zoom(self) -> float:
        return self.camera.zoom

    @property
    def cell_px(self) -> float:
        """A cell's size on screen (a square's side, a hex's radius)."""
        return self.grid.size * self.camera.zoom

    def state(self) -> tuple:
        """What changes the picture when the camera moves (a cache key)."""
        return (self.camera.zoom, self.camera.offset)

    # ----- cells on screen --------------------------------------------------------------
    def cell_at(self, pos) -> tuple[int, int] | None:
        """The cell under a logical screen point, or None outside the viewport or the board."""
        if not self.viewport.collidepoint(pos):
            return None
        return self.grid.cell_at(*self.camera.to_world(pos[0] + 0.5, pos[1] + 0.5))

    def centre(self, cell) -> tuple[int, int]:
        x, y = self.camera.to_screen(*self.grid.centre(as_cell(cell)))
        return (int(x), int(y))

    def polygon(self, cell) -> list[tuple[float, float]]:
        self._fresh()
        cell = as_cell(cell)
        poly = self._polygons.get(cell)
        if poly is None:
            poly = self._polygons[cell] = [self.camera.to_screen(*p) for p in self.grid.corners(cell)]
        return poly

    def cell_rect(self, cell) -> pygame.Rect:
        """The screen box of a cell (a square exactly; a hex's bounding box)."""
        self._fresh()
        cell = as_cell(cell)
        rect = self._rects.get(cell)
        if rect is None:
            x, y, w, h = self.grid.box(cell)
            sx, sy = self.camera.to_screen(x, y)
            rect = self._rects[cell] = pygame.Rect(round(sx), round(sy), round(sx + w * self.zoom) - round(sx),
                                                   round(sy + h * self.zoom) - round(sy))
        return rect.copy()

    def side(self, a, b) -> tuple[tuple, tuple] | None:
        ends = self.grid.side(as_cell(a), as_cell(b))
        return None if ends is None else (self.camera.to_screen(*ends[0]), self.camera.to_screen(*ends[1]))

    def visible_cells(self) -> list[tuple[int, int]]:
        return self.grid.cells_in(*self.camera.visible())

    def is_visible(self, cell) -> bool:
        return self.cell_rect(cell).colliderect(self.viewport)

    @contextmanager
    def clipped(self, surface: pygame.Surface):
        """Drawing inside the block stays within the viewport."""
        before = surface.get_clip()
        surface.set_clip(self.viewport.clip(before) if before else self.viewport)
        try:
            yield surface
        finally:
            surface.set_clip(before)


class WorldPicture:
    """A surface the size of the whole board at zoom 1 (terrain, art), drawn at the camera's zoom.

    Only the part in view is scaled, and the result is kept until the camera moves or the surface
    is replaced (`scales` counts rescaling), so a still frame is one blit."""

    def __init__(self):
        self._key = None
        self._shown: pygame.Surface | None = None
        self._at = (0, 0)
        self.scales = 0

    def draw(self, surface: pygame.Surface, view: MapView, world: pygame.Surface) -> None:
        key = (id(world), view.state())
        if key != self._key:
            self._shown, self._at = self._scaled(view, world)
            self._key = key
            self.scales += 1
        if self._shown is not None:
            surface.blit(self._shown, self._at)

    @staticmethod
    def _scaled(view: MapView, world: pygame.Surface):
        cam = view.camera
        if cam.zoom == 1.0:
            x, y = cam.to_screen(0, 0)
            crop = pygame.Rect(-round(x) + view.viewport.x, -round(y) + view.viewport.y,
                               view.viewport.w, view.viewport.h).clip(world.get_rect())
            if not crop.w or not crop.h:
                return None, (0, 0)
            return world.subsurface(crop), (round(x) + crop.x, round(y) + crop.y)
        vx, vy, vw, vh = cam.visible()
        crop = pygame.Rect(int(vx), int(vy), int(vw) + 2, int(vh) + 2).clip(world.get_rect())
        if not crop.w or not crop.h:
            return None, (0, 0)
        sx, sy = cam.to_screen(crop.x, crop.y)
        ex, ey = cam.to_screen(crop.right, crop.bottom)
        size = (max(1, round(ex) - round(sx)), max(1, round(ey) - round(sy)))
        return pygame.transform.smoothscale(world.subsurface(crop), size), (round(sx), round(sy))
