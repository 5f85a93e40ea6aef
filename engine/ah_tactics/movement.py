"""Movement costs and reach (rules C and D), in thirds of a square.

A step to one of the eight neighbours costs, for the unit's movement class:
  * 1 third along a road or railroad segment joining the two squares (3 squares for 1),
    or between two squares of one city (C3);
  * otherwise 3 thirds (C7), 6 into a forest (C4), and 3 more across a river other than at a
    bridge (C5); armor never enters forest (D2), only mountain divisions enter mountains (D1).
Units never pass through other units (C1), except friendly units on a square where a road and a
railroad run together, passed along the lines (C2). A unit stops on entering a square next to an
enemy unit, within the limits of contact (C6, E1, E2). Sea legs cost nothing (D4): from a friendly
port's dock to a free dock of a friendly port; an amphibious division's to a free beach only ("can
only land on beaches—not in a port proper").

Two searches share these costs: `Field.reach` (every square a unit can reach within a budget,
with its cost: a bucketed Dijkstra over sets of squares held as integers, fast enough to list
every unit's reach after every action) and `Field.route` (the cheapest route to one square, step
by step, square by square, for carrying out a move). Both read the same tables, so they agree. Both run
compiled by numba (compiled_reach.py, about five times faster, which a search's playouts need); the Python
searches here are the reference the tests hold the compiled ones to, byte for byte and step for step.
"""
import heapq
import warnings
from functools import cached_property, lru_cache

from engine.ah_tactics import board as board_module
from engine.ah_tactics.board import FOREST, MOUNTAIN, SEA
from engine.ah_tactics.contact import control_tables
from engine.ah_tactics.units import CLIMBER, CLIMBS, FOOT, SIDE_OF, TRACKED
from engine import legal as shape
from engine.bitgrid import DIGITS_AS_BYTES
from engine.grid import KING_STEPS

LINE_COST, PLAIN_COST, RIVER_EXTRA = 1, 3, 3
FOREST_COST = 6
MOVERS = (FOOT, TRACKED, CLIMBER)
LAND_STEP, SEA_LEG = "land", "sea"
COMPILED = True   # False: the packed search in Python (the tests hold the compiled one to it)
_COMPILED_MODULE = []


def compiled():
    """engine.ah_tactics.compiled_reach, imported on first use (numba takes a good part of a second to load,
    and most processes never list a Tactics (1954) move) and tried on a square of the board; None where it
    cannot be used (numba missing, or unable to compile in a frozen bundle: the Python searches then serve,
    slower, and a warning says so), or while COMPILED is off."""
    if not _COMPILED_MODULE:
        try:
            from engine.ah_tactics import compiled_reach
            _try(compiled_reach)
        except Exception as e:   # noqa: BLE001 - whatever stops numba, the game goes on in Python
            warnings.warn(f"Tactics (1954) searches run in Python, slower: numba is not usable here ({e!r})")
            compiled_reach = None
        _COMPILED_MODULE.append(compiled_reach)
    return _COMPILED_MODULE[0] if COMPILED else None


def _try(module) -> None:
    """One short search and one route on an empty board: numba compiles both here (or loads them from its
    cache), so a failure shows now and not in a player's move."""
    board = board_module.load()
    empty = Field(board, occupied=0, transit=0, stop=0, docks=0, landings=0)
    start = next(sq for sq in sorted(board.terrain) if board.terrain[sq] != SEA and board.land((sq[0] + 1, sq[1])))
    on_board, classes, costs = _compiled_terms(board.name)
    i = board.grid.index(start)
    module.reach_many(empty, on_board, [(i, 0, False)], classes, 3, True, costs)
    module.route(empty, on_board, i, i + 1, classes[0], 3, False, True, costs)


@lru_cache(maxsize=None)
def _compiled_terms(name: str) -> tuple:
    """What the compiled searches are handed for a board: its Steps, per movement class (MOVERS' order) where
    it may stand and where that is forest, and the costs (line, plain, forest, river extra) in thirds."""
    return (steps(name), tuple((tables(name, m).enter, tables(name, m).forest) for m in MOVERS),
            (LINE_COST, PLAIN_COST, FOREST_COST, RIVER_EXTRA))


def enterable(terrain: str, mover: str) -> bool:
    if terrain == SEA:
        return False
    if terrain == MOUNTAIN:
        return mover == CLIMBER
    if terrain == FOREST:
        return mover != TRACKED
    return True


def step_cost(board, a, b, mover: str) -> tuple[int, bool]:
    """(cost in thirds, along a line) of one step a -> b between neighbours; cost 0: impossible."""
    if not enterable(board.terrain[b], mover):
        return 0, False
    if board.on_line(a, b):
        return LINE_COST, True
    crossing = board.separated(a, b)
    if board.same_city(a, b) and not crossing:
        return LINE_COST, False
    cost = FOREST_COST if board.terrain[b] == FOREST else PLAIN_COST
    return cost + (RIVER_EXTRA if crossing else 0), False


class Steps:
    """What never changes on one board, per direction: the squares whose step that way crosses no
    river (`plain`, 3 thirds) or crosses one off a bridge (`river`, 3 more), and those whose step costs
    a third (`lines`: along a road or railroad, or inside a city with neither end on a square where
    both run, so neither can be a friend passed along the lines; `city_ends`: the other steps inside a
    city, kept apart because they may not enter or leave such a friend's square). Whether the target
    may be entered is the movement class's business."""

    def __init__(self, board):
        g = board.grid
        self.size = g.size
        plain_dirs, line_dirs, city_dirs = [], [], []
        for dx, dy in KING_STEPS:
            amount = dy * board.width + dx
            plain = river = lines = city_ends = 0
            for (x, y) in board.terrain:
                b = (x + dx, y + dy)
                if b not in board.terrain or not board.land((x, y)):
                    continue
                bit = g.bit((x, y))
                crossing = board.separated((x, y), b)
                if board.on_line((x, y), b):
                    lines |= bit
                elif board.same_city((x, y), b) and not crossing:
                    if (x, y) in board.double or b in board.double:
                        city_ends |= bit
                    else:
                        lines |= bit
                elif crossing:
                    river |= bit
                if not crossing:
                    plain |= bit
            plain_dirs.append((amount, plain, river))
            if lines:
                line_dirs.append((amount, lines))
            if city_ends:
                city_dirs.append((amount, city_ends))
        self.plain, self.lines, self.city_ends = tuple(plain_dirs), tuple(line_dirs), tuple(city_dirs)


class Tables:
    """What never changes for one movement class on one board: where it may stand, and per square
    its steps [(neighbour index, cost, along a line)] for routes."""

    def __init__(self, board, mover: str):
        g = board.grid
        self.enter = self.forest = 0
        for sq, terrain in board.terrain.items():
            if enterable(terrain, mover):
                self.enter |= g.bit(sq)
                if terrain == FOREST:
                    self.forest |= g.bit(sq)
        self.clear = self.enter & ~self.forest
        self._board, self._mover = board, mover

    @cached_property
    def steps(self) -> list:
        """Per square, its steps for routes; built on first use (~70 ms a class: a reach never needs them,
        so the first movement listing of a game does not wait for them)."""
        board, g = self._board, self._board.grid
        steps = [[] for _ in range(g.size)]
        for (x, y) in board.terrain:
            if not board.land((x, y)):
                continue
            for dx, dy in KING_STEPS:
                b = (x + dx, y + dy)
                if b in board.terrain:
                    cost, along = step_cost(board, (x, y), b, self._mover)
                    if cost:
                        steps[g.index((x, y))].append((g.index(b), cost, along))
        return steps


@lru_cache(maxsize=None)
def tables(name: str, mover: str) -> Tables:
    return Tables(board_module.load(name), mover)


@lru_cache(maxsize=None)
def steps(name: str) -> Steps:
    return Steps(board_module.load(name))


def _lane_size(size: int) -> int:
    """Bits per lane: the board's squares rounded up to whole bytes (so lanes split by bytes)."""
    return (size + 7) // 8 * 8


@lru_cache(maxsize=64)
def _replicator(size: int, lanes: int) -> int:
    """Multiplying a set of squares by this copies it into each of `lanes` lanes of `size` bits."""
    return sum(1 << (k * size) for k in range(lanes))


@lru_cache(maxsize=64)
def _packed_steps(name: str, lanes: int):
    st = steps(name)
    rep = _replicator(_lane_size(st.size), lanes)
    return (tuple((a, m * rep, r * rep) for a, m, r in st.plain), tuple((a, m * rep) for a, m in st.lines),
            tuple((a, m * rep) for a, m in st.city_ends))


COST_PLANES = 8                      # costs up to 255 thirds: more than a whole allowance


class Field:
    """The board as one side sees it while it moves: which squares are taken, where it must stop,
    which of its units it may pass, which docks are its own. Built from the full state by the
    rules, or from a view by a bot (public positions and the side's own secrets only)."""

    def __init__(self, board, *, occupied: int, transit: int, stop: int, docks: int, landings: int):
        self.board = board
        self.occupied = occupied   # every square a unit stands on (plus the side's own hidden reserves)
        self.transit = transit     # own units on road-and-rail squares, passable along the lines
        self.stop = stop           # squares next to an enemy unit, within contact's limits (C6)
        self.docks = docks         # dock squares of the side's ports
        self.landings = landings   # beaches (amphibious landings, their only landings)

    def reach(self, src, mover: str, budget: int, *, amphibious: bool = False, sea: bool = True) -> dict:
        """{(x, y): cost in thirds} of every square the unit on `src` can end a move on within
        `budget` (src itself not included)."""
        (_, raster), = self.reach_many([(src, mover, amphibious)], budget, sea=sea)
        idx, costs = shape.raster_squares(raster)
        g = self.board.grid
        return {g.square(i): c for i, c in zip(idx, costs)}

    def reach_many(self, sources, budget: int, *, sea: bool = True) -> list:
        """Per source (square, movement class, amphibious): (image, raster) of its reach, one byte
        per square row by row: cost in thirds + 1 where the search passed (image) or for the squares
        listed (raster; engine.legal.raster_squares reads them), 0 elsewhere. In Python, the searches run side by side in
        lanes of one integer, so each set operation serves every unit (they do not interact: a unit's
        own square is free for it only). A bucketed Dijkstra: bucket b holds the squares first reached
        at cost b."""
        lanes = len(sources)
        if not lanes:
            return []
        g = self.board.grid
        fast = compiled()
        if fast is not None:
            on_board, classes, costs = _compiled_terms(self.board.name)
            return fast.reach_many(
                self, on_board, [(g.index(sq), MOVERS.index(mover), amphibious) for sq, mover, amphibious in sources],
                classes, budget, sea, costs)
        # Units hemmed in last, so their lanes sit at the top of the packed integers: once their
        # searches run dry the integers shrink and every later operation is cheaper.
        order = sorted(range(lanes), key=lambda k: -self._open_sides(sources[k][0]))
        found = self._packed([sources[k] for k in order], budget, sea)
        out = [None] * lanes
        for k, result in zip(order, found):
            out[k] = result
        return out

    def _open_sides(self, square) -> int:
        x, y = square
        board = self.board
        return sum(1 for dx in (-1, 0, 1) for dy in (-1, 0, 1)
                   if (x + dx, y + dy) in board.terrain and board.land((x + dx, y + dy))
                   and not self.occupied & board.grid.bit((x + dx, y + dy)))

    def _packed(self, sources, budget: int, sea: bool) -> list:
        lanes = len(sources)
        g = self.board.grid
        size = _lane_size(g.size)
        plain_dirs, line_dirs, city_dirs = _packed_steps(self.board.name, lanes)
        rep = _replicator(size, lanes)
        src_p = enter = forest = 0
        arrivals = []
        for k, (sq, mover, amphibious) in enumerate(sources):
            shift = k * size
            t = tables(self.board.name, mover)
            src_p |= g.bit(sq) << shift
            enter |= t.enter << shift
            forest |= t.forest << shift
            arrivals.append((self.landings if amphibious else self.docks) << shift)
        lane_all = g.full * rep
        occupied = self.occupied * rep
        free = enter & (lane_all ^ occupied) | src_p & enter
        free_forest = free & forest
        free_clear = free ^ free_forest
        transit = (self.transit & ~self.stop) * rep & enter & (lane_all ^ src_p)
        through = free | transit
        nostop = lane_all ^ (self.stop * rep & (lane_all ^ src_p))
        notransit = lane_all ^ transit
        listable = notransit & (lane_all ^ src_p)
        docks = (self.docks * rep & notransit) if sea and self.docks else 0
        buckets = [0] * (budget + 1)
        buckets[0] = src_p
        unvisited = lane_all
        planes = [0] * COST_PLANES
        seen = 0
        for b in range(budget + 1):
            frontier = buckets[b] & unvisited
            if not frontier:
                continue
            if docks:
                leaving = frontier & docks & nostop
                if leaving:  # a sea leg costs nothing (D4): every free friendly dock, same cost
                    for k in range(lanes):
                        if leaving >> (k * size) & g.full:
                            frontier |= arrivals[k] & free & unvisited
            unvisited ^= frontier
            seen |= frontier
            for j in range(b.bit_length()):
                if b >> j & 1:
                    planes[j] |= frontier
            expand = frontier & nostop
            plain = expand & notransit
            if plain and b + PLAIN_COST <= budget:
                # every direction's steps gathered first, then sorted by cost once: fewer operations
                n = r = 0
                for amount, mask, river in plain_dirs:
                    s = plain & mask
                    n |= s << amount if amount > 0 else s >> -amount
                    s = plain & river
                    if s:
                        r |= s << amount if amount > 0 else s >> -amount
                buckets[b + PLAIN_COST] |= n & free_clear
                if b + FOREST_COST <= budget:
                    buckets[b + FOREST_COST] |= n & free_forest
                if r and b + PLAIN_COST + RIVER_EXTRA <= budget:
                    buckets[b + PLAIN_COST + RIVER_EXTRA] |= r & free_clear
                    if b + FOREST_COST + RIVER_EXTRA <= budget:
                        buckets[b + FOREST_COST + RIVER_EXTRA] |= r & free_forest
            if expand and b + LINE_COST <= budget:
                n = 0
                for amount, mask in line_dirs:
                    s = expand & mask
                    if s:
                        n |= s << amount if amount > 0 else s >> -amount
                n &= through
                for amount, mask in city_dirs:
                    s = plain & mask
                    if s:
                        n |= (s << amount if amount > 0 else s >> -amount) & free
                buckets[b + LINE_COST] |= n
        return _decode(seen & listable, seen & (lane_all ^ src_p), planes, lanes, size)

    def route(self, src, dest, mover: str, budget: int, *, amphibious: bool = False, sea: bool = True):
        """(cost, [(square, how, cost so far), ...]) of the cheapest way from src to dest (how:
        LAND_STEP or SEA_LEG for the step into that square; src not included), or None when dest
        cannot be reached within the budget. Ties go to the lower square index, so routes are fixed."""
        g = self.board.grid
        si, di = g.index(src), g.index(dest)
        fast = compiled()
        if fast is not None:
            on_board, classes, costs = _compiled_terms(self.board.name)
            cost, squares_on, cost_at, sea_at = fast.route(self, on_board, si, di, classes[MOVERS.index(mover)],
                                                           budget, amphibious, sea, costs)
            if cost < 0:
                return None
            return int(cost), [(g.square(j), SEA_LEG if by_sea else LAND_STEP, c)
                               for j, c, by_sea in zip(squares_on.tolist(), cost_at.tolist(), sea_at.tolist())]
        t = tables(self.board.name, mover)
        src_bit = 1 << si
        occupied = self.occupied & ~src_bit
        free = t.enter & ~occupied
        transit = self.transit & ~src_bit & ~self.stop
        stop = self.stop & ~src_bit
        docks = self.docks if sea else 0
        arrivals = ((self.landings if amphibious else docks) & free) if docks else 0
        arrival_list = g.indices(arrivals)
        best = {si: 0}
        parent = {si: None}
        heap = [(0, si)]
        while heap:
            cost, i = heapq.heappop(heap)
            if cost > best.get(i, 1 << 30):
                continue
            if i == di:
                break
            bit = 1 << i
            if stop & bit:
                continue
            in_transit = bool(transit & bit)
            for j, c, along in t.steps[i]:
                jb = 1 << j
                if in_transit and not along:
                    continue
                if not (free & jb or (along and transit & jb)):
                    continue
                nc = cost + c
                if nc <= budget and nc < best.get(j, 1 << 30):
                    best[j], parent[j] = nc, (i, LAND_STEP)
                    heapq.heappush(heap, (nc, j))
            if arrivals and docks & bit and not in_transit:
                for j in arrival_list:
                    if cost < best.get(j, 1 << 30):
                        best[j], parent[j] = cost, (i, SEA_LEG)
                        heapq.heappush(heap, (cost, j))
        if di not in best or di == si or transit & (1 << di):
            return None
        path = []
        j = di
        while parent[j] is not None:
            i, how = parent[j]
            path.append((g.square(j), how, best[j]))
            j = i
        path.reverse()
        return best[di], path


def prepare() -> None:
    """Load the compiled searches and compile them if numba has not yet (about 0.4 s from numba's cache, a few
    seconds the first time after an install)."""
    compiled()


def field(board, side: int, placed, own_hidden=(), ports=None) -> Field:
    """The Field of `side` from what it can see: `placed` lists (unit id, (x, y), status, captor) for
    every unit on the board, `own_hidden` the squares of its own reserves, `ports` port -> owner."""
    width = board.width
    regular, climber = control_tables(board.name)
    occupied = own = stop = 0
    for uid, sq, status, captor in placed:
        i = sq[1] * width + sq[0]
        occupied |= 1 << i
        if (captor if status == "prisoner" else SIDE_OF[uid]) == side:
            own |= 1 << i
        elif status == "active":
            # C6: "Units must STOP as soon as they move adjacent to an enemy Unit" — any Unit, HQs and
            # refitting units too (they control nothing and are lost on contact, yet they are Units),
            # within the limits of contact (E1 rivers, E2 mountains); prisoners are in no one's way.
            stop |= climber[i] if CLIMBS[uid] else regular[i]
        elif status == "refitting":
            stop |= regular[i]
    for sq in own_hidden:
        occupied |= 1 << (sq[1] * width + sq[0])
    docks = 0
    for name, owner in (ports or {}).items():
        if owner == side:
            docks |= _dock_bits(board.name, name)
    return Field(board, occupied=occupied, transit=own & _double_bits(board.name), stop=stop, docks=docks,
                 landings=_beach_bits(board.name))


@lru_cache(maxsize=None)
def _double_bits(name: str) -> int:
    board = board_module.load(name)
    return board.grid.of(board.double)


@lru_cache(maxsize=None)
def _dock_bits(name: str, port: str) -> int:
    board = board_module.load(name)
    return board.grid.of(board.docks(port))


@lru_cache(maxsize=None)
def _beach_bits(name: str) -> int:
    board = board_module.load(name)
    return board.grid.of(board.beaches)


@lru_cache(maxsize=None)
def sea_arrivals(name: str) -> int:
    """Every square a sea leg may end on (D4): each port's docks and every beach. A square there freed or filled
    changes the reach of a unit far off, one that sails from any friendly dock."""
    board = board_module.load(name)
    bits = _beach_bits(name)
    for port in board.ports():
        bits |= _dock_bits(name, port)
    return bits


def standing(state) -> list[tuple]:
    """(unit id, [x, y], status, captor) of every unit on the board, in id order (`field`'s `placed`)."""
    return [(i, a, u["status"], u["captor"]) for i, u in enumerate(state["units"]) if (a := u["at"]) is not None]


def field_for(board, state, side: int, placed=None) -> Field:
    """The side's Field from the full state: everything it may know (never the enemy's reserves); `placed`:
    `standing(state)`, when the caller has it."""
    if placed is None:
        placed = standing(state)
    hidden = [tuple(sq) for sq in state["hidden"].get(str(side), {}).values()]
    return field(board, side, placed, hidden, state["ports"])


def _bytes_of(bits: int, total: int) -> int:
    """A set of squares as an integer with one byte per square (1 in the set, 0 outside)."""
    return int.from_bytes(format(bits, f"0{total}b").encode().translate(DIGITS_AS_BYTES), "big")


def _decode(reached: int, seen: int, planes: list, lanes: int, size: int) -> list:
    """Per lane (image, raster) from the reached set and the cost's bit planes: each plane becomes one
    byte per square (0 or 1) through its binary string, and the weighted planes add up without carries
    into one byte per square holding its cost. The image holds cost + 1 for every square the search
    passed (listed or not) and 0 elsewhere; the raster the same for the listed squares only
    (engine.legal.squares: a listing sends it as it is; engine.legal.raster_squares reads it when asked)."""
    total = lanes * size
    cost = _bytes_of(seen, total)
    for j, plane in enumerate(planes):
        if plane:
            cost += _bytes_of(plane, total) << j
    cost_bytes = cost.to_bytes(total, "little")
    raster_bytes = (cost & _bytes_of(reached, total) * 255).to_bytes(total, "little")
    return [(cost_bytes[k * size:(k + 1) * size], raster_bytes[k * size:(k + 1) * size]) for k in range(lanes)]

