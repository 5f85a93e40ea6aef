"""Control and contact (rule E and its two exceptions), and who may attack whom.

A division controls the eight squares around it, except:
  * squares across a river (no bridge on that edge; a diagonal neighbour when the river runs
    through the shared corner) — rule E1;
  * mountain squares, unless the division is a mountain division — rule E2.
HQs, prisoners and refitting units control nothing. A unit moving into a square an enemy
controls is in contact and stops (rule C6); HQs and refitting units an enemy controls are
eliminated at once, no combat needed (rule F).
"""
from functools import lru_cache

from engine import grid
from engine.ah_tactics import board as board_module, rule_ids as why
from engine.ah_tactics.board import MOUNTAIN
from engine.ah_tactics.state import ACTIVE, REFITTING, at, attack_factor, defence_factor, eliminate, is_combat
from engine.ah_tactics.units import HQ, ROSTER
from engine.why import RULE


_HQS = frozenset(uid for uid, unit in enumerate(ROSTER) if unit.kind == HQ)
# per side, its divisions (every unit but HQs) and whether each is a mountain division
_DIVISIONS = tuple(tuple((uid, unit.kind == "mountain") for uid, unit in enumerate(ROSTER)
                         if unit.side == side and unit.kind != HQ) for side in (0, 1))


@lru_cache(maxsize=None)
def control_tables(name: str):
    """Per square index: the squares a regular division there controls, and a mountain division."""
    b = board_module.load(name)
    g = b.grid
    regular, climber = [0] * g.size, [0] * g.size
    for y in range(b.height):
        for x in range(b.width):
            sq = (x, y)
            i = g.index(sq)
            for n in grid.neighbours(sq, b.width, b.height):
                if b.separated(sq, n):
                    continue
                bit = g.bit(n)
                climber[i] |= bit
                if b.terrain[n] != MOUNTAIN:
                    regular[i] |= bit
    return tuple(regular), tuple(climber)


def control_bits(board, square, mountain_division: bool) -> int:
    regular, climber = control_tables(board.name)
    i = board.grid.index(square)
    return climber[i] if mountain_division else regular[i]


def controls(board, square, kind: str, target) -> bool:
    return bool(control_bits(board, square, kind == "mountain") & board.grid.bit(target))


def controlled_by(board, state, side: int, *, but=None) -> int:
    """Every square the side's divisions on the board control (where the other side must stop); `but`:
    a unit left out."""
    regular, climber = control_tables(board.name)
    width, units = board.width, state["units"]
    bits = 0
    for uid, mountain in _DIVISIONS[side]:   # is_combat, inline: a move's hot path asks this at every step
        u = units[uid]
        if u["status"] == ACTIVE and u["at"] is not None and uid != but:
            i = u["at"][1] * width + u["at"][0]
            bits |= climber[i] if mountain else regular[i]
    return bits


def sheltered(kind: str, terrain: str) -> bool:
    """A mountain division in the mountains: only mountain divisions attack it, and it chooses its fights
    (rule E2)."""
    return kind == "mountain" and terrain == MOUNTAIN


def in_mountains(board, state, uid: int) -> bool:
    sq = at(state, uid)
    return sq is not None and sheltered(ROSTER[uid].kind, board.terrain[sq])


def attack_terms(board, state, attacker: int, defender: int):
    """None when `attacker` may not attack `defender`, else True when it fights at half factor
    (across a river other than at a bridge, rule E1)."""
    a, d = at(state, attacker), at(state, defender)
    if a is None or d is None or not grid.adjacent(a, d):
        return None
    if ROSTER[attacker].side == ROSTER[defender].side:
        return None
    if attack_factor(state, attacker) <= 0 or defence_factor(state, defender) <= 0:
        return None
    if in_mountains(board, state, defender) and ROSTER[attacker].kind != "mountain":
        return None  # rule E2: regular units cannot attack mountain divisions in the mountains
    return board.separated(a, d)


def obliges(board, state, attacker: int, defender: int) -> bool:
    """True when the attacker's contact with the defender makes the battle compulsory (rule F: every
    enemy unit in contact must be engaged). Not across a river; and a mountain division in the
    mountains chooses its fights (rule E2)."""
    if attack_terms(board, state, attacker, defender) is not False:
        return False
    if in_mountains(board, state, attacker):
        return False
    return controls(board, at(state, attacker), ROSTER[attacker].kind, at(state, defender))


def must_engage(board, state, side: int) -> list[int]:
    """Enemy units the side must attack at the end of its turn, in id order."""
    mine = [i for i, u in enumerate(state["units"]) if ROSTER[i].side == side and u["at"] is not None
            and is_combat(state, i)]
    out = []
    for d, u in enumerate(state["units"]):
        if ROSTER[d].side == side or u["at"] is None or defence_factor(state, d) <= 0:
            continue
        dsq = (u["at"][0], u["at"][1])
        if any(grid.adjacent(at(state, a), dsq) and obliges(board, state, a, d) for a in mine):
            out.append(d)
    return out


def eligible_pairs(board, state, side: int) -> list[tuple[int, int, bool]]:
    """(attacker, defender, half) for every attack the side could make now."""
    mine = [i for i, u in enumerate(state["units"]) if ROSTER[i].side == side and u["at"] is not None
            and attack_factor(state, i) > 0]
    # the defenders by square, so each attacker looks at its eight neighbours only (a search's hot path)
    theirs = {(u["at"][0], u["at"][1]): i for i, u in enumerate(state["units"]) if ROSTER[i].side != side
              and u["at"] is not None and defence_factor(state, i) > 0}
    out = []
    for a in mine:
        asq = at(state, a)
        near = sorted(d for sq in grid.neighbours(asq, board.width, board.height) if (d := theirs.get(sq)) is not None)
        for d in near:
            half = attack_terms(board, state, a, d)
            if half is not None:
                out.append((a, d, half))
    return out


def exposed(state) -> list[int]:
    """The units on the board that are lost where an enemy division controls their square: HQs (unless they
    defend, J3) and refitting units, in id order."""
    kinds = (REFITTING,) if state["options"]["hq_defence"] == "on" else (REFITTING, ACTIVE)
    return [uid for uid, u in enumerate(state["units"]) if u["status"] in kinds and u["at"] is not None
            and (u["status"] == REFITTING or uid in _HQS)]


def unprotected_losses(board, state, control=None, among=None) -> list[int]:
    """HQs (unless they defend, J3) and refitting units that an enemy division controls: they are lost.
    `control`: what each side controls (`controlled_by`), when the caller knows it; `among`: `exposed(state)`
    as the caller keeps it (units lost since are passed over)."""
    exposed_units = exposed(state) if among is None else [uid for uid in among if state["units"][uid]["at"] is not None]
    if not exposed_units:
        return []
    if control is None:
        control = [controlled_by(board, state, side) for side in (0, 1)]
    g = board.grid
    return [uid for uid in exposed_units
            if control[1 - ROSTER[uid].side] & g.bit(tuple(state["units"][uid]["at"]))]


def controlled_by_side_at(board, state, side: int, square) -> bool:
    bit = board.grid.bit(square)
    for uid, u in enumerate(state["units"]):
        if ROSTER[uid].side == side and u["at"] is not None and is_combat(state, uid):
            a = (u["at"][0], u["at"][1])
            if grid.adjacent(a, square) and control_bits(board, a, ROSTER[uid].kind == "mountain") & bit:
                return True
    return False


def controlling(board, state, side: int, square) -> list[int]:
    """The divisions of `side` that control `square` (rule E, with E1 and E2), in id order."""
    bit = board.grid.bit(tuple(square))
    return [uid for uid, mountain in _DIVISIONS[side] if state["units"][uid]["status"] == ACTIVE
            and state["units"][uid]["at"] is not None
            and control_bits(board, tuple(state["units"][uid]["at"]), mountain) & bit]


def halting(board, state, side: int, square, also=()) -> list[int]:
    """The units of `side` that stop an enemy entering `square` (C6: any unit on the board but a prisoner, within
    contact's limits, E1 and E2), in id order; `also`: (unit, square) of units lost since the mover set out."""
    bit = board.grid.bit(tuple(square))
    placed = [(uid, tuple(u["at"]), u["status"]) for uid, u in enumerate(state["units"])
              if ROSTER[uid].side == side and u["at"] is not None and u["status"] in (ACTIVE, REFITTING)]
    placed += [(uid, tuple(sq), REFITTING) for uid, sq in also]
    return sorted(uid for uid, sq, status in placed
                  if control_bits(board, sq, ROSTER[uid].kind == "mountain" and status == ACTIVE) & bit)


def sweep_unprotected(board, state, control=None, among=None, mover=None) -> list[dict]:
    """Eliminate HQs and refitting units in enemy contact (rule F); the events, each naming the enemy divisions
    in contact (`by`) and, when one unit's move or arrival made the contact, that unit (`mover`: an enemy that
    came next to it, or the lost unit itself). `control`, `among`: as for `unprotected_losses`."""
    events = []
    for uid in unprotected_losses(board, state, control, among):
        where = at(state, uid)
        event = {"type": "eliminated", "unit": uid, "at": list(where), "reason": "contact", RULE: why.HQ_CONTACT,
                 "by": controlling(board, state, 1 - ROSTER[uid].side, where)}
        if mover is not None:
            event["mover"] = mover
        events.append(event)
        eliminate(state, uid)
    return events
