"""Points, counted from scratch: what the running totals must always agree with.

A side scores the printed points of every objective holding its flag, 100 per
bridge it placed, and 50 per grid square covered entirely by its own pieces; a
square shared by both sides counts for no one.
"""
from engine.situation4.board import Board
from engine.situation4.state import BRIDGE_POINTS, SIDES, SQUARE_POINTS


def squares_won(board: Board, owner: list, side: int) -> int:
    return sum(1 for slots in board.squares if all(owner[s] == side for s in slots))


def tally(board: Board, owner: list, flags: list, bridges: list) -> list[dict]:
    """Per side: {"objectives", "bridges", "squares", "total"} in points."""
    out = []
    for side in range(SIDES):
        objectives = sum(points for slot, points in board.objectives.items() if flags[slot] == side)
        bridge_pts = BRIDGE_POINTS * sum(1 for b in bridges if b == side)
        square_pts = SQUARE_POINTS * squares_won(board, owner, side)
        out.append({"objectives": objectives, "bridges": bridge_pts, "squares": square_pts,
                    "total": objectives + bridge_pts + square_pts})
    return out
