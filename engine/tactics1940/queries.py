"""The questions a bot (or a window) may ask the rules of Tactics (1940), from one seat's view.

This is the package's public query surface: `engine/tactics1940/__init__.py` re-exports the
module as `queries`, and `__all__` lists everything in it. Bots import this, never the rules
modules behind it (tests/bots/test_legal_only.py holds them to `__all__`), so a rule corrected
in the engine is corrected for the bots too. Every answer comes from the rules' own code.

A *position* is a state the rules' helpers accept, rebuilt from what one seat sees:
`position(view, seat)`. The parts the seat cannot see stay empty (the deck, the other
players' submarine cards); `held` keeps how many submarine cards each seat holds.

  position(view, seat)            the seat's position, from its view
  is_blockaded(pos, seat, occ)    Rule 13's exact blockade test on `seat`'s seaport
  at_war(pos, a, b), is_neutral(pos, seat)
  camp_seats(pos, camp)           the seats of a camp ("North" / "South"), allies included
  moves_of(pos, seat, occ)        every move of `seat`'s pieces: (piece, path, captured ids)
  after_move(pos, piece, path, captured, occ)
                                  the position after one move (jumps, a trade, traps; no card,
                                  no submarine) and the pieces it destroyed (`occ`: the position's
                                  occupancy, when the caller has it)
  submarine_card(square)          the id of the submarine card naming a square, or None
  step_distances(kind, targets)   fewest moves of a piece of `kind` from each square to the
                                  nearest target, on the empty board (Rules 4 and 9)
  occupancy(pieces)               (x, y) -> piece, for the pieces on the board
  refusal(view, seat, action)     (code, message) the rules give for a turn's move, pass or demand
                                  they would refuse, or None (what a window shows for a refused click)
  stuck(view, seat, piece)        why one of the seat's pieces has no move this turn, or None
  evaluate(state, seat)           the seat's worth of a whole state, 0..1, by what wins (Rules 13 and 18)
  terms(state, seat), worth(terms), TERM_WORDS
                                  what `evaluate` weighs, named; the worth from them; their words
and the rules' constants a bot weighs: piece kinds, VALUE (Rule 18), the camps, card kinds,
SUBMARINE_CARDS, opposite(camp), seat_of_power(pos, power).
"""
from engine.errors import RuleError
from engine.evaluation import Term
from engine.tactics1940 import blockade, diplomacy, traps, turns
from engine.tactics1940.board import LAND, SAFETY, SEAPORT, load
from engine.tactics1940.deck import (CONSCRIPTION, DIPLOMATIC_INCIDENT, SUBMARINE_CARDS, SURPRISE_MANEUVER,
                                     submarine_card_for)
from engine.tactics1940.moves import seat_moves
from engine.tactics1940.pieces import AIRPLANE, BATTLESHIP, NORTH, SOUTH, TRANSPORT, VALUE, opposite, seat_of_power

__all__ = ["position", "refusal", "stuck", "is_blockaded", "at_war", "is_neutral", "camp_seats", "moves_of", "after_move",
           "submarine_card", "step_distances", "occupancy", "opposite", "seat_of_power",
           "BATTLESHIP", "TRANSPORT", "AIRPLANE", "VALUE", "NORTH", "SOUTH",
           "SURPRISE_MANEUVER", "CONSCRIPTION", "DIPLOMATIC_INCIDENT", "SUBMARINE_CARDS", "evaluate",
           "terms", "worth", "TERM_WORDS"]

# The worth of a position (`evaluate`): what stands on the board, and the blockade's progress.
MATERIAL_WEIGHT = 0.5
MOUTH_WEIGHT = 0.5

ORTHOGONAL = ((0, -1), (1, 0), (0, 1), (-1, 0))
at_war = diplomacy.at_war
is_neutral = diplomacy.is_neutral
camp_seats = diplomacy.camp_seats


def position(view: dict, seat: int) -> dict:
    """A state the rules' helpers accept, rebuilt from what `seat` sees (unknown parts left empty)."""
    pub = view["public"]
    board = load(pub["board"])
    mine = {str(c["card"]): list(board.square_of(c["ocean"], c["number"]))
            for c in view["private"].get("submarines", [])}
    return {"board": pub["board"], "n": len(pub["powers"]), "powers": pub["powers"], "camp": list(pub["camps"]),
            "pieces": pub["pieces"], "coins": list(pub["coins"]), "reserve": pub["reserve"],
            "protest_cards": list(pub["protest_cards"]), "accepted": pub["accepted"],
            "demands": pub["demands"], "steps": [], "discard": [c["id"] for c in pub["discard"]],
            "deck": [], "hands": {str(seat): mine} if mine else {}, "turn": pub["turn"], "stage": pub["stage"],
            "outcome": None, "drawn": None, "held": pub["submarines"]}


def refusal(view: dict, seat: int, action: dict):
    """(code, message) of the RuleError the rules raise for `seat`'s turn `action` (a move, a pass or a
    demand) in the position `view` shows, or None when they would take it or nothing is asked now but
    a pending step (a card, a protest...). Checked without changing anything."""
    pub = view["public"]
    if pub.get("steps") or pub.get("turn") != seat or action.get("type") not in ("move", "pass", "demand"):
        return None
    pos = position(view, seat)
    try:
        turns.check_turn_action(load(pos["board"]), pos, seat, action)
    except RuleError as e:
        return e.code, e.message
    return None


def stuck(view: dict, seat: int, piece_id: int) -> str | None:
    """Why `seat`'s piece cannot move on this turn, in the rules' words, or None when it can (or when no
    move is asked now)."""
    pub = view["public"]
    if pub.get("steps") or pub.get("turn") != seat:
        return None
    pos = position(view, seat)
    p = pos["pieces"][piece_id] if 0 <= piece_id < len(pos["pieces"]) else None
    if p is None or p["owner"] != seat or p["at"] is None:
        return None
    return turns.why_piece_stuck(load(pos["board"]), pos, seat, p)


def occupancy(pieces) -> dict:
    """(x, y) -> piece, for every piece of `pieces` on the board."""
    return {(p["at"][0], p["at"][1]): p for p in pieces if p["at"] is not None}


def is_blockaded(pos: dict, seat: int, occ: dict | None = None) -> bool:
    """Rule 13: True when `seat`'s seaport (North or South) is blockaded in `pos`."""
    return blockade.blockaded(load(pos["board"]), pos, seat, occ)


def moves_of(pos: dict, seat: int, occ: dict | None = None) -> list:
    """Every move of `seat`'s pieces (standing demands not applied): [(piece, path, captured ids)]."""
    return seat_moves(load(pos["board"]), occ if occ is not None else occupancy(pos["pieces"]), seat)


def submarine_card(square):
    """The id of the submarine card naming `square`, or None (Rule 11)."""
    return submarine_card_for(load(), tuple(square))


def after_move(pos: dict, p: dict, path: list, captured: list | None = None, occ: dict | None = None) -> tuple:
    """(the position after `p` moves along `path`, the pieces the move destroyed). Jumped transports
    go (`captured`, or worked out from the path), a neutral's supply ship entering another player's
    seaport trades (1 coin; the ship forecast home on the free square nearest its open squares), and
    a battleship's traps are settled (Rule 10). No card is drawn and no submarine strikes. `pos` is
    not changed: the new position shares what the move leaves alone. `occ`: `occupancy(pos["pieces"])`,
    when the caller has it."""
    board = load(pos["board"])
    pieces = list(pos["pieces"])
    sim = dict(pos, pieces=pieces, steps=[])
    start, end = (p["at"][0], p["at"][1]), path[-1]
    moved = dict(p, at=list(end))
    pieces[p["id"]] = moved
    if captured is None:
        captured = []
        if len(path) > 1 or max(abs(end[0] - start[0]), abs(end[1] - start[1])) > 1:
            occ = occ if occ is not None else occupancy(pos["pieces"])
            for a, b in zip([start] + list(path), path):
                captured.append(occ[((a[0] + b[0]) // 2, (a[1] + b[1]) // 2)]["id"])
    destroyed = []
    for cid in captured:
        destroyed.append(pieces[cid])
        pieces[cid] = dict(pieces[cid], at=None)
    owner = p["owner"]
    if p["kind"] == TRANSPORT and pos["camp"][owner] is None and board.kinds.get(end) == SEAPORT \
            and end not in board.homes[pos["powers"][owner]].squares \
            and seat_of_power(pos, board.home_of[end]) is not None:
        coins = list(pos["coins"])
        coins[owner] += 1
        sim["coins"] = coins
        home = board.homes[pos["powers"][owner]]
        taken = occupancy(pieces)
        free = [sq for sq in home.squares if sq not in home.bases and sq not in taken]
        if free:
            moved["at"] = list(min(free, key=lambda sq: (min(abs(sq[0] - o[0]) + abs(sq[1] - o[1])
                                                             for o in home.open), sq)))
    if p["kind"] == BATTLESHIP:
        before = occ if occ is not None else occupancy(pos["pieces"])
        if _may_trap(board, pos, before, p["owner"], start, end):
            events = []
            traps.resolve(board, sim, moved, events, _settling(board, before, pieces, moved, start, destroyed))
            destroyed += [{"id": e["piece"], "owner": e["owner"], "kind": e["kind"]}
                          for e in events if e["type"] == "destroyed"]
    return sim, destroyed


def _settling(board, before, pieces, moved, start, jumped) -> dict:
    """The occupancy traps.resolve reads after a battleship's move (`before`: the one before it; `jumped`: the
    transports it took): the mover on its end, the jumped gone, and every battleship beside the end copied
    into `pieces` first, as a trap sinks only those and the mover (`pos` keeps its own)."""
    occ = dict(before)
    del occ[start]
    for q in jumped:
        del occ[(q["at"][0], q["at"][1])]
    end = (moved["at"][0], moved["at"][1])
    occ[end] = moved
    for n in board.links[end].values():
        q = occ.get(n)
        if q is not None and q["kind"] == BATTLESHIP:
            occ[n] = pieces[q["id"]] = dict(q)
    return occ


def _may_trap(board, pos, occ, owner, start, end) -> bool:
    """Whether `owner`'s battleship moved from `start` to `end` can make or fall into a trap (Rule 10): only with an
    opposed battleship beside it (`occ`: the occupancy before the move), both out of the safety zone. Its victims
    are not friendly to it (not its own, nor of its camp), and the two that sink it are of a camp not its own; a
    ship beside it of its own seat or camp is neither. Else traps.resolve would change nothing, and the copies it
    needs are spared (most moves of a forecast)."""
    if board.in_safety(end):
        return False
    for n in board.links[end].values():
        q = occ.get(n)
        if q is not None and q["kind"] == BATTLESHIP and n != start and not board.in_safety(n) \
                and not diplomacy.friendly(pos, q["owner"], owner):
            return True
    return False


_DISTANCES = {}


def step_distances(kind: str, targets) -> dict:
    """Fewest moves for a piece of `kind` from each square to the nearest of `targets` on the empty
    board: battleships step any way on water, transports straight anywhere but plane bases, and any
    piece leaving the safety zone any way (Rules 4 and 9). Computed once per process."""
    key = (kind, tuple(tuple(t) for t in targets))
    if key not in _DISTANCES:
        board = load()
        dist = {t: 0 for t in key[1]}
        frontier = list(key[1])
        while frontier:
            nxt = []
            for sq in frontier:
                for prev in _predecessors(board, kind, sq):
                    if prev not in dist:
                        dist[prev] = dist[sq] + 1
                        nxt.append(prev)
            frontier = nxt
        _DISTANCES[key] = dist
    return _DISTANCES[key]


def _predecessors(board, kind, sq):
    for d, n in board.links[sq].items():
        if kind == BATTLESHIP:
            if board.kinds[n] != LAND:
                yield n
        elif n not in board.bases and (d in ORTHOGONAL or (board.kinds[n] == SAFETY and board.kinds[sq] != SAFETY)):
            yield n


def evaluate(state: dict, seat: int) -> float:
    """The seat's worth of a position, 0..1, by what wins Tactics (1940): a belligerent wins by
    blockading the enemy's seaport (Rule 13), whose mouth is shut when every passage across its coast
    has a blockading piece on one of its ends. So the share of the enemy port's passages the seat's
    camp stands on, less the share of its own port's passages the enemy camp stands on, weighs
    MOUTH_WEIGHT; the camp's pieces on the board at their Rule 18 value (a battleship 5, any other
    piece 1) as a share of both camps' weighs MATERIAL_WEIGHT. A neutral seat is worth its own pieces'
    share of every piece's value: `worth(terms(state, seat))`. A finished game is 1 for a winner (shared),
    0 otherwise."""
    outcome = state.get("outcome")
    if outcome is not None:
        winners = outcome["winners"]
        return 1.0 / len(winners) if seat in winners else 0.0
    return worth(terms(state, seat))


def terms(state: dict, seat: int) -> dict:
    """What `evaluate` weighs, named (engine.evaluation): the Rule 18 value of the seat's camp's pieces on the
    board and of the enemy camp's (a neutral: its own pieces' and everyone else's), the share of the enemy
    seaport's passages the camp stands on and of its own the enemy stands on, and whether the seat is neutral."""
    board = load(state["board"])
    camp = state["camp"][seat]
    value = {}
    for p in state["pieces"]:
        if p["at"] is not None:
            value[p["owner"]] = value.get(p["owner"], 0) + VALUE[p["kind"]]
    if camp is None:
        return {"material": Term(value.get(seat, 0)),
                "enemy_material": Term(sum(v for owner, v in value.items() if owner != seat)),
                "passages_held": Term(0.0), "passages_lost": Term(0.0), "neutral": Term(1)}
    ours, theirs = diplomacy.camp_seats(state, camp), diplomacy.camp_seats(state, opposite(camp))
    owner_at = {(p["at"][0], p["at"][1]): p["owner"] for p in state["pieces"] if p["at"] is not None}

    def stood_on(home, seats) -> float:
        passages = home.passages
        return sum(1 for passage in passages if any(owner_at.get(sq) in seats for sq in passage)) / len(passages)
    return {"material": Term(sum(value.get(s, 0) for s in ours)),
            "enemy_material": Term(sum(value.get(s, 0) for s in theirs)),
            "passages_held": Term(stood_on(board.homes[opposite(camp)], set(ours))),
            "passages_lost": Term(stood_on(board.homes[camp], set(theirs))), "neutral": Term(0)}


def worth(terms: dict) -> float:
    """`evaluate` of a position from its `terms`."""
    mine, foes = terms["material"].value, terms["enemy_material"].value
    if terms["neutral"].value:
        return mine / (mine + foes) if mine + foes else 0.0
    material = mine / (mine + foes) if mine + foes else 0.5
    pressure = terms["passages_held"].value - terms["passages_lost"].value
    return MATERIAL_WEIGHT * material + MOUTH_WEIGHT * (0.5 + 0.5 * pressure)


# What a reason calls each term's change (engine.evaluation; bots/reasons.py words them): "more" / "fewer" by its
# value ({n}: by how much).
TERM_WORDS = {
    "material": {"more": "gains pieces worth {n}", "fewer": "loses pieces worth {n}"},
    "enemy_material": {"more": "the enemy gains pieces worth {n}", "fewer": "takes enemy pieces worth {n}"},
    "passages_held": {"more": "closes on the enemy's seaport", "fewer": "lets the enemy's seaport breathe"},
    "passages_lost": {"more": "lets the enemy close on our seaport", "fewer": "clears our seaport's mouth"},
}
