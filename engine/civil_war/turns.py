"""Turn flow: whose move it is, pending steps, applying and listing actions, the end of the game.

The turn belongs to one side; a pending step (a battle choice, a retreat, losses
owed for a city) hands the move to the seat named in it until it is done, then
play returns to the side whose turn it is.
"""
from engine import grid, legal as shape
from engine.civil_war import battle, cities, rule_ids as why
from engine.civil_war.board import load
from engine.civil_war.movement import Occupancy, check_path, destinations, speed
from engine.civil_war.pieces import (GUNBOAT, INFANTRY, KINDS, SIDE_TITLES, compact, count, enemy, parse_composition,
                                     pick, pieces, sea_load_ok, sub_compositions, units_at)
from engine.errors import BAD_ACTION, GAME_OVER, ILLEGAL, NOT_YOUR_TURN, RuleError
from engine.validate import action_type, field
from engine.why import RULE, Refusal

TURN_ACTIONS = ("move", "fortify", "unfortify", "end_turn", "surrender")
STEP_ACTIONS = {"battle": ("battle", "surrender"), "retreat": ("retreat", "surrender"),
                "losses": ("choose_losses", "surrender")}


def board_of(state):
    return load(state["board"])


def to_act(state) -> set:
    if state["outcome"] is not None:
        return set()
    if state["pending"]:
        return {state["pending"][0]["seat"]}
    return {state["turn"]}


# ----- reading actions ----------------------------------------------------------------

def _square(board, action, name):
    value = action.get(name)
    sq = grid.as_square(value, board.size, board.size)
    if sq is None:
        raise RuleError(BAD_ACTION, f"Field {name!r} must be a square [x, y] on the board.")
    return sq


def _path(board, action, occ, state, side, group, start, may_fight, may_ride=True):
    """The path of a move: the given "path", or the first path found to "to"."""
    if "path" in action:
        raw = field(action, "path", list)
        if not 1 <= len(raw) <= 3:
            raise RuleError(BAD_ACTION, "Field 'path' must list one to three squares.")
        path = []
        for point in raw:
            sq = grid.as_square(point, board.size, board.size)
            if sq is None:
                raise RuleError(BAD_ACTION, "Each square of 'path' must be [x, y] on the board.")
            path.append(sq)
        if not may_ride and len(path) > speed(group):
            raise RuleError(ILLEGAL, "A retreat is a normal move, not a railroad ride.", why.RETREAT)
        problem = check_path(board, occ, state, side, group, start, path, may_fight=may_fight)
        if problem:
            raise RuleError(ILLEGAL, problem)
        return path
    to = _square(board, action, "to")
    found = destinations(board, occ, state, side, group, start, may_fight=may_fight, may_ride=may_ride)
    if to not in found:
        raise RuleError(ILLEGAL, f"Those units cannot reach {list(to)} from {list(start)}.",
                        why.MOVEMENT if may_ride else why.RETREAT)
    return found[to]


def movable(board, state, side, square) -> list:
    """Units of `side` on `square` that may still move this turn."""
    return [u for u in units_at(state, square, side) if free_to_move(board, state, u)]


def free_to_move(board, state, unit) -> bool:
    return not unit["moved"] and not unit["disabled"] and not cities.locked(board, state, unit)


def _leaves_boats_ok(board, square, here: list, leaving: list) -> bool:
    """Units left behind on open water (of those `here`, all but those `leaving`) must still fit aboard the
    gunboats there."""
    if board.squares[square].land:
        return True
    have = count([u for u in here if u not in leaving])
    return sea_load_ok(have[INFANTRY], have[GUNBOAT])


# ----- applying ---------------------------------------------------------------------

def apply(state, seat, action, rng) -> list:
    kind = action_type(action)
    if state["outcome"] is not None:
        raise RuleError(GAME_OVER, "The game is over.")
    if seat not in to_act(state):
        raise RuleError(NOT_YOUR_TURN, "It is not your turn.")
    board = board_of(state)
    step = state["pending"][0] if state["pending"] else None
    allowed = STEP_ACTIONS[step["step"]] if step else TURN_ACTIONS
    if kind not in allowed:
        known = set(TURN_ACTIONS) | {a for acts in STEP_ACTIONS.values() for a in acts}
        if kind not in known:
            raise RuleError(BAD_ACTION, f"Unknown action {kind!r}.")
        waiting = f"a {step['step']} step" if step else "your turn"
        raise RuleError(ILLEGAL, f"{kind!r} is not possible now: this is {waiting} ({', '.join(allowed)}).",
                        why.TURN_ORDER)
    events = HANDLERS[kind](board, state, seat, action, rng)
    _settle(board, state, events)
    return events


def _move(board, state, seat, action, rng):
    start = _square(board, action, "from")
    group = parse_composition(action)
    ready = movable(board, state, seat, start)
    units = pick(ready, group)
    if units is None:
        have = compact(count(ready))
        raise RuleError(ILLEGAL, f"You do not have those units ready to move at {list(start)} "
                                 f"(ready: {have or 'none'}).", why.MOVEMENT)
    occ = Occupancy(board, state)
    path = _path(board, action, occ, state, seat, group, start, may_fight=True)
    if not _leaves_boats_ok(board, start, units_at(state, start, seat), units):
        raise RuleError(ILLEGAL, "Infantry at sea cannot be left without enough gunboats to carry them.", why.GUNBOATS)
    dest = path[-1]
    fight = occ.hostile(dest, seat)
    if fight:
        attack, defend = len(units), battle.defence(board, state, dest, enemy(seat))
        if attack < defend and attack != 1:
            raise RuleError(ILLEGAL, f"A smaller force ({attack} against {defend}) may attack only as a "
                                     "single-unit sacrifice.", why.SACRIFICE)
        if attack < defend:
            problem = battle.sacrifice_problem(state, dest, enemy(seat))
            if problem:
                raise RuleError(ILLEGAL, problem)
    # Validation is complete: from here on nothing refuses.
    for u in units:
        u["at"] = list(dest)
        u["moved"] = True
    state["moved_any"] = True
    events = [{"type": "moved", "side": seat, "from": list(start), "to": list(dest),
               "path": [list(s) for s in path], "units": compact(group),
               "ride": len(path) > 1 and all(u["kind"] == INFANTRY for u in units)}]
    if fight:
        battle.start(board, state, seat, units, dest, rng, events)
    else:
        cities.capture(board, state, dest, seat, events)
    return events


def _battle(board, state, seat, action, rng):
    pending = state["pending"][0]
    eliminate = parse_composition(action, "eliminate", allow_empty=True)
    lose = parse_composition(action, "lose", allow_empty=True) if "lose" in action else {k: 0 for k in KINDS}
    wanted = {"eliminate": compact(eliminate), "lose": compact(lose)}
    options = battle.choices(board, state, pending)
    if wanted not in options:
        raise RuleError(ILLEGAL, "That is not a possible outcome of this battle: the defender loses one more "
                                 "unit than you, you cannot take more than are there, and a city's defenders "
                                 "must all be destroyed.", why.LARGER_FORCE)
    state["pending"].pop(0)
    events = []
    battle.resolve(board, state, pending, eliminate, lose, events)
    return events


def _retreat(board, state, seat, action, rng):
    pending = state["pending"][0]
    start = tuple(pending["at"])
    group = parse_composition(action)
    waiting = [u for u in state["units"] if u["id"] in set(pending["units"])]
    units = pick(waiting, group)
    if units is None:
        raise RuleError(ILLEGAL, f"Only these units must retreat: {compact(count(waiting))}.", why.RETREAT)
    occ = Occupancy(board, state)
    path = _path(board, action, occ, state, seat, group, start, may_fight=False, may_ride=False)
    if not _leaves_boats_ok(board, start, waiting, units):
        raise RuleError(ILLEGAL, "Infantry at sea cannot be left without enough gunboats to carry them.", why.GUNBOATS)
    dest = path[-1]
    for u in units:
        u["at"] = list(dest)  # the extra move does not use up the unit's own turn
    moved_ids = {u["id"] for u in units}
    pending["units"] = [i for i in pending["units"] if i not in moved_ids]
    if not pending["units"]:
        state["pending"].pop(0)
    events = [{"type": "moved", "side": seat, "from": list(start), "to": list(dest),
               "path": [list(s) for s in path], "units": compact(group), "ride": False, "retreat": True}]
    cities.capture(board, state, dest, seat, events)
    return events


def loss_problem(board, state, seat, square, group) -> Refusal | None:
    here = units_at(state, square, seat)
    chosen = pick(here, group)
    if chosen is None:
        return Refusal(why.KEY_CITIES, f"You do not have those units at {list(square)}.")
    if not _leaves_boats_ok(board, square, here, chosen):
        return Refusal(why.GUNBOATS, "Removing those would leave infantry at sea without gunboats.")
    return None


def _choose_losses(board, state, seat, action, rng):
    pending = state["pending"][0]
    square = _square(board, action, "at")
    group = parse_composition(action)
    n = sum(group.values())
    if n > pending["count"]:
        raise RuleError(ILLEGAL, f"You owe only {pending['count']} more piece(s).", _city_rule(board, pending["city"]))
    problem = loss_problem(board, state, seat, square, group)
    if problem:
        raise RuleError(ILLEGAL, problem)
    chosen = pick(units_at(state, square, seat), group)
    ids = {u["id"] for u in chosen}
    state["units"] = [u for u in state["units"] if u["id"] not in ids]
    pending["count"] -= n
    if pending["count"] == 0:
        state["pending"].pop(0)
    return [{"type": "eliminated", "side": seat, "cause": "losses", "city": pending["city"],
             "units": [{"at": list(square), "units": compact(group)}], RULE: _city_rule(board, pending["city"])}]


def _city_rule(board, city: str) -> str:
    """The rule that makes a side pay pieces for losing `city`: a capital's, or a key city's."""
    return cities.loss_rule(board.cities[city])


def _fortify(board, state, seat, action, rng, on=True):
    square = _square(board, action, "at")
    problem = (cities.fortify_problem if on else cities.unfortify_problem)(board, state, seat, square)
    if problem:
        raise RuleError(ILLEGAL, problem)
    events = []
    cities.set_fortified(board, state, seat, square, on, events)
    return events


def _unfortify(board, state, seat, action, rng):
    return _fortify(board, state, seat, action, rng, on=False)


def _end_turn(board, state, seat, action, rng):
    if not state["moved_any"] and _any_turn_action(board, state, seat):
        raise RuleError(ILLEGAL, "You must move at least one unit before ending your turn.", why.MUST_MOVE)
    events = [{"type": "turn_ended", "side": seat, "turn_number": state["turn_number"]}]
    for u in state["units"]:
        u["moved"] = False
        if u["side"] == seat:
            u["disabled"] = False  # the marker lasts through the owner's one turn
    limit = state["turn_limit"]
    if limit and state["turn_number"] >= limit:
        p = [pieces(state, s) for s in (0, 1)]
        winners = [] if p[0] == p[1] else [0 if p[0] > p[1] else 1]
        _finish(state, winners, f"the turn limit ({limit}) was reached: {_count_words(p)}", events)
        return events
    state["turn"] = enemy(seat)
    state["turn_number"] += 1
    state["moved_any"] = False
    events.append({"type": "turn", "side": state["turn"], "turn_number": state["turn_number"]})
    return events


def _surrender(board, state, seat, action, rng):
    events = [{"type": "surrendered", "side": seat, RULE: why.VICTORY}]
    _finish(state, [enemy(seat)], f"{SIDE_TITLES[seat]} surrendered", events)
    return events


HANDLERS = {"move": _move, "battle": _battle, "retreat": _retreat, "choose_losses": _choose_losses,
            "fortify": _fortify, "unfortify": _unfortify, "end_turn": _end_turn, "surrender": _surrender}


def _count_words(p) -> str:
    return f"the Confederacy has {p[0]} pieces, the Union {p[1]}"


def _finish(state, winners, reason, events):
    state["outcome"] = {"winners": winners, "reason": reason}
    state["pending"] = []
    events.append({"type": "game_over", "winners": winners, "reason": reason, RULE: why.VICTORY})


def _settle(board, state, events) -> None:
    """After every action: drop empty fortifications and see whether the war is over."""
    cities.tidy_fortifications(board, state, events)
    if state["outcome"] is not None:
        return
    p = [pieces(state, s) for s in (0, 1)]
    if p[0] == 0 or p[1] == 0:
        winners = [] if p[0] == p[1] else [0 if p[0] else 1]
        loser = 1 if p[0] else 0
        _finish(state, winners, f"{SIDE_TITLES[loser]} has no pieces left", events)
    elif p[0] == 1 and p[1] == 1:
        _finish(state, [], "stalemate: both sides are down to one piece", events)


def result(state):
    if state["outcome"] is None:
        return None
    return {"winners": list(state["outcome"]["winners"]), "scores": [pieces(state, s) for s in (0, 1)],
            "reason": state["outcome"]["reason"]}


# ----- listing actions --------------------------------------------------------------

def move_templates(board, state, side, occ: Occupancy | None = None) -> list:
    """Per stack and per composition that may leave it, a template of the squares it may move to.

    Every split of a stack is listed (two of three infantry, say), each with the squares the rules
    let that group reach by its first-found path ("to"); a square holding the enemy is listed only
    when the attack is allowed (a larger or equal force, or a one-unit sacrifice while a disabled
    marker is free or the force already carries one). `occ`: the state's Occupancy, where already read."""
    occ = occ or Occupancy(board, state)
    out = []
    stacks = {}   # square -> the side's units there, in the state's order (units_at)
    for u in state["units"]:
        if u["side"] == side:
            stacks.setdefault((u["at"][0], u["at"][1]), []).append(u)
    attackable = {}  # enemy square -> (its defence, whether a sacrifice may be fought there)
    hostile = occ.hostile_to[side]

    def may_attack(dest, attack: int) -> bool:
        if dest not in attackable:
            defend = battle.defence(board, state, dest, enemy(side))
            sacrifice_ok = battle.sacrifice_problem(state, dest, enemy(side)) is None
            attackable[dest] = (defend, sacrifice_ok)
        defend, sacrifice_ok = attackable[dest]
        return attack >= defend or (attack == 1 and sacrifice_ok)

    for sq, here in sorted(stacks.items()):
        ready = [u for u in here if free_to_move(board, state, u)]   # (movable)
        if not ready:
            continue
        at_sea = not board.squares[sq].land   # (only there may a group leave infantry stranded)
        for g in sub_compositions(count(ready)):
            if at_sea and not _leaves_boats_ok(board, sq, here, pick(ready, g)):
                continue
            attack = sum(g.values())
            reach = [list(dest) for dest in destinations(board, occ, state, side, g, sq, may_fight=True)
                     if dest not in hostile or may_attack(dest, attack)]
            if reach:
                out.append({"type": "move", "from": list(sq), "units": compact(g), "to": shape.one_of(reach)})
    return out


def hostile_squares(board, state, side, occ: Occupancy | None = None) -> list:
    """Squares where arriving means a battle for `side` (enemy units, or an enemy capital's garrison)."""
    return [list(sq) for sq in sorted((occ or Occupancy(board, state)).hostile_to[side])]


def _fortify_actions(board, state, side) -> list:
    out = []
    for sq in sorted({(u["at"][0], u["at"][1]) for u in state["units"] if u["side"] == side}):
        if board.city_at.get(sq) is None:
            continue
        if cities.fortify_problem(board, state, side, sq) is None:
            out.append({"type": "fortify", "at": list(sq)})
        if cities.unfortify_problem(board, state, side, sq) is None:
            out.append({"type": "unfortify", "at": list(sq)})
    return out


def _any_turn_action(board, state, side) -> bool:
    return bool(_fortify_actions(board, state, side) or move_templates(board, state, side))


def legal(state, seat) -> dict:
    """What `seat` may do now (engine.legal's shape). Moves and retreats are templates, one per stack
    and composition; `hostile` lists the squares where arriving means a battle. Surrender is always
    allowed and never listed."""
    if seat not in to_act(state):
        return shape.nothing()
    board = board_of(state)
    if state["pending"]:
        step = state["pending"][0]
        if step["step"] == "battle":
            return shape.listing([{"type": "battle", **c} for c in battle.choices(board, state, step)])
        if step["step"] == "retreat":
            return shape.listing(templates=_retreat_templates(board, state, step))
        return shape.listing(_loss_actions(board, state, step))
    occ = Occupancy(board, state)
    moves = move_templates(board, state, seat, occ)
    actions = _fortify_actions(board, state, seat)
    if state["moved_any"] or not (moves or actions):
        actions.append({"type": "end_turn"})
    return shape.listing(actions, moves, hostile=hostile_squares(board, state, seat, occ))


def _retreat_templates(board, state, step) -> list:
    side, start = step["seat"], tuple(step["at"])
    waiting = [u for u in state["units"] if u["id"] in set(step["units"])]
    occ = Occupancy(board, state)
    out = []
    for g in sub_compositions(count(waiting)):
        chosen = pick(waiting, g)
        if not _leaves_boats_ok(board, start, waiting, chosen):
            continue
        reach = [list(dest) for dest in destinations(board, occ, state, side, g, start, may_fight=False,
                                                     may_ride=False)]
        if reach:
            out.append({"type": "retreat", "units": compact(g), "to": shape.one_of(reach)})
    return out


def _loss_actions(board, state, step) -> list:
    side = step["seat"]
    out = []
    for sq in sorted({(u["at"][0], u["at"][1]) for u in state["units"] if u["side"] == side}):
        have = count(units_at(state, sq, side))
        for k in KINDS:
            if have[k] and loss_problem(board, state, side, sq, {k: 1}) is None:
                out.append({"type": "choose_losses", "at": list(sq), "units": {k: 1}})
    return out
