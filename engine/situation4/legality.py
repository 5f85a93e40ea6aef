"""Whether a side may make a move, judged from public facts only.

Everything here reads the public lists (`owner`, `forces`, `flags`, `bridges`
as they appear in both the state and the view), so the rules, the bots and
the window's drag feedback all share one judgement. Each `*_problem` function
returns None when the move is allowed, else a sentence saying why not (an `engine.why.Refusal`, naming
its rule; the sentences that never change are made once, below).
"""
from functools import lru_cache
from itertools import compress, repeat
from operator import eq, is_

from engine.situation4 import rule_ids as why
from engine.situation4.board import LAND, Board
from engine.why import Refusal

TANK = "tank"
PARATROOP = "paratroop"

FILLED = Refusal(why.FITTING, "That space is already filled.")
MISFIT = Refusal(why.FITTING, "That piece does not fit there.")
GUARDED = Refusal(why.TANK_GUARD, "An enemy tank guards that space: nothing of yours may interlock with its piece.")
FIRST_ON_BASE_LINE = Refusal(why.BUILDING, "Your first piece must go on your base line (the red-bordered pieces).")
NOT_INTERLOCKED = Refusal(why.BUILDING, "A piece must interlock with one of your own pieces that connects back to "
                                        "your base line.")
NO_PARATROOPERS = Refusal(why.BASES, "You have no paratroopers ready (complete your paratroop base first; three at "
                                     "most).")
LAND_ON_ENEMY = Refusal(why.PARATROOPERS, "A paratrooper must land on one of your opponent's pieces.")
FORCE_THERE = Refusal(why.PARATROOPERS, "That piece already holds a tank or paratrooper.")
JOIN_THE_LANDING = Refusal(why.PARATROOPERS, "Your piece must interlock with the piece your paratrooper lands on.")
NO_TANKS = Refusal(why.BASES, "You have no tanks ready (complete your tank base first; three at most).")
TANK_ON_OWN = Refusal(why.TANKS, "A tank must go on one of your own pieces.")
TANK_ON_FORCE = Refusal(why.TANKS, "That piece already holds a tank or paratrooper.")
TANK_LAND = Refusal(why.TANKS, "A tank may only reach your own land connected to your base line, crossing the river "
                               "only on your own bridges.")
NO_BRIDGES = Refusal(why.BRIDGES, "You have no bridges left.")
BRIDGE_TAKEN = Refusal(why.BRIDGES, "That bridge position is taken.")
BANKS_FIRST = Refusal(why.BRIDGES, "Both banks at that bridge position must be covered first.")


def other(side: int) -> int:
    return 1 - side


def is_force(force, kind: str, side: int) -> bool:
    return force is not None and force["kind"] == kind and force["side"] == side


def guarded_against(board: Board, forces: list, slot: int, side: int) -> bool:
    """An enemy tank next to `slot` forbids `side` to interlock there, unless one of
    `side`'s own tanks also touches `slot` (one empty space between the two tanks
    neutralises it, and then either side may play there)."""
    enemy = other(side)
    enemy_tank = own_tank = False
    for n in board.neighbours[slot]:
        f = forces[n]
        if f is not None and f["kind"] == TANK:
            if f["side"] == enemy:
                enemy_tank = True
            else:
                own_tank = True
    return enemy_tank and not own_tank


def anchored(board: Board, owner: list, forces: list, slot: int, side: int) -> bool:
    """A slot `side` may build on: its own base line, or interlocking with one of its
    own pieces or with a piece holding its paratrooper (a beachhead). Every own piece
    is itself anchored, since each was placed this way and pieces never move."""
    if slot in board.base_line[side]:
        return True
    for n in board.neighbours[slot]:
        if owner[n] == side or is_force(forces[n], PARATROOP, side):
            return True
    return False


def _slot_problem(board: Board, owner: list, forces: list, side: int, piece: int, slot: int):
    if owner[slot] is not None:
        return FILLED
    if not board.fits(piece, slot):
        return MISFIT
    if guarded_against(board, forces, slot, side):
        return GUARDED
    return None


def place_problem(board: Board, owner: list, forces: list, side: int, piece: int, slot: int):
    problem = _slot_problem(board, owner, forces, side, piece, slot)
    if problem:
        return problem
    if not anchored(board, owner, forces, slot, side):
        if not any(o == side for o in owner):
            return FIRST_ON_BASE_LINE
        return NOT_INTERLOCKED
    return None


def landing_problem(owner: list, forces: list, side: int, paratroopers: int, target: int):
    """Why a paratrooper of `side` may not land on `target` (before the piece that joins it is judged)."""
    if paratroopers <= 0:
        return NO_PARATROOPERS
    if owner[target] != other(side):
        return LAND_ON_ENEMY
    if forces[target] is not None:
        return FORCE_THERE
    return None


def paradrop_problem(board: Board, owner: list, forces: list, side: int, paratroopers: int,
                     target: int, piece: int, slot: int):
    problem = landing_problem(owner, forces, side, paratroopers, target)
    if problem:
        return problem
    if slot not in board.neighbours[target]:
        return JOIN_THE_LANDING
    return _slot_problem(board, owner, forces, side, piece, slot)


def tank_problem(board: Board, owner: list, forces: list, tank_land: list, side: int, tanks: int, slot: int):
    if tanks <= 0:
        return NO_TANKS
    if owner[slot] != side:
        return TANK_ON_OWN
    if forces[slot] is not None:
        return TANK_ON_FORCE
    if not tank_land[slot]:
        return TANK_LAND
    return None


def bridge_problem(board: Board, owner: list, bridges: list, side: int, in_hand: int, position: int):
    if in_hand <= 0:
        return NO_BRIDGES
    if bridges[position] is not None:
        return BRIDGE_TAKEN
    a, b = board.bridge_positions[position]
    if owner[a] is None or owner[b] is None:
        return BANKS_FIRST
    return None


def passable(link: int, bridges: list, side: int) -> bool:
    """May `side`'s tanks cross an edge of this kind? Land yes; the river only on its own bridge."""
    return link == LAND or (link >= 0 and bridges[link] == side)


def spread_tank_land(board: Board, owner: list, bridges: list, side: int, land: list, starts) -> list:
    """Mark every own piece reachable from `starts` (already marked) over passable edges; returns the new ones."""
    added, stack = [], list(starts)
    while stack:
        x = stack.pop()
        for n, link in board.links[x]:
            if not land[n] and owner[n] == side and passable(link, bridges, side):
                land[n] = True
                added.append(n)
                stack.append(n)
    return added


def tank_land(board: Board, owner: list, bridges: list, side: int) -> list:
    """From scratch: for each slot, whether `side`'s tanks could reach it (own pieces joined
    to its base line, across the river only over its own bridges)."""
    land = [False] * board.n
    starts = [s for s in board.base_line[side] if owner[s] == side]
    for s in starts:
        land[s] = True
    spread_tank_land(board, owner, bridges, side, land, starts)
    return land


def force_scan(board: Board, forces: list, side: int) -> tuple[set, list]:
    """One pass over the few forces on the board: (the slots `guarded_against` holds for, `side`'s
    beachheads). Neighbouring is mutual on the grid, so a tank guards exactly its neighbours."""
    enemy = other(side)
    enemy_near, own_near, beachheads = set(), set(), []
    neighbours = board.neighbours
    for slot in compress(range(len(forces)), forces):   # the slots holding a force (a dict, never empty)
        f = forces[slot]
        if f["kind"] == TANK:
            (enemy_near if f["side"] == enemy else own_near).update(neighbours[slot])
        elif f["side"] == side:
            beachheads.append(slot)
    return (enemy_near - own_near if enemy_near else enemy_near), beachheads


# Sets of slots as Python ints with one byte per slot (byte `slot` is 1 when it is in the set): a
# whole board's neighbours are found with four shifts, and the slots read back with one C-level
# `compress`. The pieces interlock on the grid (up, right, down, left), as board.parse_layout builds.
@lru_cache(maxsize=None)
def _grid_masks(cols: int, rows: int) -> tuple[int, int, int]:
    """(every slot, every slot but the first column, every slot but the last column) as byte sets."""
    n = cols * rows
    return (int.from_bytes(b"\x01" * n, "little"),
            int.from_bytes(bytes(s % cols != 0 for s in range(n)), "little"),
            int.from_bytes(bytes(s % cols != cols - 1 for s in range(n)), "little"))


def _byte_set(flags) -> int:
    return int.from_bytes(bytes(flags), "little")


def _slots_set(slots) -> int:
    """The byte set of a few distinct slots."""
    return sum(1 << (slot << 3) for slot in slots)


def _touching(board: Board, mask: int) -> int:
    """Every slot that interlocks with a slot of `mask`."""
    every, not_first, not_last = _grid_masks(board.cols, board.rows)
    row = 8 * board.cols
    return ((mask & not_first) >> 8) | ((mask & not_last) << 8) | (mask >> row) | ((mask << row) & every)


def placeable_slots(board: Board, owner: list, forces: list, side: int, scan=None) -> list:
    """Every empty slot where `side` may place that slot's piece now: `place_problem(...) is None`, judged
    without building the sentences (this runs for every racer on every update). A slot is anchored by
    its base line or a neighbouring own piece or beachhead, so the candidates are the base line and
    the slots touching those pieces, in slot order.
    `scan`: `force_scan(board, forces, side)` when the caller already made it."""
    guarded, beachheads = scan or force_scan(board, forces, side)
    own = _byte_set(map(eq, owner, repeat(side))) | _slots_set(beachheads)
    empty = _byte_set(map(is_, owner, repeat(None)))
    allowed = (_slots_set(board.base_line[side]) | _touching(board, own)) & empty & ~_slots_set(guarded)
    return list(compress(range(board.n), allowed.to_bytes(board.n, "little")))


def paradrop_moves(board: Board, owner: list, forces: list, side: int, paratroopers: int, scan=None) -> list:
    """(target, slot) pairs where a paradrop is allowed now (`scan` as for `placeable_slots`)."""
    if paratroopers <= 0:
        return []
    enemy = other(side)
    guarded = (scan or force_scan(board, forces, side))[0]
    neighbours = board.neighbours
    return [(t, s) for t, o in enumerate(owner) if o == enemy and forces[t] is None
            for s in neighbours[t]
            if owner[s] is None and s not in guarded]
