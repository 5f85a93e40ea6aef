"""One roll of a battle: dice compared highest against highest, ties to the defender."""
from fractions import Fraction
from functools import lru_cache
from itertools import product

MAX_ATTACK_DICE = 3
MAX_DEFEND_DICE = 2


def compare(attacker_dice: list[int], defender_dice: list[int]) -> tuple[int, int]:
    """(attacker_losses, defender_losses) for the given dice, in any order."""
    a = sorted(attacker_dice, reverse=True)
    d = sorted(defender_dice, reverse=True)
    attacker_losses = defender_losses = 0
    for att, dfn in zip(a, d):
        if attacker_takes_pair(att, dfn):
            defender_losses += 1
        else:
            attacker_losses += 1
    return attacker_losses, defender_losses


def attacker_takes_pair(attacker_die: int, defender_die: int) -> bool:
    """True when the attacker's die beats the defender's in one compared pair: a tie goes to the defender."""
    return attacker_die > defender_die


def max_attack_dice(armies_in_source: int) -> int:
    return min(MAX_ATTACK_DICE, armies_in_source - 1)


def max_defend_dice(armies_defending: int) -> int:
    return min(MAX_DEFEND_DICE, armies_defending)


def roll(rng, attacker_count: int, defender_count: int) -> tuple[list[int], list[int]]:
    """Attacker's then defender's dice, each sorted high to low."""
    a = sorted(rng.dice(attacker_count), reverse=True)
    d = sorted(rng.dice(defender_count), reverse=True)
    return a, d


@lru_cache(maxsize=None)
def outcome_odds(attacker_count: int, defender_count: int) -> dict[tuple[int, int], Fraction]:
    """Exact chance of each (attacker_losses, defender_losses) for one roll, by enumerating every throw."""
    tally: dict[tuple[int, int], int] = {}
    throws = list(product(range(1, 7), repeat=attacker_count + defender_count))
    for throw in throws:
        key = compare(list(throw[:attacker_count]), list(throw[attacker_count:]))
        tally[key] = tally.get(key, 0) + 1
    return {k: Fraction(v, len(throws)) for k, v in tally.items()}
