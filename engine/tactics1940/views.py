"""What players see: the public view, each seat's private part, events as a seat sees them, the prompt.

Secret: which submarine cards a seat holds (its private part only; the public sees how
many) and the order of the face-down deck (nobody). Everything else is on the table.
The fields are listed in docs/tactics1940.md ("Protocol: tactics1940").
"""
from engine import hidden
from engine.canonical import copy_plain
from engine.tactics1940 import deck, diplomacy, submarines
from engine.tactics1940.board import load
from engine.tactics1940.pieces import LOCKER, SUPPLY_BASE, destroyed_to
from engine.tactics1940.turns import current_step, round_of


def _drawn(board, state):
    """The last card drawn and who drew it; a submarine card shows only that it was one."""
    drawn = state["drawn"]
    if drawn is None:
        return None
    c = deck.card(board, drawn["card"])
    if c["kind"] == deck.SUBMARINE:
        return {"seat": drawn["seat"], "card": {"kind": deck.SUBMARINE, "title": deck.SUBMARINE_TITLE}}
    return {"seat": drawn["seat"], "card": deck.public(board, c["id"])}


def _step(board, state, step):
    """A pending step as everyone may see it (steps hold no secrets; a card step's card is face up)."""
    out = {k: copy_plain(v) for k, v in step.items() if k != "card"}
    if "card" in step:
        out["card"] = deck.public(board, step["card"])
    return out


def public(state) -> dict:
    board = load(state["board"])
    n = state["n"]
    held = submarines.hands(state).counts(n)
    lost = {LOCKER: [0] * n, SUPPLY_BASE: [0] * n}
    for p in state["pieces"]:
        if p["at"] is None:
            lost[destroyed_to(p["kind"])][p["owner"]] += 1
    out = {
        "board": state["board"],
        "powers": list(state["powers"]),
        "camps": list(state["camp"]),
        "trading": [diplomacy.is_neutral(state, s) for s in range(n)],
        "turn": state["turn"],
        "turn_number": state["turn_number"],
        "round": round_of(state),
        "first": state["first"],
        "rolls": copy_plain(state["rolls"]),
        "stage": state["stage"],
        "pieces": [{"id": p["id"], "owner": p["owner"], "kind": p["kind"],
                    "at": list(p["at"]) if p["at"] is not None else None} for p in state["pieces"]],
        "davy_jones_locker": lost[LOCKER],
        "supply_base": lost[SUPPLY_BASE],
        "coins": list(state["coins"]),
        "reserve": state["reserve"],
        "protest_cards": list(state["protest_cards"]),
        "accepted": [list(row) for row in state["accepted"]],
        "submarines": held,
        "deck": len(state["deck"]),
        "discard": [deck.public(board, c) for c in state["discard"]],
        "drawn": _drawn(board, state),
        "steps": [_step(board, state, s) for s in state["steps"]],
        "demands": copy_plain(state["demands"]),
        "reaction_seconds": state["reaction_seconds"],
        "turn_limit": state["turn_limit"],
        "outcome": copy_plain(state["outcome"]),
        "settlement": copy_plain(state["outcome"]["settlement"]) if state["outcome"] else None,
    }
    return out


def private_view(state, seat) -> dict:
    if seat is None:
        return {}
    board = load(state["board"])
    mine = []
    for card_id in sorted(submarines.hands(state).pieces_of(seat), key=int):   # its ids only: no copy
        c = deck.card(board, int(card_id))
        # The square is the board's (ocean, number); a bare [x, y] would look like any board square.
        mine.append({"card": c["id"], "ocean": c["ocean"], "number": c["number"]})
    return {"submarines": mine}


def view(state, seat) -> dict:
    return {"public": public(state), "private": private_view(state, seat)}


def redact(event, seat):
    return hidden.redact(event, seat)


# ----- the prompt -----------------------------------------------------------------------------

def prompt(state):
    step = current_step(state)
    if state["outcome"] is not None or step is None:
        return None
    board = load(state["board"])
    powers = state["powers"]
    kind = step["step"]
    if kind == "window":
        p = state["pieces"][step["piece"]]
        sq = tuple(step["square"])
        seats = [s for s in range(state["n"]) if s != step["mover"]]
        return {"kind": "reaction", "seats": seats, "square": list(sq), "seconds": state["reaction_seconds"],
                "text": f"{powers[step['mover']]}'s {p['kind']} has entered {board.label(sq)}. Whoever holds "
                        f"the submarine card for that square may expose it now; the window closes in "
                        f"{state['reaction_seconds']} seconds."}
    seat = step["seat"]
    if kind == "protest":
        victim = powers[step["victim"]]
        return {"kind": "protest", "seats": [seat], "victim": step["victim"], "count": step["count"],
                "text": f"{victim} serves a diplomatic protest on {powers[seat]}: {powers[seat]} accepts the card "
                        f"or pays {victim} 1 coin instead ({step['count']} to answer)."}
    if kind == "pay":
        to = "the Gold Reserve" if step["to"] is None else powers[step["to"]]
        return {"kind": "sacrifice", "seats": [seat], "owed": step["owed"], "to": step["to"],
                "text": f"{powers[seat]} owes {to} {step['owed']} coin and has none: {powers[seat]} sacrifices "
                        "a piece and takes the change from the Gold Reserve."}
    if kind == "join":
        return {"kind": "choose_side", "seats": [seat], "other": step["other"],
                "text": f"{powers[seat]} is at war with {powers[step['other']]} and chooses the belligerent to "
                        f"join; {powers[step['other']]} joins the other."}
    if kind == "return":
        return {"kind": "return_home", "seats": [seat], "piece": step["piece"],
                "text": f"{powers[seat]} traded: {powers[seat]} chooses a free square of its home area for "
                        "the supply ship."}
    c = deck.card(board, step["card"])
    return {"kind": "card", "seats": [seat], "card": deck.public(board, c["id"]),
            "text": f"{powers[seat]} acts on the card {c['title']}: {c['text']}"}
