"""Builders for Tactics rule tests: a board cleared of units, with chosen units put where a test needs them."""

from engine import ah_tactics as game, legal as listing
from engine.ah_tactics.board import load
from engine.ah_tactics.state import ACTIVE, ELIMINATED, FULL_ALLOWANCE, MOVE
from engine.ah_tactics.units import PER_SIDE, ROSTER
from engine.rng import Rng
from tests.refusals import refusal_check

BLUE, RED = 0, 1
BOARD = load()
# One division per side far from everything keeps both armies in the war.
KEEPERS = {BLUE: (47, 0), RED: (47, 35)}


def uid(side: int, name: str) -> int:
    for u in ROSTER[side * PER_SIDE:(side + 1) * PER_SIDE]:
        if u.name == name:
            return u.id
    raise KeyError(name)


def blank(active: int = BLUE, n_seats: int = 2, keepers: bool = True, **options) -> dict:
    """A game in its movement phase with no unit on the board (but a keeper per side)."""
    state = game.setup(options, n_seats, Rng(0))
    for u in state["units"]:
        u["at"], u["status"] = None, ELIMINATED
    state.update(phase=MOVE, round=1, active=active, first=active, ready=[True, True], allowance=FULL_ALLOWANCE)
    if keepers:
        for side, sq in KEEPERS.items():
            put(state, uid(side, "25th Inf"), sq)
    return state


def put(state: dict, unit: int, square, status: str = ACTIVE) -> int:
    u = state["units"][unit]
    u["at"], u["status"], u["captor"] = list(square), status, None
    return unit


def act(state: dict, seat: int, action: dict, seed: int = 0) -> list:
    return game.apply(state, seat, action, Rng(seed))


def move(state, seat, unit, to) -> list:
    return act(state, seat, {"type": "move", "unit": unit, "to": list(to)})


refused = refusal_check(game)   # refused with `code`, the state untouched; returns the message

def at(state, unit):
    a = state["units"][unit]["at"]
    return tuple(a) if a is not None else None


def reach(state: dict, seat: int, unit: int) -> dict:
    """{(x, y): cost in thirds} the legal listing offers `unit`."""
    return listing.square_costs(game.legal(state, seat), "move", unit)


def end_movement(state, seat=None) -> list:
    return act(state, state["active"] if seat is None else seat, {"type": "end_movement"})


def seed_for(*dice: int) -> int:
    """The smallest seed whose first die throws are `dice` (to fight a battle with a known result)."""
    for seed in range(100_000):
        r = Rng(seed)
        if all(r.die() == d for d in dice):
            return seed
    raise AssertionError("no such seed")


def assign(state: dict, attacker: int, defender: int, factors: int | None = None) -> list:
    """Give `factors` of the attacker (all it has when None) to the defender's battle."""
    if factors is None:
        factors = ROSTER[attacker].factor
    return act(state, state["active"], {"type": "assign", "attacker": attacker, "defender": defender,
                                        "factors": factors})


def fight(state: dict, plan: list, seed: int = 0) -> list:
    """End movement, plan the given battles [(attackers, defenders)] with every attacker's whole factor,
    confirm; the events of the confirmation."""
    side = state["active"]
    end_movement(state)
    for attackers, defenders in plan:
        assign(state, attackers[0], defenders[0])
        for d in defenders[1:]:
            act(state, side, {"type": "combine", "defender": d, "with": defenders[0]})
        for a in attackers[1:]:
            assign(state, a, defenders[0])
    return act(state, side, {"type": "confirm_battles"}, seed)


def battle_events(events: list) -> list:
    return [e for e in events if e["type"] == "battle"]


def rear_in_reach():
    """A Session in Blue's movement: a Blue division at (20, 5) behind the front (20, 9) that Red's division on
    (20, 15) could come next to next turn, so it may go into reserve (rule G) and has a reason to. Returns
    (session, the rear division)."""
    from engine import Session
    s = Session("ah_tactics", 2, seed=1)
    s.state = blank()
    put(s.state, uid(BLUE, "2nd Inf"), (20, 9))
    rear = put(s.state, uid(BLUE, "1st Inf"), (20, 5))
    put(s.state, uid(RED, "1st Inf"), (20, 15))
    return s, rear


def through_reds_turn(s) -> None:
    """Red, to move, ends its movement (and confirms its empty battle plan) until Blue is to move again."""
    for _ in range(10):
        if s.state["active"] == BLUE and s.view(BLUE)["public"]["phase"] == "move":
            return
        seat = s.to_act()[0]
        listed = s.view(seat)["private"]["legal"]
        acts = listing.of_type(listed, "end_movement")[0] + listing.of_type(listed, "confirm_battles")[0]
        s.apply(seat, acts[0])
    raise AssertionError("Blue never came to move again")
