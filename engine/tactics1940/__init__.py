"""Tactics (Northwestern Products, 1940), "a game of world strategy": two belligerents and up to two
neutrals on a naval board; the game ends the moment a belligerent's seaport is blockaded.

Seats sit clockwise from North: two seats play North and South, three add East, four add
West (Rule 1); a seeded roll of two dice decides who moves first. Actions, events and view
fields are listed in docs/tactics1940.md. Modules, one idea each:
  board       the 16x16 board: home areas, seaports and their mouths, oceans, safety zone, loaded and validated
  pieces      powers, seats, pieces, their values and where destroyed pieces go
  moves       steps, jumps and the paths of a move
  traps       sinking battleships between two of one camp, the mover first
  deck        the chance cards, drawing and reshuffling
  cards       acting on a drawn card: targets, forfeits, repairs, conscription, surprise maneuvers
  submarines  secret submarine cards and the reaction window after a move
  diplomacy   camps, protests, war, neutrals joining a side
  payments    forfeits paid in coins or by a sacrificed piece with change
  trade       neutrals' supply ships trading in other ports and going home
  blockade    the exact blockade test, neutral pieces ordered aside
  scoring     the jackpot, the final scores and the settlement
  turns       turn flow, pending steps, apply, legal actions, timers
  views       public and private views, redaction, the prompt
  queries     the documented questions bots may ask from one seat's view (its __all__): the
              package's public query surface, re-exported here as `queries`
  rule_ids    the rules events and refusals name (engine.why)
"""
from engine.package import option_surface
from engine import sides as side_list
from engine.gametype import CHANCE, IMPERFECT, SEQUENTIAL, GameType
from engine.rng import Rng
from engine.schema import Bool, Int, ListOf, Square, Str
from engine.tactics1940 import deck, queries, rule_ids
from engine.tactics1940.turns import apply, legal, timer, to_act  # noqa: F401  (the contract's names)
from engine.tactics1940.views import private_view, prompt, redact, view  # noqa: F401
from engine.tactics1940.board import load
from engine.tactics1940.sampling import sample_state  # noqa: F401  (information sets: docs/games.md)
from engine.clone import keyed_records, records, shaped
from engine.tactics1940.pieces import (NORTH, POWERS_BY_SEATS, PIECES_PER_SEAT, PROTEST_CARDS, SOUTH, START_COINS,
                                       TOTAL_COINS, make_pieces)

GAME_ID = "tactics1940"
TITLE = "Tactics (1940)"
MIN_SEATS, MAX_SEATS, DEFAULT_SEATS = 2, 4, 4
GAME_TYPE = GameType(dynamics=SEQUENTIAL, chance=CHANCE, information=IMPERFECT, reactions=True,
                     alliances_change=True, hidden_on_board=True, timed=True)
# reaction_seconds: how long every submarine window stays open (the rulebook has no clock; 3 is the table's).
# turn_limit: rounds before the game stops with no blockade (0: none, the rulebook's rule).
OPTION_CHOICES = {"reaction_seconds": [3, 5, 10, 2], "turn_limit": [0, 200, 400]}
OPTION_LABELS = {"reaction_seconds": {2: "2 s", 3: "3 s", 5: "5 s", 10: "10 s"},
                 "turn_limit": {0: "None (rulebook)", 200: "200 rounds", 400: "400 rounds"}}
OPTION_TITLES = {"reaction_seconds": "Reaction window", "turn_limit": "Round limit"}
OPTION_HELP = {"reaction_seconds": "How long everyone may expose a submarine after a ship enters a submarine square.",
               "turn_limit": "Stop a game that has not ended in a blockade after this many rounds and score it."}

ROLL_ROUNDS = 50
_BOARD = load()
_SQUARE = Square(_BOARD.size, _BOARD.size)
_PIECE = Int(0, PIECES_PER_SEAT * MAX_SEATS - 1)
ACTIONS = {
    "move": {"piece": _PIECE, "path": ListOf(_SQUARE, min_len=1, max_len=24)},
    "pass": {},
    "demand": {"piece": _PIECE},
    "strike": {"card": Int(0, len(deck.cards_of(_BOARD)) - 1)},
    "close_window": {},
    "answer_protest": {"pay": Bool()},
    "choose_piece": {"piece": _PIECE},
    "choose_player": {"seat": Int(0, MAX_SEATS - 1)},
    "choose_side": {"side": Str([NORTH, SOUTH])},
    "place": {"to": _SQUARE},
    "maneuver": {"piece": _PIECE, "to": _SQUARE},
    "decline": {},
}
# engine.why: the rules events and refusals name, and the events that always name one
RULE_IDS = rule_ids.ALL
RULED_EVENTS = frozenset({"passed", "destroyed", "damaged", "moved_aside", "window_opened", "strike", "window_closed",
                          "drew", "deck_empty", "no_effect", "loan", "conscripted", "maneuvered", "declined",
                          "forfeit", "forfeit_unpaid", "sacrifice_owed", "sacrifice_settled", "protest_served",
                          "protest_paid", "protest_accepted", "war", "joined", "demanded", "blockade", "traded",
                          "returned", "jackpot", "game_over"})
# Undo (docs/tactics1940.md, "Undo"): only an order aside; a move draws its chance card at once.
UNDOABLE = {"demand"}

QUERIES = queries.__all__   # what bots may ask the rules (tests/bots/test_legal_only.py holds them to it)


default_options, validate_options = option_surface(
    OPTION_CHOICES,
    lambda n: None if MIN_SEATS <= n <= MAX_SEATS else f"Tactics is for {MIN_SEATS} to {MAX_SEATS} players, not {n}.")


def first_player(n_seats: int, rng: Rng) -> tuple[int, list]:
    """Rule 8, "high man moves first": every seat rolls two dice, the highest total starts, ties roll again."""
    rounds, rolling = [], list(range(n_seats))
    for _ in range(ROLL_ROUNDS):
        throws = [[s, rng.die() + rng.die()] for s in rolling]
        rounds.append(throws)
        best = max(t for _, t in throws)
        rolling = [s for s, t in throws if t == best]
        if len(rolling) == 1:
            break
    return rolling[0], rounds   # after ROLL_ROUNDS ties (never seen) the first of the tied seats


def setup(options, n_seats, rng) -> dict:
    board = load()
    powers = list(POWERS_BY_SEATS[n_seats])
    first, rolls = first_player(n_seats, rng)
    return {
        "board": board.name, "n": n_seats, "powers": powers,
        "reaction_seconds": options["reaction_seconds"], "turn_limit": options["turn_limit"],
        "pieces": make_pieces(board, powers),
        "coins": [START_COINS] * n_seats, "reserve": TOTAL_COINS - START_COINS * n_seats,
        "protest_cards": [PROTEST_CARDS] * n_seats, "accepted": [[0] * n_seats for _ in range(n_seats)],
        "camp": [p if p in (NORTH, SOUTH) else None for p in powers],
        "deck": deck.new_deck(board, rng), "discard": [], "hands": {},
        "first": first, "rolls": rolls, "turn": first, "turn_number": 1, "stage": "move",
        "steps": [], "demands": [], "drawn": None, "outcome": None,
    }


def result(state):
    out = state["outcome"]
    if out is None:
        return None
    return {"winners": list(out["winners"]), "scores": list(out["scores"]), "reason": out["reason"]}


def sides(state) -> list:
    """One side per seat, named by its power; allies are the other seats of its camp."""
    camps = state["camp"]
    return [side_list.side(power, [s], allies=[o for o in range(state["n"])
                                               if o != s and camps[s] is not None and camps[o] == camps[s]])
            for s, power in enumerate(state["powers"])]


# A position copied for search (engine/clone.py): pieces and hands copied one by one, their squares shared
clone = shaped({"pieces": records, "hands": keyed_records})
