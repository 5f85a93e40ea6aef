"""Prisoners, guards, liberation and refitting (optional rules J1 and J2).

J1 (option `prisoners` "guarded" or "liberation"): a "(1 Pris)" result captures the losing units instead of eliminating
them. A prisoner stays on the board, moved by its captor at the usual cost, and must be under
guard in one of the captor's bivouac areas by the end of the captor's turn three rounds after
its capture: in the area, every combat factor of the captor's divisions there guards five
prisoners. A prisoner not under guard once that time is up escapes home to its own side's
Replacement Center area, where it must refit.

J2 (option `prisoners` "liberation"): a prisoner is recaptured when a unit of its own side (an HQ
too: "a friendly Unit") moves next to it. Liberated (and escaped) units have no combat use — they
neither control, attack nor are attacked, and are lost like HQs if an enemy division comes into
contact — until they have stood in their side's Replacement Center area for one complete turn (three
turn-ends running).
"""
from engine import grid
from engine.ah_tactics import rule_ids as why
from engine.ah_tactics.state import ACTIVE, PRISONER, REFITTING, eliminate, is_combat
from engine.ah_tactics.units import FACTOR, REPLACEMENT_CENTER, ROSTER
from engine.why import RULE

GUARD_TURNS = 3         # rounds the captor has to bring a prisoner under guard
PRISONERS_PER_FACTOR = 5
REFIT_ENDS = 3          # one complete turn: three turn-ends running in the Replacement Center


def enabled(state: dict) -> bool:
    return state["options"]["prisoners"] != "off"


def liberation(state: dict) -> bool:
    return state["options"]["prisoners"] == "liberation"


def capture(state: dict, uid: int, captor: int) -> None:
    u = state["units"][uid]
    u["status"] = PRISONER
    u["captor"] = captor
    u["clock"] = state["round"]


def liberate_near(state: dict, side: int, square) -> list[dict]:
    """J2: prisoners of `side` next to `square`, where a unit of theirs has just arrived, are free."""
    if not liberation(state):
        return []
    events = []
    for uid, u in enumerate(state["units"]):
        if (u["status"] == PRISONER and ROSTER[uid].side == side and u["at"] is not None
                and grid.adjacent((u["at"][0], u["at"][1]), tuple(square))):
            u["status"], u["captor"], u["clock"] = REFITTING, None, 0
            events.append({"type": "liberated", "unit": uid, "at": list(u["at"]), RULE: why.LIBERATION})
    return events


def _area_of(board, side: int, square):
    for (s, name), squares in board.bivouacs.items():
        if s == side and tuple(square) in squares:
            return name
    return None


def guarded(board, state, captor: int) -> set[int]:
    """Prisoners of `captor` under guard now."""
    by_area: dict[str, list[int]] = {}
    guards: dict[str, int] = {}
    for uid, u in enumerate(state["units"]):
        if u["at"] is None:
            continue
        area = _area_of(board, captor, u["at"])
        if area is None:
            continue
        if u["status"] == PRISONER and u["captor"] == captor:
            by_area.setdefault(area, []).append(uid)
        elif ROSTER[uid].side == captor and is_combat(state, uid):
            guards[area] = guards.get(area, 0) + FACTOR[ROSTER[uid].kind]
    out = set()
    for area, prisoners in by_area.items():
        out.update(sorted(prisoners)[:guards.get(area, 0) * PRISONERS_PER_FACTOR])
    return out


def _send_home(board, state, uid: int) -> list[dict]:
    side = ROSTER[uid].side
    taken = {(u["at"][0], u["at"][1]) for u in state["units"] if u["at"] is not None}
    free = [sq for sq in board.bivouac(side, REPLACEMENT_CENTER) if sq not in taken]
    u = state["units"][uid]
    u["captor"], u["clock"] = None, 0
    if not free:
        eliminate(state, uid)
        return [{"type": "eliminated", "unit": uid, "reason": "escaped with nowhere to go", RULE: why.PRISONERS}]
    u["status"] = REFITTING
    u["at"] = list(free[0])
    return [{"type": "escaped", "unit": uid, "at": list(free[0]), RULE: why.PRISONERS}]


def end_of_turn(board, state, side: int) -> list[dict]:
    """At the end of `side`'s turn: its prisoners past their time and not under guard escape;
    refitting units of both sides count their time in the Replacement Center."""
    events = []
    if not enabled(state):
        return events
    safe = guarded(board, state, side)
    for uid, u in enumerate(state["units"]):
        if (u["status"] == PRISONER and u["captor"] == side and state["round"] >= u["clock"] + GUARD_TURNS
                and uid not in safe):
            events += _send_home(board, state, uid)
    for uid, u in enumerate(state["units"]):
        if u["status"] != REFITTING or u["at"] is None:
            continue
        if tuple(u["at"]) in board.bivouac(ROSTER[uid].side, REPLACEMENT_CENTER):
            u["clock"] += 1
            if u["clock"] >= REFIT_ENDS:
                u["status"], u["clock"] = ACTIVE, 0
                events.append({"type": "refitted", "unit": uid, RULE: why.LIBERATION})
        else:
            u["clock"] = 0
    return events


def lose_or_capture(state: dict, uid: int, captor: int, prisoners: bool) -> dict:
    """A loser of a battle: captured under J1 when the result takes prisoners, else eliminated."""
    if prisoners and enabled(state) and ROSTER[uid].kind != "hq":
        capture(state, uid, captor)
        return {"type": "captured", "unit": uid, "by": ["blue", "red"][captor], RULE: why.PRISONERS}
    at = state["units"][uid]["at"]
    eliminate(state, uid)
    return {"type": "eliminated", "unit": uid, "at": at, "reason": "battle", RULE: why.CRT}

