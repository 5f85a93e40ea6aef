"""Game options: the choices the new-game screen offers (first value is the default)."""

OPTION_CHOICES = {
    "territories": ["dealt", "claim"],        # dealt at random, or claimed one at a time in turn
    "card_values": ["escalating", "fixed"],   # 4, 6, 8, 10, 12, 15, +5 ... or by kind of set
    "fortify": ["connected", "adjacent"],     # through own territories, or only next door
    "defender_dice": ["auto", "choose"],      # defender rolls the most allowed, or answers each attack
}


def default_options() -> dict:
    return {key: values[0] for key, values in OPTION_CHOICES.items()}


def validate_options(options, n_seats: int) -> dict:
    if not isinstance(options, dict):
        raise ValueError("Options must be a map of option names to values.")
    out = default_options()
    for key, value in options.items():
        if key not in OPTION_CHOICES:
            raise ValueError(f"There is no option {key!r}; options are {', '.join(OPTION_CHOICES)}.")
        if value not in OPTION_CHOICES[key]:
            raise ValueError(f"Option {key!r} must be one of {', '.join(OPTION_CHOICES[key])}, not {value!r}.")
        out[key] = value
    return out
