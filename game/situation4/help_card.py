"""The race's keyboard-help card: its keys, and the one sentence to start by."""
import pygame

from game.board_kit import hud as kit_hud

HELP_LINES = [
    ("Drag", "a piece from your tray onto the board; it snaps where it may go"),
    ("Click", "a tray piece to pick it, then click its space (or drag it)"),
    ("T / P / B", "pick a tank, a paratrooper or a bridge, then click where"),
    ("F", "plant your flag on the objective you just laid (or an open one)"),
    ("1 2 3 4", "tray filter: all, base line (red border), objectives, bases"),
    ("S", "tray sort: fits now first (lit green), my edge first, as dealt"),
    ("Left Right / wheel", "scroll the tray ([ ] and PgUp/PgDn too)"),
    ("Esc", "drop what you hold; twice to leave the race"),
    ("H / F1", "this help"),
]


def build() -> pygame.Surface:
    """The race's keyboard-help card (H / F1)."""
    return kit_hud.build_help("Racing in Situation 4", HELP_LINES,
                              "Build out from your base line (the red-bordered row along your edge); flag objectives "
                              "at once.", width=860, key_column=200)
