"""bots.ah_tactics_threat.threatened compiled by numba: the same search (a bucket per cost in thirds, the free sea
leg from the first dock reached, C6's stops) and the same spread of control, square by square in flat arrays. A
Tactics (1954) bot asks it at every plan, many times a turn; in Python it was a fifth of the bot's time. The
Python search stays in ah_tactics_threat.py as the reference: tests/bots/test_ah_tactics_compiled_threat.py holds
this one to it over random positions. Loaded on a Tactics (1954) bot's first plan (numba takes a good part of a
second to load)."""
from functools import lru_cache

import numpy as np
from numba import njit


class Tables:
    """A board's squares as indices, with each square's steps (neighbour, cost) and the squares it controls, as
    rows padded with -1."""

    def __init__(self, squares: list, steps: dict, control: dict):
        self.squares = squares
        self.index = {sq: i for i, sq in enumerate(squares)}
        self.neighbour, self.cost = self._rows([[(self.index[n], c) for n, c in steps.get(sq, ())] for sq in squares])
        self.control, _ = self._rows([[(self.index[n], 0) for n in control.get(sq, ())] for sq in squares])

    @staticmethod
    def _rows(rows: list) -> tuple:
        width = max(1, max(len(r) for r in rows))
        to = np.full((len(rows), width), -1, np.int32)
        cost = np.zeros((len(rows), width), np.int32)
        for i, row in enumerate(rows):
            for k, (j, c) in enumerate(row):
                to[i, k], cost[i, k] = j, c
        return to, cost

    def indices(self, squares) -> np.ndarray:
        """The squares' indices, in order (a square no division can stand on or control has none)."""
        index = self.index
        return np.array(sorted({index[sq] for sq in squares if sq in index}), np.int32)

    def mask(self, squares) -> np.ndarray:
        out = np.zeros(len(self.squares), np.bool_)
        out[self.indices(squares)] = True
        return out


@lru_cache(maxsize=4)
def tables(name: str, steps_of, control_of) -> Tables:
    steps, control = steps_of(name), control_of(name)
    squares = sorted(set(steps) | set(control) | {n for ns in control.values() for n in ns}
                     | {n for row in steps.values() for n, _ in row})
    return Tables(squares, steps, control)


def threatened(t: Tables, walkers, swimmers, occupied, stops, arrivals, landings, limit: int) -> dict:
    """ah_tactics_threat.threatened's answer, {square: least cost}, from its parts: the starts of the divisions
    that walk and sail from port to port (`walkers`) and of the amphibious ones (`swimmers`, who may land on any
    of `landings` too), the squares never entered, the squares entered and not left, the docks of the enemy's
    ports."""
    out = _threatened(t.neighbour, t.cost, t.control, t.indices(walkers), t.indices(swimmers), ~t.mask(occupied),
                      t.mask(stops), t.indices(arrivals), t.indices(set(arrivals) | set(landings)), limit)
    found = np.flatnonzero(out <= limit)
    squares = t.squares
    return dict(zip([squares[i] for i in found.tolist()], out[found].tolist()))


@njit(cache=True, nogil=True)
def _threatened(neighbour, cost, control, walkers, swimmers, free, stops, walk_sea, swim_sea,
                limit):  # pragma: no cover - compiled
    size = neighbour.shape[0]
    arrival = np.zeros(size, np.bool_)   # the docks: the first one reached sails (walk_sea: all of them)
    arrival[walk_sea] = True
    best = np.empty(size, np.int32)
    _reach(neighbour, cost, walkers, free, stops, arrival, walk_sea[free[walk_sea]], limit, best)
    reach = best.copy()
    if swimmers.shape[0]:
        _reach(neighbour, cost, swimmers, free, stops, arrival, swim_sea[free[swim_sea]], limit, best)
        for i in range(size):
            if best[i] < reach[i]:
                reach[i] = best[i]
    out = np.full(size, limit + 1, np.int32)
    for i in range(size):
        if reach[i] <= limit:
            for k in range(control.shape[1]):
                j = control[i, k]
                if j >= 0 and reach[i] < out[j]:
                    out[j] = reach[i]
    return out


@njit(cache=True, nogil=True)
def _reach(neighbour, cost, starts, free, stops, arrival, sea, limit, best):  # pragma: no cover - compiled
    """ah_tactics_threat.enemy_reach into `best` (limit + 1 where unreached): Dial's search, its buckets linked
    lists in flat arrays."""
    size, width = neighbour.shape
    cap = size * (width + 1) + sea.shape[0] + starts.shape[0] + 1   # a push improves a square
    following = np.empty(cap, np.int32)
    square_of = np.empty(cap, np.int32)
    head = np.full(limit + 1, -1, np.int32)
    settled = np.zeros(size, np.bool_)
    best[:] = limit + 1
    used = 0
    for s in starts:
        best[s] = 0
        used = _push(square_of, following, head, used, s, 0)
    sailed = False
    for b in range(limit + 1):
        while head[b] != -1:
            e = head[b]
            head[b] = following[e]
            i = square_of[e]
            if settled[i] or best[i] != b:
                continue
            settled[i] = True
            if b and stops[i]:
                continue   # C6: entered next to the bot's divisions, and not left
            if not sailed and arrival[i]:
                sailed = True   # every later sea leg reaches the same squares at a higher cost
                for a in range(sea.shape[0]):
                    j = sea[a]
                    if b < best[j]:
                        best[j] = b
                        used = _push(square_of, following, head, used, j, b)
            for k in range(width):
                j = neighbour[i, k]
                if j < 0:
                    break
                c = b + cost[i, k]
                if c <= limit and c < best[j] and free[j]:
                    best[j] = c
                    used = _push(square_of, following, head, used, j, c)


@njit(cache=True, nogil=True)
def _push(square_of, following, head, used, square, bucket):  # pragma: no cover - compiled
    """`square` into `bucket`'s linked list, in entry `used` of the flat arrays; the next free entry."""
    square_of[used], following[used], head[bucket] = square, head[bucket], used
    return used + 1
