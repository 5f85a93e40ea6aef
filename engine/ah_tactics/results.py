"""Carrying out the battles (rules E, F and the table's notes) at the end of the attacker's turn.

Every battle of the confirmed plan is fought in plan order: a roll-off first when the odds fall
between two columns, then the attacker's die on the table (none beyond the table's ends). All
results take effect at once, at the end of the attacker's turn:
  * "Elim": every unit of the losing side of that battle is removed (captured instead under J1
    when the cell says "(1 Pris)");
  * "back N": every unit of the losing side falls back N squares, each to a square the winner
    chooses (the winner's commander; the defender's side acts out of turn when the attacker
    lost): N king steps, each one square farther from where it stood, over ground it may enter
    and squares with no unit on them (rivers do not stop a fall-back). A unit with no such square
    is eliminated.
  * "Exchange": each side loses one combat factor, its owner's cheapest unit in the battle: an
    infantry division first (then amphibious, mountain, parachute, an HQ defending under J3).
    With only armored divisions there, one armored division is removed and a previously
    eliminated infantry division of that side (the lowest numbered) takes its square — or
    nothing, when none has been eliminated.
"""
from engine import grid
from engine.ah_tactics import battles, crt, prisoners, reserves, rule_ids as why
from engine.ah_tactics.crt import ATTACKER, ELIM, EXCHANGE
from engine.ah_tactics.movement import enterable
from engine.ah_tactics.state import ACTIVE, ELIMINATED, at, eliminate
from engine.ah_tactics.units import AMPHIBIOUS, ARMOR, HQ, INFANTRY, MOUNTAIN, PARA, ROSTER
from engine.why import RULE

EXCHANGE_ORDER = (INFANTRY, AMPHIBIOUS, MOUNTAIN, PARA, HQ)


def resolve(board, state: dict, rng) -> list[dict]:
    """Fight the whole plan; queue the fall-backs in state["retreats"]. Returns the events.

    Every battle's odds and dice come first, as the plan stands; the results then take effect in
    plan order. A unit already lost in an earlier battle of the plan loses nothing more, and one
    already falling back falls back once."""
    table = crt.load()
    attacker_side = state["active"]
    fought = []
    for battle in state["plan"]:
        o = battles.odds(board, state, battle)
        throws = None
        column = o.column
        if o.roll_off:
            column, throws = crt.roll_off(o, rng)
        die = None if column in (crt.AUTO_DEFENDER, crt.AUTO_ATTACKER) else rng.die()
        fought.append((battle, o, column, throws, die, table.result(column, die)))
    events = []
    for battle, o, column, throws, die, result in fought:
        attackers = battles.attackers_of(battle)
        event = {"type": "battle", "attackers": attackers, "defenders": list(battle["defenders"]),
                 "given": dict(battle["attackers"]), "attack": o.attack / 2, "defence": o.defence / 2,
                 "odds": o.text(), "column": column, "roll_off": throws, "die": die, "result": result.text,
                 RULE: why.EXCHANGE if result.kind == EXCHANGE else why.FALL_BACK if result.distance
                 else why.CRT}
        losses = []
        if result.kind == EXCHANGE:
            for units in (attackers, battle["defenders"]):
                losses += _exchange(state, units)
        else:
            loser_units = attackers if result.loser == ATTACKER else battle["defenders"]
            winner = 1 - attacker_side if result.loser == ATTACKER else attacker_side
            event["loser"] = result.loser
            for uid in loser_units:
                if state["units"][uid]["status"] != ACTIVE:
                    continue
                if result.kind == ELIM:
                    losses.append(prisoners.lose_or_capture(state, uid, winner, result.prisoners))
                elif all(r["unit"] != uid for r in state["retreats"]):
                    state["retreats"].append({"unit": uid, "distance": result.distance, "chooser": winner})
        event["losses"] = losses
        events.append(event)
    state["retreats"] = [r for r in state["retreats"] if state["units"][r["unit"]]["status"] == ACTIVE]
    state["plan"] = []
    state["must"] = []
    return events


def _exchange(state: dict, units: list) -> list[dict]:
    """One combat factor lost from `units` (one side of a battle)."""
    standing = [u for u in units if state["units"][u]["status"] == ACTIVE]
    for kind in EXCHANGE_ORDER:
        for uid in sorted(standing):
            if ROSTER[uid].kind == kind:
                where = state["units"][uid]["at"]
                eliminate(state, uid)
                return [{"type": "eliminated", "unit": uid, "at": where, "reason": "exchange", RULE: why.EXCHANGE}]
    armor = sorted(u for u in standing if ROSTER[u].kind == ARMOR)
    if not armor:
        return []
    uid = armor[0]
    where = state["units"][uid]["at"]
    side = ROSTER[uid].side
    corps = state["units"][uid]["corps"]
    eliminate(state, uid)
    out = [{"type": "eliminated", "unit": uid, "at": where, "reason": "exchange", RULE: why.EXCHANGE}]
    dead = sorted(i for i in state["eliminated"] if ROSTER[i].side == side and ROSTER[i].kind == INFANTRY
                  and state["units"][i]["status"] == ELIMINATED)
    if dead:
        back = dead[0]
        state["eliminated"].remove(back)
        u = state["units"][back]
        u["status"], u["at"], u["corps"], u["captor"], u["clock"] = ACTIVE, list(where), corps, None, 0
        out.append({"type": "replaced", "unit": back, "at": list(where), "for": uid, RULE: why.EXCHANGE})
    return out


def retreat_squares(board, state: dict, uid: int, distance: int) -> list[tuple]:
    """Where the winner may send `uid` falling back `distance` squares (as the winner knows the board:
    his own reserves' squares are taken, the loser's are not known to him)."""
    start = at(state, uid)
    mover = ROSTER[uid].mover
    chooser = 1 - ROSTER[uid].side
    taken = {(u["at"][0], u["at"][1]) for u in state["units"] if u["at"] is not None}
    taken |= set(reserves.squares_of(state, chooser).values())
    ring = {start}
    for k in range(1, distance + 1):
        nxt = set()
        for sq in ring:
            for n in grid.neighbours(sq, board.width, board.height):
                if (n not in nxt and grid.chebyshev(start, n) == k and n not in taken
                        and enterable(board.terrain[n], mover)):
                    nxt.add(n)
        ring = nxt
        if not ring:
            break
    return sorted(ring, key=lambda s: (s[1], s[0]))


def drop_trapped(board, state: dict) -> list[dict]:
    """Eliminate queued fall-backs that have nowhere to go; the events."""
    events = []
    keep = []
    for r in state["retreats"]:
        uid = r["unit"]
        if state["units"][uid]["at"] is None:
            continue
        if retreat_squares(board, state, uid, r["distance"]):
            keep.append(r)
        else:
            where = state["units"][uid]["at"]
            eliminate(state, uid)
            events.append({"type": "eliminated", "unit": uid, "at": where, "reason": "no room to fall back",
                           RULE: why.NO_ROOM})
    state["retreats"] = keep
    return events


def fall_back(board, state: dict, uid: int, dest) -> list[dict]:
    """Carry out a validated fall-back of `uid` to `dest`."""
    state["retreats"] = [r for r in state["retreats"] if r["unit"] != uid]
    side = ROSTER[uid].side
    frm = at(state, uid)
    events = []
    own_hidden = {sq: u for u, sq in reserves.squares_of(state, side).items()}
    if tuple(dest) in own_hidden:
        # It ran into its own side's reserve: the reserve shows itself, the unit stops beside it.
        hidden_uid = own_hidden[tuple(dest)]
        spot = reserves.place(state, hidden_uid)
        events.append({"type": "revealed", "unit": hidden_uid, "at": list(spot), "reason": "fall-back",
                       RULE: why.RESERVES})
        dest = _nearest_free(board, state, uid, tuple(dest))
        if dest is None:
            eliminate(state, uid)
            events.append({"type": "eliminated", "unit": uid, "at": list(frm), "reason": "no room to fall back",
                           RULE: why.NO_ROOM})
            return events
    state["units"][uid]["at"] = [dest[0], dest[1]]
    events.insert(0, {"type": "fell_back", "unit": uid, "from": list(frm), "to": [dest[0], dest[1]],
                      RULE: why.FALL_BACK})
    return events


def _nearest_free(board, state: dict, uid: int, near):
    taken = {(u["at"][0], u["at"][1]) for u in state["units"] if u["at"] is not None}
    taken |= {sq for side in (0, 1) for sq in reserves.squares_of(state, side).values()}
    for radius in (1, 2):
        for dx in range(-radius, radius + 1):
            for dy in range(-radius, radius + 1):
                sq = (near[0] + dx, near[1] + dy)
                if (grid.chebyshev(sq, near) == radius and board.on_board(sq) and sq not in taken
                        and enterable(board.terrain[sq], ROSTER[uid].mover)):
                    return sq
    return None


