"""Trading by neutrals (Rule 14).

A neutral's transports are supply ships. When one ends a move on a seaport square of
another player's home area (coming from outside it), the neutral trades: it and the
player traded with each take 1 coin from the Gold Reserve (the neutral first when the
reserve runs low), and the ship goes home in the same move: a "return" step
{"step": "return", "seat": neutral, "piece": id} asks the neutral for a free square of its
home area (any but a plane base). If its home area is full, the ship stays where it is.
The home areas of powers nobody plays belong to no player: no trade there. A neutral at
war trades no more; its supply ships are transports.
"""
from engine.tactics1940 import diplomacy, rule_ids as why
from engine.tactics1940.board import SEAPORT
from engine.tactics1940.pieces import TRANSPORT, occupancy, seat_of_power
from engine.why import RULE


def partner(board, state, p, start, end):
    """The seat a move of piece `p` from `start` to `end` trades with, or None."""
    if p["kind"] != TRANSPORT or not diplomacy.is_neutral(state, p["owner"]):
        return None
    if board.kinds.get(end) != SEAPORT:
        return None
    power = board.home_of[end]
    if start in board.homes[power].squares:
        return None
    seat = seat_of_power(state, power)
    return seat if seat is not None and seat != p["owner"] else None


def home_squares(board, state, seat) -> list:
    """Free squares of `seat`'s home area a returning ship may take, in board order."""
    home = board.homes[state["powers"][seat]]
    occ = occupancy(state)
    return sorted((sq for sq in home.squares if sq not in occ and sq not in home.bases), key=lambda s: (s[1], s[0]))


def trade(board, state, p, with_seat, events: list) -> None:
    neutral = p["owner"]
    paid = []
    for seat in (neutral, with_seat):
        if state["reserve"] > 0:
            state["reserve"] -= 1
            state["coins"][seat] += 1
            paid.append(seat)
    events.append({"type": "traded", "seat": neutral, "with": with_seat, "piece": p["id"], "paid": paid,
                   RULE: why.TRADE})
    if home_squares(board, state, neutral):
        state["steps"].append({"step": "return", "seat": neutral, "piece": p["id"]})


def return_home(state, step, sq, events: list) -> None:
    state["steps"].remove(step)
    p = state["pieces"][step["piece"]]
    events.append({"type": "returned", "piece": p["id"], "seat": p["owner"], "from": p["at"], "to": list(sq),
                   RULE: why.TRADE})
    p["at"] = list(sq)
