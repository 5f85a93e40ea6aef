"""The map: terrain, cities and ports, beaches, rivers and bridges, roads and railroads, bivouac areas.

Read from assets/boards/ah_tactics.json (written by tools/make_ah_tactics_map.py) and validated
completely at load: a broken map is refused with a BoardError naming the first problem in a
sentence. The format is described in docs/ah_tactics.md ("The map data").
"""
from dataclasses import dataclass

from engine import grid, resources
from engine.ah_tactics import units
from engine.bitgrid import BitGrid
from engine.errors import BoardError
from engine.package import board_loader

BOARDS = resources.asset_path("boards")

CLEAR, FOREST, MOUNTAIN, SEA = "clear", "forest", "mountain", "sea"
TERRAINS = (CLEAR, FOREST, MOUNTAIN, SEA)
ROAD, RAIL = "road", "rail"
SIDE_NAMES = ("blue", "red")


@dataclass(frozen=True)
class City:
    name: str
    side: int            # 0 Blue, 1 Red: the half it lies in
    capital: bool
    squares: tuple
    docks: tuple         # dock squares when the city is a port, else ()

    @property
    def port(self) -> bool:
        return bool(self.docks)


@dataclass(frozen=True)
class Board:
    name: str
    width: int
    height: int
    terrain: dict          # (x, y) -> terrain name
    rows: tuple            # per side: (first row, last row) of its half
    home: tuple            # per side: "north" or "south"
    cities: dict           # name -> City
    city_at: dict          # (x, y) -> city name
    beaches: frozenset     # squares
    river_edges: frozenset  # frozenset({a, b}) of orthogonal squares a river separates
    bridges: frozenset     # river edges with a bridge
    segments: dict         # ROAD/RAIL -> frozenset of frozenset({a, b}) (adjacent squares joined)
    line_squares: dict     # ROAD/RAIL -> frozenset of squares the line runs through
    double: frozenset      # squares with both a road and a railroad
    bivouacs: dict         # (side, area name) -> tuple of squares
    data: dict             # the JSON as read (for views and windows)
    grid: BitGrid

    # ----- questions about squares -------------------------------------------------------
    def on_board(self, sq) -> bool:
        return grid.in_bounds(sq, self.width, self.height)

    def land(self, sq) -> bool:
        return self.terrain.get(tuple(sq), SEA) != SEA

    def half_of(self, sq) -> int:
        """The side whose half of the board holds `sq`."""
        return 0 if self.rows[0][0] <= sq[1] <= self.rows[0][1] else 1

    def river_edge(self, a, b) -> bool:
        return frozenset((a, b)) in self.river_edges

    def separated(self, a, b) -> bool:
        """True when a river lies between adjacent squares a and b (rule E: no control across it).
        A diagonal pair is separated when every way round the shared corner crosses a river edge."""
        if not grid.diagonal(a, b):
            return frozenset((a, b)) in self.river_edges and frozenset((a, b)) not in self.bridges
        c1, c2 = (b[0], a[1]), (a[0], b[1])
        e = self.river_edges
        return ((frozenset((a, c1)) in e or frozenset((c1, b)) in e)
                and (frozenset((a, c2)) in e or frozenset((c2, b)) in e))

    def at_bridge(self, a, b) -> bool:
        return frozenset((a, b)) in self.bridges

    def on_line(self, a, b) -> bool:
        """True when a road or a railroad runs from a to b."""
        key = frozenset((a, b))
        return key in self.segments[ROAD] or key in self.segments[RAIL]

    def same_city(self, a, b) -> bool:
        ca = self.city_at.get(a)
        return ca is not None and ca == self.city_at.get(b)

    def docks(self, port: str) -> tuple:
        return self.cities[port].docks

    def ports(self) -> list[str]:
        return [c.name for c in self.cities.values() if c.port]

    def cities_of(self, side: int) -> list[str]:
        return [c.name for c in self.cities.values() if c.side == side]

    def bivouac(self, side: int, area: str) -> tuple:
        return self.bivouacs[(side, area)]


load, parse = board_loader("ah_tactics", lambda data: _parse(data))


def _need(ok: bool, sentence: str) -> None:
    if not ok:
        raise BoardError(sentence)


def _squares(value, what: str, width: int, height: int) -> list[tuple]:
    _need(isinstance(value, list) and value, f"{what} must list at least one square.")
    out = []
    for v in value:
        sq = grid.as_square(v, width, height)
        _need(sq is not None, f"{what} names {v!r}, which is not a square of the board.")
        out.append(sq)
    _need(len(set(out)) == len(out), f"{what} names a square twice.")
    return out


def _parse(data: dict) -> Board:
    width, height = data["width"], data["height"]
    _need(isinstance(width, int) and isinstance(height, int) and 8 <= width <= 64 and 8 <= height <= 64,
          "The board must be 8 to 64 squares wide and high.")
    legend = data["legend"]
    _need(set(legend.values()) <= set(TERRAINS), f"The legend may only name the terrains {', '.join(TERRAINS)}.")
    rows = data["terrain"]
    _need(len(rows) == height and all(isinstance(r, str) and len(r) == width for r in rows),
          f"The terrain must be {height} rows of {width} characters.")
    terrain = {}
    for y, row in enumerate(rows):
        for x, ch in enumerate(row):
            _need(ch in legend, f"Terrain character {ch!r} at [{x}, {y}] is not in the legend.")
            terrain[(x, y)] = legend[ch]

    def land(sq):
        return terrain[sq] != SEA

    sides = data["sides"]
    _need([s["name"] for s in sides] == list(SIDE_NAMES), "The sides must be blue then red.")
    halves = tuple((s["rows"][0], s["rows"][1]) for s in sides)
    _need(halves[0][0] == 0 and halves[0][1] + 1 == halves[1][0] and halves[1][1] == height - 1,
          "Blue's half must be the top rows and Red's the rest, without gap or overlap.")
    home = tuple(s["home"] for s in sides)
    _need(home == ("north", "south"), "Blue's home edge must be the north and Red's the south.")

    def half_of(sq):
        return 0 if sq[1] <= halves[0][1] else 1

    # ----- cities and ports ----------------------------------------------------------------
    cities, city_at = {}, {}
    for c in data["cities"]:
        name = c["name"]
        _need(isinstance(name, str) and name and name not in cities, f"City name {name!r} is empty or used twice.")
        _need(c["side"] in SIDE_NAMES, f"City {name} must belong to blue or red.")
        side = SIDE_NAMES.index(c["side"])
        squares = _squares(c["squares"], f"City {name}", width, height)
        for sq in squares:
            _need(land(sq) and terrain[sq] != MOUNTAIN, f"City {name} has square {list(sq)} on sea or mountain.")
            _need(half_of(sq) == side, f"City {name} has square {list(sq)} outside {c['side']}'s half.")
            _need(sq not in city_at, f"Cities {city_at.get(sq)} and {name} overlap at {list(sq)}.")
            city_at[sq] = name
        docks = ()
        if "port" in c:
            docks = tuple(_squares(c["port"]["docks"], f"The docks of {name}", width, height))
            for d in docks:
                _need(d in squares, f"Dock {list(d)} of {name} is not one of the city's squares.")
                _need(any(not land(n) for n in _orthogonal(d, width, height)),
                      f"Dock {list(d)} of {name} does not touch the sea.")
        cities[name] = City(name, side, bool(c["capital"]), tuple(squares), docks)
    for side, side_name in enumerate(SIDE_NAMES):
        capitals = [c for c in cities.values() if c.side == side and c.capital]
        _need(len(capitals) == 1, f"{side_name.capitalize()} must have exactly one capital.")
        _need(any(c.port for c in cities.values() if c.side == side), f"{side_name.capitalize()} has no port.")

    # ----- beaches -------------------------------------------------------------------------
    beaches = set()
    for b in data["beaches"]:
        for sq in _squares(b["squares"], f"Beach {b['name']}", width, height):
            _need(terrain[sq] in (CLEAR, FOREST), f"Beach square {list(sq)} of {b['name']} is not dry open land.")
            _need(sq not in city_at, f"Beach square {list(sq)} of {b['name']} lies in a city (land there in a port).")
            _need(any(not land(n) for n in grid.neighbours(sq, width, height)),
                  f"Beach square {list(sq)} of {b['name']} does not touch the sea.")
            beaches.add(sq)

    # ----- rivers and bridges --------------------------------------------------------------
    river_edges = set()
    for r in data["rivers"]:
        pts = r["points"]
        _need(isinstance(pts, list) and len(pts) >= 2, f"River {r['name']} needs at least two points.")
        for p in pts:
            _need(isinstance(p, list) and len(p) == 2 and all(isinstance(v, int) for v in p)
                  and 0 <= p[0] <= width and 0 <= p[1] <= height,
                  f"River {r['name']} has point {p!r} off the board's corners.")
        for (ax, ay), (bx, by) in zip(pts, pts[1:]):
            _need((ax == bx) != (ay == by),
                  f"River {r['name']} must run along square edges ({[ax, ay]} to {[bx, by]}).")
            for a, b in _edges_between((ax, ay), (bx, by)):
                _need(grid.in_bounds(a, width, height) and grid.in_bounds(b, width, height),
                      f"River {r['name']} runs along the edge of the board near {list(a)}; rivers lie between squares.")
                _need(land(a) or land(b), f"River {r['name']} runs between two sea squares at {list(a)}.")
                river_edges.add(frozenset((a, b)))
    segments = {ROAD: set(), RAIL: set()}
    line_squares = {ROAD: set(), RAIL: set()}
    for line in data["lines"]:
        kind, name = line["kind"], line["name"]
        _need(kind in (ROAD, RAIL), f"Line {name} must be a road or a rail.")
        squares = line["squares"]
        _need(isinstance(squares, list) and len(squares) >= 2, f"Line {name} needs at least two squares.")
        path = [grid.as_square(v, width, height) for v in squares]
        _need(all(p is not None for p in path), f"Line {name} names a square off the board.")
        for sq in path:
            _need(land(sq) and terrain[sq] != MOUNTAIN, f"Line {name} crosses sea or mountain at {list(sq)}.")
            line_squares[kind].add(sq)
        for a, b in zip(path, path[1:]):
            _need(grid.adjacent(a, b), f"Line {name} jumps from {list(a)} to {list(b)}.")
            segments[kind].add(frozenset((a, b)))
    bridges = set()
    for pair in data["bridges"]:
        a, b = (grid.as_square(v, width, height) for v in pair)
        _need(a is not None and b is not None and frozenset((a, b)) in river_edges,
              f"Bridge {pair!r} is not on a river edge.")
        _need(frozenset((a, b)) in segments[ROAD] or frozenset((a, b)) in segments[RAIL],
              f"Bridge {pair!r} carries no road or railroad.")
        bridges.add(frozenset((a, b)))
    for kind in (ROAD, RAIL):
        for seg in segments[kind]:
            a, b = sorted(seg)
            if grid.diagonal(a, b):
                c1, c2 = (b[0], a[1]), (a[0], b[1])
                for c in (c1, c2):
                    _need(frozenset((a, c)) not in river_edges and frozenset((c, b)) not in river_edges,
                          f"The {kind} from {list(a)} to {list(b)} runs diagonally past a river; "
                          "lines cross rivers straight, at bridges.")
            elif seg in river_edges:
                _need(seg in bridges, f"The {kind} from {list(a)} to {list(b)} crosses a river without a bridge.")

    # ----- bivouac areas -------------------------------------------------------------------
    bivouacs, taken = {}, {}
    for area in data["bivouacs"]:
        name = area["name"]
        _need(area["side"] in SIDE_NAMES, f"Bivouac area {name} must belong to blue or red.")
        side = SIDE_NAMES.index(area["side"])
        _need((side, name) not in bivouacs, f"{area['side'].capitalize()} has two bivouac areas named {name}.")
        squares = _squares(area["squares"], f"Bivouac area {name}", width, height)
        for sq in squares:
            _need(terrain[sq] == CLEAR, f"Bivouac area {name} has square {list(sq)} off clear ground.")
            _need(half_of(sq) == side, f"Bivouac area {name} has square {list(sq)} outside {area['side']}'s half.")
            _need(sq not in taken, f"Bivouac areas {taken.get(sq)} and {name} overlap at {list(sq)}.")
            taken[sq] = name
        bivouacs[(side, name)] = tuple(sorted(squares, key=lambda s: (s[1], s[0])))
    for side, side_name in enumerate(SIDE_NAMES):
        for area, count in units.area_sizes().items():
            _need((side, area) in bivouacs, f"{side_name.capitalize()} has no bivouac area named {area}.")
            _need(len(bivouacs[(side, area)]) >= count,
                  f"{side_name.capitalize()}'s bivouac area {area} has room for "
                  f"{len(bivouacs[(side, area)])} units but holds {count}.")

    for label in data.get("labels", []):
        _need(isinstance(label.get("text"), str) and grid.as_square(label.get("at"), width, height) is not None,
              f"Label {label!r} needs a text and a square.")

    double = frozenset(line_squares[ROAD] & line_squares[RAIL])
    return Board(
        name=data["name"], width=width, height=height, terrain=terrain, rows=halves, home=home,
        cities=cities, city_at=city_at, beaches=frozenset(beaches), river_edges=frozenset(river_edges),
        bridges=frozenset(bridges), segments={k: frozenset(v) for k, v in segments.items()},
        line_squares={k: frozenset(v) for k, v in line_squares.items()}, double=double,
        bivouacs=bivouacs, data=data, grid=BitGrid(width, height))


def _orthogonal(sq, width, height):
    x, y = sq
    return [n for n in ((x, y - 1), (x + 1, y), (x, y + 1), (x - 1, y)) if grid.in_bounds(n, width, height)]


def _edges_between(p, q):
    """The square pairs separated by the straight run of edges between corner points p and q."""
    (ax, ay), (bx, by) = p, q
    step_x, step_y = (bx > ax) - (bx < ax), (by > ay) - (by < ay)
    x, y = ax, ay
    while (x, y) != (bx, by):
        nx, ny = x + step_x, y + step_y
        if ny == y:   # a horizontal edge on row line y: the square above and the square below
            cx = min(x, nx)
            yield (cx, y - 1), (cx, y)
        else:         # a vertical edge on column line x: the square left and the square right
            cy = min(y, ny)
            yield (x - 1, cy), (x, cy)
        x, y = nx, ny
