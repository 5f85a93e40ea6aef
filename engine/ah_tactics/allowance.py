"""The Basic Turn Allowance (rule C): 30 squares a turn across all of a side's units, kept in
thirds of a square so that a square along a road or railroad costs exactly one third.

Unused thirds are lost at the end of the turn. A unit that moves into enemy contact is halted
for the rest of the turn (C6); a parachute division that has moved (by land or air) flies no
more that turn, and after flying moves no more (D3).
"""
from engine.ah_tactics.state import ACTIVE, FULL_ALLOWANCE, PRISONER, REFITTING, RESERVE, controller
from engine.ah_tactics.units import ROSTER


def remaining(state: dict) -> int:
    return state["allowance"]


def spend(state: dict, thirds: int) -> None:
    if not 0 <= thirds <= state["allowance"]:
        raise ValueError("a move may not cost more than the allowance left")
    state["allowance"] -= thirds


def new_turn(state: dict) -> None:
    state["allowance"] = FULL_ALLOWANCE
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
    """Thirds as people say them: 7 -> '2 1/3'."""
    whole, part = divmod(thirds, 3)
    if not part:
        return str(whole)
    return f"{part}/3" if not whole else f"{whole} {part}/3"


def movable(state: dict, side: int, uid: int) -> str | None:
    """None when `side` may move `uid` now (by land or sea), else why not."""
    u = state["units"][uid]
    name = ROSTER[uid].name
    if controller(state, uid) != side:
        return f"The {name} is not yours to move."
    if u["status"] not in (ACTIVE, REFITTING, PRISONER, RESERVE):
        return f"The {name} is out of the war."
    if uid in state["halted"]:
        return f"The {name} is in contact and can move no further this turn."
    if uid in state["flown"]:
        return f"The {name} has made its air move this turn."
    return None
