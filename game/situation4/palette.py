"""The two puzzles' shades and the board's printed colours.

The puzzles are identical but for shade: orange (side 0) and yellow (side 1).
Under the colour-blind setting the shades move apart in lightness as well
(vermilion against pale yellow), so they never depend on hue alone.
"""
from game import theme

SIDE_SHADES = ((222, 124, 46), (236, 204, 76))
SIDE_SHADES_COLOUR_BLIND = ((213, 94, 0), (246, 236, 140))
BOARD_FELT = (48, 84, 60)
SLOT_GUIDE = (74, 112, 84)
RIVER = (58, 128, 196)
RIVER_DARK = (30, 74, 128)
BASE_LINE_RED = (204, 36, 36)
GRID = (12, 12, 14)
BRIDGE_DOT = (250, 250, 250)
LEGAL = (110, 230, 130)
ILLEGAL = (240, 90, 80)
OPPONENT_FLASH = (255, 255, 255)
TEAMMATE_FLASH = (120, 200, 255)   # a teammate's placement, and a race lost to a teammate


def side_shade(side: int) -> tuple:
    shades = SIDE_SHADES_COLOUR_BLIND if theme.is_colour_blind() else SIDE_SHADES
    return shades[side]


def side_name(board, side: int) -> str:
    return board.side_names[side].capitalize()
