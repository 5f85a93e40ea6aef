"""Game options chosen from a fixed menu: every game declares `OPTION_CHOICES`
(option -> allowed values, the first one the default) and checks a request here."""


def defaults(choices: dict[str, list]) -> dict:
    return {key: values[0] for key, values in choices.items()}


def choose(choices: dict[str, list], options) -> dict:
    """The defaults overridden by `options`; ValueError with one sentence for anything not on the menu."""
    if not isinstance(options, dict):
        raise ValueError("Options must be a map of option names to values.")
    out = defaults(choices)
    for key, value in options.items():
        if key not in choices:
            raise ValueError(f"There is no option {key!r}; options are {', '.join(choices)}.")
        # bool is an int in Python: True must not pass for 1.
        if isinstance(value, bool) or value not in choices[key]:
            allowed = ", ".join(map(str, choices[key]))
            raise ValueError(f"Option {key!r} must be one of {allowed}, not {value!r}.")
        out[key] = value
    return out
