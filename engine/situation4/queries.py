"""The questions a bot (or a window) may ask the rules of Situation 4, from public facts.

This is the package's public query surface: `engine/situation4/__init__.py` re-exports the module
as `queries` (and its `__all__` as `QUERIES`). The window asks it why a drop is refused and what
the final tally is, so the sentence and the points it shows are the rules' own.

  side_of(seat)                   the side a seat builds for (seats alternate sides)
  refusal(board, pub, side, action, owner=, forces=, spent=)
                                  the rules' sentence refusing `side`'s place, paradrop, tank or bridge
                                  in the position `pub` shows, or None when the rules' test has no
                                  objection. `owner` / `forces`: the board as the asker believes it
                                  (its moves in flight added); `spent`: forces of each kind its moves in
                                  flight already use
  landing_refusal(board, pub, side, target, owner=, forces=, spent=)
                                  why a paratrooper may not land on `target`
  final_tally(board, pub)         per side {"objectives", "bridges", "squares", "total"} in points,
                                  counted as the rules count them
  BRIDGE_POINTS, SQUARE_POINTS    points a bridge and a won square score
"""
from engine.situation4 import legality, rule_ids as why, scoring
from engine.situation4.state import BRIDGE_POINTS, SQUARE_POINTS, side_of
from engine.why import Refusal

__all__ = ["side_of", "refusal", "landing_refusal", "final_tally", "BRIDGE_POINTS", "SQUARE_POINTS"]

NO_ROOM_TO_JOIN = Refusal(why.PARATROOPERS, "No empty space next to that piece for your own piece to join it.")
_FORCE = {"paradrop": legality.PARATROOP, "tank": legality.TANK, "bridge": "bridge"}


def _in_hand(pub: dict, side: int, action_type: str, spent) -> int:
    return pub["in_hand"][_FORCE[action_type]][side] - (spent or {}).get(action_type, 0)


def refusal(board, pub: dict, side: int, action: dict, *, owner=None, forces=None, spent=None):
    """The rules' sentence refusing `side`'s `action` (place, paradrop, tank, bridge), or None."""
    owner = pub["owner"] if owner is None else owner
    forces = pub["forces"] if forces is None else forces
    kind = action["type"]
    if kind == "place":
        return legality.place_problem(board, owner, forces, side, action["piece"], action["slot"])
    if kind == "paradrop":
        return legality.paradrop_problem(board, owner, forces, side, _in_hand(pub, side, kind, spent),
                                         action["target"], action["piece"], action["slot"])
    if kind == "tank":
        land = legality.tank_land(board, owner, pub["bridges"], side)
        return legality.tank_problem(board, owner, forces, land, side, _in_hand(pub, side, kind, spent),
                                     action["slot"])
    if kind == "bridge":
        return legality.bridge_problem(board, owner, pub["bridges"], side, _in_hand(pub, side, kind, spent),
                                       action["position"])
    return None


def landing_refusal(board, pub: dict, side: int, target: int, *, owner=None, forces=None, spent=None) -> str:
    """Why a paratrooper of `side` may not land on `target`: the rules' reason, else that no space next
    to it is left for the piece that must join it."""
    owner = pub["owner"] if owner is None else owner
    forces = pub["forces"] if forces is None else forces
    return legality.landing_problem(owner, forces, side, _in_hand(pub, side, "paradrop", spent), target) \
        or NO_ROOM_TO_JOIN


def final_tally(board, pub: dict) -> list[dict]:
    """Per side: {"objectives", "bridges", "squares", "total"} in points, from the public view."""
    return scoring.tally(board, pub["owner"], pub["flags"], pub["bridges"])
