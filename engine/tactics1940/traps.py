"""Trapping battleships (Rule 10, figure F).

A battleship is sunk when it lies between two battleships of one camp opposed to it, on
opposite neighbouring squares (straight or diagonal, along the board's links). Only seats
at war trap: a neutral's battleships never do, and a neutral's battleship can be trapped.
A battleship in the safety zone can neither be trapped nor help to trap; the move out of
the zone can trap. Traps come of a battleship's move, checked where it ends:

 1. the mover's traps first (the player whose move it is has the advantage, figure F):
    every opposed battleship now between the moved ship and another ship of its camp sinks;
 2. then the moved ship itself sinks if it now lies between two opposed ships of one camp
    that are still afloat.

A sinking in step 1 is the mover's deliberate act (a protest is owed if one of the two is
neutral); in step 2 the ship sailed in by itself, and nobody owes a protest for it.
"""
from engine.tactics1940 import diplomacy, rule_ids as why
from engine.tactics1940.pieces import BATTLESHIP, destroy, occupancy


def _ship(occ, board, sq):
    """The battleship on `sq` if it can take part in a trap (not in the safety zone)."""
    if sq is None or board.in_safety(sq):
        return None
    p = occ.get(sq)
    return p if p is not None and p["kind"] == BATTLESHIP else None


def resolve(board, state, ship, events: list, occ: dict | None = None) -> None:
    """Settle the traps made by `ship`'s move (it stands where the move ended). `occ`: the occupancy now, when
    the caller has it (its pieces those of `state`: a trap changes them)."""
    here = (ship["at"][0], ship["at"][1])
    if board.in_safety(here):
        return
    occ = occ if occ is not None else occupancy(state)
    camp = state["camp"][ship["owner"]]
    links = board.links
    if camp is not None:
        victims = []
        for d, mid in links[here].items():
            victim = _ship(occ, board, mid)
            if victim is None or diplomacy.friendly(state, victim["owner"], ship["owner"]):
                continue
            partner = _ship(occ, board, links[mid].get(d))
            if partner is not None and state["camp"][partner["owner"]] == camp:
                victims.append(victim)
        for victim in victims:
            destroy(state, victim, ship["owner"], "trapped", events, why.TRAPS)
        for owner in sorted({v["owner"] for v in victims}):
            diplomacy.aggression(state, ship["owner"], owner, sum(1 for v in victims if v["owner"] == owner), events)
        if victims:
            occ = occupancy(state)
    for d in ((0, -1), (1, -1), (1, 0), (1, 1)):
        a = _ship(occ, board, links[here].get(d))
        c = _ship(occ, board, links[here].get((-d[0], -d[1])))
        if a is None or c is None:
            continue
        trap_camp = state["camp"][a["owner"]]
        if trap_camp is not None and trap_camp == state["camp"][c["owner"]] and trap_camp != camp:
            destroy(state, ship, None, "sailed into a trap", events, why.TRAPS)
            return
