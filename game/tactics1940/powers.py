"""The four powers as the window shows them: their colours, names and what each seat plays.

A power keeps one colour whatever seat plays it (North is always red), taken from the
theme's seat palette so the colour-blind set applies. A view names each seat's power
(`public.powers`, clockwise from North); a power nobody plays is drawn grey.
"""
from game import theme

POWERS = ("North", "East", "South", "West")
# power -> index into the theme's seat colours: red, yellow, blue, green
PALETTE_INDEX = {"North": 0, "East": 3, "South": 1, "West": 2}
UNPLAYED = (128, 124, 116)


def power_colour(power: str | None) -> tuple:
    if power not in PALETTE_INDEX:
        return UNPLAYED
    return theme.colours.seats[PALETTE_INDEX[power]]


class Powers:
    """Seat <-> power for one table (from any view's `public.powers`)."""

    def __init__(self, powers: list[str]):
        self.of_seat = list(powers)
        self.seat_of = {p: s for s, p in enumerate(powers)}

    def colour(self, seat) -> tuple:
        """A seat's colour (its power's); None or -1 (nobody) is the neutral grey."""
        if seat is None or not 0 <= seat < len(self.of_seat):
            return theme.colours.neutral
        return power_colour(self.of_seat[seat])

    def name(self, seat) -> str:
        if seat is None or not 0 <= seat < len(self.of_seat):
            return "the Gold Reserve"
        return self.of_seat[seat]

    def played(self, power: str) -> bool:
        return power in self.seat_of
