"""Game options: the choices the new-game screen offers (first value is the default)."""
from engine import options

OPTION_CHOICES = {
    "territories": ["dealt", "claim"],        # dealt at random, or claimed one at a time in turn
    "card_values": ["escalating", "fixed"],   # 4, 6, 8, 10, 12, 15, +5 ... or by kind of set
    "fortify": ["connected", "adjacent"],     # through own territories, or only next door
    "defender_dice": ["auto", "choose"],      # defender rolls the most allowed, or answers each attack
}


def default_options() -> dict:
    return options.defaults(OPTION_CHOICES)


def validate_options(requested, n_seats: int) -> dict:
    return options.choose(OPTION_CHOICES, requested)
