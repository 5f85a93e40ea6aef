"""Where the 18x18 board sits in the 1280x800 logical window, and square <-> pixel.

The map art (assets/art/civil_war_map.png, made by tools/make_civil_war_map.py)
is drawn at exactly BOARD_RECT's size, so the art, the hit-testing and the
pieces all use these numbers.
"""
from pathlib import Path

import pygame

SIZE = 18                  # squares per side (the board data says so too; the loader checks it)
SQUARE = 38                # pixels per square
BOARD_RECT = pygame.Rect(8, 46, SIZE * SQUARE, SIZE * SQUARE)
ART_FILE = Path(__file__).resolve().parents[2] / "assets" / "art" / "civil_war_map.png"


def square_at(pos) -> tuple[int, int] | None:
    """The square under a logical point, or None off the board."""
    if not BOARD_RECT.collidepoint(pos):
        return None
    return ((pos[0] - BOARD_RECT.x) // SQUARE, (pos[1] - BOARD_RECT.y) // SQUARE)


def square_rect(square) -> pygame.Rect:
    x, y = square
    return pygame.Rect(BOARD_RECT.x + x * SQUARE, BOARD_RECT.y + y * SQUARE, SQUARE, SQUARE)


def centre(square) -> tuple[int, int]:
    return square_rect(square).center


def local_centre(square) -> tuple[int, int]:
    """The centre of a square in the map art's own coordinates (the art's top-left is the board's)."""
    x, y = square
    return (x * SQUARE + SQUARE // 2, y * SQUARE + SQUARE // 2)
