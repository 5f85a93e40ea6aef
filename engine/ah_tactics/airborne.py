"""Where parachute divisions may land (rule D3: "from any location to any location", once a turn, at
no cost): any free square of open land or forest, as the dropping side knows the board — its own
reserves' squares are taken, the enemy's are unknown to it (a drop onto one is called off)."""
from engine.ah_tactics import rule_ids as why
from engine.ah_tactics import reserves
from engine.ah_tactics.movement import tables
from engine.ah_tactics.state import ACTIVE
from engine.ah_tactics.units import FOOT, PARA, ROSTER
from engine.why import Refusal


def drop_zone(board, state, side: int) -> int:
    """The squares (as bits) a parachute division of `side` may land on now."""
    return tables(board.name, FOOT).enter & ~reserves.taken(board, state, side)


def drop_problem(state, side: int, uid: int, lands: bool) -> Refusal | None:
    """Why `side` may not drop `uid` now (None: it may): only its own parachute divisions on the board fly, once
    a turn as their whole move, onto a square of the drop zone (`lands`: the square is in it, as far as the asker
    knows). The drop handler refuses with it, and the window's question gives the same words."""
    unit = ROSTER[uid]
    if unit.kind != PARA or unit.side != side or state["units"][uid]["status"] != ACTIVE:
        return Refusal(why.AIR_MOVE, "Only your parachute divisions on the board move by air.")
    if uid in state["moved"] or uid in state["flown"]:
        return Refusal(why.AIR_MOVE, f"The {unit.name} has already moved this turn; it flies only once, as its "
                                     "whole move.")
    if not lands:
        return Refusal(why.AIR_MOVE, "A parachute division lands on a free square of open land or forest.")
    return None
