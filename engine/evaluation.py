"""A position's worth told in named terms: what each game's `evaluate` weighs, so that a reason can be read off it.

Each turn-based game's queries offer, beside `evaluate(state, seat)`:
  terms(state, seat) -> {name: Term}   the named quantities its evaluation weighs, for that seat
  worth(terms) -> float                the evaluation as a function of those terms alone
so that `evaluate` is `worth(terms(...))` for an unfinished game and there is one evaluation, never a copy.
A reason ("takes Stonebridge; no HQ left within the enemy's reach") is then the difference of the terms
between two positions, each change ranked by how far it alone moves the worth (`changes`), and worded by
the game's `TERM_WORDS` (what each term's rise and fall are called).
"""
from dataclasses import dataclass


@dataclass(frozen=True)
class Term:
    """One named quantity a game's evaluation weighs: its `value` (a count or a share) and, where it counts
    things a player knows by name (cities, continents, HQs), their names, sorted."""
    value: float
    items: tuple = ()


def result_worth(winners: list, seat: int) -> float:
    """A finished game's worth for `seat`: the win shared equally among its winners, 0 for a loser, 0.5 for a
    draw (no winners)."""
    return 1.0 / len(winners) if seat in winners else (0.5 if not winners else 0.0)


def changes(worth, before: dict, after: dict) -> list[tuple[str, float]]:
    """(term name, the worth it alone moves) for each term that differs between `before` and `after`: the worth
    of `before` with that one term as it is `after`, less the worth of `before`; the largest moves first,
    gains before losses of the same size."""
    base = worth(before)
    out = []
    for name, term in after.items():
        old = before.get(name)
        if old == term:
            continue
        out.append((name, worth({**before, name: term}) - base))
    out.sort(key=lambda change: (-abs(change[1]), -change[1]))
    return out
