"""Board geometry of square and hex grids, in world units: cell <-> point, outlines, shared sides.

A cell is `(col, row)`, as the rules write squares (`[x, y]` in actions and views).
World units are pixels at zoom 1, with (0, 0) at the top-left of the board's
bounding box; the camera (game.wargame.camera) maps them to the screen. Nothing
here draws or knows a rule: neighbours are geometry (for outlines, rivers on
sides, culling), never a statement about where a piece may go.

Hex grids come in both orientations and both offsets:
  * "flat" (flat-topped hexes in columns): the shifted columns sit half a hex lower;
  * "pointy" (pointy-topped hexes in rows): the shifted rows sit half a hex to the right;
  * `shifted="odd"` shifts columns (rows) 1, 3, 5...; `"even"` shifts 0, 2, 4...
`size` is a square's side, or a hex's radius (centre to corner).
"""
import math

SQRT3 = math.sqrt(3.0)

Cell = tuple[int, int]
Point = tuple[float, float]


def as_cell(value) -> Cell:
    """A cell from a list `[x, y]` (the wire's shape) or a tuple."""
    return (int(value[0]), int(value[1]))


class Grid:
    """What every grid offers; `SquareGrid` and `HexGrid` fill it in."""
    shape = ""

    def __init__(self, cols: int, rows: int, size: float):
        if cols < 1 or rows < 1 or size <= 0:
            raise ValueError("a grid needs at least one column and one row, and a positive cell size")
        self.cols, self.rows, self.size = int(cols), int(rows), float(size)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.cols}x{self.rows}, size {self.size:g})"

    def contains(self, cell) -> bool:
        return 0 <= cell[0] < self.cols and 0 <= cell[1] < self.rows

    def cells(self):
        for row in range(self.rows):
            for col in range(self.cols):
                yield (col, row)

    # provided by each grid
    @property
    def bounds(self) -> Point:
        """(width, height) of the whole board in world units."""
        raise NotImplementedError

    def centre(self, cell) -> Point:
        raise NotImplementedError

    def corners(self, cell) -> list[Point]:
        """The cell's outline, clockwise from its top-left-most corner."""
        raise NotImplementedError

    def cell_at(self, x: float, y: float) -> Cell | None:
        """The cell under a world point, or None off the board."""
        raise NotImplementedError

    def neighbours(self, cell) -> list[Cell]:
        """Cells sharing a side with `cell` (on the board)."""
        raise NotImplementedError

    def cells_in(self, x: float, y: float, w: float, h: float) -> list[Cell]:
        """Cells whose box meets the world rectangle (what a camera shows), in row order."""
        raise NotImplementedError

    # the same for every grid
    def box(self, cell) -> tuple[float, float, float, float]:
        """(x, y, w, h): the bounding box of the cell's outline."""
        pts = self.corners(cell)
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        return min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)

    def side(self, a, b) -> tuple[Point, Point] | None:
        """The two end points of the side `a` and `b` share (rivers, borders), or None if they share none."""
        pa, pb = self.corners(a), set(_key(p) for p in self.corners(b))
        shared = [p for p in pa if _key(p) in pb]
        return (shared[0], shared[1]) if len(shared) == 2 else None


def _key(p: Point) -> tuple[int, int]:
    return (round(p[0] * 1000), round(p[1] * 1000))


class SquareGrid(Grid):
    shape = "square"

    @property
    def bounds(self) -> Point:
        return (self.cols * self.size, self.rows * self.size)

    def centre(self, cell) -> Point:
        return ((cell[0] + 0.5) * self.size, (cell[1] + 0.5) * self.size)

    def corners(self, cell) -> list[Point]:
        s = self.size
        x, y = cell[0] * s, cell[1] * s
        return [(x, y), (x + s, y), (x + s, y + s), (x, y + s)]

    def cell_at(self, x: float, y: float) -> Cell | None:
        cell = (math.floor(x / self.size), math.floor(y / self.size))
        return cell if self.contains(cell) else None

    def neighbours(self, cell) -> list[Cell]:
        c, r = cell
        return [n for n in ((c, r - 1), (c + 1, r), (c, r + 1), (c - 1, r)) if self.contains(n)]

    def cells_in(self, x: float, y: float, w: float, h: float) -> list[Cell]:
        s = self.size
        c0, c1 = max(0, math.floor(x / s)), min(self.cols - 1, math.ceil((x + w) / s) - 1)
        r0, r1 = max(0, math.floor(y / s)), min(self.rows - 1, math.ceil((y + h) / s) - 1)
        return [(c, r) for r in range(r0, r1 + 1) for c in range(c0, c1 + 1)]


class HexGrid(Grid):
    shape = "hex"

    def __init__(self, cols: int, rows: int, size: float, *, orientation: str = "flat", shifted: str = "odd"):
        super().__init__(cols, rows, size)
        if orientation not in ("flat", "pointy") or shifted not in ("odd", "even"):
            raise ValueError("a hex grid is 'flat' or 'pointy', with its 'odd' or 'even' lines shifted")
        self.orientation, self.shifted = orientation, shifted
        r = self.size
        # spacing along the lines of hexes, across them, and the half-hex shift
        if orientation == "flat":
            self.step = (1.5 * r, SQRT3 * r)
            self.extent = (2 * r, SQRT3 * r)     # one hex's width and height
        else:
            self.step = (SQRT3 * r, 1.5 * r)
            self.extent = (SQRT3 * r, 2 * r)
        self._first_shifted = 1 if shifted == "odd" else 0

    def __repr__(self) -> str:
        return f"HexGrid({self.cols}x{self.rows}, size {self.size:g}, {self.orientation}, {self.shifted} shifted)"

    def _is_shifted(self, line: int) -> bool:
        return line % 2 == self._first_shifted

    @property
    def _has_shift(self) -> bool:
        """Whether any line of the board is shifted (a one-line board may have none)."""
        lines = self.cols if self.orientation == "flat" else self.rows
        return any(self._is_shifted(i) for i in range(lines))

    @property
    def bounds(self) -> Point:
        (sx, sy), (ex, ey) = self.step, self.extent
        half = 0.5 if self._has_shift else 0.0
        if self.orientation == "flat":
            return ((self.cols - 1) * sx + ex, (self.rows - 1 + half) * sy + ey)
        return ((self.cols - 1 + half) * sx + ex, (self.rows - 1) * sy + ey)

    def centre(self, cell) -> Point:
        c, r = cell
        (sx, sy), (ex, ey) = self.step, self.extent
        if self.orientation == "flat":
            return (ex / 2 + c * sx, ey / 2 + (r + (0.5 if self._is_shifted(c) else 0.0)) * sy)
        return (ex / 2 + (c + (0.5 if self._is_shifted(r) else 0.0)) * sx, ey / 2 + r * sy)

    def corners(self, cell) -> list[Point]:
        cx, cy = self.centre(cell)
        start = 180 if self.orientation == "flat" else 210   # clockwise from the left-most / top-left corner
        return [(cx + self.size * math.cos(math.radians(start + 60 * i)),
                 cy + self.size * math.sin(math.radians(start + 60 * i))) for i in range(6)]

    def _near(self, x: float, y: float) -> list[Cell]:
        """Cells whose centres may be nearest to (x, y): a 3x3 block around the estimate."""
        (sx, sy), (ex, ey) = self.step, self.extent
        c = round((x - ex / 2) / sx)
        r = round((y - ey / 2) / sy)
        return [(c + dc, r + dr) for dr in (-1, 0, 1) for dc in (-1, 0, 1)]

    def cell_at(self, x: float, y: float) -> Cell | None:
        # A point lies in the hex whose centre is nearest (hexes tile the plane as the centres' Voronoi cells);
        # at the board's edge the nearest hex must also hold the point itself.
        best, best_d = None, math.inf
        for cell in self._near(x, y):
            if not self.contains(cell):
                continue
            cx, cy = self.centre(cell)
            d = (x - cx) ** 2 + (y - cy) ** 2
            if d < best_d:
                best, best_d = cell, d
        if best is None or not _inside(self.corners(best), x, y):
            return None
        return best

    def neighbours(self, cell) -> list[Cell]:
        c, r = cell
        if self.orientation == "flat":
            up = -1 if not self._is_shifted(c) else 0   # the row offset of the upper side-neighbours
            around = [(c, r - 1), (c + 1, r + up), (c + 1, r + up + 1), (c, r + 1), (c - 1, r + up + 1),
                      (c - 1, r + up)]
        else:
            left = -1 if not self._is_shifted(r) else 0
            around = [(c + left, r - 1), (c + left + 1, r - 1), (c + 1, r), (c + left + 1, r + 1),
                      (c + left, r + 1), (c - 1, r)]
        return [n for n in around if self.contains(n)]

    def cells_in(self, x: float, y: float, w: float, h: float) -> list[Cell]:
        (sx, sy), (ex, ey) = self.step, self.extent
        c0 = max(0, math.floor((x - ex) / sx))
        c1 = min(self.cols - 1, math.ceil((x + w) / sx))
        r0 = max(0, math.floor((y - ey) / sy))
        r1 = min(self.rows - 1, math.ceil((y + h) / sy))
        out = []
        for r in range(r0, r1 + 1):
            for c in range(c0, c1 + 1):
                bx, by, bw, bh = self.box((c, r))
                if bx < x + w and bx + bw > x and by < y + h and by + bh > y:
                    out.append((c, r))
        return out


def _inside(polygon: list[Point], x: float, y: float) -> bool:
    """Whether (x, y) lies in a convex polygon given clockwise (points on its outline count as inside)."""
    n = len(polygon)
    for i in range(n):
        (ax, ay), (bx, by) = polygon[i], polygon[(i + 1) % n]
        if (bx - ax) * (y - ay) - (by - ay) * (x - ax) < -1e-9:
            return False
    return True
