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
from engine.ah_tactics.units import CLIMBS, HQ, ROSTER, SIDE_OF, side_units
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
    # the side's divisions by square, so each defender looks at its eight neighbours only
    mine: dict = {}
    for i, u in enumerate(state["units"]):
        if ROSTER[i].side == side and u["at"] is not None and is_combat(state, i):
            mine.setdefault((u["at"][0], u["at"][1]), []).append(i)
    out = []
    for d, u in enumerate(state["units"]):
        if ROSTER[d].side == side or u["at"] is None or defence_factor(state, d) <= 0:
            continue
        x, y = u["at"]
        if any(obliges(board, state, a, d) for dx, dy in grid.KING_STEPS for a in mine.get((x + dx, y + dy), ())):
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


def control_and_exposed(board, state, but: int, placed: list) -> tuple[list[int], list[int]]:
    """([what each side's divisions but `but` control], exposed(state)), in one pass over the units on the
    board (`placed`: movement.standing(state)): what a move's walk asks as it sets out (`controlled_by` for each
    side, and `exposed`)."""
    regular, climber = control_tables(board.name)
    width, hq_lost = board.width, state["options"]["hq_defence"] != "on"
    control, out = [0, 0], []
    for uid, a, status, _ in placed:
        if status == ACTIVE:
            if uid in _HQS:
                if hq_lost:
                    out.append(uid)
            elif uid != but:
                i = a[1] * width + a[0]
                control[SIDE_OF[uid]] |= climber[i] if CLIMBS[uid] else regular[i]
        elif status == REFITTING:
            out.append(uid)
    return control, out


class Exposed:
    """`exposed(state)` as a walk keeps it while one unit moves (units lost since are passed over, prisoners
    freed on the way are added), with, per side, the squares its exposed units stood on when added: a step
    whose control touches none of them loses no one, and is passed over without looking at each unit."""

    def __init__(self, board, state, units: list[int]):
        self.grid, self.units, self.squares = board.grid, [], [0, 0]
        self.add(state, units)

    def add(self, state, uids) -> None:
        for uid in uids:
            self.squares[ROSTER[uid].side] |= self.grid.bit(state["units"][uid]["at"])
        self.units = sorted(self.units + list(uids))

    def threatened(self, control) -> bool:
        """Some exposed unit may stand where the enemy controls (`control`: per side, as `controlled_by`)."""
        return bool(control[1] & self.squares[0] or control[0] & self.squares[1])

    def standing(self, state) -> list[int]:
        return [uid for uid in self.units if state["units"][uid]["at"] is not None]


def unprotected_losses(board, state, control=None, among: Exposed | None = None) -> list[int]:
    """HQs (unless they defend, J3) and refitting units that an enemy division controls: they are lost.
    `control`: what each side controls (`controlled_by`), when the caller knows it; `among`: the exposed
    units as a walk keeps them (given with `control`)."""
    if among is not None and not among.threatened(control):
        return []
    exposed_units = exposed(state) if among is None else among.standing(state)
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
    bit = board.grid.bit(square)
    regular, climber = control_tables(board.name)
    width, units = board.width, state["units"]
    out = []
    for uid in side_units(side):
        u = units[uid]
        a, status = u["at"], u["status"]
        if a is not None and (status == ACTIVE or status == REFITTING):
            i = a[1] * width + a[0]
            if (climber[i] if CLIMBS[uid] and status == ACTIVE else regular[i]) & bit:
                out.append(uid)
    out += [uid for uid, sq in also if regular[sq[1] * width + sq[0]] & bit]
    return sorted(out)


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
