"""What each seat sees. Everything on the table is public; only a side's tray order is
private to that side's seats (the opponent sees how many pieces it has left)."""
from itertools import compress

from engine.situation4.board import Board
from engine.situation4.state import SIDES, side_of


def _copy_forces(forces: list) -> list:
    return [None if f is None else dict(f) for f in forces]


def view(board: Board, state: dict, seat) -> dict:
    public = {
        "seat_sides": [side_of(s) for s in range(state["n_seats"])],
        "owner": list(state["owner"]),
        "piece_at": list(state["piece_at"]),
        "forces": _copy_forces(state["forces"]),
        "flags": list(state["flags"]),
        "bridges": list(state["bridges"]),
        "in_hand": {kind: list(counts) for kind, counts in state["in_hand"].items()},
        "bases_ready": {kind: list(flags) for kind, flags in state["ready"].items()},
        "beachheads": list(state["beachheads"]),
        "tank_reach": [list(compress(range(board.n), state["tank_land"][side])) for side in range(SIDES)],
        "flag_windows": list(state["flag_window"]),
        "open_objectives": list(state["open_objectives"]),
        "lapsed_flag": state["lapsed_flag"],
        "placed": list(state["placed"]),
        "tray_left": [board.n - state["filled"]] * SIDES,
        "filled": state["filled"],
        "scores": list(state["scores"]),
    }
    return {"public": public, "private": private_view(state, seat)}


def private_view(state: dict, seat) -> dict:
    """The part of `view` only `seat` sees: its side and that side's tray, in order."""
    if seat is None:
        return {}
    side = side_of(seat)
    owner = state["owner"]
    return {"side": side, "tray": [p for p in state["trays"][side] if owner[p] is None]}


def redact(event: dict, seat) -> dict:
    # No event carries a secret: tray order never appears in one.
    return event
