"""Information sets (docs/games.md, "Information sets: sample_state"): everything on the Situation 4
table is public; a side's tray order is its secret. A sample keeps the seat's own side's tray as
its view shows it and shuffles the other side's unplaced pieces with `rng`."""
from engine.canonical import copy_plain
from engine.situation4.board import load
from engine.situation4.state import SIDES, side_of


def _square_counts(board, owner: list) -> list:
    """Per grid square, how many of its slots each side has filled."""
    counts = [[0] * SIDES for _ in board.squares]
    for slot, side in enumerate(owner):
        if side is not None:
            counts[board.square_of[slot]][side] += 1
    return counts


def sample_state(view: dict, seat, rng) -> dict:
    board = load()
    public, private = view["public"], view["private"]
    owner = list(public["owner"])
    unplaced = [p for p in range(board.n) if owner[p] is None]
    own_side = side_of(seat) if seat is not None else None
    trays = []
    for side in range(SIDES):
        if side == own_side:
            tray = list(private["tray"])
        else:
            tray = list(unplaced)
            rng.shuffle(tray)
        # Placed pieces are out of the tray for good; where they stood in it changes nothing.
        trays.append(tray + [p for p in range(board.n) if owner[p] is not None])
    tank_land = [[False] * board.n for _ in range(SIDES)]
    for side, reach in enumerate(public["tank_reach"]):
        for slot in reach:
            tank_land[side][slot] = True
    return {
        "n_seats": len(public["seat_sides"]),
        "lapsed_flag": public["lapsed_flag"],
        "owner": owner,
        "piece_at": list(public["piece_at"]),
        "forces": copy_plain(public["forces"]),
        "flags": list(public["flags"]),
        "bridges": list(public["bridges"]),
        "trays": trays,
        "square_count": _square_counts(board, owner),
        "ready": copy_plain(public["bases_ready"]),
        "in_hand": copy_plain(public["in_hand"]),
        "beachheads": list(public["beachheads"]),
        "tank_land": tank_land,
        "flag_window": list(public["flag_windows"]),
        "open_objectives": list(public["open_objectives"]),
        "placed": list(public["placed"]),
        "filled": public["filled"],
        "scores": list(public["scores"]),
        "result": copy_plain(public["result"]),
    }
