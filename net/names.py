"""Names for the computer's seats: commanders from history, so a table reads "Bismarck attacks Peru"
rather than "Bot 3 attacks Peru" — at a local table, on the LAN and in the club alike."""

COMMANDERS = ("Bismarck", "Catherine", "Drake", "Hannibal", "Boudica", "Saladin", "Tomoe", "Nelson")


def bot_names(n_seats: int, avoid=()) -> list[str]:
    """One name per seat index (seat i gets the i-th name not in `avoid`), so a seat keeps its name whatever
    the others are."""
    taken = {a.casefold() for a in avoid if a}
    free = [c for c in COMMANDERS if c.casefold() not in taken]
    return [free[i % len(free)] for i in range(n_seats)]


def bot_name(seat: int, seats: list[dict]) -> str:
    """The name a bot takes at `seat` of a table with `seats`: its commander, never a player's name there."""
    return bot_names(len(seats), avoid=[s.get("name") for s in seats if s.get("kind") != "bot"])[seat]
