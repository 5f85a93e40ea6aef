"""The Situation 4 board: a real-time jigsaw race (game.boards finds `BoardScene` here)."""
from engine.situation4.queries import side_of
from game.situation4 import palette
from game.situation4.scene import BoardScene

__all__ = ["BoardScene", "seat_colour"]


def seat_colour(seat: int) -> tuple:
    """A seat plays its side's shade (seats 0 and 2 orange, 1 and 3 yellow)."""
    return palette.side_shade(side_of(seat))
