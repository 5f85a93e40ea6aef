"""The game state as plain data, and the small questions every module asks of it.

    {"n_seats", "options", "phase", "round", "active", "first", "ready",
     "units": [{"at", "status", "corps", "captor", "clock"} per unit id],
     "allowance", "credit" {unit id as text: thirds paid, unused}, "halted", "flown", "moved",
     "hidden", "ports", "plan", "must",
     "retreats", "contact", "hold", "encircled", "eliminated", "result"}

A unit's status is one of: active (on the board and fighting), reserve (off the board, its
square a secret of its side: state["hidden"]), eliminated, prisoner (J1: on the board, moved by
its captor), refitting (J2: liberated, no combat use until refitted). `at` is [x, y] while the
unit stands on the board, else None.
"""
from engine.ah_tactics import units
from engine.ah_tactics.units import FACTOR, HQ, ROSTER

SETUP, MOVE, BATTLE, RETREAT, CONTACT, OVER = "setup", "move", "battle", "retreat", "contact", "over"
ACTIVE, RESERVE, ELIMINATED, PRISONER, REFITTING = "active", "reserve", "eliminated", "prisoner", "refitting"
ON_BOARD = (ACTIVE, PRISONER, REFITTING)
THIRDS = 3           # an allowance and a move's cost are kept in thirds of a square (rule C: 3 squares along a line for 1)
FULL_ALLOWANCE = 30 * THIRDS   # a side's 30 squares a turn (rule C)
SIDE_NAMES = ("blue", "red")


def side_seats(state: dict, side: int) -> list[int]:
    """Seats alternate sides: seats 0 and 2 play Blue, 1 and 3 Red."""
    return [s for s in range(state["n_seats"]) if s % 2 == side]


def side_of_seat(seat: int) -> int:
    return seat % 2


def commander(state: dict, side: int) -> int:
    return side


def is_commander(seat: int) -> bool:
    return seat < 2


def at(state: dict, uid: int):
    a = state["units"][uid]["at"]
    return (a[0], a[1]) if a is not None else None


def status(state: dict, uid: int) -> str:
    return state["units"][uid]["status"]


def controller(state: dict, uid: int) -> int:
    """The side that moves the unit: its own, or its captor's while it is a prisoner."""
    u = state["units"][uid]
    return u["captor"] if u["status"] == PRISONER else ROSTER[uid].side


def defence_factor(state: dict, uid: int) -> int:
    """What the unit counts when attacked (0: it is never attacked). HQs defend at 1 under J3."""
    u = state["units"][uid]
    if u["status"] != ACTIVE:
        return 0
    kind = ROSTER[uid].kind
    if kind == HQ:
        return 1 if state["options"]["hq_defence"] == "on" else 0
    return FACTOR[kind]


def attack_factor(state: dict, uid: int) -> int:
    """What the unit counts when attacking: active divisions only (HQs never attack)."""
    u = state["units"][uid]
    return FACTOR[ROSTER[uid].kind] if u["status"] == ACTIVE else 0


def is_combat(state: dict, uid: int) -> bool:
    """An active division: it controls the squares around it and stops enemy movement."""
    return state["units"][uid]["status"] == ACTIVE and ROSTER[uid].kind != HQ


def on_board(state: dict) -> list[int]:
    return [i for i, u in enumerate(state["units"]) if u["at"] is not None]


def occupant(state: dict) -> dict:
    """(x, y) -> unit id for every unit standing on the board."""
    return {(u["at"][0], u["at"][1]): i for i, u in enumerate(state["units"]) if u["at"] is not None}


_DIVISIONS = tuple(tuple(uid for uid in units.side_units(side) if ROSTER[uid].kind != HQ) for side in (0, 1))


_FIGHTING = frozenset((ACTIVE, RESERVE, REFITTING))


def army_strength(state: dict, side: int) -> int:
    """Divisions the side still fights with (on the board, in reserve, or refitting)."""
    every = state["units"]
    return sum(1 for uid in _DIVISIONS[side] if every[uid]["status"] in _FIGHTING)


def army_left(state: dict, side: int) -> bool:
    """The side still fights with a division (army_strength > 0, asked after every action: it stops at the first)."""
    every = state["units"]
    return any(every[uid]["status"] in _FIGHTING for uid in _DIVISIONS[side])


def eliminate(state: dict, uid: int) -> None:
    u = state["units"][uid]
    u["at"] = None
    u["status"] = ELIMINATED
    u["captor"] = None
    state["eliminated"].append(uid)
