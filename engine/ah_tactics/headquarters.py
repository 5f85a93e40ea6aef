"""Corps organisation and headquarters (rules B and H2).

Which corps a division belongs to is data in the state (`units[i]["corps"]`), starting as
rule B lays out. A side may regroup at any time in its movement phase (rule B: "any
combination, provided some basic corps and army organisation is preserved"), which the game
keeps as: only divisions change corps (or leave corps, as army troops); every corps whose HQ
still stands keeps between MIN_CORPS and MAX_CORPS divisions; corps belong to their armies for
good (IC and IIC to the 1st Army, IIIC and IVC to the 2nd).

Rule H2: a corps HQ should stay within five squares of the bulk (at least half) of its corps'
divisions on the board. The rulebook sets no penalty, so by default the view only reports the
HQs out of range; the `hq_range` option "binding" refuses any move or regrouping that would
take an HQ that is in range out of it.
"""
from engine.ah_tactics import rule_ids as why
from engine.ah_tactics.state import ACTIVE, ELIMINATED, PRISONER, at
from engine.ah_tactics.units import CORPS, HQ, ROSTER, corps_hq, side_units
from engine.grid import chebyshev
from engine.why import Refusal

HQ_RANGE = 5
MIN_CORPS, MAX_CORPS = 3, 9
UNATTACHED = "none"


def members(state: dict, side: int, corps: str, regrouped=None) -> list[int]:
    """The corps' divisions standing on the board (`regrouped`: {unit: corps} as if already changed)."""
    regrouped = regrouped or {}
    return [uid for uid in side_units(side) if ROSTER[uid].kind != HQ
            and regrouped.get(uid, state["units"][uid]["corps"]) == corps
            and state["units"][uid]["status"] == ACTIVE and state["units"][uid]["at"] is not None]


def strength(state: dict, side: int, corps: str) -> int:
    """The corps' divisions still in the war (not eliminated, not prisoners)."""
    return sum(1 for uid in side_units(side) if ROSTER[uid].kind != HQ and state["units"][uid]["corps"] == corps
               and state["units"][uid]["status"] not in (ELIMINATED, PRISONER))


def _in_range_at(positions: list, square) -> bool:
    if not positions:
        return True
    near = sum(1 for p in positions if chebyshev(p, square) <= HQ_RANGE)
    return 2 * near >= len(positions)


def hq_in_range(state: dict, hq: int, regrouped=None) -> bool:
    u = state["units"][hq]
    if u["status"] != ACTIVE or u["at"] is None:
        return True
    side, corps = ROSTER[hq].side, ROSTER[hq].corps
    return _in_range_at([at(state, m) for m in members(state, side, corps, regrouped)], at(state, hq))


def out_of_range(state: dict, regrouped=None) -> list[int]:
    """Corps HQs on the board out of range of the bulk of their corps (rule H2), in id order."""
    out = []
    for side in (0, 1):
        for corps in CORPS:
            hq = corps_hq(side, corps)
            if state["units"][hq]["at"] is not None and not hq_in_range(state, hq, regrouped):
                out.append(hq)
    return out


def binding(state: dict) -> bool:
    return state["options"]["hq_range"] == "binding"


def move_keeps_range(state: dict, uid: int, dest) -> bool:
    """Under the binding option: False when moving `uid` to `dest` takes an in-range corps HQ out of range."""
    keeps = range_filter(state, uid)
    return keeps is None or keeps(tuple(dest))


def range_filter(state: dict, uid: int):
    """Under the binding option, a predicate on the destinations of `uid` (None: any will do): the judgement
    of move_keeps_range, worked out once per unit (the legal listing asks it of every square)."""
    if not binding(state):
        return None
    side = ROSTER[uid].side
    if ROSTER[uid].hq == "corps":
        if not hq_in_range(state, uid):
            return None
        positions = [at(state, m) for m in members(state, side, ROSTER[uid].corps)]
        return lambda dest: _in_range_at(positions, dest)
    corps = state["units"][uid]["corps"]
    if ROSTER[uid].kind == HQ or corps is None:
        return None
    hq = corps_hq(side, corps)
    if state["units"][hq]["at"] is None or not hq_in_range(state, hq):
        return None
    hq_at = at(state, hq)
    others = [at(state, m) for m in members(state, side, corps) if m != uid]
    n = len(others) + (1 if state["units"][uid]["at"] is not None and state["units"][uid]["status"] == ACTIVE else 0)
    near = sum(1 for p in others if chebyshev(p, hq_at) <= HQ_RANGE)
    if 2 * near >= n:
        return None
    return lambda dest: chebyshev(dest, hq_at) <= HQ_RANGE


def regroup_problem(state: dict, uid: int, corps) -> Refusal | None:
    """None when division `uid` may be reassigned to `corps` (a corps name or None), else why not."""
    unit = ROSTER[uid]
    u = state["units"][uid]
    if unit.kind == HQ:
        return Refusal(why.CORPS, "Headquarters lead their formations; only divisions change corps.")
    if u["status"] in (ELIMINATED, PRISONER):
        return Refusal(why.OUT_OF_WAR, f"The {unit.name} is out of the war.")
    if corps == u["corps"]:
        return Refusal(why.CORPS, f"The {unit.name} is already {'unattached' if corps is None else 'in ' + corps}.")
    old = u["corps"]
    if old is not None and state["units"][corps_hq(unit.side, old)]["status"] != ELIMINATED:
        if strength(state, unit.side, old) - 1 < MIN_CORPS:
            return Refusal(why.CORPS, f"{old} must keep at least {MIN_CORPS} divisions to remain a corps.")
    if corps is not None:
        if state["units"][corps_hq(unit.side, corps)]["status"] == ELIMINATED:
            return Refusal(why.CORPS, f"{corps} has lost its HQ; divisions may leave it but not join it.")
        if strength(state, unit.side, corps) + 1 > MAX_CORPS:
            return Refusal(why.CORPS, f"{corps} may hold at most {MAX_CORPS} divisions.")
    if binding(state):
        if set(out_of_range(state, {uid: corps})) - set(out_of_range(state)):
            return Refusal(why.HQ_RANGE, "That regrouping would leave a corps HQ out of range of its corps (rule H2, "
                                         "binding).")
    return None


def regroup_options(state: dict, side: int) -> list[tuple[int, str | None]]:
    """Every (division, corps or None) regrouping the side may make now (regroup_problem's judgement,
    with each corps' strength counted once)."""
    if binding(state):
        return [(uid, c) for uid in side_units(side) for c in CORPS + (None,)
                if regroup_problem(state, uid, c) is None]
    strengths = {c: strength(state, side, c) for c in CORPS}
    alive = {c: state["units"][corps_hq(side, c)]["status"] != ELIMINATED for c in CORPS}
    out = []
    for uid in side_units(side):
        u = state["units"][uid]
        if ROSTER[uid].kind == HQ or u["status"] in (ELIMINATED, PRISONER):
            continue
        old = u["corps"]
        if old is not None and alive[old] and strengths[old] - 1 < MIN_CORPS:
            continue
        for c in CORPS + (None,):
            if c == old or (c is not None and (not alive[c] or strengths[c] + 1 > MAX_CORPS)):
                continue
            out.append((uid, c))
    return out
