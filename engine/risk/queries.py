"""The questions a bot (or a window) may ask the rules of World Conquest.

This is the package's public query surface: `engine/risk/__init__.py` re-exports the module as
`queries` (and its `__all__` as `QUERIES`). Bots import this, never the rules modules behind it
(tests/bots/test_legal_only.py holds them to `__all__`), so a rule corrected in the engine is
corrected for the bots and the dice tray too. Every answer comes from the rules' own code.

  attacker_takes_pair(a, d)      whether the attacker's die beats the defender's (ties to the defender)
  pair_losers(attacker_dice, defender_dice)
                                 "attacker" / "defender" for each compared pair, highest against highest
  outcome_odds(attack, defend)   exact chance of each (attacker losses, defender losses) for one roll
  conquest_odds(attackers, defenders)
                                 chance that `attackers` movable armies take a territory held by
                                 `defenders`, both sides always rolling as many dice as they may
  max_attack_dice(armies), max_defend_dice(armies), MAX_ATTACK_DICE, MAX_DEFEND_DICE
  forget()                       drop the remembered odds (after a rule is changed, as a test does)
"""
from functools import lru_cache

from engine.risk import combat
from engine.risk.combat import MAX_ATTACK_DICE, MAX_DEFEND_DICE, max_attack_dice, max_defend_dice

__all__ = ["attacker_takes_pair", "pair_losers", "outcome_odds", "conquest_odds", "max_attack_dice",
           "max_defend_dice", "MAX_ATTACK_DICE", "MAX_DEFEND_DICE", "forget"]


def attacker_takes_pair(attacker_die: int, defender_die: int) -> bool:
    """Whether the attacker wins one compared pair, as the rules decide it (a tie goes to the defender)."""
    return combat.attacker_takes_pair(attacker_die, defender_die)


def pair_losers(attacker_dice, defender_dice) -> list[str]:
    """The loser of each compared pair, highest die against highest: "attacker" or "defender"."""
    a, d = sorted(attacker_dice, reverse=True), sorted(defender_dice, reverse=True)
    return ["defender" if combat.attacker_takes_pair(x, y) else "attacker" for x, y in zip(a, d)]


def outcome_odds(attacker_count: int, defender_count: int) -> dict:
    """Exact chance of each (attacker_losses, defender_losses) for one roll of these many dice."""
    return combat.outcome_odds(attacker_count, defender_count)


@lru_cache(maxsize=None)
def conquest_odds(attackers: int, defenders: int) -> float:
    """Chance that `attackers` movable armies take a territory held by `defenders`, both sides
    always rolling as many dice as they may (the recursion is as deep as the armies: keep them small)."""
    if defenders <= 0:
        return 1.0
    if attackers <= 0:
        return 0.0
    a, d = min(MAX_ATTACK_DICE, attackers), min(MAX_DEFEND_DICE, defenders)
    return sum(float(p) * conquest_odds(attackers - al, defenders - dl)
               for (al, dl), p in combat.outcome_odds(a, d).items())


def forget() -> None:
    """Drop the remembered odds, so the next answer is worked out from the rules as they are now."""
    combat.outcome_odds.cache_clear()
    conquest_odds.cache_clear()
