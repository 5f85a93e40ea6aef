"""Names for the computer's seats: commanders from history, so a table reads "Bismarck attacks Peru"
rather than "Bot 3 attacks Peru"."""

COMMANDERS = ("Bismarck", "Catherine", "Drake", "Hannibal", "Boudica", "Saladin", "Tomoe", "Nelson")


def bot_names(n_seats: int, avoid=()) -> list[str]:
    """One name per seat index (seat i gets the i-th name not in `avoid`), so a seat keeps its name whatever
    the others are."""
    taken = {a.casefold() for a in avoid if a}
    free = [c for c in COMMANDERS if c.casefold() not in taken]
    return [free[i % len(free)] for i in range(n_seats)]
