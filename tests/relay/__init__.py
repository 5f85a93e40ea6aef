"""Relay, a sixth game that lives in the tests only: it proves a game costs its own packages and one catalog
entry (tests/own_games.py), with no product file naming it. Its packages here: these rules, its board file
(track.json, read by board.py), its bot, its board scene, scripted player, help and key card, bench rows and
screenshots (tests/test_sixth_game.py plays it everywhere a game is played).

Seats race pawns along a track of `length` squares (of the board's), in turns. On its turn a seat may `step` one
square (up to three times; each step may be taken back), `roll` a die of three faces once and
go that far (chance: never taken back), `show` the secret word dealt to it (a secret made public),
and `pass` the turn to the next seat. The first pawn to reach the end wins.
"""
from engine import legal as listing
from engine.errors import ILLEGAL, BoardError, RuleError
from engine.gametype import CHANCE, IMPERFECT, GameType
from engine.options import choose
from engine.undo import when_changed
from tests.relay import board

GAME_ID = "relay"
TITLE = "Relay (a test game)"
MIN_SEATS, MAX_SEATS, DEFAULT_SEATS = 2, 4, 2
GAME_TYPE = GameType(chance=CHANCE, information=IMPERFECT)
OPTION_CHOICES = {"length": [12, 20, 6]}
ACTIONS = {"step": {}, "roll": {}, "show": {}, "pass": {}}
STEPS_PER_TURN = 3
WORDS = ["amber", "basil", "coral", "dune", "elm", "fern", "gale", "holly"]

if max(OPTION_CHOICES["length"]) >= len(board.load().names):   # the board is checked as it loads
    raise BoardError("relay's track is shorter than its longest race")

# A step decides nothing random or hidden: its seat may take it back until the turn passes.
UNDOABLE = {"step"}
undo_barrier = when_changed("turn")


def default_options():
    return {"length": OPTION_CHOICES["length"][0]}


def validate_options(options, n_seats):
    return choose(OPTION_CHOICES, options)


def setup(options, n_seats, rng):
    words = [f"{rng.choice(WORDS)}-{rng.randint(100, 999)}" for _ in range(n_seats)]
    return {"n": n_seats, "length": options["length"], "pos": [0] * n_seats, "turn": 0, "steps_left": STEPS_PER_TURN,
            "rolled": False, "words": words, "shown": [None] * n_seats, "winner": None}


def to_act(state):
    return set() if state["winner"] is not None else {state["turn"]}


def _advance(state, seat, squares, events):
    state["pos"][seat] = min(state["length"], state["pos"][seat] + squares)
    if state["pos"][seat] == state["length"]:
        state["winner"] = seat
        events.append({"type": "finished", "seat": seat})


def apply(state, seat, action, rng):
    kind = action["type"]
    events = []
    if kind == "step":
        if state["steps_left"] == 0:
            raise RuleError(ILLEGAL, f"A turn has {STEPS_PER_TURN} steps; they are all taken.")
        state["steps_left"] -= 1
        events.append({"type": "stepped", "seat": seat})
        _advance(state, seat, 1, events)
    elif kind == "roll":
        if state["rolled"]:
            raise RuleError(ILLEGAL, "The die is rolled once a turn.")
        state["rolled"] = True
        die = rng.die(3)
        events.append({"type": "rolled", "seat": seat, "die": die})
        _advance(state, seat, die, events)
    elif kind == "show":
        if state["shown"][seat] is not None:
            raise RuleError(ILLEGAL, "Your word is already shown.")
        state["shown"][seat] = state["words"][seat]
        events.append({"type": "shown", "seat": seat, "word": state["words"][seat]})
    else:  # pass
        state["turn"] = (seat + 1) % state["n"]
        state["steps_left"], state["rolled"] = STEPS_PER_TURN, False
        events.append({"type": "passed", "seat": seat})
    return events


def legal(state, seat):
    actions = [{"type": "step"}] if state["steps_left"] else []
    if not state["rolled"]:
        actions.append({"type": "roll"})
    if state["shown"][seat] is None:
        actions.append({"type": "show"})
    actions.append({"type": "pass"})
    return listing.listing(actions)


def view(state, seat):
    public = {"length": state["length"], "pos": list(state["pos"]), "turn": state["turn"],
              "steps_left": state["steps_left"], "rolled": state["rolled"], "shown": list(state["shown"])}
    private = {"word": state["words"][seat]} if seat is not None else {}
    return {"public": public, "private": private}


def redact(event, seat):
    return event  # every event is public: a word is in one only once it is shown


def result(state):
    if state["winner"] is None:
        return None
    return {"winners": [state["winner"]], "scores": list(state["pos"]), "reason": "reached the end of the track"}


def sample_state(view, seat, rng):
    """A state `seat` cannot tell from this one: its own word and every shown word kept, the others drawn afresh."""
    public, result_ = view["public"], view["public"].get("result")
    n = len(public["pos"])
    words = [public["shown"][s] or (view["private"]["word"] if s == seat else
                                    f"{rng.choice(WORDS)}-{rng.randint(100, 999)}") for s in range(n)]
    return {"n": n, "length": public["length"], "pos": list(public["pos"]), "turn": public["turn"],
            "steps_left": public["steps_left"], "rolled": public["rolled"], "words": words,
            "shown": list(public["shown"]), "winner": result_["winners"][0] if result_ else None}
