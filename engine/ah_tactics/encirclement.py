"""Capture by encirclement (optional rule J4, option `encirclement`).

At every turn-end each unit on the board is checked: it is encircled when no way leads from its
square, through land squares with no enemy unit on them and no enemy division's control, to a
city of its own half or to a port friendly to it (those are its routes of reinforcement: a unit
in its own city or in a friendly port is never encircled). A unit encircled at FIVE turn-ends
running — two complete turns without interruption — is captured: a prisoner of the encircling
side under J1, otherwise eliminated.
"""
from engine.ah_tactics import contact, prisoners, rule_ids as why
from engine.ah_tactics.state import ACTIVE, REFITTING, controller, eliminate
from engine.ah_tactics.units import ROSTER
from engine.why import RULE

ENDS_TO_CAPTURE = 5


def enabled(state: dict) -> bool:
    return state["options"]["encirclement"] == "on"


def supply_squares(board, state, side: int) -> int:
    g = board.grid
    bits = 0
    for c in board.cities.values():
        if c.side == side or (c.port and state["ports"].get(c.name) == side):
            bits |= g.of(c.squares)
    return bits


def encircled(board, state, side: int) -> list[int]:
    """The side's units on the board that are cut off from every route of reinforcement now."""
    g = board.grid
    land = 0
    for sq in board.terrain:
        if board.land(sq):
            land |= g.bit(sq)
    enemy_units = 0
    for uid, u in enumerate(state["units"]):
        if u["at"] is not None and controller(state, uid) != side:
            enemy_units |= g.bit(tuple(u["at"]))
    passable = land & ~enemy_units & ~contact.controlled_by(board, state, 1 - side)
    supply = supply_squares(board, state, side)
    out, supplied, cut = [], 0, 0
    for uid, u in enumerate(state["units"]):
        if u["at"] is None or ROSTER[uid].side != side or u["status"] not in (ACTIVE, REFITTING):
            continue
        bit = g.bit(tuple(u["at"]))
        if bit & supplied:
            continue
        if bit & cut:
            out.append(uid)
            continue
        region = g.flood(bit, passable | bit)
        if region & supply:
            supplied |= region
        else:
            cut |= region
            out.append(uid)
    return out


def end_of_turn(board, state) -> list[dict]:
    """Count every unit's encirclement at this turn-end and capture those cut off long enough."""
    if not enabled(state):
        return []
    events = []
    counts = state["encircled"]
    now = {uid for side in (0, 1) for uid in encircled(board, state, side)}
    for key in list(counts):
        if int(key) not in now:
            del counts[key]
    for uid in sorted(now):
        counts[str(uid)] = counts.get(str(uid), 0) + 1
        if counts[str(uid)] >= ENDS_TO_CAPTURE:
            del counts[str(uid)]
            captor = 1 - ROSTER[uid].side
            if prisoners.enabled(state) and ROSTER[uid].kind != "hq":
                prisoners.capture(state, uid, captor)
                events.append({"type": "captured", "unit": uid, "by": ["blue", "red"][captor],
                               "reason": "encircled", RULE: why.ENCIRCLEMENT})
            else:
                at = state["units"][uid]["at"]
                eliminate(state, uid)
                events.append({"type": "eliminated", "unit": uid, "at": at, "reason": "encircled",
                               RULE: why.ENCIRCLEMENT})
    return events
