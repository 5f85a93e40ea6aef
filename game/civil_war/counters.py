"""How a Civil War stack looks: one roster counter per stack (game.wargame.counters), in its
side's colour, with a row per kind of unit (the old military map symbol and how many),
darkened once it has moved, with the fortification frame and the red "disabled" tab.
"""
from game import theme
from game.civil_war.orders import KINDS
from game.wargame.counters import CounterLook
FACE = (30 / 38, 26 / 38)          # a counter's face on a square, leaving the foot for the town's name
SHARED_FACE = (20 / 38, 22 / 38)   # two sides on one square (a battle being decided)


def side_colour(side: int) -> tuple:
    return theme.seat_colour(side)


def look(stack: dict) -> CounterLook:
    units = stack["units"]
    marks = tuple(m for m, on in (("fortified", stack["fortified"]), ("disabled", stack["disabled"])) if on)
    return CounterLook(colour=side_colour(stack["side"]), rows=tuple((k, units[k]) for k in KINDS if units.get(k, 0)),
                       dimmed=not any(stack["ready"].values()), depth=min(2, sum(units.values()) - 1), marks=marks,
                       striped=theme.striped(stack["side"]))
