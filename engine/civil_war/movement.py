"""How stacks move: steps on land and water, mountains and passes, rides and paths.

A moving group is a composition {kind: n}. A path is the list of squares the
group enters, in order, not counting where it starts. The group moves as one:
every step must suit every kind in it.
"""
from engine import grid
from engine.civil_war import rule_ids as why
from engine.civil_war.pieces import (CAVALRY, GUNBOAT, INFANTRY, RAIL_RIDE, SPEED, enemy, sea_load_ok)
from engine.civil_war.railroads import cut_sections, link_open
from engine.package import per_board
from engine.why import Refusal


class Occupancy:
    """Who stands where, read once per decision: squares holding each side, and live enemy capitals; with the
    decision's railroad cuts and the squares its groups reach, found once (a listing asks them of every group
    that may leave every stack: `destinations`)."""

    def __init__(self, board, state):
        self.cuts = {}      # side -> its cut sections (`cuts`)
        self.reached = {}   # (side, start, way, may_fight, may_ride) -> squares reached (`destinations`)
        self.by_side = ({}, {})
        for u in state["units"]:
            sq = (u["at"][0], u["at"][1])
            self.by_side[u["side"]][sq] = self.by_side[u["side"]].get(sq, 0) + 1
        # A capital whose garrison still stands holds its side's ground, even if empty.
        self.garrisons = {}
        for city in _capitals(board):
            if city.name not in state["flags"]:
                self.garrisons[city.at] = city.capital_side
        # side -> the squares where moving means fighting: enemy units or an enemy garrison are there.
        self.hostile_to = tuple(self.by_side[enemy(side)].keys() | {sq for sq, s in self.garrisons.items()
                                                                    if s == enemy(side)} for side in (0, 1))

    def hostile(self, square, side: int) -> bool:
        """True when moving onto `square` means fighting: enemy units or an enemy garrison are there."""
        return square in self.hostile_to[side]

    def cut(self, board, state, side: int) -> set:
        """The railroad sections `side` may not ride (railroads.cut_sections), found once."""
        cuts = self.cuts.get(side)
        if cuts is None:
            cuts = self.cuts[side] = cut_sections(board, state, side)
        return cuts


def step_allowed(board, group: dict, frm, to) -> bool:
    """One step of `group` from `frm` to the neighbouring square `to` (terrain only, no enemies)."""
    target = board.squares[to]
    if group.get(GUNBOAT, 0) and to not in board.water.get(frm, ()):
        return False
    if group.get(CAVALRY, 0) and not target.land:
        return False
    if group.get(INFANTRY, 0):
        if not target.land and not (group.get(GUNBOAT, 0) and sea_load_ok(group[INFANTRY], group[GUNBOAT])):
            return False
        if target.mountain and to not in board.rail.get(frm, ()) and not board.pass_allows(frm, to):
            return False
    return True


def steps(board, group: dict) -> dict:
    """square -> the neighbouring squares `group` may step to by terrain (`step_allowed`), in the grid's order:
    worked out once a board for each way of moving (`way`), as a listing walks every group of every stack."""
    by_way, kind = _steps_by_way(board), way(group)
    known = by_way.get(kind)
    if known is None:
        n = board.size
        known = by_way[kind] = {(x, y): tuple(b for b in grid.neighbours((x, y), n, n)
                                                    if step_allowed(board, group, (x, y), b))
                                      for y in range(n) for x in range(n)}
    return known


@per_board
def _steps_by_way(board) -> dict:
    """way -> its `steps`, filled as each way is first asked."""
    return {}


@per_board
def _capitals(board) -> list:
    """The board's capitals, in its order."""
    return [c for c in board.cities.values() if c.capital_side is not None]


@per_board
def _rails(board) -> dict:
    """square -> (each square a rail link joins it to, in order, the link's section)."""
    return {a: tuple((b, board.link_section[frozenset((a, b))]) for b in sorted(links))
            for a, links in board.rail.items()}


def way(group: dict) -> tuple:
    """What of a group decides where it may go: the kinds in it (every step must suit each; its speed and
    whether it may ride follow from them) and whether its infantry fit aboard its gunboats on open water.
    Groups alike in it reach the same squares by the same paths (tests/civil_war/test_movement.py)."""
    infantry, gunboats = group.get(INFANTRY, 0), group.get(GUNBOAT, 0)
    return infantry > 0, group.get(CAVALRY, 0) > 0, gunboats > 0, sea_load_ok(infantry, gunboats)


def speed(group: dict) -> int:
    return min(SPEED[k] for k, n in group.items() if n)


def can_ride(group: dict) -> bool:
    """Only infantry ride the cars; a group with any cavalry or gunboat walks."""
    return group.get(INFANTRY, 0) > 0 and not group.get(CAVALRY, 0) and not group.get(GUNBOAT, 0)


def check_path(board, occ: Occupancy, state, side: int, group: dict, start, path: list, *, may_fight: bool):
    """None if the path is legal for the group, else a sentence saying why not.

    Walking: up to the group's speed, each step allowed by terrain. Riding (infantry
    only, more than one step): up to three steps along rail links of uncut sections.
    Only the last square may hold the enemy, and only when `may_fight`.
    """
    if not path:
        return Refusal(why.MOVEMENT, "A move must go somewhere.")
    squares = [start] + path
    for a, b in zip(squares, squares[1:]):
        if not grid.adjacent(a, b):
            return Refusal(why.MOVEMENT, f"{list(b)} is not next to {list(a)}.")
    if path[-1] == start:
        return Refusal(why.MOVEMENT, "A move must end on a different square from where it began.")
    if len(set(squares)) != len(squares):
        return Refusal(why.MOVEMENT, "A path may not cross the same square twice.")
    for sq in path[:-1]:
        if occ.hostile(sq, side):
            return Refusal(why.MOVEMENT, f"The way through {list(sq)} is blocked by the enemy.")
    if occ.hostile(path[-1], side) and not may_fight:
        return Refusal(why.RETREAT, "A retreat may not move onto the enemy.")
    riding = len(path) > speed(group)
    if riding:
        if not can_ride(group):
            return Refusal(why.MOVEMENT, "That group cannot move so far.")
        if len(path) > RAIL_RIDE:
            return Refusal(why.RAILROADS, "A railroad ride goes at most three squares.")
        cuts = occ.cut(board, state, side)
        for a, b in zip(squares, squares[1:]):
            if not link_open(board, cuts, a, b):
                return Refusal(why.RAILROADS, f"There is no open railroad from {list(a)} to {list(b)}.")
        return None
    for a, b in zip(squares, squares[1:]):
        if not step_allowed(board, group, a, b):
            return Refusal(why.TERRAIN, f"That group cannot go from {list(a)} to {list(b)}.")
    return None


def destinations(board, occ: Occupancy, state, side: int, group: dict, start, *, may_fight: bool,
                 may_ride: bool = True) -> dict:
    """Every square the group can reach -> one path to it (shortest first, then a fixed order). Found once a
    decision (`occ`) for each start and way of moving: callers only read it."""
    key = (side, start, way(group), may_fight, may_ride)
    found = occ.reached.get(key)
    if found is not None:
        return found
    found = occ.reached[key] = {}
    allowed, hostile_to = steps(board, group), occ.hostile_to[side]
    frontier = [(start, [])]
    for _ in range(speed(group)):
        nxt = []
        for at, path in frontier:
            for n in allowed[at]:
                if n == start or n in found:
                    continue
                hostile = n in hostile_to
                if hostile and not may_fight:
                    continue
                found[n] = way_there = path + [n]   # (read, never changed: shared with the frontier)
                if not hostile:
                    nxt.append((n, way_there))
        frontier = nxt
    if may_ride and can_ride(group) and start in board.rail:
        cuts = occ.cut(board, state, side)
        rails = _rails(board)
        frontier = [(start, [])]
        for _ in range(RAIL_RIDE):
            nxt = []
            for at, path in frontier:
                for n, section in rails[at]:   # (link_open: the link's section not cut)
                    if n == start or n in path or section in cuts:
                        continue
                    hostile = n in hostile_to
                    if hostile and not may_fight:
                        continue
                    if n not in found:
                        found[n] = path + [n]
                    if not hostile:
                        nxt.append((n, path + [n]))
            frontier = nxt
    return found
