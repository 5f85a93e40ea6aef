"""Card sets and what they are worth.

A set is three cards of one symbol, one of each symbol, or any two cards with
a wild. Escalating values: 4, 6, 8, 10, 12, 15, then 5 more per further set,
counted over the whole game. The `fixed` option (older printing) values a set
by its kind: three infantry 4, three cavalry 6, three artillery 8, one of each 10.
"""
from itertools import combinations, product

from engine.risk.board import SYMBOLS, WILD, load

ESCALATING_START = (4, 6, 8, 10, 12, 15)
ESCALATING_STEP = 5
FIXED_VALUES = {"infantry": 4, "cavalry": 6, "artillery": 8, "mixed": 10}
TERRITORY_BONUS = 2  # extra armies for a traded card showing one's own territory, at most once a turn


def symbols_form_set(symbols) -> bool:
    if len(symbols) != 3:
        return False
    if WILD in symbols:
        return True
    distinct = len(set(symbols))
    return distinct in (1, 3)


def escalating_value(sets_traded_before: int) -> int:
    """Worth of the next set when `sets_traded_before` sets have been traded in the game."""
    if sets_traded_before < len(ESCALATING_START):
        return ESCALATING_START[sets_traded_before]
    return ESCALATING_START[-1] + ESCALATING_STEP * (sets_traded_before - len(ESCALATING_START) + 1)


def fixed_value(symbols) -> int:
    """Best worth of a set under fixed values; each wild stands for whichever symbol pays most."""
    best = 0
    wild_slots = [i for i, s in enumerate(symbols) if s == WILD]
    for filling in product(SYMBOLS, repeat=len(wild_slots)):
        concrete = list(symbols)
        for slot, sym in zip(wild_slots, filling):
            concrete[slot] = sym
        kinds = set(concrete)
        if len(kinds) == 1:
            best = max(best, FIXED_VALUES[concrete[0]])
        elif len(kinds) == 3:
            best = max(best, FIXED_VALUES["mixed"])
    return best


def set_value(symbols, sets_traded_before: int, card_values: str) -> int:
    if card_values == "fixed":
        return fixed_value(symbols)
    return escalating_value(sets_traded_before)


def symbols_of(card_ids) -> list[str]:
    cards = load().cards
    return [cards[i]["symbol"] for i in card_ids]


def tradeable_sets(card_ids) -> list[list[int]]:
    """Every set in a hand, each as its card ids in ascending order."""
    cards = load().cards
    return [list(combo) for combo in combinations(sorted(card_ids), 3)
            if symbols_form_set([cards[i]["symbol"] for i in combo])]


def card_info(card_id: int) -> dict:
    return dict(load().cards[card_id])
