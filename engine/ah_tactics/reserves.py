"""Reserves off the board (rule G): a secret force behind one's own front line.

At any time in its own movement phase a side may take units off the board into reserve, up to
the equivalent of an infantry corps (MAX_UNITS units and MAX_FACTORS combat factors at once).
Each reserve unit keeps a recorded square that only its own side knows (state["hidden"], an
engine.hidden.HiddenPieces keyed by side), may be moved secretly (normal movement costs,
from and to squares behind the front line), and comes back on its recorded square when its
side reveals it, or when an enemy unit stumbles into contact with it (the reserve's owner then
chooses: fight, or let the enemy fall back to where its move began).

The front line (rule G: "never in front of the established front line"), for a side S and a
column x: S's front row there is the most advanced row of S's divisions within FRONT_BAND
columns of x (S's half's border when there are none), and the enemy's the most advanced row of
the enemy's divisions within the band toward S. A reserve square lies strictly behind both,
at least two squares from every enemy unit on the board ("positive there are no enemy units"),
on ground the unit may enter, with no unit on it.
"""
from engine.ah_tactics import rule_ids as why
from engine.ah_tactics import contact
from engine.ah_tactics.movement import tables
from engine.ah_tactics.state import ACTIVE, RESERVE, at, controller, is_combat
from engine.ah_tactics.units import FACTOR, ROSTER, side_units
from engine.hidden import HiddenPieces
from engine.why import Refusal

MAX_UNITS, MAX_FACTORS = 7, 7   # an infantry corps: HQ, one armored and five infantry divisions
FRONT_BAND = 2


def hidden(state: dict) -> HiddenPieces:
    return HiddenPieces(state, "hidden")


def squares_of(state: dict, side: int) -> dict:
    """{unit id: (x, y)} of the side's reserves (the side's own secret)."""
    return {int(p): (sq[0], sq[1]) for p, sq in hidden(state).pieces_of(side).items()}


def advance(board, side: int, y: int) -> int:
    """How far toward the enemy row y lies, seen from `side` (0 at its home edge)."""
    return y if side == 0 else board.height - 1 - y


def _advances(board, state, side: int, ignore=None) -> tuple[list, list]:
    """Per column: the advances (seen from `side`) of its own and of the enemy's divisions there."""
    own = [[] for _ in range(board.width)]
    enemy = [[] for _ in range(board.width)]
    for uid, u in enumerate(state["units"]):
        if u["at"] is None or not is_combat(state, uid) or uid == ignore:
            continue
        x, y = u["at"]
        (own if ROSTER[uid].side == side else enemy)[x].append(advance(board, side, y))
    return own, enemy


def _limit(board, own, enemy, x: int) -> int:
    band = range(max(0, x - FRONT_BAND), min(board.width, x + FRONT_BAND + 1))
    mine = [a for c in band for a in own[c]]
    theirs = [a for c in band for a in enemy[c]]
    limit = max(mine) if mine else board.rows[0][1] + 1  # the border, seen from either side
    return min(limit, min(theirs)) if theirs else limit


def front_limits(board, state, side: int, ignore=None) -> list[int]:
    """Per column x: reserve squares of `side` must have advance(y) below this. `ignore`: a unit left
    out (one about to leave the board is not itself the front it hides behind)."""
    own, enemy = _advances(board, state, side, ignore)
    return [_limit(board, own, enemy, x) for x in range(board.width)]


def behind_front(board, state, side: int, ignore=None) -> int:
    """Every square (as bits) strictly behind both front lines, seen from `side`."""
    limits = front_limits(board, state, side, ignore)
    bits = 0
    for y in range(board.height):
        a = advance(board, side, y)
        row = 0
        for x in range(board.width):
            if a < limits[x]:
                row |= 1 << x
        bits |= row << (y * board.width)
    return bits


def near_enemy(board, state, side: int) -> int:
    """Squares with an enemy unit within one square (the side cannot be sure they are clear)."""
    g = board.grid
    enemy = 0
    for uid, u in enumerate(state["units"]):
        if u["at"] is not None and ROSTER[uid].side != side:
            enemy |= g.bit(tuple(u["at"]))
    return g.dilate(enemy)


def taken(board, state, side: int) -> int:
    """Every square (as bits) `side` knows to be taken: a unit on the board, or one of its own reserves (the
    enemy's are unknown to it)."""
    g = board.grid
    bits = 0
    for u in state["units"]:
        if u["at"] is not None:
            bits |= g.bit(tuple(u["at"]))
    for sq in squares_of(state, side).values():
        bits |= g.bit(sq)
    return bits


def allowed(board, state, side: int) -> int:
    """Every square (as bits) where `side` may hold a reserve unit now, terrain aside."""
    return behind_front(board, state, side) & ~taken(board, state, side) & ~near_enemy(board, state, side)


def allowed_for(board, state, uid: int) -> int:
    return allowed(board, state, ROSTER[uid].side) & tables(board.name, ROSTER[uid].mover).enter


def load_of(state: dict, side: int) -> tuple[int, int]:
    """(units, combat factors) the side holds in reserve."""
    ids = [uid for uid in side_units(side) if state["units"][uid]["status"] == RESERVE]
    return len(ids), sum(FACTOR[ROSTER[u].kind] for u in ids)


def takeable(board, state, side: int) -> list[int]:
    """The side's units that may go into reserve where they stand now."""
    n, f = load_of(state, side)
    if n >= MAX_UNITS:
        return []
    near = near_enemy(board, state, side)
    own, enemy = _advances(board, state, side)
    out = []
    for uid in side_units(side):
        u = state["units"][uid]
        if u["status"] != ACTIVE or u["at"] is None or f + FACTOR[ROSTER[uid].kind] > MAX_FACTORS:
            continue
        x, y = u["at"]
        if near & board.grid.bit((x, y)):
            continue
        a = advance(board, side, y)
        if is_combat(state, uid):  # not itself the front it hides behind
            own[x].remove(a)
        limit = _limit(board, own, enemy, x)
        if is_combat(state, uid):
            own[x].append(a)
        if a < limit:
            out.append(uid)
    return out


def take_problem(board, state, uid: int) -> Refusal | None:
    """None when the unit may go into reserve where it stands, else why not (rule G)."""
    unit = ROSTER[uid]
    if state["units"][uid]["status"] != ACTIVE or state["units"][uid]["at"] is None:
        return Refusal(why.RESERVES, f"The {unit.name} is not on the board to go into reserve.")
    n, f = load_of(state, unit.side)
    if n + 1 > MAX_UNITS or f + FACTOR[unit.kind] > MAX_FACTORS:
        return Refusal(why.RESERVES, f"Reserves may hold at most the equivalent of an infantry corps "
                                     f"({MAX_UNITS} units, {MAX_FACTORS} combat factors).")
    sq = at(state, uid)
    own, enemy = _advances(board, state, unit.side, ignore=uid)
    if advance(board, unit.side, sq[1]) >= _limit(board, own, enemy, sq[0]):
        return Refusal(why.RESERVES, f"The {unit.name} stands at or before the front line; reserves go behind it.")
    if near_enemy(board, state, unit.side) & board.grid.bit(sq):
        return Refusal(why.RESERVES, f"The {unit.name} is next to the enemy; it cannot slip away into reserve.")
    return None


def take(state: dict, uid: int) -> tuple:
    sq = at(state, uid)
    u = state["units"][uid]
    u["at"] = None
    u["status"] = RESERVE
    hidden(state).hide(ROSTER[uid].side, uid, [sq[0], sq[1]])
    return sq


def place(state: dict, uid: int) -> tuple:
    """Put a reserve unit back on its recorded square; returns the square."""
    spot = hidden(state).reveal(ROSTER[uid].side, uid)
    u = state["units"][uid]
    u["at"] = [spot[0], spot[1]]
    u["status"] = ACTIVE
    return (spot[0], spot[1])


def move_secretly(state: dict, uid: int, dest) -> None:
    hidden(state).move(ROSTER[uid].side, uid, [dest[0], dest[1]])


def hidden_enemies(state: dict, side: int) -> dict:
    """{unit id: (x, y)} of the other side's reserves (for the rules only: never in a view of `side`)."""
    return squares_of(state, 1 - side)


def stumbled(board, state, side: int, square) -> list[int]:
    """The other side's reserve units in contact with a unit of `side` on `square`: on it, or
    controlling it (as they would on the board)."""
    g = board.grid
    bit = g.bit(square)
    out = []
    for uid, sq in sorted(hidden_enemies(state, side).items()):
        if sq == tuple(square) or contact.control_bits(board, sq, ROSTER[uid].kind == "mountain") & bit:
            out.append(uid)
    return out


def contacts(board, state) -> list[int]:
    """Reserve units that an enemy unit on the board has come into contact with (to be revealed)."""
    out = []
    for side in (0, 1):
        for uid, sq in sorted(squares_of(state, side).items()):
            reach = contact.control_bits(board, sq, ROSTER[uid].kind == "mountain") | board.grid.bit(sq)
            for other, u in enumerate(state["units"]):
                if u["at"] is not None and controller(state, other) != side and reach & board.grid.bit(tuple(u["at"])):
                    out.append(uid)
                    break
    return out
