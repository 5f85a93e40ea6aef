"""How a Tactics (1954) unit looks: a NATO-style unit counter (game.wargame.counters) in its side's
colour — the branch symbol (infantry, armour, airborne, mountain, amphibious, headquarters), the
echelon over it (XX a division, XXX a corps HQ, XXXX an army's, XXXXX the army group's), the
unit's number at the top-left and along the bottom its combat factor and corps.

Sides: Blue and Red, in the palette's blue and red/vermilion (the colour-blind palette applies).
Seats alternate sides (0 and 2 Blue, 1 and 3 Red).
"""
from game import theme
from game.wargame.counters import CounterLook

SIDES = ("blue", "red")
SIDE_TITLES = {"blue": "Blue", "red": "Red"}
SYMBOL = {"infantry": "infantry", "armor": "armour", "para": "airborne", "mountain": "mountain",
          "amphibious": "amphibious", "hq": "hq"}
ECHELON = {"corps": "XXX", "army": "XXXX", "army_group": "XXXXX"}
FACE = (0.84, 0.8)          # a counter's face in proportion to its square


def side_of_seat(seat: int) -> str:
    return SIDES[seat % 2]


def side_colour(side: str) -> tuple:
    """Blue is the palette's blue seat colour, Red its red one (theme seats 1 and 0)."""
    return theme.seat_colour(1 if side == "blue" else 0)


def seat_colour(seat: int) -> tuple:
    return side_colour(side_of_seat(seat))


def number(unit: dict) -> str:
    """The counter's number: "12" for the 12th Inf, "IIC" for the IIC HQ, "1A" for the 1st Army HQ."""
    name = unit["name"]
    if unit["kind"] == "hq":
        head = name.split()[0]
        if unit.get("hq") == "army":
            return head[0] + "A"
        if unit.get("hq") == "army_group":
            return "AG"
        return head
    digits = "".join(ch for ch in name.split()[0] if ch.isdigit())
    return digits or name[:3]


def look(unit: dict, *, dimmed: bool = False, selected: bool = False, prisoner: bool = False) -> CounterLook:
    kind = unit["kind"]
    factor = unit.get("factor", 0)
    corps = unit.get("corps") or ""
    factors = f"{factor} {corps}".strip() if kind != "hq" else "0"
    colour = side_colour(unit["side"])
    if prisoner:
        colour = theme.darken(colour, 0.45)
    return CounterLook(colour=colour, symbol=SYMBOL.get(kind, "infantry"),
                       echelon=ECHELON.get(unit.get("hq"), "XX") if kind == "hq" else "XX",
                       label=number(unit), factors=factors, dimmed=dimmed or prisoner,
                       marks=("selected",) if selected else ())
