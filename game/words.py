"""Counting in words: "1 card", "2 cards" (never "1 cards" or "piece(s)"), and lists that say how many they
leave out ("2nd Armd, 1st Para and 2 more")."""

IRREGULAR = {"army": "armies", "die": "dice", "city": "cities", "territory": "territories", "survivor": "survivors"}


def plural(n: int, noun: str, many: str | None = None) -> str:
    """`n` and the noun in the number it takes: plural(1, "card") == "1 card", plural(3, "army") == "3 armies"."""
    if n == 1:
        return f"{n} {noun}"
    return f"{n} {many or IRREGULAR.get(noun) or noun + 's'}"


def joined(items: list[str]) -> str:
    """"A", "A and B", "A, B and C"."""
    return " and ".join(filter(None, [", ".join(items[:-1]), items[-1]])) if items else ""


def counted(items: list[str], fits, noun: str = "unit") -> str:
    """As many of `items` as `fits(text)` allows, the rest counted: "2nd Armd, 1st Para and 2 more" (every item
    when all fit); when not even the first name fits, all of them counted by their `noun`, "4 units" (never
    "4 more" with nothing before it)."""
    for shown in range(len(items), 0, -1):
        rest = len(items) - shown
        text = joined(list(items[:shown]) + ([f"{rest} more"] if rest else []))
        if fits(text):
            return text
    return plural(len(items), noun) if items else ""
