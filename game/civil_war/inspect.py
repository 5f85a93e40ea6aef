"""What the Civil War inspector says about the stack on a square (right-click or I): its side, its pieces and
how many may still move, its marks, how far each kind moves and the ground each may enter — the speeds are the
rules' table, the ground is asked of the rules' own step test over the whole map (nothing worked out here).
"""
from functools import lru_cache

from engine import grid
from engine.civil_war import queries
from engine.civil_war.board import load
from game.civil_war.counters import side_colour
from game.civil_war.log import SIDE_TITLES, square_name
from game.civil_war.orders import describe


@lru_cache(maxsize=None)
def ground(kind: str) -> str:
    """The kinds of square one piece of `kind` may step onto anywhere on the map (the rules' step test)."""
    board = load()
    seen, some = set(), set()
    for frm in board.squares:
        for to in grid.neighbours(frm, board.size, board.size):
            t = board.squares[to]
            name = ("mountains" if t.mountain else "open water" if not t.land else "river squares" if t.river
                    else "coast" if t.sea else "land")
            (seen if queries.step_allowed(board, kind, frm, to) else some).add(name)
    order = ("land", "coast", "river squares", "mountains", "open water")
    return ", ".join(n + (" (some ways in)" if n in some else "") for n in order if n in seen) or "nowhere"


def stack_card(seats, board: dict, square) -> tuple[str, list, tuple] | None:
    """(title, [(label, value)...], colour) about the stack on `square` (the seat's own first) as the board's
    `seats` see it, or None."""
    stacks = [s for s in seats.pub.get("stacks", []) if tuple(s["at"]) == tuple(square)]
    if not stacks:
        return None
    mine = seats.active_seat if seats.active_seat is not None else seats.shown_seat
    stack = sorted(stacks, key=lambda s: s["side"] != mine)[0]
    kinds = [k for k in queries.KINDS if stack["units"].get(k)]
    marks = [m for m in ("fortified", "disabled") if stack.get(m)]
    rows = [("Side", SIDE_TITLES[stack["side"]]),
            ("Pieces", describe(stack["units"])),
            ("Ready", describe(stack.get("ready") or {}) if stack.get("ready") else "none: moved or held this turn"),
            ("Marks", ", ".join(marks) or "none"),
            ("Moves", " · ".join(f"{k} {queries.SPEED[k]} sq" + (f" ({queries.RAIL_RIDE} by rail)"
                                                                                if k == queries.INFANTRY else "")
                                 for k in kinds))]
    rows += [(f"{k.capitalize()} enter" if len(kinds) > 1 else "May enter", ground(k)) for k in kinds]
    return f"{SIDE_TITLES[stack['side']]} at {square_name(board, square)}", rows, side_colour(stack["side"])
