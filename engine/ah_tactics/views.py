"""What each seat sees: the public view, a seat's private part, redacted events, the prompt, the sides.

Public: the whole board except what is secret — each side's set-up arrangement until both are done,
and the squares of reserves (the public view lists which units are in reserve, never where).
Private: the seat's side, whether it commands, the allowance left and its units' credits of paid
thirds (its side's turn only: they would tell how far reserves moved), its reserves' squares, and
during set-up its own arrangement. Reserve squares are written {"unit", "name", "x", "y"}.
"""
from engine import hidden, sides as sides_module
from engine.ah_tactics import battles, headquarters, reserves
from engine.ah_tactics.board import load
from engine.ah_tactics.state import (BATTLE, CONTACT, MOVE, RESERVE, RETREAT, SETUP, SIDE_NAMES, is_commander,
                                     side_of_seat)
from engine.ah_tactics.units import ROSTER, side_units


def _name(side):
    return SIDE_NAMES[side] if side is not None else None


def public(state: dict) -> dict:
    board = load()
    secret_setup = state["phase"] == SETUP
    units = []
    for uid, u in enumerate(state["units"]):
        unit = ROSTER[uid]
        units.append({"id": uid, "side": SIDE_NAMES[unit.side], "kind": unit.kind, "name": unit.name,
                      "hq": unit.hq, "army": unit.army, "area": unit.area, "factor": unit.factor,
                      "corps": u["corps"], "status": u["status"], "captor": _name(u["captor"]),
                      "at": None if secret_setup or u["at"] is None else list(u["at"])})
    plan = []
    for b in state["plan"]:
        o = battles.odds(board, state, b)
        plan.append({"attackers": {k: v for k, v in sorted(b["attackers"].items(), key=lambda kv: int(kv[0]))},
                     "defenders": list(b["defenders"]),
                     "attack": o.attack / 2, "defence": o.defence / 2, "odds": o.text(),
                     "columns": [o.column] if o.column else [o.defender_column, o.attacker_column]})
    on_board_moved = [uid for uid in state["moved"] if state["units"][uid]["at"] is not None]
    return {
        "board": board.name, "crt": "ah_tactics_crt",
        "phase": state["phase"], "round": state["round"], "active": _name(state["active"]),
        "first": _name(state["first"]), "ready": {SIDE_NAMES[s]: state["ready"][s] for s in (0, 1)},
        "units": units,
        "reserves": {SIDE_NAMES[s]: [uid for uid in side_units(s) if state["units"][uid]["status"] == RESERVE]
                     for s in (0, 1)},
        "eliminated": list(state["eliminated"]),
        "ports": {name: SIDE_NAMES[owner] for name, owner in sorted(state["ports"].items())},
        "plan": plan, "must_engage": list(state["must"]), "unengaged": battles.unengaged(state),
        "retreats": [{"unit": r["unit"], "distance": r["distance"], "chooser": SIDE_NAMES[r["chooser"]]}
                     for r in state["retreats"]],
        "contact": None if state["contact"] is None else {
            "mover": state["contact"]["mover"], "start": list(state["contact"]["start"]),
            "owner": SIDE_NAMES[state["contact"]["owner"]], "revealed": list(state["contact"]["revealed"])},
        "halted": [u for u in state["halted"] if state["units"][u]["at"] is not None],
        "moved": on_board_moved,
        "hq_out_of_range": [] if secret_setup else headquarters.out_of_range(state),
        "hold": {SIDE_NAMES[s]: state["hold"][s] for s in (0, 1)},
        "encircled": dict(state["encircled"]),
        "options": dict(state["options"]),
    }


def private(state: dict, seat) -> dict:
    if seat is None:
        return {}
    side = side_of_seat(seat)
    own_turn = state["active"] == side and state["phase"] in (MOVE, BATTLE, RETREAT, CONTACT)
    out = {
        "side": SIDE_NAMES[side], "commander": is_commander(seat),
        "allowance": state["allowance"] if own_turn else None,
        # C1 per unit: thirds each of its units has paid for and not used (secret like the allowance)
        "credit": {k: v for k, v in sorted(state.get("credit", {}).items()) if v} if own_turn else None,
        "reserves": [{"unit": uid, "name": ROSTER[uid].name, "x": sq[0], "y": sq[1]}
                     for uid, sq in sorted(reserves.squares_of(state, side).items())],
    }
    if state["phase"] == SETUP:
        out["arrangement"] = {str(uid): list(state["units"][uid]["at"]) for uid in side_units(side)}
    return out


def view(state: dict, seat) -> dict:
    return {"public": public(state), "private": private(state, seat)}


def redact(event: dict, seat):
    return hidden.redact(event, seat)


def sides(state: dict) -> list[dict]:
    n = state["n_seats"]
    return [sides_module.side(SIDE_NAMES[s].capitalize(), [seat for seat in range(n) if seat % 2 == s],
                              commander=s) for s in (0, 1)]


def prompt(state: dict):
    phase = state["phase"]
    if phase == SETUP:
        waiting = [s for s in range(state["n_seats"]) if not state["ready"][s % 2]]
        return {"kind": "setup", "seats": waiting,
                "text": "Arrange your units within their bivouac areas, then declare your set-up done; "
                        "neither side sees the other's until both are done."}
    if phase == RETREAT:
        r = state["retreats"][0]
        chooser = r["chooser"]
        names = ", ".join(ROSTER[x["unit"]].name for x in state["retreats"] if x["chooser"] == chooser)
        return {"kind": "retreat", "seats": [chooser],
                "units": [x["unit"] for x in state["retreats"] if x["chooser"] == chooser],
                "text": f"{SIDE_NAMES[chooser].capitalize()} won: choose where "
                        f"{SIDE_NAMES[1 - chooser].capitalize()}'s {names} fall{'s' if ',' not in names else ''} back."}
    if phase == CONTACT:
        c = state["contact"]
        owner = c["owner"]
        mover = ROSTER[c["mover"]].name
        return {"kind": "reserve_contact", "seats": [owner], "unit": c["mover"],
                "text": f"{SIDE_NAMES[1 - owner].capitalize()}'s {mover} stumbled upon "
                        f"{SIDE_NAMES[owner].capitalize()} reserves: {SIDE_NAMES[owner].capitalize()} chooses to "
                        f"fight, or to let it fall back to {c['start']}."}
    return None
