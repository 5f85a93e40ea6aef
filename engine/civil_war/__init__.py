"""The Civil War Game (Parker Brothers, 1961): two sides on an 18x18 map of the 1863 theatre.

Seat 0 is the Confederacy (moves first), seat 1 the Union. Actions, events and view
fields are listed in docs/civil_war.md. Modules, one idea each:
  board       the map: terrain, cities, rivers, railroads, start, loaded and validated
  pieces      sides, kinds of unit, the forces, looking units up
  movement    steps, mountains and passes, gunboats and boarding, rides, paths
  railroads   sections and cuts
  battle      larger / even / sacrifice battles, losses, retreats
  cities      key cities, capitals, garrisons, fortification
  turns       turn flow, pending steps, apply, legal actions, the end of the game
  views       the (wholly public) view and rebuilding state from it
"""
from engine import options
from engine.civil_war import turns, views
from engine.civil_war.board import load
from engine.civil_war.pieces import KINDS

GAME_ID = "civil_war"
TITLE = "The Civil War Game"
MIN_SEATS = MAX_SEATS = DEFAULT_SEATS = 2
REALTIME = False
# turn_limit: side-turns before the game is decided by pieces left (0: no limit).
OPTION_CHOICES = {"turn_limit": [200, 100, 400, 0]}
# How a menu shows a choice whose value alone says little.
OPTION_LABELS = {"turn_limit": {0: "No limit"}}

to_act = turns.to_act
apply = turns.apply
legal_actions = turns.legal_actions
result = turns.result
view = views.view
state_from_view = views.state_from_view


def default_options() -> dict:
    return options.defaults(OPTION_CHOICES)


def validate_options(requested, n_seats) -> dict:
    if n_seats != 2:
        raise ValueError("The Civil War Game is for exactly two players.")
    return options.choose(OPTION_CHOICES, requested)


def setup(options, n_seats, rng) -> dict:
    board = load("civil_war")
    units = []
    for side, at, forces in board.start:
        for kind in KINDS:
            for _ in range(forces[kind]):
                units.append({"id": len(units), "side": side, "kind": kind, "at": list(at),
                              "moved": False, "disabled": False})
    return {"board": board.name, "turn": 0, "turn_number": 1, "turn_limit": options["turn_limit"],
            "moved_any": False, "units": units, "fortified": {}, "flags": {}, "pending": [], "outcome": None}


def redact(event, seat):
    return event  # nothing in this game is secret
