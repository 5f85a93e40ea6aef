"""Tactics (Avalon Hill, designed 1954, this edition 1983): two armies of divisions on a board of
squares, 30 squares of movement a turn for a whole army, and a combat results table.

Blue (seats 0 and 2) and Red (seats 1 and 3); with four seats each side has a commander (seat 0
or 1) and a second player. Actions, events, views and legal moves are listed in
docs/ah_tactics.md ("Protocol: ah_tactics"). Modules, one idea each:
  board         the map: terrain, cities, ports, beaches, rivers, bridges, lines, bivouac areas
  units         the order of battle: kinds, names, combat factors, starting formations
  state         the state's shape and the questions every module asks of it
  movement      step costs in thirds, reach of every unit at once, routes
  allowance     the Basic Turn Allowance, the turn's movement flags, which units may move
  airborne      where parachute divisions may land
  contact       control, contact, who may attack whom, HQs lost in contact
  battles       the battle plan: matching attackers to defenders, odds
  crt           the Combat Results Table (data) and the odds column, roll-offs
  results       fighting the plan: eliminations, exchanges, fall-backs
  reserves      secret reserves off the board, the front line, stumbling upon them
  headquarters  corps membership and regrouping, the HQ range rule (H2)
  prisoners     prisoners, guards, liberation and refitting (J1, J2)
  encirclement  capture by encirclement (J4)
  cities        port ownership and city occupation
  victory       the two ways to win
  setup         a new game, the secret set-up, the first move
  turns         phases, who acts, applying actions, the end of a turn
  listing       legal actions (per-unit move templates with costs)
  rule_ids      the rules events and refusals name (engine.why)
  views         public and private views, redaction, prompts, sides
"""
from engine.package import option_surface
from engine.ah_tactics import setup as setup_module
from engine.ah_tactics.listing import legal  # noqa: F401  (the contract's names, from the modules that answer them)
from engine.ah_tactics.movement import prepare  # noqa: F401  (engine.games.prepare: the compiled searches loaded)
from engine.ah_tactics.turns import apply, to_act  # noqa: F401
from engine.ah_tactics.views import private as private_view, prompt, redact, sides, view  # noqa: F401
from engine.ah_tactics import rule_ids
from engine.ah_tactics import queries  # view-level questions a window asks (docs: "Queries the window asks")
from engine.ah_tactics.board import load
from engine.ah_tactics.headquarters import UNATTACHED
from engine.ah_tactics.sampling import sample_state  # noqa: F401  (information sets: docs/games.md)
from engine.clone import flat, records, shaped
from engine.ah_tactics.units import CORPS, N_UNITS
from engine.gametype import CHANCE, IMPERFECT, SEQUENTIAL, GameType
from engine.schema import Int, Square, Str
from engine.undo import when_changed

QUERIES = queries.__all__   # what bots and the window may ask the rules (tests/bots/test_legal_only.py)

GAME_ID = "ah_tactics"
TITLE = "Tactics (1954)"
MIN_SEATS, MAX_SEATS, DEFAULT_SEATS = 2, 4, 2
GAME_TYPE = GameType(dynamics=SEQUENTIAL, chance=CHANCE, information=IMPERFECT, reactions=True, teams=True,
                     hidden_on_board=True)

OPTION_CHOICES = {
    "hq_range": ["advisory", "binding"],   # H2: the rulebook sets no penalty
    "prisoners": ["off", "guarded", "liberation"],   # J1, and J1 with J2
    "hq_defence": ["off", "on"],           # J3
    "encirclement": ["off", "on"],         # J4
    "line_cost": ["per_unit", "pooled"],   # C1: a unit's thirds of a square along lines, or all units' together
}
OPTION_LABELS = {
    "hq_range": {"advisory": "Advisory (rulebook)", "binding": "Binding"},
    "prisoners": {"off": "Off", "guarded": "Prisoners (J1)", "liberation": "Prisoners and liberation (J1, J2)"},
    "hq_defence": {"off": "Off", "on": "On (J3)"},
    "encirclement": {"off": "Off", "on": "On (J4)"},
    "line_cost": {"per_unit": "Per unit (rulebook)", "pooled": "Pooled thirds"},
}
OPTION_TITLES = {"hq_range": "HQ range", "prisoners": "Prisoners", "hq_defence": "HQ defence",
                 "encirclement": "Encirclement", "line_cost": "Road and rail cost"}
OPTION_HELP = {
    "hq_range": "Corps HQs belong within five squares of most of their corps: shown only, or enforced on every move.",
    "prisoners": "Optional rules J1 and J2: '(1 Pris)' results take prisoners, who must be marched under guard to a "
                 "bivouac area; with liberation, prisoners reached by their own side go free and refit.",
    "hq_defence": "Optional rule J3: headquarters defend with a factor of one instead of being lost on contact.",
    "encirclement": "Optional rule J4: units cut off for two complete turns are captured.",
    "line_cost": "Rule C1: three squares along a road or railroad for one square of allowance, counted for each "
                 "unit in whole squares, or in thirds of a square pooled across all units.",
}

_BOARD = load()
_SQUARE = Square(_BOARD.width, _BOARD.height)
_UNIT = Int(0, N_UNITS - 1)
ACTIONS = {
    "place": {"unit": _UNIT, "to": _SQUARE},
    "setup_done": {},
    "move": {"unit": _UNIT, "to": _SQUARE},
    "drop": {"unit": _UNIT, "to": _SQUARE},
    "reserve": {"unit": _UNIT},
    "reveal": {"unit": _UNIT},
    "regroup": {"unit": _UNIT, "corps": Str(CORPS + (UNATTACHED,))},
    "end_movement": {},
    "assign": {"attacker": _UNIT, "defender": _UNIT, "factors": Int(1, 2)},
    "combine": {"defender": _UNIT, "with": _UNIT},
    "unassign": {"unit": _UNIT},
    "confirm_battles": {},
    "retreat": {"unit": _UNIT, "to": _SQUARE},
    "contact": {"choice": Str(["fight", "fall_back"])},
}
# engine.why: the rules events and refusals name, and the events that always name one
RULE_IDS = rule_ids.ALL
RULED_EVENTS = frozenset({"eliminated", "captured", "battle", "fell_back", "replaced", "halted", "stumbled",
                          "drop_failed", "revealed", "contact_stands", "liberated", "escaped", "refitted",
                          "port_seized", "game_over"})
# Undo (docs/ah_tactics.md, "Undo"): set-up, moves and the battle plan of the phase, until something shows.
UNDOABLE = {"place", "move", "drop", "reserve", "regroup", "assign", "combine", "unassign"}
_SHOWS = {"stumbled", "revealed", "drop_failed"}   # a hidden reserve came to light
# What a move did to the other side as it happened (an HQ lost in contact under F, a prisoner freed, a
# port taken): like a reaction, a fact both sides have seen, so the move stands.
_STRUCK = {"eliminated", "captured", "liberated", "port_seized", "escaped", "refitted"}
_phase_ended = when_changed("phase", "active", "round")


def undo_barrier(before, after, seat, action, events) -> bool:
    return _phase_ended(before, after, seat, action, events) or any(e.get("type") in _SHOWS | _STRUCK for e in events)


default_options, validate_options = option_surface(
    OPTION_CHOICES, lambda n: None if n in (2, 4) else "Tactics is for two players, or two teams of two (4 seats).")


def setup(options, n_seats, rng) -> dict:
    return setup_module.new_state(_BOARD, validate_options(dict(options), n_seats), n_seats, rng)


def result(state):
    return state["result"]


# A position copied for search (engine/clone.py): the units copied one by one, their squares shared; the lists and
# maps of plain values copied in one call each
clone = shaped({"units": records, **dict.fromkeys(("options", "ready", "credit", "halted", "flown", "moved", "ports",
                                                   "must", "hold", "eliminated"), flat)})
