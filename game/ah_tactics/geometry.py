"""The Tactics (1954) board's grid and where it sits on the 1280x800 logical window.

48 x 36 squares of 40 pixels at zoom 1 (the map data says 48 x 36; the loader checks it). The
map art (assets/art/ah_tactics_map.png, made by tools/make_ah_tactics_art.py) is painted at
exactly the grid's size, so art, hit-testing and counters agree; the scene sees the grid
through a game.wargame.map_view.MapView (zoom and pan) in BOARD_RECT, which shows the whole
map at its lowest zoom and a part of it, counters readable, from DEFAULT_ZOOM up.
"""
import pygame

from engine import resources
from game.wargame.grid import SquareGrid

COLS, ROWS = 48, 36
SQUARE = 40                 # pixels per square at zoom 1
GRID = SquareGrid(COLS, ROWS, SQUARE)
BOARD_RECT = pygame.Rect(8, 46, 984, 690)
# The map opens at 40-pixel squares (times the interface scale): a counter's face 34 pixels wide, its number
# and factors legible (31 pixels on a 1366x768 laptop's window); 0 shows the whole map, 19-pixel squares.
DEFAULT_ZOOM = 1.0
MAX_ZOOM = 1.5625
ART_FILE = resources.asset_path("art", "ah_tactics_map.png")


def local_centre(square) -> tuple[int, int]:
    """The centre of a square in the art's own coordinates (the art's top-left is the board's)."""
    x, y = GRID.centre(tuple(square))
    return (int(x), int(y))
