"""Small builders for Civil War rule tests: an empty board with chosen units on it."""
import copy

from engine import civil_war as cw
from engine.civil_war.pieces import CONFEDERACY, UNION, units_at
from engine.errors import RuleError
from engine.rng import Rng
from tests.refusals import refusal_check

SOUTH, NORTH = CONFEDERACY, UNION


# Far-off reserves keep both sides in the war (a side with no pieces has lost).
RESERVES = {SOUTH: (0, 11), NORTH: (0, 1)}


def empty(turn: int = SOUTH, turn_limit: int = 0, reserves: bool = True) -> dict:
    state = cw.setup({"turn_limit": turn_limit}, 2, Rng(0))
    state["units"] = []
    state["turn"] = turn
    if reserves:
        for side, at in RESERVES.items():
            place(state, side, at, infantry=2)
    return state


def place(state, side, at, *, infantry=0, cavalry=0, gunboat=0, moved=False) -> list:
    made = []
    for kind, n in (("infantry", infantry), ("cavalry", cavalry), ("gunboat", gunboat)):
        for _ in range(n):
            unit = {"id": max((u["id"] for u in state["units"]), default=-1) + 1, "side": side, "kind": kind,
                    "at": list(at), "moved": moved, "disabled": False}
            state["units"].append(unit)
            made.append(unit)
    return made


def act(state, seat, action, seed: int = 0) -> list:
    return cw.apply(state, seat, action, Rng(seed))


def move(state, seat, frm, path, **units) -> list:
    return act(state, seat, {"type": "move", "from": list(frm), "path": [list(p) for p in path], "units": units})


refused = refusal_check(cw)   # refused with `code`, the state untouched; returns the message

def here(state, at, side=None) -> dict:
    out = {"infantry": 0, "cavalry": 0, "gunboat": 0}
    for u in units_at(state, at, side):
        out[u["kind"]] += 1
    return out


def can_move(state, seat, frm, path, **units) -> bool:
    trial = copy.deepcopy(state)
    try:
        move(trial, seat, frm, path, **units)
        return True
    except RuleError:
        return False
