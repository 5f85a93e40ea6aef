"""Where parachute divisions may land (rule D3: "from any location to any location", once a turn, at
no cost): any free square of open land or forest, as the dropping side knows the board — its own
reserves' squares are taken, the enemy's are unknown to it (a drop onto one is called off)."""
from engine.ah_tactics import reserves
from engine.ah_tactics.movement import tables
from engine.ah_tactics.units import FOOT


def drop_zone(board, state, side: int) -> int:
    """The squares (as bits) a parachute division of `side` may land on now."""
    g = board.grid
    taken = 0
    for u in state["units"]:
        if u["at"] is not None:
            taken |= g.bit(tuple(u["at"]))
    for sq in reserves.squares_of(state, side).values():
        taken |= g.bit(sq)
    return tables(board.name, FOOT).enter & ~taken
