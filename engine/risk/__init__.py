"""The classic world-conquest game: 42 territories, dice battles, card sets.

The rules surface of DESIGN.md. Modules, one idea each:
  board     the map as data, validated on load
  cards     sets and their values
  combat    dice comparison
  options   the new-game choices
  setup     dealing or claiming, then placing the starting armies
  turns     reinforce, attack, occupy, fortify, draw
  legal     what a seat may do, from public data (shared with the bots)
  view      per-seat views and event redaction
"""
from engine.errors import RuleError
from engine.risk import legal, setup as opening, turns
from engine.risk.legal import NEUTRAL, actor
from engine.risk.options import OPTION_CHOICES, default_options, validate_options
from engine.risk.view import private_view, redact, view

GAME_ID = "risk"
TITLE = "World Conquest"
MIN_SEATS = 2
MAX_SEATS = 6
DEFAULT_SEATS = 4
REALTIME = False

__all__ = ["GAME_ID", "TITLE", "MIN_SEATS", "MAX_SEATS", "DEFAULT_SEATS", "REALTIME", "OPTION_CHOICES", "NEUTRAL",
           "default_options", "validate_options", "setup", "to_act", "apply", "legal_actions", "view", "private_view",
           "redact", "result", "RuleError"]


def setup(options: dict, n_seats: int, rng) -> dict:
    return opening.new_state(validate_options(options, n_seats), n_seats, rng)


def to_act(state: dict) -> set[int]:
    seat = actor(state)
    return set() if seat is None else {seat}


def legal_actions(state: dict, seat: int) -> list[dict]:
    return legal.legal_actions(state, state["hands"][seat], seat)


def apply(state: dict, seat: int, action: dict, rng) -> list[dict]:
    hand = state["hands"][seat] if isinstance(seat, int) and 0 <= seat < state["n_seats"] else []
    kind = legal.check(state, hand, seat, action)  # refuses before anything changes
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
