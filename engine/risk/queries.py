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
  LEAST_TO_LEAVE_FROM            armies a territory needs for an attack or a move from it (one stays behind)
  attack_options(territories, seat)
                                 (from, to, the most dice) of every attack the seat may make, as the rules list them
  forget()                       drop the remembered odds (after a rule is changed, as a test does)
  evaluate(state, seat)          the seat's worth of a position, 0..1, by what wins the game (below)
  terms(state, seat), worth(terms), TERM_WORDS
                                 what `evaluate` weighs, named; the worth from them; their words
"""
from functools import lru_cache

from engine.evaluation import Term
from engine.risk import cards, combat, turns
from engine.risk.board import WILD
from engine.risk.combat import MAX_ATTACK_DICE, MAX_DEFEND_DICE, max_attack_dice, max_defend_dice
from engine.risk.legal import LEAST_TO_LEAVE_FROM, attack_options

__all__ = ["attacker_takes_pair", "pair_losers", "outcome_odds", "conquest_odds", "max_attack_dice",
           "max_defend_dice", "MAX_ATTACK_DICE", "MAX_DEFEND_DICE", "LEAST_TO_LEAVE_FROM", "attack_options", "forget", "evaluate",
           "terms", "worth", "TERM_WORDS"]

# How much one army of income, and one card in hand, weigh against one army on the board. A seat's
# income comes back every turn (territories / 3, at least 3, plus its continents' bonuses), so it
# counts for the few turns a position lasts; a card is a third of the next set's worth, half of it
# counted (a set needs three, and a hand may wait turns for one).
INCOME_TURNS = 3
CARD_SHARE = 0.5


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


def evaluate(state: dict, seat: int) -> float:
    """The seat's worth of a position, 0..1, as a share of what wins World Conquest: the game is won by
    taking every other player's last territory, and what takes territories is armies, so a seat's
    power is its armies on the board and still to place, plus its income over `INCOME_TURNS` turns
    (the rules' own `reinforcements`: territories / 3, at least 3, and a continent's bonus for a
    player holding the whole continent), plus its cards (their share of the next set's value). The
    worth is that power's share among the seats still playing (the neutral takes no turn and is not
    counted): `worth(terms(state, seat))`; a finished game is 1 for a winner (shared), 0 for a loser.
    `state` is a whole state (as `sample_state` or `setup` returns it): it reads the hands, which a view
    hides."""
    if state.get("winners") is not None:
        return 1.0 / len(state["winners"]) if seat in state["winners"] else 0.0
    if seat in state["eliminated"]:
        return 0.0
    return worth(terms(state, seat))


def terms(state: dict, seat: int) -> dict:
    """What `evaluate` weighs, named (engine.evaluation): the seat's armies (on the board and to place), its
    income (items: the continents it holds), its cards, and the same summed over its rivals still playing;
    the worth of a card; and the seat's territories by name (they count through its income)."""
    playing = [s for s in range(state["n_seats"]) if s not in state["eliminated"]]
    armies = {s: 0 for s in playing}
    for v in state["territories"].values():
        if v["owner"] in armies:
            armies[v["owner"]] += v["armies"]
    if state["phase"] not in ("setup", "claim"):
        if state["current"] in armies:
            armies[state["current"]] += state["armies_to_place"]
    else:
        for s in armies:
            armies[s] += state["setup_pools"][s]
    income, continents = {}, ()
    for s, (from_territories, bonuses) in turns.reinforcements_of(state, playing).items():
        income[s] = from_territories + sum(bonuses.values())
        if s == seat:
            continents = tuple(sorted(bonuses))
    rivals = [s for s in playing if s != seat]
    held = sorted(t for t, v in state["territories"].items() if v["owner"] == seat)
    return {
        "armies": Term(armies.get(seat, 0)),
        "income": Term(income.get(seat, 0), continents),
        "cards": Term(len(state["hands"][seat])),
        "rival_armies": Term(sum(armies[s] for s in rivals)),
        "rival_income": Term(sum(income[s] for s in rivals)),
        "rival_cards": Term(sum(len(state["hands"][s]) for s in rivals)),
        "card_worth": Term(CARD_SHARE * cards.set_value([WILD] * 3, state["sets_traded"],
                                                        state["options"]["card_values"]) / 3),
        "territories": Term(len(held), tuple(held)),
        "rivals": Term(len(rivals)),
    }


def worth(terms: dict) -> float:
    """`evaluate` of a position from its `terms`: the seat's power as a share of all the seats' still playing."""
    card_worth = terms["card_worth"].value

    def power(armies, income, cards):
        return terms[armies].value + INCOME_TURNS * terms[income].value + card_worth * terms[cards].value
    own = power("armies", "income", "cards")
    total = own + power("rival_armies", "rival_income", "rival_cards")
    return own / total if total else 1.0 / (1 + terms["rivals"].value)


# What a reason calls each term's change (engine.evaluation; bots/reasons.py words them): "gained" / "lost" when
# the term's named items changed ({items} names them), else "more" / "fewer" by its value ({n}: by how much;
# {n:one|many}: with its noun, one or many as the count is: bots/reasons.py Count).
TERM_WORDS = {
    "armies": {"more": "{n:more army|more armies}", "fewer": "{n:army|armies} lost"},
    "income": {"gained": "takes {items}", "lost": "loses {items}", "more": "income up {n}",
               "fewer": "income down {n}"},
    "cards": {"more": "earns a card", "fewer": "trades cards in"},
    "rival_armies": {"more": "the others gain {n:army|armies}", "fewer": "the others lose {n:army|armies}"},
    "rival_income": {"more": "the others' income up {n}", "fewer": "the others' income down {n}"},
    "rival_cards": {"more": "a rival earns a card", "fewer": "a rival trades cards in"},
    "territories": {"gained": "takes {items}", "lost": "loses {items}"},
}
