"""A Civil War bot's picture of the war, read from its own view.

Stacks, battle strengths, the cities at stake, and the bot's own rough model of how far
each kind of unit gets in a turn (for looking ahead: where the enemy can strike next
turn, how many turns a unit is from a target). The model only guides judgement; what a
bot may actually do always comes from `view["private"]["legal"]`.
"""
from collections import deque
from functools import lru_cache

from engine import grid
from engine.civil_war.board import load

INFANTRY, CAVALRY, GUNBOAT = "infantry", "cavalry", "gunboat"
KINDS = (INFANTRY, CAVALRY, GUNBOAT)
GROUND = (INFANTRY, CAVALRY)
# The rulebook's stakes as a bot weighs them: pieces a side gives up when it loses one of its cities.
KEY_CITY_STAKE = {0: 1, 1: 2}
CAPITAL_STAKE = {0: 5, 1: 6}
FORTIFIED_WEIGHT = 2   # a ground unit in its side's fortified city counts this much in battle
RIDE = 3               # rail links an infantry group rides in one turn
FAR = 99               # turns to somewhere the model cannot reach


def empty() -> dict:
    return {INFANTRY: 0, CAVALRY: 0, GUNBOAT: 0}


def size(comp: dict) -> int:
    return comp[INFANTRY] + comp[CAVALRY] + comp[GUNBOAT]


def plus(a: dict, b: dict, sign: int = 1) -> dict:
    return {k: a[k] + sign * b.get(k, 0) for k in KINDS}


def full(comp: dict) -> dict:
    """A composition as the picture keeps it: every kind present."""
    return {k: comp.get(k, 0) for k in KINDS}


class Mobility:
    """Where each kind of unit can get in one turn on an empty board, and turns between squares."""

    def __init__(self, board):
        self.board = board
        n = board.size
        squares = [(x, y) for y in range(n) for x in range(n)]
        self.steps = {sq: grid.neighbours(sq, n, n) for sq in squares}
        self.moves = {INFANTRY: {}, CAVALRY: {}, GUNBOAT: {}}
        for sq in squares:
            self.moves[INFANTRY][sq] = self._infantry(sq)
            self.moves[CAVALRY][sq] = self._walk(sq, 2, lambda a, b: board.squares[b].land)
            self.moves[GUNBOAT][sq] = self._walk(sq, 2, lambda a, b: b in board.water.get(a, ()))
        self.back = {kind: {sq: [] for sq in squares} for kind in KINDS}
        for kind, table in self.moves.items():
            for a, reach in table.items():
                for b in reach:
                    self.back[kind][b].append(a)

    def foot_step(self, a, b) -> bool:
        """One infantry step: onto land, and onto a mountain only along a rail or a pass."""
        sq = self.board.squares[b]
        return sq.land and (not sq.mountain or b in self.board.rail.get(a, ()) or self.board.pass_allows(a, b))

    def _infantry(self, start) -> frozenset:
        reach = {b for b in self.steps[start] if self.foot_step(start, b)}
        reach |= set(self.ride(start, frozenset(), frozenset()))
        reach.discard(start)
        return frozenset(reach)

    def ride(self, start, cut: frozenset, blocked: frozenset) -> list:
        """Squares an infantry group on `start` rides to: up to RIDE open rail links, never through `blocked`."""
        rail = self.board.rail
        if start not in rail:
            return []
        seen, out, frontier = {start}, [], [start]
        for _ in range(RIDE):
            nxt = []
            for at in frontier:
                for b in rail[at]:
                    if b in seen or frozenset((at, b)) in cut:
                        continue
                    seen.add(b)
                    out.append(b)
                    if b not in blocked:
                        nxt.append(b)
            frontier = nxt
        return out

    def _walk(self, start, steps: int, ok) -> frozenset:
        seen, frontier = {start}, [start]
        for _ in range(steps):
            nxt = []
            for at in frontier:
                for b in self.steps[at]:
                    if b not in seen and ok(at, b):
                        seen.add(b)
                        nxt.append(b)
            frontier = nxt
        seen.discard(start)
        return frozenset(seen)

    @lru_cache(maxsize=None)
    def turns_to(self, kind: str, target) -> dict:
        """square -> turns a lone unit of `kind` needs to reach `target` (absent: the model finds no way)."""
        out, todo = {target: 0}, deque([target])
        back = self.back[kind]
        while todo:
            b = todo.popleft()
            for a in back[b]:
                if a not in out:
                    out[a] = out[b] + 1
                    todo.append(a)
        return out


@lru_cache(maxsize=None)
def mobility(board_name: str) -> Mobility:
    return Mobility(load(board_name))


class Picture:
    """One view read once: who stands where, with what strength, and what is at stake."""

    def __init__(self, view: dict, me: int):
        pub = view["public"]
        self.pub = pub
        self.board = load(pub["board"])
        self.mobility = mobility(pub["board"])
        self.me, self.foe = me, 1 - me
        self.units = ({}, {})    # side -> square -> composition of every unit there
        self.movers = ({}, {})   # side -> square -> composition of units free to move on the side's next turn
        for u in pub["units"]:
            sq, side = (u["at"][0], u["at"][1]), u["side"]
            self.units[side].setdefault(sq, empty())[u["kind"]] += 1
            if not u["disabled"] or side == me:
                self.movers[side].setdefault(sq, empty())[u["kind"]] += 1
        self.ready = {}          # my squares -> composition still free to move this turn
        for st in pub["stacks"]:
            if st["side"] == me:
                self.ready[(st["at"][0], st["at"][1])] = full(st["ready"])
        self.fortified = (set(), set())
        for name, side in pub["fortified"].items():
            self.fortified[side].add(self.board.cities[name].at)
        self.garrison = {}       # square -> points of a standing capital garrison
        for name, points in pub["garrisons"].items():
            if points:
                self.garrison[self.board.cities[name].at] = points
        self.flags = set(pub["flags"])
        self.pieces = list(pub["pieces"])
        self.cut = tuple(frozenset(frozenset((tuple(a), tuple(b))) for a, b in links) for links in pub["cut_links"])

    # ----- strengths and stakes ----------------------------------------------------------
    def strength(self, sq, side: int, comp: dict | None = None) -> int:
        """Battle strength of `side` on `sq` (of `comp` if given, else of the units there)."""
        comp = self.units[side].get(sq) if comp is None else comp
        n = size(comp) if comp else 0
        if comp and sq in self.fortified[side]:
            n += (FORTIFIED_WEIGHT - 1) * (comp[INFANTRY] + comp[CAVALRY])
        city = self.board.city_at.get(sq)
        if city is not None and city.capital_side == side:
            n += self.garrison.get(sq, 0)
        return n

    def stake(self, sq, side: int) -> int:
        """Pieces `side` gives up if it loses the city on `sq` now (0: no city of its at stake)."""
        city = self.board.city_at.get(sq)
        if city is None or city.name in self.flags:
            return 0
        if city.key_side == side:
            return KEY_CITY_STAKE[side]
        if city.capital_side == side:
            return CAPITAL_STAKE[side]
        return 0

    def cities_of(self, side: int) -> list:
        """Squares of `side`'s cities still at stake."""
        return [c.at for c in self.board.cities.values()
                if (c.key_side == side or c.capital_side == side) and c.name not in self.flags]

    def is_city(self, sq) -> bool:
        """A key city or capital: a battle there must destroy every defender."""
        city = self.board.city_at.get(sq)
        return city is not None and (city.key_side is not None or city.capital_side is not None)

    # ----- reach ------------------------------------------------------------------------
    def reach(self, side: int, skip=None) -> dict:
        """square -> the largest group `side` could bring there in its next turn (a group moves as one:
        infantry with the rest one step, cavalry two, infantry alone by rail, gunboats two by water).
        `skip`: a square whose stack is left out (disabled by a sacrifice, say)."""
        out = {}
        blocked = frozenset(self.units[1 - side])
        mob = self.mobility
        for at, comp in self.movers[side].items():
            if at == skip:
                continue
            inf, cav, boats = comp[INFANTRY], comp[CAVALRY], comp[GUNBOAT]
            if inf:
                ground = inf + cav
                for b in mob.steps[at]:
                    if mob.foot_step(at, b) and out.get(b, 0) < ground:
                        out[b] = ground
                for b in mob.ride(at, self.cut[side], blocked):
                    if out.get(b, 0) < inf:
                        out[b] = inf
            if cav:
                for b in mob.moves[CAVALRY][at]:
                    if out.get(b, 0) < cav and not self._through(at, b, blocked):
                        out[b] = cav
            if boats:
                for b in mob.moves[GUNBOAT][at]:
                    if out.get(b, 0) < boats:
                        out[b] = boats
        return out

    def raids(self, side: int, targets) -> dict:
        """target square -> the largest force `side` could gather there within two turns (units of one
        stack whose kinds each need at most two turns; the model's rough guess)."""
        out = {}
        turns = self.mobility.turns_to
        for target in targets:
            best = 0
            for at, comp in self.movers[side].items():
                n = sum(comp[k] for k in KINDS if comp[k] and turns(k, target).get(at, FAR) <= 2)
                best = max(best, n)
            if best:
                out[target] = best
        return out

    @staticmethod
    def _through(a, b, blocked) -> bool:
        """True when a two-square move from a to b must pass an enemy square (the model's rough test:
        every square next to both is blocked)."""
        if grid.chebyshev(a, b) < 2:
            return False
        middle = [(x, y) for x in range(min(a[0], b[0]), max(a[0], b[0]) + 1)
                  for y in range(min(a[1], b[1]), max(a[1], b[1]) + 1)
                  if grid.adjacent((x, y), a) and grid.adjacent((x, y), b)]
        return all(m in blocked for m in middle)

    def turns(self, kind: str, frm, to) -> int:
        return self.mobility.turns_to(kind, to).get(frm, FAR)
