"""Blockade (Rule 13, figures A-C): the exact test that ends the game, and neutrals moving aside.

Only North's and South's seaports can be blockaded, and only by the opposing camp (the
other belligerent and the neutrals at war on its side). Neutral pieces neither blockade
nor spoil a blockade, so the test sets them aside (as if they were not on the board). The
defenders are the blockaded belligerent and its allies. A seaport is blockaded when:

 1. its mouth is shut: each of the four passages (an open seaport square to a front square)
    has a blockading piece on one of its two ends, or a defender's piece on its front
    square with a blockading piece beside it. This is what "cut off from the sea" asks when
    no defender is near (the two open squares, or the two in front of them); a defender
    shut in his own mouth ("trapped within the blockade, but outside the SEAPORT": North's
    transports on both open squares and on the square in front, South's pieces round that
    square) fills the passages it stands on as well, and test 3 then asks that it cannot
    move at all. A defender's piece with no blockader beside it shuts nothing: a port
    closed only by its owner's own pieces is not blockaded by anybody;
 2. no defender can get in or out on his next move: a search over the moves of every
    defending piece (its steps when it stands on an end of a passage, the only place a step
    can cross; every jump chain of every battleship) finds none that crosses the home area's edge;
 3. no defending piece on a front square (shut in by the blockade outside the seaport)
    can move at all.

That one of the defender's pieces could sink a blockader (a trap, or a jump that stays on
its side) does not matter, nor do moves inside the home area (the "meaningless moves" of
the rule cannot delay it). The test runs when a player's move is complete, card included.

A neutral piece in the way may be ordered aside: on its turn, before moving, a player at
war may `demand` any neutral piece in the vicinity of the enemy belligerent's seaport (the
seaport, its front squares and their neighbours). "Out of the way" is off the blockade's
squares and out of the mouth, never into the blockaded seaport: on each of its next turns
the neutral must move a demanded piece nearer to the sea edge of that vicinity (out of it,
or to a square fewer steps from leaving it through the mouth: the seaport is the farthest
part) if one can; else move a demanded piece without entering that home area, if one can;
else move another piece (with nothing else to move it passes). The demand ends once the piece has left the vicinity.
"""
from engine.tactics1940 import diplomacy, rule_ids as why
from engine.tactics1940.moves import crosses, jumps, steps
from engine.tactics1940.pieces import BATTLESHIP, BELLIGERENTS, occupancy, opposite, seat_of_power
from engine.why import RULE


_SIDES = {}     # (every seat's camp, seat) -> port_sides: a few alliances in a game, asked at every forecast


def port_sides(state, seat) -> tuple:
    """(defending seats, blockading seats) of `seat`'s seaport, as frozensets."""
    key = (tuple(state["camp"]), seat)
    if key not in _SIDES:
        camp = state["camp"][seat]
        _SIDES[key] = (frozenset(diplomacy.camp_seats(state, camp)),
                       frozenset(diplomacy.camp_seats(state, opposite(camp))))
    return _SIDES[key]


def mouth_shut(board, home, occ, friends, foes) -> bool:
    """Test 1: every passage of `home`'s mouth has a blockader on one end, or a defender hemmed in by a
    blockader on its front square. Whether anything can still get through is for the exact tests."""
    links = board.links
    for one, other in home.passages:
        a, b = occ.get(one), occ.get(other)
        if (a is not None and a["owner"] in foes) or (b is not None and b["owner"] in foes):
            continue
        front, defender = (one, a) if one in home.front else (other, b)
        if defender is None or defender["owner"] not in friends:
            return False
        for n in links[front].values():
            q = occ.get(n)
            if q is not None and q["owner"] in foes:
                break       # a defender hemmed in by a blockader beside it
        else:
            return False
    return True


def blockaded(board, state, seat, occ=None) -> bool:
    """True when `seat`'s seaport is blockaded (`seat` plays North or South). `occ`, the occupancy of
    the whole board, may be passed when the caller has it."""
    home = board.homes[state["powers"][seat]]
    occ = occ if occ is not None else occupancy(state)
    for one, other in home.passages:
        if one not in occ and other not in occ:
            return False    # a passage with nobody on either end is open: the usual case, settled at once
    friends, foes = port_sides(state, seat)
    if not mouth_shut(board, home, occ, friends, foes):
        return False        # the usual case, settled without a search
    # Any defender able to get across ends the search, so the likeliest are asked first: the steps of those on
    # the ends of the passages (a step crosses the coast only from there; one on a front square must not move at
    # all), then their jumps, then those of the battleships elsewhere.
    if len(friends) + len(foes) < state["n"]:   # neutrals at peace on the board: set aside
        # Setting them aside only frees squares, so a defender's step that gets out among them gets out without
        # them too: the steps are asked first on the board as it is (most searches end there), and the board
        # without the neutrals is made only when none does.
        if _steps_out(board, home, occ, friends):
            return False
        occ = {sq: p for sq, p in occ.items() if p["owner"] in friends or p["owner"] in foes}
    if _steps_out(board, home, occ, friends):
        return False
    ends = home.open + home.front
    for sq in ends:
        p = occ.get(sq)
        if p is None or p["owner"] not in friends:
            continue
        if sq in home.front:
            if jumps(board, occ, p):
                return False
        elif any(crosses(home, sq, path) for path, _ in jumps(board, occ, p)):
            return False
    for sq, p in occ.items():
        if p["kind"] == BATTLESHIP and p["owner"] in friends and sq not in ends and \
                any(crosses(home, sq, path) for path, _ in jumps(board, occ, p)):
            return False
    return True


def _steps_out(board, home, occ, friends) -> bool:
    """Whether a defender on an end of a passage can step (in `occ`): across the coast from an open square, at all
    from a front square (shut in outside the seaport, it must not move). Only from there can a step get across."""
    squares = home.squares
    for sq in home.open + home.front:
        p = occ.get(sq)
        if p is None or p["owner"] not in friends:
            continue
        stepped = steps(board, occ, p)
        if sq in home.front:
            if stepped:
                return True
        elif any((n in squares) != (sq in squares) for n in stepped):
            return True
    return False


def blockaded_seats(board, state) -> list:
    """The belligerent seats whose seaport is blockaded now."""
    out = []
    occ = occupancy(state)
    for power in BELLIGERENTS:
        seat = seat_of_power(state, power)
        if seat is not None and blockaded(board, state, seat, occ):
            out.append(seat)
    return out


# ----- neutral pieces in the way ----------------------------------------------------

def enemy_port(board, state, seat):
    """The home of the belligerent `seat` is at war with, or None for a neutral."""
    camp = state["camp"][seat]
    return None if camp is None else board.homes[opposite(camp)]


def demandable(board, state, seat) -> list:
    """Neutral pieces `seat` may order out of the enemy seaport's vicinity now."""
    home = enemy_port(board, state, seat)
    if home is None:
        return []
    already = {d["piece"] for d in state["demands"]}
    return [p for p in state["pieces"] if p["at"] is not None and p["id"] not in already
            and diplomacy.is_neutral(state, p["owner"]) and (p["at"][0], p["at"][1]) in home.vicinity]


def demand(board, state, seat, p, events: list) -> None:
    port = enemy_port(board, state, seat).power
    state["demands"].append({"piece": p["id"], "by": seat, "port": port})
    events.append({"type": "demanded", "by": seat, "piece": p["id"], "owner": p["owner"], "port": port,
                   RULE: why.BLOCKADE})


def standing_demands(board, state, seat) -> dict:
    """The demands on `seat`'s pieces still in force: piece id -> the home whose vicinity it must leave."""
    out = {}
    for d in state["demands"]:
        p = state["pieces"][d["piece"]]
        if p["owner"] == seat and p["at"] is not None:
            out[p["id"]] = board.homes[d["port"]]
    return out


def steps_out(home, sq) -> float:
    """How far `sq` is from leaving `home`'s vicinity by sea: 0 outside it, endless on the home land."""
    if sq in home.way_out:
        return home.way_out[sq]
    return float("inf") if sq in home.squares else 0


def into_port(home, start, end) -> bool:
    """True when a move from `start` to `end` enters `home`'s area from outside it."""
    return end in home.squares and start not in home.squares


def restrict(board, state, seat, moves: list) -> list:
    """`moves` cut down to what standing demands on `seat` allow: a demanded piece moving nearer to the
    sea edge of the vicinity (out of it, or fewer steps from leaving it) if one can, else a move of a
    demanded piece that does not enter the blockaded home area, else any move that takes no demanded
    piece into it (none left: the neutral passes)."""
    demands = standing_demands(board, state, seat)
    if not demands:
        return moves
    away, aside, free = [], [], []
    for m in moves:
        home = demands.get(m[0]["id"])
        start, end = (m[0]["at"][0], m[0]["at"][1]), m[1][-1]
        if home is None:
            free.append(m)
        elif steps_out(home, end) < steps_out(home, start):
            away.append(m)
        elif not into_port(home, start, end):
            aside.append(m)
    return away or aside or free


def tidy_demands(board, state) -> None:
    """Drop demands that are met: the piece left the vicinity, was lost, or its owner went to war."""
    kept = []
    for d in state["demands"]:
        p = state["pieces"][d["piece"]]
        if p["at"] is not None and diplomacy.is_neutral(state, p["owner"]) and \
                (p["at"][0], p["at"][1]) in board.homes[d["port"]].vicinity:
            kept.append(d)
    state["demands"] = kept
