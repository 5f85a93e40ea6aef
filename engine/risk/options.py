"""Game options: the choices the new-game screen offers (first value is the default)."""
from engine import options

OPTION_CHOICES = {
    "territories": ["dealt", "claim"],        # dealt at random, or claimed one at a time in turn
    "card_values": ["escalating", "fixed"],   # 4, 6, 8, 10, 12, 15, +5 ... or by kind of set
    "fortify": ["connected", "adjacent"],     # through own territories, or only next door
    "defender_dice": ["auto", "choose"],      # defender rolls the most allowed, or answers each attack
    "first_player": ["dice", "first_seat"],   # the highest die roll starts, or seat 0 always (house rule)
}
# How a menu shows a choice whose value alone says little.
OPTION_LABELS = {"first_player": {"dice": "Highest roll", "first_seat": "First seat always"}}


def default_options() -> dict:
    return options.defaults(OPTION_CHOICES)


def validate_options(requested, n_seats: int) -> dict:
    return options.choose(OPTION_CHOICES, requested)
