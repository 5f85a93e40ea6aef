"""The classic world-conquest game: 42 territories, dice battles, card sets.

The rules surface of DESIGN.md. Modules, one idea each:
  board     the map as data, validated on load
  cards     sets and their values
  combat    dice comparison
  options   the new-game choices
  setup     dealing or claiming, then placing the starting armies
  turns     reinforce, attack, occupy, fortify, draw
  legal     what a seat may do, from public data (shared with the bots)
  rule_ids  the rules events and refusals name (engine.why)
  view      per-seat views and event redaction
  queries   what a bot or a window may ask the rules (dice odds, who loses a pair): QUERIES
"""
from engine.errors import RuleError
from engine.gametype import IMPERFECT, GameType
from engine.risk import legal as rules_legal, queries, rule_ids, setup as opening, turns
from engine.risk.board import TERRITORY_COUNT, WILD_CARDS, load
from engine.risk.legal import NEUTRAL, actor
from engine.package import option_surface
from engine.risk.options import OPTION_CHOICES
from engine.risk.options import OPTION_HELP, OPTION_LABELS  # noqa: F401  (the new-game screen reads them)
from engine.risk.view import private_view, redact, view
from engine.risk.sampling import sample_state  # noqa: F401  (information sets: docs/games.md)
from engine.clone import keyed_records, shaped
from engine.schema import Int, ListOf, Str
from engine.undo import when_changed

GAME_ID = "risk"
TITLE = "World Conquest"
MIN_SEATS = 2
MAX_SEATS = 6
DEFAULT_SEATS = 4
# Hidden hands; the defender may be asked to answer an attack out of turn (option defender_dice=choose).
GAME_TYPE = GameType(information=IMPERFECT, reactions=True)
default_options, validate_options = option_surface(
    OPTION_CHOICES,
    lambda n: None if MIN_SEATS <= n <= MAX_SEATS else f"{TITLE} is for {MIN_SEATS} to {MAX_SEATS} players.")

QUERIES = queries.__all__
_TERRITORY = Str(load().territory_ids)
_ARMIES = Int(1, 1_000_000)
ACTIONS = {
    "claim": {"territory": _TERRITORY},
    "place": {"territory": _TERRITORY, "count": _ARMIES},
    "trade": {"cards": ListOf(Int(0, TERRITORY_COUNT + WILD_CARDS - 1), min_len=3, max_len=3, unique=True)},
    "attack": {"from": _TERRITORY, "to": _TERRITORY, "dice": Int(1, 3)},
    "defend": {"dice": Int(1, 2)},
    "occupy": {"count": _ARMIES},
    "end_attack": {},
    "fortify": {"from": _TERRITORY, "to": _TERRITORY, "count": _ARMIES},
    "end_turn": {},
}
# engine.why: the rules events and refusals name, and the events that always name one
RULE_IDS = rule_ids.ALL
RULED_EVENTS = frozenset({"reinforcements", "traded", "battle", "eliminated", "card_drawn",
                          "game_over"})
# Undo (docs/protocol.md, risk, "Undo"): reinforcements placed this phase, one by one; the last ends the phase.
UNDOABLE = {"place"}
undo_barrier = when_changed("phase")

__all__ = ["GAME_ID", "TITLE", "MIN_SEATS", "MAX_SEATS", "DEFAULT_SEATS", "GAME_TYPE", "OPTION_CHOICES",
           "OPTION_LABELS", "ACTIONS", "RULE_IDS", "RULED_EVENTS",
           "NEUTRAL", "default_options", "validate_options", "setup", "to_act", "apply", "legal", "view",
           "private_view", "redact", "result", "prompt", "clone", "RuleError"]


def setup(options: dict, n_seats: int, rng) -> dict:
    return opening.new_state(validate_options(options, n_seats), n_seats, rng)


def to_act(state: dict) -> set[int]:
    seat = actor(state)
    return set() if seat is None else {seat}


def legal(state: dict, seat: int) -> dict:
    return rules_legal.listing(state, state["hands"][seat], seat)


def prompt(state: dict):
    """The defender's answer to an attack is asked out of turn (option defender_dice=choose)."""
    if state["phase"] != "defend":
        return None
    p = state["pending"]
    return {"kind": "defend", "seats": [p["defender"]],
            "text": f"Choose how many dice defend {load().territories[p['to']]['name']}."}


def apply(state: dict, seat: int, action: dict, rng) -> list[dict]:
    hand = state["hands"][seat] if isinstance(seat, int) and 0 <= seat < state["n_seats"] else []
    kind = rules_legal.check(state, hand, seat, action)  # refuses before anything changes
    events: list[dict] = []
    if kind == "claim":
        opening.claim(state, seat, action["territory"], events)
    elif kind == "place" and state["phase"] == "setup":
        opening.place(state, seat, action["territory"], events)
    elif kind == "place":
        turns.place(state, seat, action["territory"], action["count"], events)
    elif kind == "trade":
        turns.trade(state, seat, list(action["cards"]), events)
    elif kind == "attack":
        turns.attack(state, seat, action["from"], action["to"], action["dice"], rng, events)
    elif kind == "defend":
        turns.defend(state, action["dice"], rng, events)
    elif kind == "occupy":
        turns.finish_occupy(state, action["count"], events)
    elif kind == "end_attack":
        turns.end_attack(state, events)
    elif kind == "fortify":
        turns.fortify(state, seat, action["from"], action["to"], action["count"], rng, events)
    elif kind == "end_turn":
        turns.end_turn(state, seat, rng, events)
    return events


def result(state: dict):
    if state["winners"] is None:
        return None
    scores = [sum(1 for v in state["territories"].values() if v["owner"] == s) for s in range(state["n_seats"])]
    return {"winners": list(state["winners"]), "scores": scores, "reason": state["reason"]}


# A position copied for search (engine/clone.py): the territories copied one by one, nothing else walked
clone = shaped({"territories": keyed_records})
