"""Every unit's reach and a move's route (movement.Field.reach_many and Field.route) compiled to machine
code by numba: the same searches, square by square instead of set by set, about five times faster. A
search's playouts list every unit's reach after every move and carry moves out (issue 22's forward model:
a whole view in 5 ms, a move in 0.3 ms); in Python the packed search takes 10-20 ms at a turn's start.
movement.py keeps its searches: they are the reference the tests hold these to (byte for byte, step for
step), and what runs where numba cannot be imported.

The reach is Dial's search: a bucket per cost in thirds, each a linked list in flat arrays, so a square
reached at cost c is settled when bucket c is emptied, as the packed search's frontier is. The route is
the same Dijkstra as movement.py's, its heap popping (cost, square) in the same order. Steps are
classified once per board from movement.Steps (one square's step one way is of one kind). The compiled
code lets go of the GIL (nogil): an expert thinking on its worker thread does not hold up the window's
drawing while it searches."""
from functools import lru_cache

import numpy as np
from numba import njit

NONE, LINE, CITY, PLAIN, RIVER = 0, 1, 2, 3, 4   # a step's kind: see movement.Steps


@lru_cache(maxsize=8)
def _class_table(classes: tuple, size: int):
    """(where each movement class may stand, where it would enter forest) as rows of bools."""
    return np.stack([squares(e, size) for e, _ in classes]), np.stack([squares(f, size) for _, f in classes])


@lru_cache(maxsize=8)
def step_table(steps):
    """(neighbour index, kind) per square and direction, from movement.Steps' masks (their bits are the
    squares whose step that way is of that kind); -1 and NONE where there is no step."""
    size = steps.size
    target = np.full((size, len(steps.plain)), -1, np.int32)
    kind = np.zeros((size, len(steps.plain)), np.int8)
    lines = dict(steps.lines)
    city_ends = dict(steps.city_ends)
    for d, (amount, plain, river) in enumerate(steps.plain):
        # later kinds win: a step along a line or inside a city is also a plain one (dominated)
        for mask, k in ((plain, PLAIN), (river, RIVER), (city_ends.get(amount, 0), CITY), (lines.get(amount, 0), LINE)):
            at = _indices(mask, size)
            kind[at, d] = k
            target[at, d] = at + amount
    return target, kind


def _indices(bits: int, size: int) -> np.ndarray:
    return np.flatnonzero(squares(bits, size))


def squares(bits: int, size: int) -> np.ndarray:
    """A set of squares (an integer, bit i for square i) as one bool per square."""
    return _planes(size, bits)[0]


def _planes(size: int, *sets: int) -> np.ndarray:
    """Sets of squares (integers, bit i for square i) as rows of one bool per square, in one conversion."""
    whole = (size + 7) // 8
    raw = np.frombuffer(b"".join(bits.to_bytes(whole, "little") for bits in sets), np.uint8)
    planes = np.unpackbits(raw, bitorder="little").reshape(len(sets), whole * 8)[:, :size]
    return np.ascontiguousarray(planes).view(np.bool_)


def reach_many(field, steps, sources, classes, budget: int, sea: bool, costs) -> list:
    """movement.Field.reach_many for `sources` [(square index, movement class index, amphibious)];
    `classes` [(enter bits, forest bits)] per movement class index; `costs` (line, plain, forest,
    river extra) in thirds. Returns per source (image, raster) as movement.Field.reach_many does."""
    size = steps.size
    target, kind = step_table(steps)
    enter, forest = _class_table(tuple(classes), size)
    src = np.array([s for s, _, _ in sources], np.int32)
    cls = np.array([c for _, c, _ in sources], np.int32)
    amphibious = np.array([a for _, _, a in sources], np.bool_)
    occupied, transit, stop, docks, landings = _planes(size, field.occupied, field.transit & ~field.stop, field.stop,
                                                       field.docks if sea else 0, field.landings if sea else 0)
    image = np.zeros((len(sources), size), np.uint8)
    raster = np.zeros((len(sources), size), np.uint8)
    _search(target, kind, src, cls, amphibious, enter, forest, occupied, transit, stop, docks,
            np.flatnonzero(docks).astype(np.int32), np.flatnonzero(landings).astype(np.int32), budget,
            np.array(costs, np.int32), image, raster)
    images, rasters = image.tobytes(), raster.tobytes()
    return [(images[k * size:(k + 1) * size], rasters[k * size:(k + 1) * size]) for k in range(len(sources))]


@njit(cache=True, nogil=True)
def _search(target, kind, sources, classes, amphibious, enter_of, forest_of, occupied, transit, stop, docks,
            dock_list, landing_list, budget, costs, image, raster):  # pragma: no cover - compiled
    size, directions = target.shape
    cap = size * (directions + 1) + 2 * size   # a push improves a square: once a step into it at most, once by sea
    following = np.empty(cap, np.int32)
    square_of = np.empty(cap, np.int32)
    head = np.empty(budget + 1, np.int32)
    best = np.empty(size, np.int32)
    settled = np.empty(size, np.bool_)
    # per movement class: where a step may end (free) and where a step along a line may (through)
    free_of = enter_of & ~occupied
    through_of = free_of | (enter_of & transit)
    for lane in range(sources.shape[0]):
        src = sources[lane]
        # the unit's own square is free for it, yet never entered again: it is settled first
        free, through, forest = free_of[classes[lane]], through_of[classes[lane]], forest_of[classes[lane]]
        arrivals = landing_list if amphibious[lane] else dock_list
        head[:] = -1
        best[:] = budget + 1
        settled[:] = False
        best[src] = 0
        square_of[0], following[0], head[0] = src, -1, 0
        used = 1
        for b in range(budget + 1):
            while head[b] != -1:
                e = head[b]
                head[b] = following[e]
                i = square_of[e]
                if settled[i]:
                    continue
                settled[i] = True
                own = i == src                            # its own square: free for it, never passed along
                passing = transit[i] and not own          # a friend passed along the lines (C2)
                if not own:
                    image[lane, i] = b + 1
                    if not passing:
                        raster[lane, i] = b + 1
                if stop[i] and not own:                   # C6: it stops here
                    continue
                if docks[i] and not passing:              # D4: a sea leg costs nothing
                    for a in range(arrivals.shape[0]):
                        j = arrivals[a]
                        if not settled[j] and best[j] > b and free[j]:
                            best[j] = b
                            if used < cap:
                                square_of[used], following[used], head[b] = j, head[b], used
                                used += 1
                for d in range(directions):
                    j = target[i, d]
                    if j < 0:
                        continue
                    step = _step_cost(kind[i, d], passing, through[j], free[j], forest[j], costs)
                    if step < 0 or settled[j]:
                        continue
                    c = b + step
                    if c <= budget and c < best[j] and used < cap:
                        best[j] = c
                        square_of[used], following[used], head[c] = j, head[c], used
                        used += 1


def route(field, steps, src: int, dest: int, cls: tuple, budget: int, amphibious: bool, sea: bool, costs):
    """movement.Field.route's search from square index `src` to `dest` for a unit of movement class
    `cls` (enter bits, forest bits): (cost, the route's squares (indices), the cost so far at each, whether each
    was entered by sea), src not included; cost -1 when `dest` is out of reach. The same pops in the same order
    (cost, then square index), so the same route. The sets go to the compiled code as their bytes, one row
    each, read bit by bit there (a route is a few squares: unpacking whole planes would cost more)."""
    target, kind = step_table(steps)
    enter, forest = cls
    own = 1 << src
    free = enter & ~(field.occupied & ~own)
    docks = field.docks if sea else 0
    arrivals = ((field.landings if amphibious else docks) & free) if docks else 0
    # a friend's square it may pass along the lines: only on ground its class may enter (D1, D2)
    passable = enter & field.transit & ~field.stop & ~own
    whole = (steps.size + 7) // 8
    sets = np.frombuffer(b"".join(bits.to_bytes(whole, "little") for bits in (
        free, forest, passable, field.stop & ~own, docks, arrivals)), np.uint8).reshape(6, whole)
    return _route(target, kind, src, dest, sets, budget, _cost_array(costs))


@lru_cache(maxsize=8)
def _cost_array(costs: tuple) -> np.ndarray:
    return np.array(costs, np.int32)


@njit(cache=True, nogil=True, inline="always")
def _has(row, i):  # pragma: no cover - compiled
    """Square index `i` is in the set whose bytes are `row` (bit i: byte i // 8, bit i % 8)."""
    return (row[i >> 3] >> (i & 7)) & 1 == 1


@njit(cache=True, nogil=True)
def _route(target, kind, src, dest, sets, budget, costs):  # pragma: no cover - compiled
    free, forest, transit, stop, docks = sets[0], sets[1], sets[2], sets[3], sets[4]
    arrivals = _members(sets[5])
    size, directions = target.shape
    best = np.full(size, 1 << 30, np.int64)
    parent = np.full(size, -1, np.int32)
    by_sea = np.zeros(size, np.int8)
    heap = np.empty(size * (directions + 1) + arrivals.shape[0] + 1, np.int64)   # cost * size + square
    n = 1
    heap[0] = src
    best[src] = 0
    while n:
        key = heap[0]                    # pop the least (cost, square)
        n -= 1
        last = heap[n]
        k = 0
        while True:
            c = 2 * k + 1
            if c >= n:
                break
            if c + 1 < n and heap[c + 1] < heap[c]:
                c += 1
            if heap[c] >= last:
                break
            heap[k] = heap[c]
            k = c
        if n:
            heap[k] = last
        cost, i = key // size, key % size
        if cost > best[i]:
            continue
        if i == dest:
            break
        if _has(stop, i):
            continue
        passing = _has(transit, i)
        for d in range(directions):
            j = target[i, d]
            if j < 0:
                continue
            step = _step_cost(kind[i, d], passing, _has(free, j) or _has(transit, j), _has(free, j), _has(forest, j), costs)
            if step < 0:
                continue
            nc = cost + step
            if nc <= budget and nc < best[j]:
                best[j] = nc
                parent[j] = i
                by_sea[j] = 0
                n = _push(heap, n, nc * size + j)
        if _has(docks, i) and not passing:
            for a in range(arrivals.shape[0]):
                j = arrivals[a]
                if cost < best[j]:
                    best[j] = cost
                    parent[j] = i
                    by_sea[j] = 1
                    n = _push(heap, n, cost * size + j)
    if best[dest] >= 1 << 30 or dest == src or _has(transit, dest):
        return -1, np.empty(0, np.int32), np.empty(0, np.int64), np.empty(0, np.int8)
    length = 0
    j = dest
    while j != src:
        length += 1
        j = parent[j]
    squares_on, cost_at, sea_at = np.empty(length, np.int32), np.empty(length, np.int64), np.empty(length, np.int8)
    j = dest
    for k in range(length - 1, -1, -1):
        squares_on[k], cost_at[k], sea_at[k] = j, best[j], by_sea[j]
        j = parent[j]
    return best[dest], squares_on, cost_at, sea_at


@njit(cache=True, nogil=True)
def _members(row):  # pragma: no cover - compiled
    """The square indices in the set whose bytes are `row`, ascending."""
    count = 0
    for b in range(row.shape[0]):
        v = row[b]
        while v:
            count += v & 1
            v >>= 1
    out = np.empty(count, np.int32)
    count = 0
    for b in range(row.shape[0]):
        v = row[b]
        k = 0
        while v:
            if v & 1:
                out[count] = b * 8 + k
                count += 1
            v >>= 1
            k += 1
    return out


@njit(cache=True, nogil=True)
def _step_cost(kind, passing, enters_along_line, enters, into_forest, costs):  # pragma: no cover - compiled
    """A step's cost in thirds (`costs`: line, plain, forest, river extra), -1 where it may not be made: along a
    line into a square it may enter so (`enters_along_line`: free, or a friend's passed along the lines, C2);
    any other step only from a square not so passed (`passing`) into a free one (`enters`)."""
    if kind == LINE:
        return costs[0] if enters_along_line else -1
    if passing or not enters:
        return -1
    if kind == CITY:
        return costs[0]
    return (costs[2] if into_forest else costs[1]) + (costs[3] if kind == RIVER else 0)


@njit(cache=True, nogil=True)
def _push(heap, n, key):  # pragma: no cover - compiled
    k = n
    while k:
        up = (k - 1) // 2
        if heap[up] <= key:
            break
        heap[k] = heap[up]
        k = up
    heap[k] = key
    return n + 1
