"""Counting in words: "1 card", "2 cards" (never "1 cards" or "piece(s)")."""

IRREGULAR = {"army": "armies", "die": "dice", "city": "cities", "territory": "territories", "survivor": "survivors"}


def plural(n: int, noun: str, many: str | None = None) -> str:
    """`n` and the noun in the number it takes: plural(1, "card") == "1 card", plural(3, "army") == "3 armies"."""
    if n == 1:
        return f"{n} {noun}"
    return f"{n} {many or IRREGULAR.get(noun) or noun + 's'}"
