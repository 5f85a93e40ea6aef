"""The Situation 4 board: a real-time jigsaw race (game.boards finds `BoardScene` here)."""
from game.situation4.scene import BoardScene

__all__ = ["BoardScene"]
