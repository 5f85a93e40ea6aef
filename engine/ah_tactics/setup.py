"""A new game and its set-up phase (rule B: every unit in its bivouac area, arranged within the
area as its player likes; rule C: a die roll decides who moves first).

Both sides arrange at once and in secret: each side's squares are in its own private view only
until both have declared their set-up done. A ready-made arrangement (shuffled within each area
by the game's seeded dice) is on the board from the start, so "done" can be the only action.
"""
from engine.ah_tactics import rule_ids as why
from engine.ah_tactics import allowance, cities
from engine.ah_tactics.state import ACTIVE, MOVE, SETUP, SIDE_NAMES, at, side_seats
from engine.ah_tactics.units import ROSTER, side_units
from engine.hidden import secret_event
from engine.why import Refusal


def new_state(board, options: dict, n_seats: int, rng) -> dict:
    units = [{"at": None, "status": ACTIVE, "corps": u.corps, "captor": None, "clock": 0} for u in ROSTER]
    for side in (0, 1):
        by_area: dict[str, list[int]] = {}
        for uid in side_units(side):
            by_area.setdefault(ROSTER[uid].area, []).append(uid)
        for area in sorted(by_area):
            squares = list(board.bivouac(side, area))
            rng.shuffle(squares)
            for uid, sq in zip(by_area[area], squares):
                units[uid]["at"] = [sq[0], sq[1]]
    return {
        "n_seats": n_seats, "options": dict(options), "phase": SETUP, "round": 0, "active": None, "first": None,
        "ready": [False, False], "units": units, "allowance": 0, "credit": {}, "halted": [], "flown": [],
        "moved": [],
        "hidden": {}, "ports": cities.initial_ports(board), "plan": [], "must": [], "retreats": [],
        "contact": None, "hold": [0, 0], "encircled": {}, "eliminated": [], "result": None,
    }


def place_problem(board, state: dict, side: int, uid: int, dest) -> Refusal | None:
    if state["ready"][side]:
        return Refusal(why.SETUP, "Your set-up is declared done.")
    if ROSTER[uid].side != side:
        return Refusal(why.OWN_UNITS, "Arrange your own units only.")
    if tuple(dest) not in board.bivouac(side, ROSTER[uid].area):
        return Refusal(why.SETUP, f"The {ROSTER[uid].name} sets up in its bivouac area, {ROSTER[uid].area}.")
    if tuple(dest) == at(state, uid):
        return Refusal(why.SETUP, f"The {ROSTER[uid].name} is already there.")
    return None


def place(state: dict, side: int, uid: int, dest) -> list[dict]:
    """Put `uid` on `dest` in its area, swapping with the unit already there."""
    frm = state["units"][uid]["at"]
    other = next((i for i in side_units(side) if state["units"][i]["at"] == list(dest)), None)
    if other is not None:
        state["units"][other]["at"] = list(frm)
    state["units"][uid]["at"] = [dest[0], dest[1]]
    return [secret_event({"type": "arranged", "side": SIDE_NAMES[side]}, side_seats(state, side),
                         unit=uid, to=[dest[0], dest[1]], swapped=other)]


def done(state: dict, side: int, rng) -> list[dict]:
    state["ready"][side] = True
    events = [{"type": "setup_done", "side": SIDE_NAMES[side]}]
    if all(state["ready"]):
        events += begin(state, rng)
    return events


def begin(state: dict, rng) -> list[dict]:
    """Both arrangements stand: show them, and roll for the first move (again on a tie)."""
    rolls = []
    while True:
        blue, red = rng.die(), rng.die()
        rolls.append([blue, red])
        if blue != red:
            break
    first = 0 if blue > red else 1
    state.update(phase=MOVE, round=1, active=first, first=first)
    allowance.new_turn(state)
    return [{"type": "deployed", "units": [[uid, u["at"][0], u["at"][1]] for uid, u in enumerate(state["units"])]},
            {"type": "first_move", "rolls": rolls, "first": SIDE_NAMES[first]},
            {"type": "turn", "side": SIDE_NAMES[first], "round": 1}]
