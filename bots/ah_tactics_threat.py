"""Where a Tactics (1954) bot's HQs are safe: the squares enemy divisions could control after their next
move, as far as the bot can tell from its own view. Every rule it uses is its rules' query
(engine/ah_tactics/queries.py): the step costs, control, where a parachute division lands.

An HQ is lost the moment an enemy division controls its square (rule F), so an HQ is safe where no
enemy division can come next to it in one turn: the enemy moves on 30 squares of allowance (rule C's
costs: 1 third along a line or inside a city, 3 across country, 6 into forest, 3 more across a river
off a bridge), never through units, stops on entering a square next to the bot's divisions (C6), and
sails for free from a dock of its ports to its other ports' docks, or with an amphibious division to
any beach (D4). What the search leaves out: the enemy's hidden reserves, and parachute drops (D3: a
drop may land anywhere free, so only a square with no free land around it is safe from one).
"""
import threading
from functools import lru_cache

from engine import grid
from engine.ah_tactics import queries
from engine.ah_tactics.board import load

ALLOWANCE = queries.FULL_ALLOWANCE   # thirds of a square: the enemy's 30 squares
COMPILED = True   # False: the search in Python (the tests hold the compiled one to it)


def _steps(name: str) -> dict:
    """Per land square, ((neighbour, cost in thirds), ...) for a regular division (the rules' step costs)."""
    return queries.division_steps()


@lru_cache(maxsize=None)
def _control(name: str) -> dict:
    """Per land square, the squares a regular division there controls (E1: not across a river; E2: not
    mountains)."""
    board = load(name)
    return {sq: queries.control(sq) for sq in board.terrain if board.land(sq)}


def controlled(board, squares) -> set:
    """Squares regular divisions on `squares` control."""
    control = _control(board.name)
    out = set()
    for sq in squares:
        out.update(control.get(sq, ()))
    return out


def enemy_reach(board, starts, occupied, stops, arrivals=frozenset(), landings=frozenset()) -> dict:
    """{square: least cost in thirds} of every square enemy divisions starting on `starts` may end a move
    on this turn: `occupied` squares
    are never entered, squares in `stops` are entered but not left (C6), and from a square of
    `arrivals` (its ports' docks) a free sea leg reaches every other free dock, or with `landings` every
    free beach."""
    steps = _steps(board.name)
    limit = ALLOWANCE
    best = dict.fromkeys(starts, 0)
    # Costs are whole thirds up to the allowance: a bucket per cost, taken in order, is Dijkstra without a
    # heap. A sea leg costs nothing, so its docks join the bucket being read (a list read while it grows).
    buckets = [[] for _ in range(limit + 1)]
    buckets[0] = sorted(starts)
    sailed = False
    for cost, bucket in enumerate(buckets):
        for sq in bucket:
            if best[sq] != cost or (cost and sq in stops):
                continue   # reached more cheaply since, or entered next to the bot's divisions and not left (C6)
            if not sailed and sq in arrivals:
                sailed = True   # every later sea leg reaches the same squares at a higher cost
                for to in (arrivals | landings) - occupied:
                    if cost < best.get(to, limit + 1):
                        best[to] = cost
                        bucket.append(to)
            for n, c in steps.get(sq, ()):
                nc = cost + c
                if nc <= limit and nc < best.get(n, limit + 1) and n not in occupied:
                    best[n] = nc
                    buckets[nc].append(n)
    return best


def threatened(board, enemy_divisions, own_divisions, others, enemy_ports=(), amphibious=()) -> dict:
    """{square: the least allowance (thirds) an enemy division spends to control it} for every square an
    enemy division could control after its next move: enemy_divisions and amphibious are
    the squares of the enemy's divisions (all, and its amphibious ones), own_divisions the bot's
    divisions' squares, `others` those of every other unit (HQs: they block, but stop no one). Compiled
    (ah_tactics_compiled_threat.py) where the rules' own searches are; else `threatened_in_python`."""
    compiled = compiled_search()
    if compiled is None:
        return threatened_in_python(board, enemy_divisions, own_divisions, others, enemy_ports, amphibious)
    enemy = set(enemy_divisions)
    docks = [sq for name in enemy_ports for sq in board.docks(name)]
    return compiled.threatened(compiled.tables(board.name, _steps, _control), enemy - set(amphibious),
                               set(amphibious), (set(own_divisions) | set(others)) - enemy,
                               controlled(board, own_divisions), docks, board.beaches if amphibious else (),
                               ALLOWANCE)


_COMPILED_MODULE = []


def compiled_search():
    """bots.ah_tactics_compiled_threat, loaded on first use (compiled by numba into its cache the first time after
    an install, a few seconds; loaded from it after) and tried on an empty board; None where numba cannot serve
    (the Python search then does, slower), or while COMPILED is off."""
    if not _COMPILED_MODULE:
        try:
            from bots import ah_tactics_compiled_threat as module
            module.threatened(module.tables(load().name, _steps, _control), (), (), (), (), (), (), ALLOWANCE)
        except Exception:   # noqa: BLE001 - whatever stops numba, the bot plays on in Python
            module = None
        _COMPILED_MODULE.append(module)
    return _COMPILED_MODULE[0] if COMPILED else None


_PREPARING: list = []


def prepare_in_background() -> None:
    """`compiled_search` on a thread of its own, once a process: a bot made now plans its first move without
    waiting on numba (as a table readies its game's own searches, net/table.py)."""
    if not _PREPARING:
        _PREPARING.append(threading.Thread(target=compiled_search, name="Tactics (1954) danger map", daemon=True))
        _PREPARING[0].start()


def threatened_in_python(board, enemy_divisions, own_divisions, others, enemy_ports=(), amphibious=()) -> dict:
    """`threatened`, searched in Python: the reference the compiled search is held to."""
    occupied = set(enemy_divisions) | set(own_divisions) | set(others)
    stops = controlled(board, own_divisions)
    docks = frozenset(sq for name in enemy_ports for sq in board.docks(name))
    reach = enemy_reach(board, set(enemy_divisions) - set(amphibious), occupied - set(enemy_divisions), stops,
                        docks)
    if amphibious:
        landed = enemy_reach(board, set(amphibious), occupied - set(enemy_divisions), stops, docks,
                             frozenset(board.beaches))
        for sq, cost in landed.items():
            reach[sq] = min(cost, reach.get(sq, cost))
    control = _control(board.name)
    out = {}
    for sq, cost in reach.items():
        for n in control.get(sq, ()):
            if cost < out.get(n, ALLOWANCE + 1):
                out[n] = cost
    return out


def open_sides(board, sq, occupied) -> int:
    """Free land around `sq` where a parachute division could drop next to it (D3)."""
    return sum(1 for n in grid.neighbours(sq, board.width, board.height)
               if queries.may_land(n) and n not in occupied)
