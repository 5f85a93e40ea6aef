"""The board: a 16x16 grid of squares read from assets/boards/tactics1940.json and validated.

Four home areas sit in the middle of the four edges (North at the top, then East, South
and West clockwise). Each has land squares, two plane bases on its land, and a seaport:
four water squares in a line along its sea edge. Only the two middle seaport squares
(the open squares) lead out, each to the two squares directly in front of the pair:
every other side of a home area is coast. The eighty ocean squares form a ring round the
central safety zone, cut into four numbered oceans of twenty by lines running from each
seaport's centre to the zone. The corners are off the playing area (the holding areas:
Davy Jones' Locker, the Supply Base, the Gold Reserve and the chance deck).

A square is an (x, y) tuple here (x east, y south) and [x, y] in actions and views.
"""
import json
from dataclasses import dataclass
from functools import lru_cache

from engine import grid, resources
from engine.errors import BoardError
from engine.package import per_board   # (here for the bots, which read only board data from the engine)

BOARDS = resources.asset_path("boards")

OFF, OCEAN, SAFETY, SEAPORT, LAND = "off", "ocean", "safety", "seaport", "land"
OCEAN_COUNT, OCEAN_SQUARES, SUBMARINES_PER_OCEAN = 4, 20, 4
CORNER_NAMES = ("davy_jones_locker", "supply_base", "gold_reserve", "chance_deck")
CORNER_IDS = ("NW", "NE", "SE", "SW")
START = {"battleship": 4, "transport": 6, "airplane": 2}
ORTHOGONAL = ((0, -1), (1, 0), (0, 1), (-1, 0))


@dataclass(frozen=True)
class Home:
    power: str
    seaport: tuple       # four squares in a line
    open: tuple          # the two middle seaport squares: the only way in or out
    front: tuple         # the two squares directly in front of the open squares
    bases: tuple         # plane bases (on the land)
    land: frozenset      # land squares, bases included
    squares: frozenset   # the whole home area: land and seaport
    passages: frozenset  # frozenset({open, front}) pairs: the links across the coast
    vicinity: frozenset  # seaport, front squares and the squares next to the front squares
    start: dict          # kind -> tuple of squares
    way_out: dict = None  # square of the vicinity -> fewest steps to the open sea beyond it


@dataclass(frozen=True)
class Ocean:
    id: str
    name: str
    squares: tuple       # index + 1 is the square's number
    submarines: tuple    # the numbers named by this ocean's submarine cards


@dataclass(frozen=True)
class Board:
    name: str
    size: int
    rows: tuple
    kinds: dict          # (x, y) -> OCEAN / SAFETY / SEAPORT / LAND (off squares are absent)
    powers: tuple        # clockwise from North
    homes: dict          # power -> Home
    home_of: dict        # (x, y) -> power, for every home-area square
    bases: frozenset
    oceans: tuple        # Ocean, in the order NW, NE, SE, SW
    ocean_at: dict       # (x, y) -> (ocean id, number)
    links: dict          # (x, y) -> {(dx, dy): neighbour} for every step no coast blocks
    corners: dict        # holding area name -> corner id
    corner_squares: dict  # corner id -> tuple of off squares in that corner

    def square_of(self, ocean: str, number: int):
        for o in self.oceans:
            if o.id == ocean:
                return o.squares[number - 1]
        raise KeyError(ocean)

    def submarine_squares(self) -> list:
        """(ocean id, number, square) of every square a submarine card names, in card order."""
        return [(o.id, n, o.squares[n - 1]) for o in self.oceans for n in o.submarines]

    def in_safety(self, sq) -> bool:
        return self.kinds.get(sq) == SAFETY

    def label(self, sq) -> str:
        """How a person names a square: 'NW 4', 'the safety zone', 'North's seaport'..."""
        if sq in self.ocean_at:
            ocean, number = self.ocean_at[sq]
            return f"{ocean} {number}"
        kind = self.kinds.get(sq)
        if kind == SAFETY:
            return f"the safety zone {list(sq)}"
        if kind in (SEAPORT, LAND):
            place = "seaport" if kind == SEAPORT else "plane base" if sq in self.bases else "home area"
            return f"{self.home_of[sq]}'s {place} {list(sq)}"
        return str(list(sq))

    def to_dict(self) -> dict:
        """The board as plain data for renderers (lists and string keys), the shape docs/tactics1940.md gives."""
        return {
            "name": self.name, "size": self.size, "rows": list(self.rows), "powers": list(self.powers),
            "homes": [{"power": h.power, "seaport": _squares(h.seaport), "open": _squares(h.open),
                       "front": _squares(h.front), "bases": _squares(h.bases), "land": _squares(sorted(h.land)),
                       "start": {k: _squares(v) for k, v in h.start.items()}} for h in self.homes.values()],
            "oceans": [{"id": o.id, "name": o.name, "squares": _squares(o.squares),
                        "submarines": list(o.submarines)} for o in self.oceans],
            "safety_zone": _squares(sorted(sq for sq, k in self.kinds.items() if k == SAFETY)),
            "corners": {name: {"corner": cid, "squares": _squares(self.corner_squares[cid])}
                        for name, cid in self.corners.items()},
        }


def _squares(squares) -> list:
    return [list(sq) for sq in squares]


@lru_cache(maxsize=None)
def load(name: str = "tactics1940") -> Board:
    path = BOARDS / f"{name}.json"
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as e:
        raise BoardError(f"board {name!r} cannot be read: {e}") from None
    return parse(data)


def parse(data: dict) -> Board:
    """Build and validate a Board from its JSON data; BoardError names the first problem."""
    try:
        return _parse(data)
    except (KeyError, TypeError, ValueError, IndexError) as e:
        raise BoardError(f"tactics1940 board data is malformed ({type(e).__name__}: {e})") from None


def _square(value, size, what):
    sq = grid.as_square(value, size, size)
    if sq is None:
        raise BoardError(f"{what} {value!r} is not a square of the board")
    return sq


def _parse(data: dict) -> Board:
    size = data["size"]
    rows = data["rows"]
    if len(rows) != size or any(len(r) != size for r in rows):
        raise BoardError(f"the map must be {size} rows of {size} characters")
    powers = tuple(data["powers"])
    if len(powers) != 4 or len({p[0] for p in powers}) != 4:
        raise BoardError("there must be four powers with different initials")
    letters = {p[0].upper(): p for p in powers}
    kinds, home_of = {}, {}
    for y, row in enumerate(rows):
        for x, ch in enumerate(row):
            if ch == "#":
                continue
            if ch == "~":
                kinds[(x, y)] = OCEAN
            elif ch == "+":
                kinds[(x, y)] = SAFETY
            elif ch.upper() in letters:
                kinds[(x, y)] = SEAPORT if ch.islower() else LAND
                home_of[(x, y)] = letters[ch.upper()]
            else:
                raise BoardError(f"square {x},{y} has the unknown map character {ch!r}")
    if not any(k == SAFETY for k in kinds.values()):
        raise BoardError("the board has no safety zone")

    homes, all_bases = {}, set()
    if [h["power"] for h in data["homes"]] != list(powers):
        raise BoardError("the home areas must be listed once for each power, in the order of the powers")
    for h in data["homes"]:
        home = _home(h, size, kinds, home_of)
        homes[home.power] = home
        all_bases |= set(home.bases)

    links = _links(kinds, home_of, homes, size)
    for home in homes.values():
        _check_home_reachable(home, links)

    oceans, ocean_at = _oceans(data["oceans"], size, kinds)
    for home in homes.values():
        a, b = (ocean_at[sq][0] for sq in home.front)
        if a == b:
            raise BoardError(f"{home.power}'s two front squares lie in one ocean ({a}); the ocean line "
                             "must run from the seaport's centre between them")

    corners = dict(data["corners"])
    if sorted(corners) != sorted(CORNER_NAMES) or sorted(corners.values()) != sorted(CORNER_IDS):
        raise BoardError(f"the corners must place {', '.join(CORNER_NAMES)} one in each of {', '.join(CORNER_IDS)}")
    half = size // 2
    corner_squares = {cid: [] for cid in CORNER_IDS}
    for y, row in enumerate(rows):
        for x, ch in enumerate(row):
            if ch == "#":
                cid = ("N" if y < half else "S") + ("W" if x < half else "E")
                corner_squares[cid].append((x, y))
    for cid, squares in corner_squares.items():
        if not squares:
            raise BoardError(f"the {cid} corner has no room off the playing area for its holding area")

    return Board(name=data["name"], size=size, rows=tuple(rows), kinds=kinds, powers=powers, homes=homes,
                 home_of=home_of, bases=frozenset(all_bases), oceans=oceans, ocean_at=ocean_at, links=links,
                 corners=corners, corner_squares={k: tuple(v) for k, v in corner_squares.items()})


def _home(h: dict, size: int, kinds: dict, home_of: dict) -> Home:
    power = h["power"]
    seaport = tuple(_square(v, size, f"{power}'s seaport square") for v in h["seaport"])
    if len(seaport) != 4 or len(set(seaport)) != 4:
        raise BoardError(f"{power}'s seaport must be four different squares")
    step = (seaport[1][0] - seaport[0][0], seaport[1][1] - seaport[0][1])
    if step not in ORTHOGONAL or any((b[0] - a[0], b[1] - a[1]) != step for a, b in zip(seaport, seaport[1:])):
        raise BoardError(f"{power}'s seaport squares must run in a straight line, one after another")
    for sq in seaport:
        if kinds.get(sq) != SEAPORT or home_of.get(sq) != power:
            raise BoardError(f"{power}'s seaport square {list(sq)} is not marked as {power}'s seaport on the map")
    ours = {sq for sq, p in home_of.items() if p == power}
    if {sq for sq in ours if kinds[sq] == SEAPORT} != set(seaport):
        raise BoardError(f"the map marks seaport squares of {power} that its seaport does not list")
    open_squares = seaport[1:3]
    front = tuple(_square(v, size, f"{power}'s front square") for v in h["front"])
    if len(front) != 2:
        raise BoardError(f"{power} must have two front squares")
    outward = None
    for o, f in zip(open_squares, front):
        d = (f[0] - o[0], f[1] - o[1])
        if d not in ORTHOGONAL or d in (step, (-step[0], -step[1])):
            raise BoardError(f"{power}'s front square {list(f)} is not straight in front of the open square {list(o)}")
        if outward not in (None, d):
            raise BoardError(f"{power}'s front squares must face the same way")
        outward = d
        if kinds.get(f) != OCEAN:
            raise BoardError(f"{power}'s front square {list(f)} is not an ocean square")
    for sq in seaport:
        inland = (sq[0] - outward[0], sq[1] - outward[1])
        if home_of.get(inland) != power:
            raise BoardError(f"{power}'s seaport square {list(sq)} has no home land behind it")
    bases = tuple(_square(v, size, f"{power}'s plane base") for v in h["bases"])
    if len(bases) != START["airplane"] or len(set(bases)) != len(bases):
        raise BoardError(f"{power} must have {START['airplane']} different plane bases")
    for sq in bases:
        if kinds.get(sq) != LAND or home_of.get(sq) != power:
            raise BoardError(f"{power}'s plane base {list(sq)} is not on {power}'s home land")
    start, used = {}, set()
    for kind, count in START.items():
        squares = tuple(_square(v, size, f"{power}'s starting {kind}") for v in h["start"][kind])
        if len(squares) != count:
            raise BoardError(f"{power} must start with {count} pieces of kind {kind}, not {len(squares)}")
        for sq in squares:
            if sq in used:
                raise BoardError(f"two of {power}'s pieces start on {list(sq)}")
            used.add(sq)
            where = kinds.get(sq)
            if home_of.get(sq) != power:
                raise BoardError(f"{power}'s {kind} starts outside its home area at {list(sq)}")
            if kind == "battleship" and where != SEAPORT:
                raise BoardError(f"{power}'s battleship starts at {list(sq)}, which is not in the seaport")
            if kind == "transport" and (where != LAND or sq in bases):
                raise BoardError(f"{power}'s transport starts at {list(sq)}, which is not free home land")
            if kind == "airplane" and sq not in bases:
                raise BoardError(f"{power}'s airplane starts at {list(sq)}, which is not a plane base")
        start[kind] = squares
    land = frozenset(sq for sq in ours if kinds[sq] == LAND)
    passages = frozenset(frozenset((o, f)) for o in open_squares for f in front)
    return Home(power=power, seaport=seaport, open=open_squares, front=front, bases=bases, land=land,
                squares=frozenset(ours), passages=passages, vicinity=frozenset(), start=start)


def _links(kinds: dict, home_of: dict, homes: dict, size: int) -> dict:
    """Every king step on the board that no coast blocks.

    A step between two squares of one home area, or between two squares outside every
    home area, is open. A step across a home area's edge is open only along one of its
    four passages (an open seaport square to a front square): the rest of the edge is
    coast, and a diagonal past the end of the coast counts as crossing it."""
    passages = set().union(*(h.passages for h in homes.values()))
    links = {}
    for sq in kinds:
        out = {}
        for dx, dy in grid.KING_STEPS:
            n = (sq[0] + dx, sq[1] + dy)
            if n not in kinds:
                continue
            if home_of.get(sq) == home_of.get(n) or frozenset((sq, n)) in passages:
                out[(dx, dy)] = n
        links[sq] = out
    # The vicinity of a port (for blockades and demands) needs the links, so homes are completed here.
    for power, home in list(homes.items()):
        near = set(home.seaport) | set(home.front)
        for f in home.front:
            near |= {n for n in links[f].values() if home_of.get(n) != power}
        homes[power] = Home(**{**home.__dict__, "vicinity": frozenset(near), "way_out": _way_out(near, home.squares, links)})
    return links


def _way_out(near: set, home_squares: frozenset, links: dict) -> dict:
    """Fewest steps from each square of a vicinity to the open sea beyond it (any direction, no coast
    crossed). The edge is the vicinity's sea side only: the home area behind the seaport is no way out
    (Rule 13's neutral ordered "out of the way" must leave through the mouth, never into the port), so
    a seaport square is counted through the mouth, farther out than the front squares."""
    steps = {sq: 0 for sq in links if sq not in near and sq not in home_squares}
    frontier = list(steps)
    while frontier:
        nxt = []
        for sq in frontier:
            for n in links[sq].values():
                if n in near and n not in steps:
                    steps[n] = steps[sq] + 1
                    nxt.append(n)
        frontier = nxt
    return {sq: steps[sq] for sq in near if sq in steps}


def _check_home_reachable(home: Home, links: dict) -> None:
    """Every free square of a home area must be reachable from its open squares by straight
    steps inside the area, or a transport could never leave or come back."""
    seen, todo = set(home.open), list(home.open)
    while todo:
        sq = todo.pop()
        for d in ORTHOGONAL:
            n = links[sq].get(d)
            if n is not None and n in home.squares and n not in home.bases and n not in seen:
                seen.add(n)
                todo.append(n)
    lost = sorted(home.squares - set(home.bases) - seen)
    if lost:
        raise BoardError(f"{home.power}'s home square {list(lost[0])} cannot be reached from its open seaport squares")


def _oceans(items: list, size: int, kinds: dict):
    if len(items) != OCEAN_COUNT:
        raise BoardError(f"there must be {OCEAN_COUNT} oceans")
    oceans, ocean_at = [], {}
    for o in items:
        squares = tuple(_square(v, size, f"ocean {o['id']} square") for v in o["squares"])
        if len(squares) != OCEAN_SQUARES:
            raise BoardError(f"ocean {o['id']} must have {OCEAN_SQUARES} numbered squares, not {len(squares)}")
        for number, sq in enumerate(squares, 1):
            if kinds.get(sq) != OCEAN:
                raise BoardError(f"square {o['id']} {number} at {list(sq)} is not an ocean square on the map")
            if sq in ocean_at:
                raise BoardError(f"square {list(sq)} is numbered in two oceans")
            ocean_at[sq] = (o["id"], number)
        subs = tuple(o["submarines"])
        if len(subs) != SUBMARINES_PER_OCEAN or len(set(subs)) != len(subs) or \
                not all(isinstance(n, int) and 1 <= n <= OCEAN_SQUARES for n in subs):
            raise BoardError(f"ocean {o['id']} must name {SUBMARINES_PER_OCEAN} different squares "
                             f"1-{OCEAN_SQUARES} for its submarine cards")
        oceans.append(Ocean(o["id"], o["name"], squares, subs))
    if [o.id for o in oceans] != list(CORNER_IDS):
        raise BoardError(f"the oceans must be {', '.join(CORNER_IDS)} in that order")
    unnumbered = sorted(sq for sq, k in kinds.items() if k == OCEAN and sq not in ocean_at)
    if unnumbered:
        raise BoardError(f"ocean square {list(unnumbered[0])} belongs to no ocean")
    return tuple(oceans), ocean_at
