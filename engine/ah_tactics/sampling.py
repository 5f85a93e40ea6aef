"""Information sets (docs/games.md, "Information sets: sample_state"): in Tactics (1954) the board is
public except each side's secrets — its set-up arrangement until both sides are done, the squares of
its reserves off the board, and during its own turn the allowance left (which would tell how far its
reserves moved). A sample keeps the seat's own side as its view shows it and draws the other side's:
a set-up arranged afresh within its bivouac areas, reserves placed one by one on squares where the
rules let a reserve stand (behind the front, away from the enemy), and any allowance from none to full."""
from engine.ah_tactics import reserves, setup as opening
from engine.ah_tactics.board import load
from engine.ah_tactics.state import FULL_ALLOWANCE, RESERVE, SETUP, SIDE_NAMES, side_of_seat
from engine.ah_tactics.units import side_units
from engine.canonical import copy_plain


def _side(name):
    return SIDE_NAMES.index(name) if name is not None else None


def _units(public: dict, arranged) -> list:
    """The units as the state keeps them; during set-up each side's squares come from `arranged`
    (the seat's own side: its view's arrangement)."""
    secret_setup = public["phase"] == SETUP
    out = []
    for u in public["units"]:
        at = u["at"]
        if secret_setup:
            at = arranged[u["id"]]
        # J1's guard clock is not in the view; it counts only under the prisoners option.
        out.append({"at": list(at) if at is not None else None, "status": u["status"], "corps": u["corps"],
                    "captor": _side(u["captor"]), "clock": 0})
    return out


def _arrangement(board, public: dict, private: dict, rng) -> list:
    """Every unit's set-up square: the own side's from the view, the other side's arranged afresh as set-up does."""
    fresh = opening.new_state(board, public["options"], 2, rng)["units"]
    squares = [u["at"] for u in fresh]
    for uid, sq in private.get("arrangement", {}).items():
        squares[int(uid)] = list(sq)
    return squares


def _place_reserves(board, state: dict, side: int, rng) -> None:
    """Put each of `side`'s reserves on a square where the rules let a reserve stand, one after the other."""
    for uid in side_units(side):
        if state["units"][uid]["status"] != RESERVE:
            continue
        squares = board.grid.squares(reserves.allowed_for(board, state, uid))
        if not squares:  # the enemy stands near every square behind the front: any free square behind it
            taken = board.grid.of([tuple(u["at"]) for u in state["units"] if u["at"] is not None]
                                  + list(reserves.squares_of(state, side).values()))
            squares = board.grid.squares(reserves.behind_front(board, state, side) & ~taken)
        sq = rng.choice(squares)
        reserves.hidden(state).hide(side, uid, [sq[0], sq[1]])


def sample_state(view: dict, seat, rng) -> dict:
    board = load()
    public, private = view["public"], view["private"]
    own_side = side_of_seat(seat) if seat is not None else None
    arranged = _arrangement(board, public, private, rng) if public["phase"] == SETUP else None
    allowance = private.get("allowance")
    if allowance is None:
        allowance = 0 if public["phase"] == SETUP else rng.randint(0, FULL_ALLOWANCE)
    contact = public["contact"]
    state = {
        "n_seats": sum(len(s["seats"]) for s in public["sides"]),
        "options": dict(public["options"]), "phase": public["phase"], "round": public["round"],
        "active": _side(public["active"]), "first": _side(public["first"]),
        "ready": [public["ready"][name] for name in SIDE_NAMES],
        "units": _units(public, arranged),
        "allowance": allowance,
        # A unit that flew is halted too, so the halted list alone decides what may still move.
        "halted": list(public["halted"]), "flown": [], "moved": list(public["moved"]),
        "hidden": {},
        "ports": {name: _side(owner) for name, owner in public["ports"].items()},
        "plan": [{"attackers": dict(b["attackers"]), "defenders": list(b["defenders"])} for b in public["plan"]],
        "must": list(public["must_engage"]),
        "retreats": [{"unit": r["unit"], "distance": r["distance"], "chooser": _side(r["chooser"])}
                     for r in public["retreats"]],
        "contact": None if contact is None else {"mover": contact["mover"], "start": list(contact["start"]),
                                                 "owner": _side(contact["owner"]),
                                                 "revealed": list(contact["revealed"])},
        "hold": [public["hold"][name] for name in SIDE_NAMES],
        "encircled": copy_plain(public["encircled"]),
        "eliminated": list(public["eliminated"]),
        "result": copy_plain(public["result"]),
    }
    for r in private.get("reserves", []):
        reserves.hidden(state).hide(own_side, r["unit"], [r["x"], r["y"]])
    for side in (0, 1):
        if side != own_side:
            _place_reserves(board, state, side, rng)
    return state
