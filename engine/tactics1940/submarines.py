"""Submarines (Rule 11, figures D and E): secret cards and the reaction window.

A submarine card names an ocean square; its holder keeps it secret (engine.hidden: the
hand is a map seat -> {card id: square} in `state["hands"]`; the public sees only how many
cards each seat holds). The moment another player's piece completes a move onto that
square, the holder may expose the card, out of turn, and destroy the piece.

So that nobody learns who holds what, every completed move onto a square named by a
submarine card whose card is not face up in the discards opens a reaction window: a
{"step": "window", "piece", "square", "mover", "traps"} step in which every seat but the
mover is asked (to_act and the prompt name them all), and only a holder of that square's
card finds a `strike` in its legal actions. The window lasts the same time whatever anyone
holds: the rules ask the table to close it after `reaction_seconds` (timer). A strike ends
it at once: a strike is public, and no second card names that square.

A submarine has precedence: traps the moving battleship would make wait until the window
closes without a strike (figure D), while transports it jumped are gone already (figure E).
"""
from engine.hidden import HiddenPieces
from engine.tactics1940 import deck, diplomacy, rule_ids as why, traps
from engine.tactics1940.pieces import destroy
from engine.why import RULE

HANDS = "hands"


def hands(state) -> HiddenPieces:
    return HiddenPieces(state, HANDS)


def needs_window(board, state, sq) -> bool:
    card_id = deck.submarine_card_for(board, sq)
    return card_id is not None and card_id not in state["discard"]


def open_window(state, p, sq, traps_wait: bool, events: list) -> None:
    state["steps"].insert(0, {"step": "window", "piece": p["id"], "square": list(sq), "mover": p["owner"],
                              "traps": traps_wait})
    events.append({"type": "window_opened", "square": list(sq), "piece": p["id"], "mover": p["owner"],
                   "seconds": state["reaction_seconds"], RULE: why.SUBMARINE})


def strikes(state, step, seat) -> list:
    """The cards `seat` may expose in this window (none for the mover)."""
    if seat == step["mover"]:
        return []
    return [int(c) for c, at in sorted(hands(state).pieces_of(seat).items()) if at == step["square"]]


def strike(board, state, step, seat, card_id: int, events: list) -> None:
    state["steps"].remove(step)
    hands(state).reveal(seat, card_id)
    state["discard"].append(card_id)
    p = state["pieces"][step["piece"]]
    events.append({"type": "strike", "seat": seat, "card": deck.public(board, card_id), "piece": p["id"],
                   "square": list(step["square"]), RULE: why.SUBMARINE})
    destroy(state, p, seat, "submarine", events, why.SUBMARINE)
    diplomacy.aggression(state, seat, p["owner"], 1, events)


def close(board, state, step, events: list) -> None:
    """The window ran out with no strike: the move's traps take effect now."""
    state["steps"].remove(step)
    events.append({"type": "window_closed", "square": list(step["square"]), RULE: why.SUBMARINE})
    p = state["pieces"][step["piece"]]
    if step["traps"] and p["at"] is not None:
        traps.resolve(board, state, p, events)
