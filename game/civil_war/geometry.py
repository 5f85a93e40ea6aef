"""The Civil War board's grid and where it sits on the 1280x800 logical window.

18x18 squares of 38 pixels at zoom 1. The map art (assets/art/civil_war_map.png,
made by tools/make_civil_war_map.py) is painted at exactly the grid's size, so the
art, the hit-testing and the pieces all agree; the scene sees the grid through a
game.wargame.map_view.MapView (zoom and pan) in BOARD_RECT.
"""
import pygame

from engine import resources

from game.wargame.grid import SquareGrid

SIZE = 18                  # squares per side (the board data says so too; the loader checks it)
SQUARE = 38                # pixels per square at zoom 1
GRID = SquareGrid(SIZE, SIZE, SQUARE)
BOARD_RECT = pygame.Rect(8, 46, SIZE * SQUARE, SIZE * SQUARE)
MAX_ZOOM = 2.0
ART_FILE = resources.asset_path("art", "civil_war_map.png")


def local_centre(square) -> tuple[int, int]:
    """The centre of a square in the map art's own coordinates (the art's top-left is the board's)."""
    x, y = GRID.centre(square)
    return (int(x), int(y))
