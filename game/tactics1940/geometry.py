"""The Tactics (1940) board's grid and where it sits on the 1280x800 logical window.

16x16 squares of 43 pixels at zoom 1. The board art (assets/art/tactics1940_board.png,
made by tools/make_tactics1940_art.py from the board data) is painted at exactly the
grid's size, so the art, the hit-testing and the pieces agree; the scene sees the grid
through a game.wargame.map_view.MapView (zoom and pan) in BOARD_RECT.

The board itself is static data from engine.tactics1940.board (the only part of the
rules package the window reads): which square is ocean, seaport, land or safety zone,
the oceans' numbering and the homes' shapes. Nothing here decides what may be done.
"""
from functools import lru_cache

import pygame

from engine import resources
from game.wargame.grid import SquareGrid

SIZE = 16                  # squares per side (the board data says so too; checked at load)
SQUARE = 43                # pixels per square at zoom 1
GRID = SquareGrid(SIZE, SIZE, SQUARE)
BOARD_RECT = pygame.Rect(8, 46, SIZE * SQUARE, SIZE * SQUARE)
MAX_ZOOM = 2.0
ART_FILE = resources.asset_path("art", "tactics1940_board.png")

# Holding areas in the corners: the 5x3 block of off squares each one's panel is drawn in.
CORNER_BLOCKS = {"NW": (0, 0), "NE": (11, 0), "SE": (11, 13), "SW": (0, 13)}
CORNER_BLOCK_SIZE = (5, 3)


@lru_cache(maxsize=1)
def board():
    """The static board (engine.tactics1940.board.Board): squares, homes, oceans, names."""
    from engine.tactics1940.board import load
    b = load()
    if b.size != SIZE:
        raise ValueError(f"the Tactics board is {b.size} squares a side; the window draws {SIZE}")
    return b


def local_rect(square) -> pygame.Rect:
    """A square's box in the art's own coordinates (the art's top-left is the board's)."""
    return pygame.Rect(square[0] * SQUARE, square[1] * SQUARE, SQUARE, SQUARE)


def local_centre(square) -> tuple[int, int]:
    return (square[0] * SQUARE + SQUARE // 2, square[1] * SQUARE + SQUARE // 2)


def corner_rect(corner_id: str) -> pygame.Rect:
    """The 5x3 block of a corner's holding area, in the art's coordinates."""
    x, y = CORNER_BLOCKS[corner_id]
    w, h = CORNER_BLOCK_SIZE
    return pygame.Rect(x * SQUARE, y * SQUARE, w * SQUARE, h * SQUARE)
