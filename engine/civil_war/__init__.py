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
  views       the (wholly public) view
  queries     what a bot or a window may ask the rules (strength, stakes, steps): QUERIES
  rule_ids    the rules events and refusals name (engine.why)
"""
from engine import sides as side_list
from engine.package import option_surface
from engine.civil_war import queries, rule_ids
from engine.civil_war.turns import apply, legal, result, to_act  # noqa: F401  (the contract's names)
from engine.civil_war.views import view  # noqa: F401
from engine.civil_war.board import load
from engine.civil_war.pieces import KINDS, SIDE_TITLES
from engine.civil_war.sampling import sample_state  # noqa: F401  (information sets: docs/games.md)
from engine.clone import records, shaped
from engine.gametype import GameType
from engine.schema import Int, ListOf, MapOf, Optional, Square

GAME_ID = "civil_war"
TITLE = "The Civil War Game"
MIN_SEATS = MAX_SEATS = DEFAULT_SEATS = 2
# Everything is on the board for both to see; an even battle is settled by a coin.
GAME_TYPE = GameType()
QUERIES = queries.__all__
# turn_limit: side-turns before the game is decided by pieces left. The rules set no limit (0);
# a limit is a house rule for games that would stall.
OPTION_CHOICES = {"turn_limit": [0, 200, 100, 400]}
# How a menu shows a choice whose value alone says little.
OPTION_LABELS = {"turn_limit": {0: "No limit"}}

# What the new-game screen says about the option.
OPTION_HELP = {"turn_limit": "After this many turns the side with more pieces left wins (the rules set no limit)."}

_SQUARE = Square(load("civil_war").size, load("civil_war").size)
_UNITS = MapOf(KINDS, Int(0, 99))
_PATH = Optional(ListOf(_SQUARE, min_len=1, max_len=3))
# A move or retreat names its destination by "to" (the rules find the way) or by its whole "path".
ACTIONS = {
    "move": {"from": _SQUARE, "units": _UNITS, "to": Optional(_SQUARE), "path": _PATH},
    "fortify": {"at": _SQUARE},
    "unfortify": {"at": _SQUARE},
    "end_turn": {},
    "surrender": {},
    "battle": {"eliminate": _UNITS, "lose": Optional(_UNITS)},
    "retreat": {"units": _UNITS, "to": Optional(_SQUARE), "path": _PATH},
    "choose_losses": {"at": _SQUARE, "units": _UNITS},
}
# engine.why: the rules events and refusals name, and the events that always name one
RULE_IDS = rule_ids.ALL
RULED_EVENTS = frozenset({"battle", "battle_choice", "coin", "disabled", "eliminated", "retreat_due", "captured",
                          "losses_due", "fortified", "unfortified", "surrendered", "game_over"})
# Undo (docs/civil_war.md, "Undo"): moves and fortifications of this turn until a battle or a step is owed.
UNDOABLE = {"move", "fortify", "unfortify"}


def undo_barrier(before, after, seat, action, events) -> bool:
    # A battle, even one settled on the spot (a sacrifice: the attackers die, the defenders are disabled),
    # stays fought: taking the move back would bring the dead back to life.
    return (bool(after["pending"]) or before["turn"] != after["turn"]
            or any(e["type"] == "battle" for e in events))

# Always allowed and never listed in `legal`, so that no bot or random client gives up by chance.
UNLISTED_ACTIONS = ("surrender",)


default_options, validate_options = option_surface(
    OPTION_CHOICES, lambda n: None if n == 2 else "The Civil War Game is for exactly two players.")


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


def sides(state) -> list:
    return [side_list.side(SIDE_TITLES[s].removeprefix("the ").capitalize(), [s]) for s in (0, 1)]


def redact(event, seat):
    return event  # nothing in this game is secret


# A position copied for search (engine/clone.py): the pieces copied one by one, their squares shared
clone = shaped({"units": records})
