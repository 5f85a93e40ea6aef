"""The starting state of a race, the rules' fixed numbers, and which side a seat plays."""
from engine.situation4.board import Board
from engine.situation4.legality import PARATROOP, TANK

PARATROOPERS = 3      # per side; each one makes one beachhead, so at most three a game
TANKS = 3             # per side
BRIDGES = 2           # per side
BRIDGE_POINTS = 100
SQUARE_POINTS = 50    # a grid square filled entirely with one side's pieces
SIDES = 2


def side_of(seat: int) -> int:
    """Seats alternate sides, so in a team game seats 0 and 2 build side 0, seats 1 and 3 side 1."""
    return seat % SIDES


def new_state(board: Board, options: dict, n_seats: int, rng) -> dict:
    trays = []
    for _side in range(SIDES):
        # Each side holds a full copy of the puzzle, in no particular order.
        tray = list(range(board.n))
        rng.shuffle(tray)
        trays.append(tray)
    n = board.n
    return {
        "n_seats": n_seats,
        "lapsed_flag": options["lapsed_flag"],
        "owner": [None] * n,          # slot -> side whose piece covers it
        "piece_at": [None] * n,       # slot -> piece placed there
        "forces": [None] * n,         # slot -> {"kind": "tank"|"paratroop", "side": s}
        "flags": [None] * n,          # slot -> side whose flag stands on the objective
        "bridges": [None] * len(board.bridge_positions),  # position -> side that bridged it
        "trays": trays,               # side -> piece order (pieces still unplaced are playable)
        "square_count": [[0] * SIDES for _ in board.squares],
        "ready": {TANK: [False] * SIDES, PARATROOP: [False] * SIDES},
        "in_hand": {TANK: [0] * SIDES, PARATROOP: [0] * SIDES, "bridge": [BRIDGES] * SIDES},
        "beachheads": [0] * SIDES,
        "tank_land": [[False] * n for _ in range(SIDES)],
        "flag_window": [None] * SIDES,  # side -> objective it just placed and may still flag
        "open_objectives": [],          # objectives whose window lapsed, waiting for a flag
        "placed": [0] * SIDES,
        "filled": 0,
        "scores": [0] * SIDES,
        "result": None,
    }
