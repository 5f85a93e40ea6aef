"""Powers, seats and playing pieces: who plays which country, what each owns, what a piece is worth.

Seats sit clockwise round the board from North, so play passes from a seat to the
next (the player on one's left, Rule 8): two seats play North and South, three add
East, four add West too (Rule 1). North and South are the belligerents; East and West
start neutral. Each piece is {"id", "owner", "kind", "at"}: `at` is [x, y] on the
board, or None once destroyed (a battleship then lies in Davy Jones' Locker, anything
else in the Supply Base, Rule 12).
"""
from engine.why import RULE

BATTLESHIP, TRANSPORT, AIRPLANE = "battleship", "transport", "airplane"
KINDS = (BATTLESHIP, AIRPLANE, TRANSPORT)
PER_POWER = {BATTLESHIP: 4, AIRPLANE: 2, TRANSPORT: 6}       # Rule 5
PIECES_PER_SEAT = sum(PER_POWER.values())
VALUE = {BATTLESHIP: 5, AIRPLANE: 1, TRANSPORT: 1}            # Rule 18
START_COINS, PROTEST_CARDS = 8, 6                            # Rule 5
TOTAL_COINS = 100                                            # the set's coins (a design decision, docs)
WAR_PROTESTS = 3                                             # Rule 7: three accepted cards of one colour

NORTH, EAST, SOUTH, WEST = "North", "East", "South", "West"
BELLIGERENTS = (NORTH, SOUTH)
POWERS_BY_SEATS = {2: (NORTH, SOUTH), 3: (NORTH, EAST, SOUTH), 4: (NORTH, EAST, SOUTH, WEST)}
LOCKER, SUPPLY_BASE = "davy_jones_locker", "supply_base"


def opposite(camp: str) -> str:
    return SOUTH if camp == NORTH else NORTH


def make_pieces(board, powers) -> list:
    """Every seat's pieces on their starting squares, ids seat * 12 + 0..11 (battleships, airplanes, transports)."""
    pieces = []
    for seat, power in enumerate(powers):
        start = board.homes[power].start
        for kind in KINDS:
            for sq in start[kind]:
                pieces.append({"id": len(pieces), "owner": seat, "kind": kind, "at": list(sq)})
    return pieces


def seat_of_power(state, power: str):
    """The seat playing `power`, or None when nobody plays it."""
    return state["powers"].index(power) if power in state["powers"] else None


def piece(state, piece_id: int):
    """The piece with this id, or None."""
    pieces = state["pieces"]
    if 0 <= piece_id < len(pieces):
        return pieces[piece_id]
    return None


def occupancy(state) -> dict:
    """(x, y) -> piece, for every piece on the board."""
    return {(p["at"][0], p["at"][1]): p for p in state["pieces"] if p["at"] is not None}


def square(p):
    return (p["at"][0], p["at"][1]) if p["at"] is not None else None


def on_board(state, seat, kind=None) -> list:
    return [p for p in state["pieces"] if p["owner"] == seat and p["at"] is not None
            and (kind is None or p["kind"] == kind)]


def destroyed_to(kind: str) -> str:
    """Where a destroyed piece goes (Rule 12)."""
    return LOCKER if kind == BATTLESHIP else SUPPLY_BASE


def destroy(state, p, by, cause: str, events: list, rule: str) -> None:
    """Take a piece off the board for good (Conscription may bring a transport back); `rule`: the rule that
    destroyed it (engine.why)."""
    events.append({"type": "destroyed", "piece": p["id"], "owner": p["owner"], "kind": p["kind"],
                   "at": p["at"], "by": by, "cause": cause, "to": destroyed_to(p["kind"]), RULE: rule})
    p["at"] = None
