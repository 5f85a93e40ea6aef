"""How the game is won (rule A): (a) the enemy army is eliminated — it has no division left on
the board, in reserve or refitting (prisoners do not fight); (b) a side occupies every city of
the enemy's half for at least one complete turn: at three turn-ends running (its own, the
enemy's, its own again), with no interruption.
"""
from engine.ah_tactics import cities, rule_ids as why
from engine.ah_tactics.state import ELIMINATED, OVER, PRISONER, SIDE_NAMES, army_left, side_seats
from engine.ah_tactics.units import HQ, ROSTER, side_units
from engine.why import RULE

HOLD_ENDS = 3


def losses(state: dict, side: int) -> int:
    """Divisions of `side` out of the war (eliminated or prisoners)."""
    return sum(1 for uid in side_units(side) if ROSTER[uid].kind != HQ
               and state["units"][uid]["status"] in (ELIMINATED, PRISONER))


def _finish(state: dict, winner, reason: str) -> list[dict]:
    n = state["n_seats"]
    scores = [losses(state, 1 - (seat % 2)) for seat in range(n)]
    winners = side_seats(state, winner) if winner is not None else []
    state["result"] = {"winners": winners, "scores": scores, "reason": reason}
    state["phase"] = OVER
    return [{"type": "game_over", "winner": SIDE_NAMES[winner] if winner is not None else None, "reason": reason,
             RULE: why.VICTORY}]


def check(board, state: dict) -> list[dict]:
    """End the game when an army is gone (rule A, a). Idempotent."""
    if state["result"] is not None or state["phase"] == "setup":
        return []
    alive = [army_left(state, side) for side in (0, 1)]
    if all(alive):
        return []
    if not any(alive):
        return _finish(state, None, "both armies destroyed")
    winner = 0 if alive[0] else 1
    return _finish(state, winner, f"{SIDE_NAMES[1 - winner].capitalize()} army eliminated")


def end_of_turn(board, state: dict) -> list[dict]:
    """Count city occupation at a turn-end (rule A, b)."""
    if state["result"] is not None:
        return []
    for side in (0, 1):
        state["hold"][side] = state["hold"][side] + 1 if cities.occupies_all(board, state, side) else 0
    for side in (0, 1):
        if state["hold"][side] >= HOLD_ENDS:
            return _finish(state, side, f"{SIDE_NAMES[side].capitalize()} holds every city of "
                                        f"{SIDE_NAMES[1 - side].capitalize()} for a complete turn")
    return check(board, state)
