"""The board: 18x18 squares over the 1863 theatre, read from assets/boards and validated.

The JSON keeps geography readable: terrain as rows of characters, cities by real
latitude and longitude (projected onto squares here), rivers and railroads as
routes of city names or [x, y] squares, and the starting forces.
"""
from dataclasses import dataclass

from engine import grid
from engine.civil_war.pieces import FORCES, KINDS, SIDE_BY_NAME, GUNBOAT, INFANTRY, sea_load_ok
from engine.errors import BoardError
from engine.package import board_loader, per_board   # (per_board: for the bots, which read only board data)


NW_SE, NE_SW = "NW-SE", "NE-SW"
# terrain character -> (land, open water, mountain, pass directions)
TERRAIN = {
    ".": (True, False, False, ()),
    ",": (True, True, False, ()),
    "~": (False, True, False, ()),
    "^": (True, False, True, ()),
    "\\": (True, False, True, (NW_SE,)),
    "/": (True, False, True, (NE_SW,)),
    "X": (True, False, True, (NW_SE, NE_SW)),
}


@dataclass(frozen=True)
class Square:
    land: bool
    sea: bool        # open water: sea, bay or lake
    river: bool      # on the course of a navigable river
    mountain: bool
    passes: tuple    # pass directions through this mountain square

    @property
    def water(self) -> bool:
        return self.sea or self.river


@dataclass(frozen=True)
class City:
    name: str
    at: tuple
    key_side: int | None      # side whose key city this is
    capital_side: int | None  # side whose capital this is

    @property
    def kind(self) -> str:
        return "capital" if self.capital_side is not None else "key" if self.key_side is not None else "town"


@dataclass(frozen=True)
class Board:
    name: str
    size: int
    projection: dict
    squares: dict        # (x, y) -> Square
    cities: dict         # name -> City
    city_at: dict        # (x, y) -> City
    rivers: tuple        # (name, (squares...)) in course order
    railroads: tuple     # (name, (squares...)) in route order
    rail: dict           # (x, y) -> frozenset of rail neighbours
    water: dict          # (x, y) -> frozenset of squares a gunboat reaches in one step
    sections: tuple      # per section: frozenset of interior (non-city) squares
    link_section: dict   # frozenset({a, b}) -> section index
    start: tuple         # (side, (x, y), {kind: n})

    def pass_allows(self, frm, to) -> bool:
        """True when `to` has a pass that a diagonal step from `frm` runs along."""
        if not grid.diagonal(frm, to):
            return False
        dx, dy = to[0] - frm[0], to[1] - frm[1]
        direction = NW_SE if dx == dy else NE_SW
        return direction in self.squares[to].passes

    def to_dict(self) -> dict:
        """The board as plain data for renderers and views (lists, string keys)."""
        return {
            "name": self.name, "size": self.size,
            "squares": [[{"land": s.land, "sea": s.sea, "river": s.river, "mountain": s.mountain,
                          "passes": list(s.passes)} for s in (self.squares[(x, y)] for x in range(self.size))]
                        for y in range(self.size)],
            "cities": [{"name": c.name, "at": list(c.at), "kind": c.kind,
                        "side": c.capital_side if c.capital_side is not None else c.key_side}
                       for c in self.cities.values()],
            "rivers": [{"name": n, "course": [list(s) for s in sq]} for n, sq in self.rivers],
            "railroads": [{"name": n, "route": [list(s) for s in sq]} for n, sq in self.railroads],
        }


def project(lat: float, lon: float, projection: dict, size: int):
    """The square holding a point: longitude west..east onto columns, latitude north..south onto rows."""
    west, east = projection["lon_west"], projection["lon_east"]
    south, north = projection["lat_south"], projection["lat_north"]
    x = int((lon - west) / (east - west) * size)
    y = int((north - lat) / (north - south) * size)
    return (x, y)


load, parse = board_loader("civil_war", lambda data: _parse(data))


def _parse(data: dict) -> Board:
    size = data["size"]
    rows = data["terrain"]
    if len(rows) != size or any(len(r) != size for r in rows):
        raise BoardError(f"terrain must be {size} rows of {size} characters")
    cells = {}
    for y, row in enumerate(rows):
        for x, ch in enumerate(row):
            if ch not in TERRAIN:
                raise BoardError(f"terrain square {x},{y} has unknown character {ch!r}")
            cells[(x, y)] = ch

    cities, city_at = {}, {}
    for c in data["cities"]:
        at = project(c["lat"], c["lon"], data["projection"], size)
        if at not in cells:
            raise BoardError(f"city {c['name']} lies off the board at {at}")
        if not TERRAIN[cells[at]][0]:
            raise BoardError(f"city {c['name']} at {list(at)} is on a square with no land")
        if c["name"] in cities:
            raise BoardError(f"city {c['name']} is listed twice")
        if at in city_at:
            raise BoardError(f"cities {city_at[at].name} and {c['name']} fall in the same square {list(at)}")
        key_side = SIDE_BY_NAME[c["key"]] if "key" in c else None
        capital_side = SIDE_BY_NAME[c["capital"]] if "capital" in c else None
        city = City(c["name"], at, key_side, capital_side)
        cities[city.name] = city
        city_at[at] = city
    for side in SIDE_BY_NAME.values():
        if sum(1 for c in cities.values() if c.capital_side == side) != 1:
            raise BoardError(f"side {side} must have exactly one capital")
        if not any(c.key_side == side for c in cities.values()):
            raise BoardError(f"side {side} has no key city")

    def route_squares(what: str, route: list) -> tuple:
        squares = []
        for point in route:
            if isinstance(point, str):
                if point not in cities:
                    raise BoardError(f"{what} names an unknown city {point!r}")
                squares.append(cities[point].at)
            else:
                sq = grid.as_square(point, size, size)
                if sq is None:
                    raise BoardError(f"{what} has a point {point!r} that is not a square of the board")
                squares.append(sq)
        if len(squares) < 2:
            raise BoardError(f"{what} needs at least two squares")
        for a, b in zip(squares, squares[1:]):
            if not grid.adjacent(a, b):
                raise BoardError(f"{what} jumps from {list(a)} to {list(b)}, which are not neighbouring squares")
        return tuple(squares)

    rivers, river_squares, water = [], set(), {sq: set() for sq in cells}
    for r in data["rivers"]:
        course = route_squares(f"river {r['name']}", r["course"])
        rivers.append((r["name"], course))
        river_squares.update(course)
        for a, b in zip(course, course[1:]):
            water[a].add(b)
            water[b].add(a)
    for sq in river_squares:
        if not TERRAIN[cells[sq]][0]:
            # A river square is land with a river through it; open water needs no river.
            raise BoardError(f"river square {list(sq)} has no land; rivers run through land squares")
    for sq, ch in cells.items():
        if TERRAIN[ch][1]:
            for n in grid.neighbours(sq, size, size):
                if TERRAIN[cells[n]][1]:
                    water[sq].add(n)
    for name, course in rivers:
        reach = _reach(course[0], water)
        if not any(TERRAIN[cells[s]][1] for s in reach):
            raise BoardError(f"river {name} does not reach open water")

    squares = {sq: Square(TERRAIN[ch][0], TERRAIN[ch][1], sq in river_squares, TERRAIN[ch][2], TERRAIN[ch][3])
               for sq, ch in cells.items()}

    railroads, rail = [], {}
    for r in data["railroads"]:
        route = route_squares(f"railroad {r['name']}", r["route"])
        for sq in route:
            if not squares[sq].land:
                raise BoardError(f"railroad {r['name']} crosses {list(sq)}, a square with no land")
        railroads.append((r["name"], route))
        for a, b in zip(route, route[1:]):
            rail.setdefault(a, set()).add(b)
            rail.setdefault(b, set()).add(a)
    for a, ns in rail.items():
        for b in ns:
            if a not in rail.get(b, ()):
                raise BoardError(f"rail link {list(a)}-{list(b)} does not run both ways")
    sections, link_section = _sections(rail, city_at)

    start = []
    placed = {side: {k: 0 for k in KINDS} for side in SIDE_BY_NAME.values()}
    for s in data["start"]:
        side = SIDE_BY_NAME[s["side"]]
        at = cities[s["at"]].at if isinstance(s["at"], str) else grid.as_square(s["at"], size, size)
        if at is None:
            raise BoardError(f"start square {s['at']!r} is not on the board")
        units = {k: s.get(k, 0) for k in KINDS}
        sq = squares[at]
        if (units["infantry"] or units["cavalry"]) and not sq.land and not sea_load_ok(units[INFANTRY], units[GUNBOAT]):
            raise BoardError(f"ground units start at {list(at)}, which has no land")
        if units["cavalry"] and not sq.land:
            raise BoardError(f"cavalry start at sea at {list(at)}")
        if units[GUNBOAT] and not sq.water:
            raise BoardError(f"gunboats start at {list(at)}, which has no navigable water")
        for k in KINDS:
            placed[side][k] += units[k]
        start.append((side, at, units))
    for side, want in FORCES.items():
        if placed[side] != want:
            raise BoardError(f"the starting forces of side {side} are {placed[side]}, the rules give {want}")
    for side, at, _ in start:
        for other_side, other_at, _ in start:
            if other_side != side and other_at == at:
                raise BoardError(f"both sides start on square {list(at)}")

    return Board(
        name=data["name"], size=size, projection=dict(data["projection"]), squares=squares,
        cities=cities, city_at=city_at, rivers=tuple(rivers), railroads=tuple(railroads),
        rail={sq: frozenset(ns) for sq, ns in rail.items()},
        water={sq: frozenset(ns) for sq, ns in water.items() if ns},
        sections=sections, link_section=link_section, start=tuple(start))


def _reach(origin, links) -> set:
    seen, todo = {origin}, [origin]
    while todo:
        for n in links.get(todo.pop(), ()):
            if n not in seen:
                seen.add(n)
                todo.append(n)
    return seen


def _sections(rail: dict, city_at: dict):
    """Split the rail net into sections between cities.

    A section is a connected run of city-less rail squares; every link touching it
    belongs to it. A link joining two cities directly is a section with no interior
    (nothing can stand on it, so it is never cut).
    """
    interior = {sq for sq in rail if sq not in city_at}
    sections, link_section, seen = [], {}, set()
    for sq in sorted(interior):
        if sq in seen:
            continue
        comp, todo = {sq}, [sq]
        while todo:
            for n in rail[todo.pop()]:
                if n in interior and n not in comp:
                    comp.add(n)
                    todo.append(n)
        seen |= comp
        index = len(sections)
        sections.append(frozenset(comp))
        for a in comp:
            for b in rail[a]:
                link_section[frozenset((a, b))] = index
    for a in sorted(rail):
        for b in rail[a]:
            link = frozenset((a, b))
            if link not in link_section:
                link_section[link] = len(sections)
                sections.append(frozenset())
    return tuple(sections), link_section
