"""Which games, seat counts and bot levels the conformance suite covers: asked of the registry, never listed.

Every game in `engine.games.available()` is covered (the test suite registers `tests/toy_game.py` as
"toy" too), at every seat count its options accept, with every bot level.
"""
from bots import LEVELS  # the heuristic ladder (the expert searches: its own tests, tests/bots)
from engine import games


def game_ids() -> list[str]:
    return games.available()


def seat_counts(game_id: str) -> list[int]:
    rules = games.rules(game_id)
    out = []
    for n in range(rules.MIN_SEATS, rules.MAX_SEATS + 1):
        try:
            rules.validate_options(rules.default_options(), n)
        except ValueError:
            continue
        out.append(n)
    return out


def game_seats() -> list[tuple[str, int]]:
    return [(g, n) for g in game_ids() for n in seat_counts(g)]


def game_seats_levels() -> list[tuple[str, int, str]]:
    return [(g, n, level) for g, n in game_seats() for level in LEVELS]


def levels_around(level: str, n_seats: int) -> list[str]:
    """The bot levels of a table where `level` is under test: it takes seat 0 and the other seats take the
    levels after it in turn, so each level meets the others in whole games (a 2-seat game: easy against
    normal, normal against hard, hard against easy)."""
    first = LEVELS.index(level)
    return [LEVELS[(first + k) % len(LEVELS)] for k in range(n_seats)]


def case_id(case) -> str:
    return "-".join(str(part) for part in case)
