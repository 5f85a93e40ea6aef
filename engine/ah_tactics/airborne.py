"""Where parachute divisions may land (rule D3: "from any location to any location", once a turn, at
no cost): any free square of open land or forest, as the dropping side knows the board — its own
reserves' squares are taken, the enemy's are unknown to it (a drop onto one is called off)."""
from engine.ah_tactics import reserves
from engine.ah_tactics.movement import tables
from engine.ah_tactics.units import FOOT


def drop_zone(board, state, side: int) -> int:
    """The squares (as bits) a parachute division of `side` may land on now."""
    return tables(board.name, FOOT).enter & ~reserves.taken(board, state, side)
