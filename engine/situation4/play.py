"""Applying a side's moves: place, paradrop, tank, bridge, flag.

Every handler checks the whole move first and changes nothing when it refuses
(RuleError); only then does it mutate. Work per accepted move is small: a few
neighbour looks, counter updates, and a flood of tank land over newly joined
pieces only (each piece joins a side's tank land at most once a game).

"Plant the flag at once", without a clock: after a side places an objective,
that side alone may flag it until the side makes any other move. Its next
different move lapses the window and the objective becomes open to flag by the
opponent (the rules; by either side under the house rule `lapsed_flag=either_side`). When the
last space is filled nobody can move again, so a window still pending then is
credited to its side.
"""
from engine.errors import BAD_ACTION, ILLEGAL, RuleError
from engine.situation4 import legality, rule_ids as why
from engine.situation4.board import Board
from engine.situation4.legality import PARATROOP, TANK
from engine.situation4.scoring import tally
from engine.situation4.state import BRIDGE_POINTS, SIDES, SQUARE_POINTS, TANKS, PARATROOPERS, side_of
from engine.validate import action_type, field
from engine.why import RULE, Refusal

FORCES_PER_BASE = {TANK: TANKS, PARATROOP: PARATROOPERS}


def _index(action: dict, name: str, limit: int, what: str) -> int:
    value = field(action, name, int)
    if not 0 <= value < limit:
        raise RuleError(BAD_ACTION, f"There is no {what} {value}.")
    return value


def _refuse_if(problem) -> None:
    if problem:
        raise RuleError(ILLEGAL, problem)


# ----- effects shared by several moves ------------------------------------------------

def _lapse_window(state: dict, side: int) -> list:
    slot = state["flag_window"][side]
    if slot is None:
        return []
    state["flag_window"][side] = None
    state["open_objectives"].append(slot)
    state["open_objectives"].sort()
    return [{"type": "flag_lapsed", "side": side, "slot": slot, RULE: why.FLAGS}]


def _plant(board: Board, state: dict, side: int, slot: int, how: str) -> dict:
    state["flags"][slot] = side
    points = board.objectives[slot]
    state["scores"][side] += points
    return {"type": "flagged", "side": side, "slot": slot, "points": points, "how": how, RULE: why.FLAGS}


def _put_piece(board: Board, state: dict, side: int, seat: int, slot: int) -> list:
    """Lay `side`'s piece in `slot` (already checked) and everything that follows from it."""
    owner = state["owner"]
    owner[slot] = side
    state["piece_at"][slot] = slot
    state["filled"] += 1
    state["placed"][side] += 1
    events = [{"type": "placed", "side": side, "seat": seat, "piece": slot, "slot": slot}]

    square = board.square_of[slot]
    count = state["square_count"][square]
    count[side] += 1
    size = len(board.squares[square])
    if count[side] == size:
        state["scores"][side] += SQUARE_POINTS
        events.append({"type": "square_won", "side": side, "square": square, "points": SQUARE_POINTS,
                       RULE: why.SQUARES})
    if count[0] + count[1] == size and square in board.base_of_square:
        base_side, kind = board.base_of_square[square]
        state["ready"][kind][base_side] = True
        state["in_hand"][kind][base_side] = FORCES_PER_BASE[kind]
        events.append({"type": "base_complete", "side": base_side, "base": kind,
                       "forces": FORCES_PER_BASE[kind], RULE: why.BASES})

    land = state["tank_land"][side]
    joins = slot in board.base_line[side] or any(
        land[n] and legality.passable(link, state["bridges"], side) for n, link in board.links[slot])
    if joins:
        land[slot] = True
        legality.spread_tank_land(board, owner, state["bridges"], side, land, [slot])

    if slot in board.objectives:
        state["flag_window"][side] = slot
        events.append({"type": "flag_window", "side": side, "slot": slot, "points": board.objectives[slot],
                       RULE: why.FLAGS})

    if state["filled"] == board.n:
        events.extend(_finish(board, state))
    return events


def _finish(board: Board, state: dict) -> list:
    events = []
    for side in range(SIDES):
        slot = state["flag_window"][side]
        if slot is not None:
            state["flag_window"][side] = None
            events.append(_plant(board, state, side, slot, "at_completion"))
    totals = [t["total"] for t in tally(board, state["owner"], state["flags"], state["bridges"])]
    best = max(totals)
    winning_sides = [s for s in range(SIDES) if totals[s] == best]
    n_seats = state["n_seats"]
    names = board.side_names
    state["result"] = {
        "winners": [seat for seat in range(n_seats) if side_of(seat) in winning_sides],
        "scores": [totals[side_of(seat)] for seat in range(n_seats)],
        "reason": (f"The puzzle is complete: {names[0]} {totals[0]}, {names[1]} {totals[1]}"
                   + (" (a tie)." if len(winning_sides) > 1 else ".")),
    }
    events.append({"type": "complete", "totals": totals, "winners": state["result"]["winners"], RULE: why.TALLY})
    return events


# ----- the moves ----------------------------------------------------------------------

def _place(board, state, seat, side, action):
    piece = _index(action, "piece", board.n, "piece")
    slot = _index(action, "slot", board.n, "space")
    _refuse_if(legality.place_problem(board, state["owner"], state["forces"], side, piece, slot))
    return _lapse_window(state, side) + _put_piece(board, state, side, seat, slot)


def _paradrop(board, state, seat, side, action):
    target = _index(action, "target", board.n, "space")
    piece = _index(action, "piece", board.n, "piece")
    slot = _index(action, "slot", board.n, "space")
    _refuse_if(legality.paradrop_problem(board, state["owner"], state["forces"], side,
                                         state["in_hand"][PARATROOP][side], target, piece, slot))
    events = _lapse_window(state, side)
    state["forces"][target] = {"kind": PARATROOP, "side": side}
    state["in_hand"][PARATROOP][side] -= 1
    state["beachheads"][side] += 1
    events.append({"type": "paradropped", "side": side, "seat": seat, "target": target, RULE: why.PARATROOPERS})
    return events + _put_piece(board, state, side, seat, slot)


def _tank(board, state, seat, side, action):
    slot = _index(action, "slot", board.n, "space")
    _refuse_if(legality.tank_problem(board, state["owner"], state["forces"], state["tank_land"][side], side,
                                     state["in_hand"][TANK][side], slot))
    events = _lapse_window(state, side)
    state["forces"][slot] = {"kind": TANK, "side": side}
    state["in_hand"][TANK][side] -= 1
    events.append({"type": "tank_placed", "side": side, "seat": seat, "slot": slot, RULE: why.TANKS})
    return events


def _bridge(board, state, seat, side, action):
    position = _index(action, "position", len(board.bridge_positions), "bridge position")
    _refuse_if(legality.bridge_problem(board, state["owner"], state["bridges"], side,
                                       state["in_hand"]["bridge"][side], position))
    events = _lapse_window(state, side)
    state["bridges"][position] = side
    state["in_hand"]["bridge"][side] -= 1
    state["scores"][side] += BRIDGE_POINTS
    events.append({"type": "bridge_placed", "side": side, "seat": seat, "position": position,
                   "points": BRIDGE_POINTS, RULE: why.BRIDGES})
    # The new bridge may join this side's tank land to its pieces on the far bank.
    land = state["tank_land"][side]
    a, b = board.bridge_positions[position]
    for near, far in ((a, b), (b, a)):
        if land[near] and not land[far] and state["owner"][far] == side:
            land[far] = True
            legality.spread_tank_land(board, state["owner"], state["bridges"], side, land, [far])
    return events


NOT_AN_OBJECTIVE = Refusal(why.FLAGS, "There are no points printed on that piece.")
NOT_COVERED = Refusal(why.FLAGS, "That objective is not covered yet.")
FLAGGED = Refusal(why.FLAGS, "That objective already holds a flag.")
PLACER_FIRST = Refusal(why.FLAGS, "The side that placed it may still flag it, until it makes another move.")
MOMENT_MISSED = Refusal(why.FLAGS, "You missed the moment to flag it; now only your opponent may.")
TOO_LATE = Refusal(why.FLAGS, "That objective can no longer be flagged.")


def flag_problem(board: Board, state: dict, side: int, slot: int):
    if slot not in board.objectives:
        return NOT_AN_OBJECTIVE
    if state["owner"][slot] is None:
        return NOT_COVERED
    if state["flags"][slot] is not None:
        return FLAGGED
    if state["flag_window"][side] == slot:
        return None
    if state["flag_window"][legality.other(side)] == slot:
        return PLACER_FIRST
    if slot in state["open_objectives"]:
        if state["lapsed_flag"] == "opponent_only" and state["owner"][slot] == side:
            return MOMENT_MISSED
        return None
    return TOO_LATE


def _flag(board, state, seat, side, action):
    slot = _index(action, "slot", board.n, "space")
    _refuse_if(flag_problem(board, state, side, slot))
    if state["flag_window"][side] == slot:
        state["flag_window"][side] = None
        return [_plant(board, state, side, slot, "at_once")]
    events = _lapse_window(state, side)
    state["open_objectives"].remove(slot)
    return events + [_plant(board, state, side, slot, "lapsed")]


HANDLERS = {"place": _place, "paradrop": _paradrop, "tank": _tank, "bridge": _bridge, "flag": _flag}


def apply(board: Board, state: dict, seat, action: dict) -> list:
    kind = action_type(action)
    handler = HANDLERS.get(kind)
    if handler is None:
        raise RuleError(BAD_ACTION, f"Unknown action {kind!r}; Situation 4 knows {', '.join(HANDLERS)}.")
    if not isinstance(seat, int) or not 0 <= seat < state["n_seats"]:
        raise RuleError(BAD_ACTION, "Only a seated player can move in Situation 4.")
    return handler(board, state, seat, side_of(seat), action)
