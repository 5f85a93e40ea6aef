"""Situation 4 (1968): two sides race to build the same jigsaw board from opposite edges.

The rules surface of DESIGN.md. Real time: every seat may act at any moment;
the host applies moves in arrival order and a move that lost a race is
refused as `illegal`. The rules need no clock (see docs/situation4.md).
"""
from engine import legal as shape, sides as side_list
from engine.errors import GAME_OVER, RuleError
from engine.gametype import IMPERFECT, REALTIME, GameType
from engine.package import option_surface
from engine.schema import Int
from engine.situation4 import moves, play, queries, rule_ids, views
from engine.situation4.board import load
from engine.situation4.sampling import sample_state  # noqa: F401  (information sets: docs/games.md)
from engine.situation4.state import SIDES, new_state, side_of

GAME_ID = "situation4"
TITLE = "Situation 4"
MIN_SEATS = 2
MAX_SEATS = 4
DEFAULT_SEATS = 2
# Every seat races at once; the trays are shuffled (chance) and their order is private.
GAME_TYPE = GameType(dynamics=REALTIME, information=IMPERFECT, teams=True)
QUERIES = queries.__all__   # what a bot or the window may ask the rules (engine/situation4/queries.py)
# engine.why: the rules events and refusals name, and the events that always name one
RULE_IDS = rule_ids.ALL
RULED_EVENTS = frozenset({"square_won", "base_complete", "flag_window", "flag_lapsed", "flagged", "paradropped",
                          "tank_placed", "bridge_placed", "complete"})
# "Both start at the same moment": every racer (window, bot process, host bot) counts this many
# seconds from the moment the table starts before its first move (docs/protocol.md, Situation 4).
START_COUNTDOWN = 3.0
# lapsed_flag: who may flag an objective whose placer let the moment pass. The rules give it to
# the opponent; letting either side take it is a house rule.
OPTION_CHOICES = {"lapsed_flag": ["opponent_only", "either_side"]}

_SLOT = Int(0, load().n - 1)
ACTIONS = {
    "place": {"piece": _SLOT, "slot": _SLOT},
    "flag": {"slot": _SLOT},
    "paradrop": {"target": _SLOT, "piece": _SLOT, "slot": _SLOT},
    "tank": {"slot": _SLOT},
    "bridge": {"position": Int(0, len(load().bridge_positions) - 1)},
}

# What the new-game screen says about each option and its values.
OPTION_LABELS = {"lapsed_flag": {"either_side": "Either side", "opponent_only": "Only the opponent"}}
OPTION_HELP = {"lapsed_flag": "Who may flag an objective that was laid but not flagged at once."}


default_options, validate_options = option_surface(
    OPTION_CHOICES, lambda n: None if n in (2, 4) else "Situation 4 is for 2 players or 2 teams of 2 (4 seats).")


def get_board():
    """The validated board (its layout and piece shapes), shared by rules, bots and window."""
    return load()


def setup(options: dict, n_seats: int, rng) -> dict:
    return new_state(load(), validate_options(dict(options), n_seats), n_seats, rng)


def to_act(state: dict) -> set:
    return set() if state["result"] is not None else set(range(state["n_seats"]))


def apply(state: dict, seat, action: dict, rng) -> list:
    if state["result"] is not None:
        raise RuleError(GAME_OVER, "The puzzle is complete.")
    return play.apply(load(), state, seat, action)


def legal(state: dict, seat: int) -> dict:
    return shape.listing(moves.legal_actions(load(), state, seat))


def sides(state: dict) -> list:
    """Two sides; in a team game seats 0 and 2 build one side, 1 and 3 the other (the lower seat commands)."""
    names = load().side_names
    return [side_list.side(names[s].capitalize(), [seat for seat in range(state["n_seats"]) if side_of(seat) == s])
            for s in range(SIDES)]


def view(state: dict, seat) -> dict:
    return views.view(load(), state, seat)


def private_view(state: dict, seat) -> dict:
    return views.private_view(state, seat)


def redact(event: dict, seat):
    return views.redact(event, seat)


def result(state: dict):
    return state["result"]
