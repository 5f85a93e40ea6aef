"""Small builders for Tactics (1940) rule tests: a cleared board with chosen pieces, a stacked deck."""
import copy

from engine import tactics1940 as game
from engine.errors import RuleError
from engine.rng import Rng
from engine.tactics1940 import deck, submarines
from engine.tactics1940.board import load
from engine.tactics1940.pieces import BATTLESHIP, TRANSPORT, AIRPLANE
from tests.refusals import refusal_check

BOARD = load()
NORTH_HOME, EAST_HOME, SOUTH_HOME, WEST_HOME = (BOARD.homes[p] for p in ("North", "East", "South", "West"))
B, T, A = BATTLESHIP, TRANSPORT, AIRPLANE
ALL_QUIET = next(c["id"] for c in deck.cards_of(BOARD) if c["kind"] == deck.ALL_QUIET)


def cleared(n: int = 2, turn: int = 0, seed: int = 0, **options) -> dict:
    """A new game with every piece off the board (lost), the turn at `turn`, and a deck of harmless cards."""
    state = game.setup(game.validate_options(options, n), n, Rng(seed))
    for p in state["pieces"]:
        p["at"] = None
    state["turn"] = turn
    quiet(state)
    return state


def quiet(state, count: int = 60) -> None:
    """Make the deck all 'All Quiet' cards, so a turn's card changes nothing."""
    state["deck"] = [ALL_QUIET] * count


def stack(state, *kinds) -> list:
    """Put cards of these kinds on top of the deck, first drawn first; returns their ids."""
    ids = []
    used = set(state["deck"]) | set(state["discard"])
    for kind in kinds:
        cid = next(c["id"] for c in deck.cards_of(BOARD) if c["kind"] == kind and c["id"] not in used
                   and c["id"] not in ids)
        ids.append(cid)
    state["deck"] = [c for c in state["deck"] if c not in ids] + list(reversed(ids))
    return ids


def put(state, seat: int, kind: str, at) -> dict:
    """Place one of `seat`'s pieces of `kind` (one off the board) on `at`; returns the piece."""
    for p in state["pieces"]:
        if p["owner"] == seat and p["kind"] == kind and p["at"] is None:
            p["at"] = list(at)
            return p
    raise AssertionError(f"seat {seat} has no spare {kind}")


def give_submarine(state, seat: int, at) -> int:
    """Hand `seat` the submarine card naming square `at`; returns its id."""
    cid = deck.submarine_card_for(BOARD, tuple(at))
    assert cid is not None, f"no submarine card names {at}"
    state["deck"] = [c for c in state["deck"] if c != cid]
    submarines.hands(state).hide(seat, cid, list(at))
    return cid


def act(state, seat, action, seed: int = 0) -> list:
    return game.apply(state, seat, action, Rng(seed))


def move(state, seat, p, *path) -> list:
    return act(state, seat, {"type": "move", "piece": p["id"], "path": [list(sq) for sq in path]})


def close_window(state) -> list:
    return act(state, None, {"type": "close_window"})


refused = refusal_check(game)   # refused with `code`, the state untouched; returns the message

def can_move(state, seat, p, *path) -> bool:
    trial = copy.deepcopy(state)
    try:
        move(trial, seat, trial["pieces"][p["id"]], *path)
        return True
    except RuleError:
        return False


def moves_of(state, seat, p) -> list:
    """The paths `legal` offers for piece `p`, as lists of (x, y)."""
    out = []
    for a in game.legal(state, seat)["actions"]:
        if a["type"] == "move" and a["piece"] == p["id"]:
            out.append([tuple(sq) for sq in a["path"]])
    return out


def at(state, p):
    return tuple(state["pieces"][p["id"]]["at"]) if state["pieces"][p["id"]]["at"] is not None else None


def kinds_of(events) -> list:
    return [e["type"] for e in events]
