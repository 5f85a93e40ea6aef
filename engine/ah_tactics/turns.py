"""The flow of a game: set-up, then turns of movement, battle planning and results, and the end.

A side's turn: MOVE (moves, air drops, reserves, regrouping — until the commander ends
movement), BATTLE (the plan, confirmed by the commander), then RETREAT while fall-backs wait
for the winner's choice, then the turn-end checks and the other side's turn. CONTACT interrupts
a move that stumbled upon hidden reserves until their owner chooses fight or fall-back.

Every handler validates completely before it changes anything: a refused action raises
RuleError and leaves the state as it was.
"""
from engine.ah_tactics import (airborne, allowance, battles, cities, contact, encirclement, headquarters, prisoners,
                               reserves, results, setup, victory)
from engine.ah_tactics.board import load
from engine.ah_tactics.movement import field_for, standing
from engine.ah_tactics.state import (BATTLE, CONTACT, ELIMINATED, MOVE, OVER, RESERVE, RETREAT, SETUP,
                                     SIDE_NAMES, at, controller, is_combat, is_commander, side_of_seat, side_seats)
from engine.ah_tactics import rule_ids as why
from engine.ah_tactics.units import ROSTER
from engine.errors import ILLEGAL, RuleError
from engine.grid import text as square_text
from engine.hidden import secret_event
from engine.why import RULE, Refusal

COMMANDER_ONLY = {"setup_done", "end_movement", "confirm_battles", "reserve", "reveal", "regroup", "retreat",
                  "contact"}


def refuse(message: str, rule: str | None = None):
    """Refuse with `message`: a `Refusal` (a `*_problem`'s answer) names its rule, else `rule` does."""
    raise RuleError(ILLEGAL, message, rule)


# ----- who acts ---------------------------------------------------------------------------
def to_act(state: dict) -> set:
    phase = state["phase"]
    if phase == OVER:
        return set()
    if phase == SETUP:
        return {s for side in (0, 1) if not state["ready"][side] for s in side_seats(state, side)}
    if phase in (MOVE, BATTLE):
        # Both seats of the side, the whole phase long, whatever is left to move: whether the second
        # player still has a move depends on the allowance, which hidden reserve moves spend in secret
        # (rule G); his `legal` (private) may be empty, and the commander ends the phase.
        return set(side_seats(state, state["active"]))
    if phase == RETREAT:
        return {state["retreats"][0]["chooser"]}
    if phase == CONTACT:
        return {state["contact"]["owner"]}
    return set()


# ----- applying ---------------------------------------------------------------------------
def apply(state: dict, seat: int, action: dict, rng) -> list[dict]:
    board = load()
    kind = action["type"]
    side = side_of_seat(seat)
    if kind in COMMANDER_ONLY and not is_commander(seat):
        refuse("Only your side's commander decides that.", why.COMMANDER)
    if state["phase"] in (MOVE, BATTLE) and side != state["active"]:
        refuse("It is not your side's turn: units move, go into reserve and fight in their side's own turn.",
               why.TURN_ORDER)
    handler = HANDLERS.get((state["phase"], kind))
    if handler is None:
        refuse(f"That is not done now: it is the {state['phase']} phase.", why.TURN_ORDER)
    events = handler(board, state, side, action, rng)
    return events + victory.check(board, state)


def _unit(action: dict) -> int:
    return action["unit"]


# ----- set-up -----------------------------------------------------------------------------
def _place(board, state, side, action, rng):
    uid, dest = _unit(action), tuple(action["to"])
    problem = setup.place_problem(board, state, side, uid, dest)
    if problem:
        refuse(problem)
    return setup.place(state, side, uid, dest)


def _setup_done(board, state, side, action, rng):
    if state["ready"][side]:
        refuse("Your set-up is already declared done.", why.SETUP)
    return setup.done(state, side, rng)


# ----- movement ---------------------------------------------------------------------------
def _move(board, state, side, action, rng):
    uid, dest = _unit(action), tuple(action["to"])
    problem = allowance.movable(state, side, uid)
    if problem:
        refuse(problem)
    reserve = state["units"][uid]["status"] == RESERVE
    src = reserves.squares_of(state, side)[uid] if reserve else at(state, uid)
    unit = ROSTER[uid]
    if dest == src:
        refuse(f"The {unit.name} is already there.", why.ALLOWANCE)
    problem = placement_problem(board, state, uid, dest, reserves.allowed_for(board, state, uid) if reserve else None)
    if problem:
        refuse(problem)
    placed = standing(state)
    ground = field_for(board, state, side, placed)
    route = ground.route(src, dest, unit.mover, allowance.budget(state, uid), amphibious=unit.kind == "amphibious")
    if route is None:
        refuse(out_of_reach(uid, dest, state["allowance"]))
    cost, path = route
    if reserve:
        paid = allowance.pay(state, uid, cost)
        reserves.move_secretly(state, uid, dest)
        allowance.mark(state, "moved", uid)
        return [secret_event({"type": "reserve_moved", "side": SIDE_NAMES[side]}, side_seats(state, side),
                             unit=uid, x=dest[0], y=dest[1], cost=paid)]
    return _walk(board, state, side, uid, src, path, ground, placed)


def placement_problem(board, state, uid: int, dest, reserve_zone: int | None) -> str | None:
    """Why `uid` may not end a move on `dest`, its route aside (None: it may): a reserve stands only behind the
    front line, away from the enemy (G), and a binding HQ range may not break (H2). `reserve_zone`: the squares
    (bits) the unit may move to as a reserve, None when it is not one. The window's question asks it too."""
    if reserve_zone is not None and not reserve_zone & board.grid.bit(dest):
        return Refusal(why.RESERVES, "A reserve moves only to a free square behind the front line, away from the "
                                     "enemy.")
    if not headquarters.move_keeps_range(state, uid, dest):
        return Refusal(why.HQ_RANGE, "That move would leave a corps HQ out of range of its corps (rule H2, "
                                     "binding).")
    return None


def out_of_reach(uid: int, dest, allowance_left: int) -> Refusal:
    """The refusal of a move that the allowance left (in thirds) cannot pay for (rule C)."""
    return Refusal(why.ALLOWANCE, f"The {ROSTER[uid].name} cannot reach {square_text(dest)} with "
                                  f"{allowance.squares(allowance_left)} squares of allowance left.")


def _walk(board, state, side, uid, src, path, ground, placed) -> list[dict]:
    """Carry out a move step by step: enemy HQs passed are lost, prisoners passed are freed (J2),
    and hidden reserves stop the mover where it meets them. `ground`: the side's Field as the move
    began (`field_for`); its `stop`, the squares next to an enemy unit (C6), is where the mover stops
    for the turn even if the HQ that made it stop is lost by its arrival (the `halted` event names the
    units that stopped it). `placed`: movement.standing(state) as the move began."""
    enemy_hidden = {sq: h for h, sq in reserves.hidden_enemies(state, side).items()}
    own = controller(state, uid) == ROSTER[uid].side      # not a prisoner marched by its captor
    combat = own and is_combat(state, uid)
    g = board.grid
    # the squares other units stand on (a route's squares are never the side's own hidden reserves': they are
    # not free to it, and no unit on the board passes along the lines through them)
    taken = ground.occupied & ~g.bit(src)
    events = []
    pos, spent, stumbled = src, 0, []
    stand, stand_cost = src, 0          # the last square on the route the mover may stop on
    # What every other division controls, found once: on the way nothing but the mover moves, and what
    # its arrivals do (HQs lost, prisoners freed to refit) makes no unit a division (a walk's hot path)
    others, exposed = None, None
    if combat:
        others, exposed_units = contact.control_and_exposed(board, state, uid, placed)
        exposed = contact.Exposed(board, state, exposed_units)     # kept up to date by _passing
    for sq, how, cost in path:
        if sq in enemy_hidden:  # the square itself holds a hidden unit: stop short of it
            stumbled = sorted({enemy_hidden[sq], *reserves.stumbled(board, state, side, pos)})
            break
        pos, spent = sq, cost
        if not taken & g.bit(sq):
            stand, stand_cost = sq, cost
        state["units"][uid]["at"] = [pos[0], pos[1]]
        if own:
            events += _passing(board, state, uid, pos, others, exposed)
        stumbled = reserves.stumbled(board, state, side, pos) if enemy_hidden else []   # none hidden, none met
        if stumbled:
            break
    if pos != stand:  # met while passing over a friendly unit: it stops where it last could
        pos, spent = stand, stand_cost
    state["units"][uid]["at"] = [pos[0], pos[1]]
    paid = allowance.pay(state, uid, spent)
    allowance.mark(state, "moved", uid)
    # Where a unit went is public; the route's cost and whether it went by sea are its side's own: a
    # detour round a hidden reserve would show the other side where that reserve stands (the twin check).
    events.insert(0, secret_event({"type": "moved", "unit": uid, "from": list(src), "to": list(pos)},
                                  side_seats(state, side), cost=paid, sea=any(how == "sea" for _, how, _ in path)))
    control = _with_mover(board, others, uid, pos) if others is not None else None
    bit = g.bit(pos)
    if ground.stop & bit or (control[1 - side] & bit if control is not None
                       else contact.controlled_by_side_at(board, state, 1 - side, pos)):
        allowance.mark(state, "halted", uid)
        if state["units"][uid]["at"] is not None:
            lost = [(e["unit"], e["at"]) for e in events if e["type"] == "eliminated" and e.get("at")]
            by = contact.halting(board, state, 1 - side, pos, also=lost)
            took = [u for u in by if u in {x for x, _ in lost}]   # met, and lost by the meeting (an HQ, rule F)
            events.append({"type": "halted", "unit": uid, "at": list(pos), RULE: why.CONTACT_HALTS, "by": by,
                           **({"lost": took} if took else {})})
    if stumbled:
        events += _stumble(state, side, uid, src, stumbled)
        control = exposed = None   # the reserves met are on the board again
    events += sweep(board, state, control, mover=uid, exposed=exposed)
    return events


def _control_but(board, state, uid) -> list[int]:
    return [contact.controlled_by(board, state, side, but=uid) for side in (0, 1)]


def _with_mover(board, others, uid, pos) -> list[int]:
    """What each side controls: `others` (`_control_but`) and the division `uid` on `pos`."""
    control = list(others)
    control[ROSTER[uid].side] |= contact.control_bits(board, pos, ROSTER[uid].kind == "mountain")
    return control


def _passing(board, state, uid, pos, others, exposed=None) -> list[dict]:
    """What a unit's arrival on `pos` does at once: enemy HQs (and refitting units) a division
    controls there are lost (rule F); its own side's prisoners beside it are freed (J2: "when a
    friendly Unit reaches the prisoner's adjacent square" — any Unit, an HQ too). `others`: what every
    division but the mover controls (None: the mover is no division); `exposed`: contact.Exposed as the
    walk keeps it (the prisoners freed here join it), None to find it now."""
    events = []
    if others is not None:
        events = contact.sweep_unprotected(board, state, _with_mover(board, others, uid, pos), exposed, mover=uid)
    freed = prisoners.liberate_near(state, ROSTER[uid].side, pos)
    if freed and exposed is not None:
        exposed.add(state, [e["unit"] for e in freed])
    return events + freed


def _stumble(state, side, uid, start, hidden_units) -> list[dict]:
    owner = 1 - side
    revealed = []
    for h in hidden_units:
        spot = reserves.place(state, h)
        revealed.append({"unit": h, "at": list(spot)})
    allowance.mark(state, "halted", uid)
    state["contact"] = {"mover": uid, "start": list(start), "owner": owner, "revealed": [r["unit"] for r in revealed]}
    state["phase"] = CONTACT
    return [{"type": "stumbled", "unit": uid, "revealed": revealed, "owner": SIDE_NAMES[owner], RULE: why.RESERVES}]


def _drop(board, state, side, action, rng):
    uid, dest = _unit(action), tuple(action["to"])
    problem = airborne.drop_problem(state, side, uid, bool(airborne.drop_zone(board, state, side) & board.grid.bit(dest)))
    if problem:
        refuse(problem)
    src = at(state, uid)
    allowance.mark(state, "flown", uid)
    allowance.mark(state, "moved", uid)
    allowance.mark(state, "halted", uid)
    enemy_hidden = {sq: h for h, sq in reserves.hidden_enemies(state, side).items()}
    if dest in enemy_hidden:  # the drop zone is held: the drop is called off, the reserve shows itself
        h = enemy_hidden[dest]
        spot = reserves.place(state, h)
        return [{"type": "drop_failed", "unit": uid, "at": list(src), RULE: why.RESERVES},
                {"type": "revealed", "unit": h, "at": list(spot), "reason": "drop", RULE: why.RESERVES}] \
            + sweep(board, state, mover=h)
    state["units"][uid]["at"] = [dest[0], dest[1]]
    events = [{"type": "dropped", "unit": uid, "from": list(src), "to": list(dest)}]
    events += _passing(board, state, uid, dest, _control_but(board, state, uid))
    stumbled = reserves.stumbled(board, state, side, dest)
    if stumbled:
        events += _stumble(state, side, uid, src, stumbled)
    return events + sweep(board, state, mover=uid)


def _reserve(board, state, side, action, rng):
    uid = _unit(action)
    if ROSTER[uid].side != side:
        refuse("Only your own units go into your reserve.", why.OWN_UNITS)
    problem = reserves.take_problem(board, state, uid)
    if problem:
        refuse(problem)
    sq = reserves.take(state, uid)
    return [secret_event({"type": "to_reserve", "side": SIDE_NAMES[side], "unit": uid, "from": list(sq)},
                         side_seats(state, side), x=sq[0], y=sq[1])]


def _reveal(board, state, side, action, rng):
    uid = _unit(action)
    if ROSTER[uid].side != side or state["units"][uid]["status"] != RESERVE:
        refuse("Only your own units in reserve can be brought back on the board.", why.RESERVES)
    spot = reserves.place(state, uid)
    return [{"type": "revealed", "unit": uid, "at": list(spot), "reason": "chosen", RULE: why.RESERVES}] \
        + sweep(board, state, mover=uid)


def _regroup(board, state, side, action, rng):
    uid = _unit(action)
    corps = None if action["corps"] == headquarters.UNATTACHED else action["corps"]
    if ROSTER[uid].side != side:
        refuse("Regroup your own divisions only.", why.OWN_UNITS)
    problem = headquarters.regroup_problem(state, uid, corps)
    if problem:
        refuse(problem)
    state["units"][uid]["corps"] = corps
    return [{"type": "regrouped", "unit": uid, "corps": action["corps"]}]


def _end_movement(board, state, side, action, rng):
    must = contact.must_engage(board, state, side)
    if not must and not contact.eligible_pairs(board, state, side):
        return [{"type": "movement_over", "must_engage": []}] + end_turn(board, state)
    state["must"] = must
    state["plan"] = []
    state["phase"] = BATTLE
    return [{"type": "movement_over", "must_engage": list(must)}]


# ----- battles ----------------------------------------------------------------------------
def _planned(state) -> list[dict]:
    return [{"type": "planned", "plan": [{"attackers": dict(b["attackers"]), "defenders": list(b["defenders"])}
                                         for b in state["plan"]]}]


def _assign(board, state, side, action, rng):
    problem = battles.assign_problem(board, state, side, action["attacker"], action["defender"], action["factors"])
    if problem:
        refuse(problem)
    battles.assign(state, action["attacker"], action["defender"], action["factors"])
    return _planned(state)


def _combine(board, state, side, action, rng):
    problem = battles.combine_problem(board, state, side, action["defender"], action["with"])
    if problem:
        refuse(problem)
    battles.combine(state, action["defender"], action["with"])
    return _planned(state)


def _unassign(board, state, side, action, rng):
    uid = _unit(action)
    if not battles.in_plan(state["plan"], uid):
        refuse("That unit is in no battle.", why.BATTLE_PLAN)
    battles.unassign(state, uid)
    return _planned(state)


def _confirm(board, state, side, action, rng):
    missing = battles.unengaged(state)
    if missing:
        names = ", ".join(ROSTER[d].name for d in missing[:4])
        refuse(f"Every enemy unit in contact must be attacked; still unengaged: {names}.", why.MUST_ENGAGE)
    events = results.resolve(board, state, rng)
    events += results.drop_trapped(board, state)
    events += sweep(board, state)
    return events + _after_results(board, state)


def _after_results(board, state) -> list[dict]:
    events = victory.check(board, state)
    if state["result"] is not None:
        return events
    if state["retreats"]:
        state["phase"] = RETREAT
        return events
    return events + end_turn(board, state)


def _retreat(board, state, side, action, rng):
    uid, dest = _unit(action), tuple(action["to"])
    pending = next((r for r in state["retreats"] if r["unit"] == uid), None)
    if pending is None or pending["chooser"] != side:
        refuse("That unit has no fall-back for you to direct.", why.FALL_BACK)
    if dest not in results.retreat_squares(board, state, uid, pending["distance"]):
        refuse(f"The {ROSTER[uid].name} falls back exactly {pending['distance']} squares, over free ground it may "
               "enter, each step farther from where it stood.", why.FALL_BACK)
    events = results.fall_back(board, state, uid, dest)
    events += sweep(board, state, mover=uid)
    events += results.drop_trapped(board, state)
    return events + _after_results(board, state)


def _contact(board, state, side, action, rng):
    c = state["contact"]
    uid = c["mover"]
    state["contact"] = None
    state["phase"] = MOVE
    if action["choice"] == "fall_back":
        frm = at(state, uid)
        state["units"][uid]["at"] = list(c["start"])
        events = [{"type": "fell_back", "unit": uid, "from": list(frm), "to": list(c["start"]), "reason": "reserves",
                   RULE: why.RESERVES}]
    else:
        events = [{"type": "contact_stands", "unit": uid, RULE: why.RESERVES}]
    return events + sweep(board, state, mover=uid)


# ----- after every change, and between turns ----------------------------------------------
def sweep(board, state, control=None, mover=None, exposed=None) -> list[dict]:
    """Consequences of contact that need no choice: reserves an enemy has come next to show
    themselves (rule G), HQs and refitting units in enemy contact are lost (rule F), cleared
    ports change hands (D4). `control`: what each side controls, when the caller knows it; `mover`:
    the unit whose move (or arrival) came just before, named by the losses it caused; `exposed`: the
    exposed units as the mover's walk kept them (contact.Exposed), given with `control`."""
    events = []
    for uid in reserves.contacts(board, state):
        spot = reserves.place(state, uid)
        events.append({"type": "revealed", "unit": uid, "at": list(spot), "reason": "contact", RULE: why.RESERVES})
        control = exposed = None   # a reserve shown is a unit on the board again
    events += contact.sweep_unprotected(board, state, control, exposed, mover=mover)
    events += cities.update_ports(board, state)
    _settle_lost_mover(state)
    return events


def _settle_lost_mover(state) -> None:
    """A mover lost on the spot (an HQ beside the reserves it stumbled upon, rule F) leaves nothing to
    fight or send back: the reserves' owner is asked nothing and the move phase goes on."""
    c = state["contact"]
    if c is not None and state["units"][c["mover"]]["status"] == ELIMINATED:
        state["contact"] = None
        state["phase"] = MOVE


def end_turn(board, state) -> list[dict]:
    side = state["active"]
    events = prisoners.end_of_turn(board, state, side)
    events += encirclement.end_of_turn(board, state)
    events += sweep(board, state)
    events += victory.end_of_turn(board, state)
    if state["result"] is not None:
        return events
    state["plan"], state["must"], state["retreats"] = [], [], []
    nxt = 1 - side
    if nxt == state["first"]:
        state["round"] += 1
    state["active"] = nxt
    state["phase"] = MOVE
    allowance.new_turn(state)
    events.append({"type": "turn", "side": SIDE_NAMES[nxt], "round": state["round"]})
    return events


HANDLERS = {
    (SETUP, "place"): _place,
    (SETUP, "setup_done"): _setup_done,
    (MOVE, "move"): _move,
    (MOVE, "drop"): _drop,
    (MOVE, "reserve"): _reserve,
    (MOVE, "reveal"): _reveal,
    (MOVE, "regroup"): _regroup,
    (MOVE, "end_movement"): _end_movement,
    (BATTLE, "assign"): _assign,
    (BATTLE, "combine"): _combine,
    (BATTLE, "unassign"): _unassign,
    (BATTLE, "confirm_battles"): _confirm,
    (RETREAT, "retreat"): _retreat,
    (CONTACT, "contact"): _contact,
}

