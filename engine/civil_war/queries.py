"""The questions a bot (or a window) may ask the rules of The Civil War Game, from the public view.

This is the package's public query surface: `engine/civil_war/__init__.py` re-exports the module
as `queries` (and its `__all__` as `QUERIES`). Bots import this, never the rules modules behind it
(tests/bots/test_legal_only.py holds them to `__all__`), so a rule corrected in the engine is
corrected for the bots too. Every answer comes from the rules' own code.

A *position* is what the rules' helpers read, rebuilt from the (wholly public) view: `position(view)`.

  position(view)                      the state fields the helpers below read
  strength(board, pos, square, side, comp)
                                      battle strength of `side` on `square`: its units there (or the
                                      composition `comp` standing there), fortified ground troops
                                      counting two, plus an unfallen capital's garrison
  stake(board, pos, square, side)       pieces `side` gives up if it loses the city on `square` now
  must_destroy_all(board, square)     a battle for a key city or capital destroys every defender
  at_stake(board)                     (square, city) of every key city and capital, the cities whose loss can
                                      cost a side pieces, in the board's order
  step_allowed(board, kind, frm, to)  one step of a lone unit of `kind` by terrain (mountains, passes,
                                      rail, water), no enemies considered
  paths(board, public, side, group, start, retreat=)
                                      every square `group` of `side` may reach from `start` -> the squares it
                                      passes on the way, as the rules find a move that names only its end
  evaluate(state, seat)               the side's worth of a position, 0..1, by what wins the war (below)
  terms(state, seat), worth(terms), TERM_WORDS
                                      what `evaluate` weighs, named; the worth from them; their words
  SPEED, RAIL_RIDE                    squares per turn by kind, and rail links an infantry group rides
and the kinds of unit: INFANTRY, CAVALRY, GUNBOAT, KINDS, GROUND.
"""
from engine.civil_war import battle, cities, movement
from engine.evaluation import Term, result_worth
from engine.civil_war.board import load
from engine.civil_war.pieces import (CAVALRY, GROUND, GUNBOAT, INFANTRY, KINDS, RAIL_RIDE, SPEED, count, enemy,
                                     pieces, units_at)
from engine.civil_war.turns import movable

__all__ = ["position", "strength", "stake", "must_destroy_all", "at_stake", "step_allowed", "paths", "SPEED",
           "RAIL_RIDE", "INFANTRY", "CAVALRY", "GUNBOAT", "KINDS", "GROUND", "evaluate", "terms", "worth", "TERM_WORDS"]

THREAT_REACH = 2      # squares from which enemy troops threaten a city next turn (cavalry's and gunboats' speed)
THREAT_WEIGHT = 0.5   # share of a threatened city's stake counted as already lost
STRIKE_WEIGHT = 0.5   # share of the best attack open to the side to move counted as already made


def position(view: dict) -> dict:
    """The state fields the rules' helpers read (units, fortified cities, flags), from the public view."""
    pub = view["public"]
    return {"units": pub["units"], "fortified": pub["fortified"], "flags": pub["flags"]}


def strength(board, pos: dict, square, side: int, comp: dict | None = None) -> int:
    """Battle strength of `side` on `square` as the rules count it (battle.defence): of the units there,
    or of the composition `comp` standing there in their place."""
    if comp is not None:
        units = [{"side": side, "kind": k, "at": list(square)} for k in KINDS for _ in range(comp.get(k, 0))]
        pos = dict(pos, units=units)
    return battle.defence(board, pos, tuple(square), side)


def stake(board, pos: dict, square, side: int) -> int:
    """Pieces `side` gives up if it loses the city on `square` now (0: no city of its at stake)."""
    return cities.cost_of_losing(board, pos, tuple(square), side)


def must_destroy_all(board, square) -> bool:
    """In a battle for a key city or a capital the defenders must be destroyed to the last."""
    return battle.must_destroy_all(board, tuple(square))


def at_stake(board) -> list:
    """(square, city) of every key city and capital, in the board's order (callers only read it)."""
    return cities.at_stake(board)


def step_allowed(board, kind: str, frm, to) -> bool:
    """One step of a lone unit of `kind` from `frm` to the neighbouring `to`, by terrain only."""
    return movement.step_allowed(board, {kind: 1}, tuple(frm), tuple(to))


def paths(board, public: dict, side: int, group: dict, start, *, retreat: bool = False) -> dict:
    """Square -> the squares a move (or a retreat: no battle, no railroad) of `group` from `start` passes to get
    there, as the rules find the way for a move that names only `to`, over the public view (nothing is hidden)."""
    return movement.destinations(board, movement.Occupancy(board, public), public, side, group, tuple(start),
                                 may_fight=not retreat, may_ride=not retreat)


def evaluate(state: dict, seat: int) -> float:
    """The side's worth of a position, 0..1, as a share of what wins the war: a side wins when every
    enemy piece is gone, so its worth is its pieces' share of both sides' pieces, less what its cities
    stand to cost it — losing a key city or the unfallen capital costs that side pieces (the rules' own
    `cost_of_losing`: a key city 2 for the Union, 1 for the Confederacy; a capital 6 and 5), counted
    at THREAT_WEIGHT of the stake when enemy troops within THREAT_REACH squares outnumber the city's
    defence (the rules' own `defence`: fortified ground troops count two, a capital's garrison).
    The side whose turn it is (no step pending) strikes first: of the attacks its stacks can make now
    with a larger force (the rules' own `destinations` and `defence`), the one that gains most — every
    defender destroyed, one fewer of its own lost than the strength destroyed, a city's stake taken —
    counts at STRIKE_WEIGHT: `worth(terms(state, seat))`.
    A finished war is 1 for the winner, 0 for the loser, 0.5 each for a stalemate. `state`: a whole
    state, or a position (`position(view)`, the war being wholly public) with `board` and `outcome`."""
    outcome = state.get("outcome")
    if outcome is not None:
        return result_worth(outcome["winners"], seat)
    return worth(terms(state, seat))


def terms(state: dict, seat: int) -> dict:
    """What `evaluate` weighs, named (engine.evaluation), for the side `seat` and for its enemy ("enemy_..."):
    its pieces; its cities at risk (value: THREAT_WEIGHT of their stakes; items: their names); and what the
    side to move's best attack now would cost it (value: STRIKE_WEIGHT of the pieces; items: the city taken)."""
    board = load(state["board"])
    risk, at_risk = {}, {}
    for side in (0, 1):
        liability, names = 0.0, []
        for square, city in cities.at_stake(board):
            stake = cities.cost_of_losing(board, state, square, side)
            if stake and _threat(state, square, enemy(side)) > battle.defence(board, state, square, side):
                liability += THREAT_WEIGHT * stake
                names.append(city.name)
        risk[side], at_risk[side] = liability, tuple(sorted(names))
    struck, taken_city = {0: 0.0, 1: 0.0}, ()
    if not state.get("pending") and "turn" in state:
        mover = state["turn"]
        killed, lost, taken, square = _best_strike(board, state, mover)
        struck[mover] = STRIKE_WEIGHT * lost
        struck[enemy(mover)] = STRIKE_WEIGHT * (killed + taken)
        if taken and square in board.city_at:
            taken_city = (board.city_at[square].name,)
    out = {}
    for side, prefix in ((seat, ""), (enemy(seat), "enemy_")):
        out[prefix + "pieces"] = Term(pieces(state, side))
        out[prefix + "cities_at_risk"] = Term(risk[side], at_risk[side])
        out[prefix + "struck"] = Term(struck[side], taken_city if struck[side] and side != state.get("turn") else ())
    return out


def worth(terms: dict) -> float:
    """`evaluate` of a position from its `terms`: the side's pieces less its cities' risk and what the next
    attack costs it, as a share of both sides'."""
    own, foe = (max(0.0, terms[p + "pieces"].value - terms[p + "cities_at_risk"].value - terms[p + "struck"].value)
                for p in ("", "enemy_"))
    total = own + foe
    return own / total if total else 0.5


# What a reason calls each term's change (engine.evaluation; bots/reasons.py words them): "gained" / "lost" when
# the term's named items changed ({items} names them), else "more" / "fewer" by its value ({n}: by how much;
# {n:one|many}: with its noun, one or many as the count is: bots/reasons.py Count).
TERM_WORDS = {
    "pieces": {"more": "{n:more piece|more pieces}", "fewer": "{n:piece|pieces} lost"},
    "enemy_pieces": {"more": "the enemy gains {n:piece|pieces}", "fewer": "destroys {n:enemy piece|enemy pieces}"},
    "cities_at_risk": {"gained": "leaves {items} open to attack", "lost": "covers {items}",
                       "more": "a city left open to attack", "fewer": "a city covered"},
    "enemy_cities_at_risk": {"gained": "threatens {items}", "lost": "lets {items} off",
                             "more": "threatens an enemy city", "fewer": "lets an enemy city off"},
    "struck": {"more": "open to an attack", "fewer": "out of the enemy's best attack"},
    "enemy_struck": {"more": "sets up an attack", "fewer": "gives up an attack"},
}


def _threat(state: dict, square, side: int) -> int:
    """Units of `side` within THREAT_REACH squares of `square` (any direction)."""
    x, y = square
    return sum(1 for u in state["units"] if u["side"] == side
               and max(abs(u["at"][0] - x), abs(u["at"][1] - y)) <= THREAT_REACH)


def _best_strike(board, state, side: int) -> tuple:
    """(enemy pieces destroyed, own pieces lost, stake taken, the square attacked) of the attack by a larger force
    that gains `side` most now, of each stack's ready units moving whole or by kind; (0, 0, 0, None) when none
    gains."""
    occ = movement.Occupancy(board, state)
    best, best_net = (0, 0, 0, None), 0
    defences = {}
    for square in {(u["at"][0], u["at"][1]) for u in state["units"] if u["side"] == side}:
        ready = count(movable(board, state, side, square))
        groups = {tuple(sorted(ready.items()))}
        groups |= {((kind, ready[kind]),) for kind in KINDS if ready[kind]}
        for group in groups:
            group = {k: n for k, n in group if n}
            if not group:
                continue
            attack = sum(group.values())
            for dest in movement.destinations(board, occ, state, side, group, square, may_fight=True):
                if not occ.hostile(dest, side):
                    continue
                if dest not in defences:
                    defences[dest] = battle.defence(board, state, dest, enemy(side))
                held = defences[dest]
                if attack <= held:
                    continue
                strike = (len(units_at(state, dest, enemy(side))), held - 1,
                          cities.cost_of_losing(board, state, dest, enemy(side)), dest)
                net = strike[0] + strike[2] - strike[1]
                if net > best_net:
                    best, best_net = strike, net
    return best
