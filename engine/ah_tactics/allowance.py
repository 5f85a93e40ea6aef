"""The Basic Turn Allowance (rule C): 30 squares a turn across all of a side's units, kept in
thirds of a square so that a square along a road or railroad costs exactly one third.

C1: "a player may move a Unit a total of THREE SQUARES for each square allowed in his BASIC TURN
ALLOWANCE": the thirds are counted per unit (option `line_cost` "per_unit", the rulebook's): the
allowance loses whole squares, and a unit's thirds left over from a square already paid
(`state["credit"]`, its own, for the rest of the turn) pay its next thirds. With `line_cost`
"pooled" the thirds of all units are counted together.

Unused thirds are lost at the end of the turn. A unit that moves into enemy contact is halted
for the rest of the turn (C6); a parachute division is moved once a turn, by air or by one land
move (D3: "these divisions can only be moved ONCE during a player's turn").
"""
import functools

from engine.ah_tactics import rule_ids as why
from engine.ah_tactics.state import ACTIVE, FULL_ALLOWANCE, PRISONER, REFITTING, RESERVE, controller
from engine.ah_tactics.units import PARA, ROSTER
from engine.why import Refusal


def remaining(state: dict) -> int:
    return state["allowance"]


def spend(state: dict, thirds: int) -> None:
    if not 0 <= thirds <= state["allowance"]:
        raise ValueError("a move may not cost more than the allowance left")
    state["allowance"] -= thirds


def per_unit(state: dict) -> bool:
    return state["options"].get("line_cost", "per_unit") == "per_unit"


MAX_CREDIT = 2   # thirds a unit can have paid for and not yet used


def credit(state: dict, uid: int) -> int:
    """Thirds the unit has paid for this turn and not used (0 when thirds are pooled)."""
    return state.get("credit", {}).get(str(uid), 0) if per_unit(state) else 0


def budget(state: dict, uid: int) -> int:
    """The most thirds `uid` may move now."""
    return state["allowance"] + credit(state, uid)


def charge(state: dict, uid: int, thirds: int) -> int:
    """What the allowance loses when `uid` moves `thirds` more: whole squares per unit (C1), its
    credit first; the thirds themselves when pooled."""
    if not per_unit(state):
        return thirds
    return -(-max(0, thirds - credit(state, uid)) // 3) * 3


def pay(state: dict, uid: int, thirds: int) -> int:
    """Spend what moving `uid` `thirds` costs, keeping its unused thirds as its credit; returns what the
    allowance paid (the move's cost, as a player counts it)."""
    due = charge(state, uid, thirds)
    left = credit(state, uid) + due - thirds
    spend(state, due)
    if per_unit(state):
        state.setdefault("credit", {})[str(uid)] = left
    return due


def priced(state: dict, uid: int, idx: list, thirds: list) -> tuple[list, list]:
    """The squares of a reach (indices, thirds) `uid` may afford now, and what each costs the allowance."""
    if not per_unit(state):
        return idx, thirds
    have = credit(state, uid)
    top = state["allowance"] + have
    if thirds and max(thirds) > top:
        pairs = [(i, c) for i, c in zip(idx, thirds) if c <= top]
        idx, thirds = [i for i, _ in pairs], [c for _, c in pairs]
    # charge() for every square at once (this runs for every square of every unit's reach)
    return idx, [(c - have + 2) // 3 * 3 if c > have else 0 for c in thirds]


def price_table(state: dict, uid: int) -> bytes | None:
    """`priced` for a whole reach raster at once (its bytes: thirds + 1, 0 = not reached), as a
    `bytes.translate` table giving what each square costs the allowance + 1 (0: beyond what `uid` may
    afford now); None when thirds are pooled (the raster's thirds are then the costs)."""
    if not per_unit(state):
        return None
    return _price_table(credit(state, uid), state["allowance"] + credit(state, uid))


@functools.lru_cache(maxsize=64)
def _price_table(have: int, top: int) -> bytes:
    return bytes([0] + [0 if c > top else (c - have + 2) // 3 * 3 + 1 if c > have else 1 for c in range(255)])


def search_budget(state: dict) -> int:
    """The budget a search of every unit's reach needs (the largest credit included)."""
    return state["allowance"] + (MAX_CREDIT if per_unit(state) else 0)


def new_turn(state: dict) -> None:
    state["allowance"] = FULL_ALLOWANCE
    state["credit"] = {}
    state["halted"] = []
    state["flown"] = []
    state["moved"] = []


def mark(state: dict, key: str, uid: int) -> None:
    if uid not in state[key]:
        state[key].append(uid)
        state[key].sort()


def halted(state: dict, uid: int) -> bool:
    return uid in state["halted"]


def has_moved(state: dict, uid: int) -> bool:
    return uid in state["moved"]


def has_flown(state: dict, uid: int) -> bool:
    return uid in state["flown"]


def squares(thirds: int) -> str:
    """Thirds of a square as people read them: 7 -> "2⅓", 2 -> "⅔", 0 -> "0" (every cost and allowance the
    rules and the window write)."""
    whole, part = divmod(int(thirds), 3)
    return (str(whole) if whole or not part else "") + ("", "⅓", "⅔")[part]


def movable(state: dict, side: int, uid: int) -> Refusal | None:
    """None when `side` may move `uid` now (by land or sea), else why not."""
    u = state["units"][uid]
    name = ROSTER[uid].name
    if controller(state, uid) != side:
        return Refusal(why.OWN_UNITS, f"The {name} is not yours to move.")
    if u["status"] not in (ACTIVE, REFITTING, PRISONER, RESERVE):
        return Refusal(why.OUT_OF_WAR, f"The {name} is out of the war.")
    if uid in state["halted"]:
        return Refusal(why.CONTACT_HALTS, f"The {name} is in contact and can move no further this turn.")
    if uid in state["flown"]:
        return Refusal(why.AIR_MOVE, f"The {name} has made its air move this turn.")
    if ROSTER[uid].kind == PARA and u["status"] != PRISONER and uid in state["moved"]:
        # D3: "these divisions can only be moved ONCE during a player's turn" — by air or by land
        return Refusal(why.AIR_MOVE, f"The {name} has moved this turn; a parachute division is moved only once a "
                                     "turn.")
    return None
