"""A Civil War bot's picture of the war, read from its own view.

Stacks, battle strengths and the cities at stake (asked of the rules' queries,
engine.civil_war.queries), and the bot's own rough model of where each kind of unit gets in
a turn, built from the rules' own step test (for looking ahead: where the enemy can strike
next turn, how many turns a unit is from a target). The model only guides judgement; what a
bot may actually do always comes from `view["private"]["legal"]`.
"""
from collections import deque
from functools import lru_cache

from engine import grid
from engine.civil_war import queries
from engine.civil_war.board import load, per_board
from engine.civil_war.queries import CAVALRY, GROUND, GUNBOAT, INFANTRY, KINDS, RAIL_RIDE, SPEED

__all__ = ["CAVALRY", "GROUND", "GUNBOAT", "INFANTRY", "KINDS", "Picture", "empty", "full", "plus", "size"]
FAR = 99               # turns to somewhere the model cannot reach
_NONE = {INFANTRY: 0, CAVALRY: 0, GUNBOAT: 0}   # no units (read only)
_STRENGTHS: dict = {}  # (board, square, side, composition, fortified by, fallen) -> strength (Picture.strength)
STRENGTHS_KEPT = 200_000   # (a game meets a few thousand)
STRIKES_KEPT = 20_000      # a board's remembered strikes (Picture.strikes; a game and its searches meet ~1,500)


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
        self.foot = {sq: tuple(b for b in self.steps[sq] if self.foot_step(sq, b)) for sq in squares}  # infantry steps
        self.moves = {INFANTRY: {}, CAVALRY: {}, GUNBOAT: {}}
        for sq in squares:
            self.moves[INFANTRY][sq] = self._infantry(sq)
            for kind in (CAVALRY, GUNBOAT):
                self.moves[kind][sq] = self._walk(sq, SPEED[kind], kind)
        # square -> the squares whose enemy a strike from there asks about (`Picture._strike`): those next to it (a
        # cavalry's way past one) and the rail squares within a ride of it (a ride stops at one).
        self.near = {sq: frozenset(self.steps[sq]) | self._rail_near(sq) for sq in squares}
        self.strikes = {}   # `Picture._strike`'s answers, by stack, cut links and enemies near (`Picture.strikes`)
        self.back = {kind: {sq: [] for sq in squares} for kind in KINDS}
        for kind, table in self.moves.items():
            for a, reach in table.items():
                for b in reach:
                    self.back[kind][b].append(a)

    def foot_step(self, a, b) -> bool:
        """One infantry step, as the rules allow it by terrain."""
        return queries.step_allowed(self.board, INFANTRY, a, b)

    def _infantry(self, start) -> frozenset:
        reach = {b for b in self.steps[start] if self.foot_step(start, b)}
        reach |= set(self.ride(start, frozenset(), frozenset()))
        reach.discard(start)
        return frozenset(reach)

    def ride(self, start, cut: frozenset, blocked: frozenset) -> list:
        """Squares an infantry group on `start` rides to: up to RAIL_RIDE open rail links, never through `blocked`."""
        rail = self.board.rail
        if start not in rail:
            return []
        seen, out, frontier = {start}, [], [start]
        for _ in range(RAIL_RIDE):
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

    def _rail_near(self, start) -> frozenset:
        """The rail squares within RAIL_RIDE links of `start`, cut or not."""
        rail = self.board.rail
        near, frontier = set(), [start] if start in rail else []
        for _ in range(RAIL_RIDE):
            frontier = [b for at in frontier for b in rail[at] if b not in near and b != start]
            near.update(frontier)
        return frozenset(near)

    def _walk(self, start, steps: int, kind: str) -> frozenset:
        seen, frontier = {start}, [start]
        for _ in range(steps):
            nxt = []
            for at in frontier:
                for b in self.steps[at]:
                    if b not in seen and queries.step_allowed(self.board, kind, at, b):
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
        self.units_on = {}       # square -> the view's units there (what the rules count in a battle)
        for u in pub["units"]:
            sq, side = (u["at"][0], u["at"][1]), u["side"]
            self.units_on.setdefault(sq, []).append(u)
            self.units[side].setdefault(sq, empty())[u["kind"]] += 1
            if not u["disabled"] or side == me:
                self.movers[side].setdefault(sq, empty())[u["kind"]] += 1
        self.ready = {}          # my squares -> composition still free to move this turn
        for st in pub["stacks"]:
            if st["side"] == me:
                self.ready[(st["at"][0], st["at"][1])] = full(st["ready"])
        self.position = queries.position(view)
        self.fortified = (set(), set())   # side -> squares it has fortified (a bot may try one out)
        for name, side in pub["fortified"].items():
            self.fortified[side].add(self.board.cities[name].at)
        self.flags = set(pub["flags"])
        self.pieces = list(pub["pieces"])
        self.cut = tuple(frozenset(frozenset((tuple(a), tuple(b))) for a, b in links) for links in pub["cut_links"])
        self._cities = tuple([sq for sq, c in queries.at_stake(self.board)
                              if (c.key_side == side or c.capital_side == side) and c.name not in self.flags]
                             for side in (0, 1))
        # side -> square -> the pieces it gives up if it loses the city there, asked of the rules once a picture
        # (a general weighs hundreds of actions against it): none but at its cities still at stake.
        self.stakes = tuple({sq: queries.stake(self.board, self.position, sq, side) for sq in self._cities[side]}
                            for side in (0, 1))
        self._strikes = [None, None]   # side -> `strikes`, once asked

    # ----- strengths and stakes ----------------------------------------------------------
    def strength(self, sq, side: int, comp: dict | None = None) -> int:
        """Battle strength of `side` on `square` as the rules count it (of `comp` if given, else of the units
        there), with the fortified cities as the picture holds them."""
        sq = (sq[0], sq[1])
        if comp is None:
            comp = self.units[side].get(sq, _NONE)
        fortified = self.fortified
        city = self.board.city_at.get(sq)
        # The rules count a side's units on the square, doubled where the city there is fortified by the
        # side, and a garrison where it is the side's unfallen capital: a count is asked of them once per
        # square, side, composition, fortification and fall, for every picture and playout after it
        # (tests/civil_war/test_bot_shortcuts.py holds this to the question asked of the whole position).
        key = (self.board.name, sq, side, comp[INFANTRY], comp[CAVALRY], comp[GUNBOAT],
               1 if sq in fortified[1] else 0 if sq in fortified[0] else None,
               city is not None and city.name in self.flags)
        known = _STRENGTHS.get(key)
        if known is None:
            if len(_STRENGTHS) >= STRENGTHS_KEPT:   # a bound on the memory a long-lived process gives it
                _STRENGTHS.clear()
            known = _STRENGTHS[key] = self.strength_asked(sq, side, comp)
        return known

    def strength_asked(self, sq, side: int, comp: dict | None) -> int:
        """`strength` asked of the rules over the whole position (the reference its remembered counts keep)."""
        fortified = {self.board.city_at[at].name: s for s in (0, 1) for at in self.fortified[s]}
        here = dict(self.position, units=self.units_on.get(tuple(sq), []), fortified=fortified)
        return queries.strength(self.board, here, sq, side, comp)

    def stake(self, sq, side: int) -> int:
        """Pieces `side` gives up if it loses the city on `sq` now (0: no city of its at stake)."""
        return self.stakes[side].get((sq[0], sq[1]), 0)

    def cities_of(self, side: int) -> list:
        """Squares of `side`'s cities still at stake (callers only read it)."""
        return self._cities[side]

    def is_city(self, sq) -> bool:
        """A key city or capital: a battle there must destroy every defender (asked of the rules once a square)."""
        checked, key = _city_checks(self.board), (sq[0], sq[1])
        known = checked.get(key)
        if known is None:
            known = checked[key] = queries.must_destroy_all(self.board, sq)
        return known

    # ----- reach ------------------------------------------------------------------------
    def reach(self, side: int, skip=None, only=None) -> dict:
        """square -> the largest group `side` could bring there in its next turn (a group moves as one:
        infantry with the rest one step, cavalry two, infantry alone by rail, gunboats two by water).
        `skip`: a square whose stack is left out (disabled by a sacrifice, say); `only`: the squares asked
        (the rest left out)."""
        strikes = self.strikes(side)
        if only is not None:
            out = {}
            for sq in only:
                n = max((strike.get(sq, 0) for at, strike in strikes.items() if at != skip), default=0)
                if n:
                    out[sq] = n
            return out
        out = {}
        for at, strike in strikes.items():
            if at == skip:
                continue
            for b, n in strike.items():
                if out.get(b, 0) < n:
                    out[b] = n
        return out

    def strikes(self, side: int) -> dict:
        """`side`'s square -> where the stack there could strike in its next turn (square -> its largest group
        there), found once a picture: `reach` takes the largest of them. Callers only read it."""
        known = self._strikes[side]
        if known is None:
            blocked, cut = frozenset(self.units[1 - side]), self.cut[side]
            # A stack's strike reads its square, its kinds, the side's cut links and the enemies next to it and on
            # the rails it could ride (`Mobility.near`): remembered by them for the pictures and playouts after.
            mob = self.mobility
            remembered, near = mob.strikes, mob.near
            if len(remembered) >= STRIKES_KEPT:   # a bound on the memory a long-lived process gives it
                remembered.clear()
            known = self._strikes[side] = {}
            for at, comp in self.movers[side].items():
                key = (at, comp[INFANTRY], comp[CAVALRY], comp[GUNBOAT], cut, blocked & near[at])
                strike = remembered.get(key)
                if strike is None:
                    strike = remembered[key] = self._strike(side, at, comp, blocked)
                known[at] = strike
        return known

    def _strike(self, side: int, at, comp: dict, blocked: frozenset) -> dict:
        out = {}
        mob = self.mobility
        inf, cav, boats = comp[INFANTRY], comp[CAVALRY], comp[GUNBOAT]
        if inf:
            ground = inf + cav
            for b in mob.foot[at]:
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
        middle = _between(a, b)
        return middle is not None and all(m in blocked for m in middle)

    def turns(self, kind: str, frm, to) -> int:
        return self.mobility.turns_to(kind, to).get(frm, FAR)


@per_board
def _city_checks(board) -> dict:
    """(x, y) -> `Picture.is_city` there, filled as each square is first asked."""
    return {}


@lru_cache(maxsize=None)
def _between(a, b):
    """The squares next to both `a` and `b` (None when they are neighbours or the same square)."""
    if grid.chebyshev(a, b) < 2:
        return None
    return tuple((x, y) for x in range(min(a[0], b[0]), max(a[0], b[0]) + 1)
                 for y in range(min(a[1], b[1]), max(a[1], b[1]) + 1)
                 if grid.adjacent((x, y), a) and grid.adjacent((x, y), b))
