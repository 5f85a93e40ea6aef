"""Zoom and pan over a board larger than its place on the screen.

The window draws on a logical 1280x800 surface; a board gets a rectangle of it
(the viewport) and the camera maps world points (the grid's units, pixels at
zoom 1) into that rectangle and back. Zoom moves through fixed levels (so
scaled art is cached per level, never per frame): from the level at which the
whole board fits the viewport up to `max_zoom`, with 1.0 always among them.
Pan never lets the board leave the viewport: along an axis where the board is
smaller than the viewport it is centred, otherwise the view stays on the board.
"""
import math

ZOOM_STEP = 1.25


def zoom_levels(fit: float, max_zoom: float) -> list[float]:
    """The levels from `fit` (the whole board in view, at most 1.0) up to `max_zoom`: powers of ZOOM_STEP."""
    low = min(fit, 1.0)
    levels = {round(low, 6)}
    k = math.ceil(math.log(low, ZOOM_STEP) - 1e-9)
    while ZOOM_STEP ** k <= max_zoom + 1e-9:
        value = ZOOM_STEP ** k
        if value > low * 1.06:   # a level hardly larger than the whole-board one would be a wasted wheel step
            levels.add(round(value, 6))
        k += 1
    return sorted(levels)


class Camera:
    def __init__(self, viewport, world: tuple[float, float], *, max_zoom: float = 2.0, zoom: float | None = None):
        """`viewport`: (x, y, w, h) on the logical screen; `world`: the board's (width, height) in world units;
        `zoom`: the starting level (default: 1.0 if the board fits at 1.0, else the level that fits it)."""
        self.viewport = tuple(viewport)
        self.world = (float(world[0]), float(world[1]))
        vw, vh = self.viewport[2], self.viewport[3]
        self.fit = min(vw / self.world[0], vh / self.world[1])
        self.levels = zoom_levels(self.fit, max(1.0, max_zoom))
        self.zoom = self.levels[0]
        self.offset = (0.0, 0.0)     # the world point at the viewport's top-left corner
        self.version = 0             # counts moves, so what is drawn per view can be kept until the next one
        start = zoom if zoom is not None else (1.0 if self.fit >= 1.0 else self.levels[0])
        self.set_zoom(start)
        self.centre_on(self.world[0] / 2, self.world[1] / 2)

    # ----- mapping ---------------------------------------------------------------------
    def to_screen(self, x: float, y: float) -> tuple[float, float]:
        vx, vy = self.viewport[0], self.viewport[1]
        return (vx + (x - self.offset[0]) * self.zoom, vy + (y - self.offset[1]) * self.zoom)

    def to_world(self, sx: float, sy: float) -> tuple[float, float]:
        vx, vy = self.viewport[0], self.viewport[1]
        return (self.offset[0] + (sx - vx) / self.zoom, self.offset[1] + (sy - vy) / self.zoom)

    def in_viewport(self, sx: float, sy: float) -> bool:
        x, y, w, h = self.viewport
        return x <= sx < x + w and y <= sy < y + h

    def visible(self) -> tuple[float, float, float, float]:
        """The world rectangle (x, y, w, h) the viewport shows."""
        return (self.offset[0], self.offset[1], self.viewport[2] / self.zoom, self.viewport[3] / self.zoom)

    # ----- moving ----------------------------------------------------------------------
    @property
    def can_pan(self) -> bool:
        return self.world[0] * self.zoom > self.viewport[2] + 0.5 or self.world[1] * self.zoom > self.viewport[3] + 0.5

    @property
    def level(self) -> int:
        return min(range(len(self.levels)), key=lambda i: abs(self.levels[i] - self.zoom))

    def set_zoom(self, zoom: float, anchor: tuple[float, float] | None = None) -> bool:
        """Zoom to the level nearest `zoom`, keeping the world point under `anchor` (a screen point; default
        the viewport's centre) where it is. True when the zoom changed."""
        nearest = min(self.levels, key=lambda z: abs(z - zoom))
        if anchor is None:
            x, y, w, h = self.viewport
            anchor = (x + w / 2, y + h / 2)
        wx, wy = self.to_world(*anchor)
        changed = nearest != self.zoom
        self.zoom = nearest
        vx, vy = self.viewport[0], self.viewport[1]
        self.offset = (wx - (anchor[0] - vx) / self.zoom, wy - (anchor[1] - vy) / self.zoom)
        self.clamp()
        return changed

    def zoom_by(self, steps: int, anchor: tuple[float, float] | None = None) -> bool:
        """Up (`steps` > 0) or down that many levels, around `anchor`. True when the zoom changed."""
        i = max(0, min(len(self.levels) - 1, self.level + steps))
        return self.set_zoom(self.levels[i], anchor)

    def pan_by(self, dx: float, dy: float) -> bool:
        """Move the view by a screen distance (dragging the board by (dx, dy) moves it with the mouse)."""
        before = self.offset
        self.offset = (self.offset[0] - dx / self.zoom, self.offset[1] - dy / self.zoom)
        self.clamp()
        return self.offset != before

    def centre_on(self, x: float, y: float) -> None:
        """Bring a world point to the viewport's centre (as far as the board's edges allow)."""
        self.offset = (x - self.viewport[2] / self.zoom / 2, y - self.viewport[3] / self.zoom / 2)
        self.clamp()

    def show(self, x: float, y: float, margin: float = 0.0) -> bool:
        """Pan just enough that a world point is in view, `margin` screen pixels inside the edge."""
        sx, sy = self.to_screen(x, y)
        vx, vy, vw, vh = self.viewport
        dx = max(0.0, vx + margin - sx) - max(0.0, sx - (vx + vw - margin))
        dy = max(0.0, vy + margin - sy) - max(0.0, sy - (vy + vh - margin))
        return self.pan_by(dx, dy) if dx or dy else False

    def clamp(self) -> None:
        self.version += 1
        ox, oy = self.offset
        self.offset = (self._clamped(ox, self.world[0], self.viewport[2]),
                       self._clamped(oy, self.world[1], self.viewport[3]))

    def _clamped(self, offset: float, world: float, view: float) -> float:
        shown = view / self.zoom
        if shown >= world:               # the board is smaller than the view: centre it
            return (world - shown) / 2
        return max(0.0, min(world - shown, offset))
