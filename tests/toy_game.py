"""A tiny turn-based game for testing the table without any real game's rules.

Seats take turns taking 1-3 counters from a pile; whoever takes the last one
wins. Each seat holds a secret word (private), drawn from the seeded RNG, so
redaction can be tested.
"""
from engine import legal as listing
from engine.errors import ILLEGAL, RuleError
from engine.gametype import IMPERFECT, GameType
from engine.schema import Int

GAME_ID = "toy"
TITLE = "Toy pile game"
MIN_SEATS = 1
MAX_SEATS = 8
DEFAULT_SEATS = 2
GAME_TYPE = GameType(information=IMPERFECT)
OPTION_CHOICES = {"pile": [21, 40, 10]}
ACTIONS = {"take": {"count": Int(1, 99)}}  # the rules allow 1 to 3; more is illegal, not malformed
WORDS = ["apple", "birch", "cedar", "delta", "ember", "fjord", "grove", "heron"]


def default_options():
    return {"pile": 21}


def validate_options(options, n_seats):
    out = default_options()
    out.update(options)
    if not isinstance(out["pile"], int) or not 1 <= out["pile"] <= 10_000:
        raise ValueError("pile must be an integer from 1 to 10000")
    return out


def setup(options, n_seats, rng):
    secrets = [f"{rng.choice(WORDS)}-{rng.randint(100, 999)}" for _ in range(n_seats)]
    return {"pile": options["pile"], "turn": 0, "n": n_seats, "secrets": secrets, "winner": None, "taken": [0] * n_seats}


def to_act(state):
    return set() if state["winner"] is not None else {state["turn"]}


def apply(state, seat, action, rng):
    count = action["count"]  # the Session checked the shape against ACTIONS
    if count > 3 or count > state["pile"]:
        raise RuleError(ILLEGAL, "Take 1 to 3 counters, no more than the pile holds.")
    state["pile"] -= count
    state["taken"][seat] += count
    events = [{"type": "took", "seat": seat, "count": count},
              {"type": "peek", "seat": seat, "secret": state["secrets"][seat]}]
    if state["pile"] == 0:
        state["winner"] = seat
        events.append({"type": "won", "seat": seat})
    else:
        state["turn"] = (seat + 1) % state["n"]
    return events


def legal(state, seat):
    return listing.listing([{"type": "take", "count": c} for c in range(1, min(3, state["pile"]) + 1)])


def view(state, seat):
    public = {"pile": state["pile"], "turn": state["turn"], "taken": list(state["taken"])}
    private = {"secret": state["secrets"][seat]} if seat is not None else {}
    return {"public": public, "private": private}


def redact(event, seat):
    if event["type"] == "peek":
        return event if seat == event["seat"] else None
    return event


def result(state):
    if state["winner"] is None:
        return None
    return {"winners": [state["winner"]], "scores": list(state["taken"]), "reason": "took the last counter"}


def phase(state):
    return "play"


def sample_state(view, seat, rng):
    """A state `seat` cannot tell from this one: its own word kept, every other seat's drawn afresh."""
    public = view["public"]
    result_ = public.get("result")
    n = len(public["taken"])
    secrets = [view["private"]["secret"] if s == seat else f"{rng.choice(WORDS)}-{rng.randint(100, 999)}"
               for s in range(n)]
    return {"pile": public["pile"], "turn": public["turn"], "n": n, "secrets": secrets,
            "winner": result_["winners"][0] if result_ else None, "taken": list(public["taken"])}
