"""Sides, teams and alliances, as every view shows them in `view.public.sides`.

    [{"name": "Blue", "seats": [0, 2], "commander": 0, "allies": []}, ...]

Every seat is on exactly one side. Each side has a `commander`, one of its seats (the
lowest unless the game says otherwise): when several seats play one side, the commander
decides what the game says a commander decides; `allies` lists the indexes of other sides fighting with it now, and may change
during a game (a neutral drawn into a war). A game without teams has one side per seat.
"""


def side(name: str, seats, *, commander: int | None = None, allies=()) -> dict:
    seats = sorted(seats)
    if commander is None:
        commander = seats[0]
    return {"name": name, "seats": seats, "commander": commander, "allies": sorted(allies)}


def one_per_seat(n_seats: int, names=None) -> list[dict]:
    names = names or [f"Seat {i + 1}" for i in range(n_seats)]
    return [side(names[i], [i]) for i in range(n_seats)]


def problem(sides: list[dict], n_seats: int) -> str | None:
    """None when `sides` is well formed for `n_seats` seats, else what is wrong."""
    seen = []
    for i, s in enumerate(sides):
        if not s["seats"]:
            return f"side {i} has no seat"
        if s["commander"] not in s["seats"]:
            return f"side {i}'s commander is not one of its seats"
        for a in s["allies"]:
            if not 0 <= a < len(sides) or a == i:
                return f"side {i} names an ally that is no other side"
            if i not in sides[a]["allies"]:
                return f"side {i} is allied with side {a} but not the other way round"
        seen += s["seats"]
    if sorted(seen) != list(range(n_seats)):
        return "the sides do not hold every seat exactly once"
    return None


def side_of(sides: list[dict], seat: int) -> int:
    for i, s in enumerate(sides):
        if seat in s["seats"]:
            return i
    raise KeyError(f"seat {seat} is on no side")


def friendly(sides: list[dict], a: int, b: int) -> bool:
    """True when seats `a` and `b` are on one side or on allied sides."""
    sa, sb = side_of(sides, a), side_of(sides, b)
    return sa == sb or sb in sides[sa]["allies"]
