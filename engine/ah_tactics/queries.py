"""Questions a window may ask about what one seat sees (docs/ah_tactics.md, "Queries the window asks").

Every answer is worked out by the rules' own functions from the seat's view only — the public
units, the seat's own reserves, its allowance — never from the full state, so nothing secret can
leak into an answer and no rule is written twice. The rules read a state's units as
{"at", "status", "corps", "captor"}; `seen` gives the view's units that shape (a reserve's square
stays unknown, as it is in the state's units).

  route(view, unit, to)           the cheapest route a move would take and its cost in thirds
  reach_costs(view, unit)         every square the unit can reach now -> its cost in thirds
  move_refusal(view, unit, to)    why a move (or an air drop) there is refused, in the rules' words
  reserve_refusal(view, unit)     why the unit may not go into reserve where it stands
  assign_refusal(view, a, d)      why attacker `a` may not join the battle against defender `d`
  battles_ahead(view)             what ending the movement now leads to: the enemies it must attack, any battle
  crt_chart()                     the Combat Results Table as rows of text (die 1 first)
  battle_columns(attack, defence) the column(s) a battle of those factors is fought on
  outcome_chances(attack, defence) each outcome of such a battle with its chance
  front_line(view, side)          per column the first row not behind the side's front line
  hq_ranges(view, side)           each corps HQ on the board: its square, radius, corps and range
  factors(view, unit)             (attack, defence) combat factors the unit counts now
  may_enter(unit)                 the kinds of ground the unit may stand on
  squares_text(thirds)            a cost or an allowance in thirds as people read it ("2⅓"): the rules' refusals,
                                  and the window's preview, log and gauge, all write it with this one function
What a bot asks besides (static rules, no view needed; bots/ah_tactics.py):
  side_of(view)                   the seat's side as an index (0 blue, 1 red); SIDE_NAMES names them
  seat_side(seat)                 the side a seat plays, as an index (seats alternate sides)
  printed_factor(kind)            the combat factor printed on a unit of that kind (rule B); HQ_KIND
  battle_halves(given, defence)   a battle's (attack, defence) in half factors, across a river at half (E1)
  outcome_faces(attack, defence)  each equally likely face of such a battle: (chance, result) (the CRT)
  in_mountains(unit, square)      whether `unit` there is a mountain division in the mountains (E2)
  may_stand(unit, square)         whether `unit` may enter that square's ground (D1, D2)
  may_land(square)                whether a parachute division may land on that square's ground (D3)
  division_steps(kind)            per land square, each step a division of that kind may take, in thirds (C)
  control(square, kind)           the squares a division of that kind on `square` controls (E, E1, E2)
  FULL_ALLOWANCE, THIRDS          a side's movement allowance a turn, in thirds of a square (rule C: 30 squares);
                                  the thirds in a square (an allowance and a cost are counted in them)
  RESERVE_LIMIT                   (units, combat factors) a side may hold in reserve at once (rule G: a corps)
What a searching bot asks of a whole state it holds (a `sample_state` or one played on from it):
  evaluate(state, seat)           the seat's side's worth of a position, 0..1, by rule A's two victories
  terms(state, seat), worth(terms), TERM_WORDS
                                  what `evaluate` weighs, named; the worth from them; their words
A result (crt.Result) has `kind` (ELIM, BACK, EXCHANGE), `loser` (ATTACKER, DEFENDER, None for an
exchange), `distance` (squares to fall back), `prisoners` and `text`.
"""
from fractions import Fraction
from functools import lru_cache

from engine import grid
from engine.evaluation import Term, result_worth
from engine.ah_tactics import airborne, allowance, battles, cities, contact, crt, headquarters, movement, reserves, \
    turns, victory
from engine.ah_tactics import rule_ids as why
from engine.ah_tactics.battles import battle_halves
from engine.ah_tactics.board import load
from engine.ah_tactics.board import FOREST, MOUNTAIN, SEA
from engine.ah_tactics.crt import ATTACKER, BACK, DEFENDER, ELIM, EXCHANGE
from engine.ah_tactics.allowance import squares as squares_text
from engine.grid import text as square_text
from engine.ah_tactics.state import (ACTIVE, ELIMINATED, FULL_ALLOWANCE, PRISONER, RESERVE, SIDE_NAMES, THIRDS,
                                     army_strength, attack_factor, defence_factor, side_of_seat as seat_side)
from engine.ah_tactics.units import CORPS, FACTOR, FOOT, HQ as HQ_KIND, ROSTER, corps_hq, side_units
from engine.why import Refusal

__all__ = ["route", "reach_costs", "move_refusal", "reserve_refusal", "assign_refusal", "battles_ahead",
           "squares_text", "crt_chart", "battle_columns", "outcome_chances", "front_line", "hq_ranges", "factors",
           "may_enter", "side_of", "seat_side", "SIDE_NAMES", "printed_factor", "HQ_KIND", "battle_halves",
           "outcome_faces", "army_tallies", "square_text", "in_mountains", "may_stand", "may_land", "division_steps",
           "control", "FULL_ALLOWANCE", "THIRDS", "RESERVE_LIMIT",
           "ELIM", "BACK", "EXCHANGE", "ATTACKER", "DEFENDER", "evaluate", "terms", "worth", "TERM_WORDS"]

# The worth of a position (`evaluate`): the armies' share, the enemy cities held, and the turn-ends
# for which they have been held (rule A, b: three running win the game).
ARMY_WEIGHT = 0.6
CITY_WEIGHT = 0.4
HQ_WORTH = 2.0   # an HQ standing, in divisions: lost to a mere touch (F), its corps commanded through it (H2)

SIDE_INDEX = {name: i for i, name in enumerate(SIDE_NAMES)}
RESERVE_LIMIT = (reserves.MAX_UNITS, reserves.MAX_FACTORS)


# ----- what the seat sees, in the shape the rules read ------------------------------------------------
def seen(view: dict) -> dict:
    """The view's units as the rules read a state's units, and the options (no secrets: reserves have no
    square here, as in the state's own units)."""
    public = view.get("public") or {}
    units = []
    for u in public.get("units") or []:
        at = u.get("at")
        units.append({"at": list(at) if at is not None else None, "status": u["status"], "corps": u.get("corps"),
                      "captor": SIDE_INDEX.get(u.get("captor"))})
    plan = [{"attackers": {str(a): f for a, f in b["attackers"].items()}, "defenders": list(b["defenders"])}
            for b in public.get("plan") or []]
    # a unit that flew this turn is halted too (rule D3): the public `halted` answers for both
    return {"units": units, "options": dict(public.get("options") or {}), "plan": plan,
            "halted": list(public.get("halted") or []), "moved": list(public.get("moved") or []), "flown": []}


def army_tallies(view: dict) -> dict:
    """Each side's divisions still fighting (`army_strength`: on the board, in reserve or refitting) and its
    units lost so far (eliminated, or held prisoner), as the view shows them: the game-over table's figures."""
    state = seen(view)
    out = {}
    for side, name in enumerate(SIDE_NAMES):
        lost = sum(1 for uid in side_units(side) if state["units"][uid]["status"] in (ELIMINATED, PRISONER))
        out[name] = {"divisions": army_strength(state, side), "lost": lost}
    return out


def _side(view: dict) -> int | None:
    return SIDE_INDEX.get((view.get("private") or {}).get("side"))


def _own_reserves(view: dict) -> dict:
    return {r["unit"]: (r["x"], r["y"]) for r in (view.get("private") or {}).get("reserves") or []}


def _source(view: dict, unit: int):
    """Where `unit` starts a move: its square, or its secret square when it is one of our reserves."""
    hidden = _own_reserves(view)
    if unit in hidden:
        return hidden[unit]
    u = seen(view)["units"][unit]
    return tuple(u["at"]) if u["at"] is not None else None


def field(view: dict) -> movement.Field:
    """The moving side's Field from its view: public positions, its own reserves, the ports' holders."""
    board = load()
    public = view.get("public") or {}
    placed = [(u["id"], tuple(u["at"]), u["status"], SIDE_INDEX.get(u.get("captor")))
              for u in public.get("units") or [] if u.get("at") is not None]
    ports = {name: SIDE_INDEX[owner] for name, owner in (public.get("ports") or {}).items()}
    return movement.field(board, _side(view), placed, list(_own_reserves(view).values()), ports)


def _budget(view: dict) -> int:
    return (view.get("private") or {}).get("allowance") or 0


def _purse(view: dict) -> dict:
    """The allowance as the rules price a move (C1), from what the seat sees: the allowance left, its
    units' credits of paid thirds, and the `line_cost` option."""
    private = view.get("private") or {}
    return {"allowance": _budget(view), "credit": dict(private.get("credit") or {}),
            "options": dict((view.get("public") or {}).get("options") or {})}


# ----- movement -------------------------------------------------------------------------------------
def route(view: dict, unit: int, to) -> tuple[int, list] | None:
    """(cost in thirds, [(x, y), ...]) of the route the move of `unit` to `to` takes (its start not included,
    `to` last), as the rules carry it out; None when it cannot get there with the allowance left."""
    src = _source(view, unit)
    if src is None or _side(view) is None:
        return None
    purse = _purse(view)
    found = field(view).route(src, tuple(to), ROSTER[unit].mover, allowance.budget(purse, unit),
                              amphibious=ROSTER[unit].kind == "amphibious")
    if found is None:
        return None
    cost, steps = found
    return allowance.charge(purse, unit, cost), [sq for sq, _, _ in steps]


def reach_costs(view: dict, unit: int) -> dict:
    """{(x, y): cost in thirds} of every square `unit` can end a move on within the allowance (what the
    legal listing allows of these is the listing's business: a reserve's squares are fewer)."""
    src = _source(view, unit)
    if src is None or _side(view) is None:
        return {}
    purse = _purse(view)
    found = field(view).reach(src, ROSTER[unit].mover, allowance.budget(purse, unit),
                              amphibious=ROSTER[unit].kind == "amphibious")
    return {square: allowance.charge(purse, unit, thirds) for square, thirds in found.items()}


def _occupant(view: dict, square) -> int | None:
    for u in (view.get("public") or {}).get("units") or []:
        if u.get("at") is not None and tuple(u["at"]) == tuple(square):
            return u["id"]
    for uid, sq in _own_reserves(view).items():
        if sq == tuple(square):
            return uid
    return None


def move_refusal(view: dict, unit: int, to, *, air: bool = False) -> str:
    """Why `unit` may not move (or, `air`, drop) to `to` now, in the rules' own words — the truest reason
    first: the square is taken, the ground is forbidden to the unit, then the front line for a reserve, then
    the allowance. (For a square the legal listing holds there is no reason: do not ask.)"""
    if _side(view) is None:
        return "It is not your move."
    board, to = load(), tuple(to)
    name = ROSTER[unit].name
    if to not in board.terrain:
        return "That is off the board."
    taken = _occupant(view, to)
    if taken is not None and taken != unit:
        mine = ROSTER[taken].side == ROSTER[unit].side
        return Refusal(why.ONE_TO_A_SQUARE, f"The {ROSTER[taken].name} stands there: one unit to a square (rule C)."
                       + ("" if mine else " Attack it in the battle plan, after movement."))
    if air:   # a taken square was answered above: the rest of the drop zone is the ground
        lands = bool(movement.tables(board.name, movement.FOOT).enter >> board.grid.index(to) & 1)
        return airborne.drop_problem(seen(view), _side(view), unit, lands) or f"The {name} may not move there now."
    problem = allowance.movable(seen(view), _side(view), unit)
    if problem:
        return problem
    terrain = board.terrain[to]
    if terrain == movement.SEA:
        return Refusal(why.SEA_MOVE, "Units cross the sea only from a friendly port's dock (rule D4): click a dock, "
                                     "not the water.")
    if not movement.enterable(terrain, ROSTER[unit].mover):
        if terrain == movement.MOUNTAIN:
            return Refusal(why.MOUNTAINS, "Only mountain divisions enter the mountains (rule D1).")
        return Refusal(why.FOREST, "Armor never enters a forest, even on a road (rule D2).")
    reserve_zone = _reserve_squares(view, unit) if unit in _own_reserves(view) else None
    problem = turns.placement_problem(board, seen(view), unit, to, reserve_zone)
    if problem:
        return problem
    if route(view, unit, to) is None:
        return turns.out_of_reach(unit, to, _budget(view))
    return f"The {name} may not move there now."


def _reserve_squares(view: dict, unit: int) -> int:
    board = load()
    state = seen(view)
    side = ROSTER[unit].side
    taken = 0
    for u in state["units"]:
        if u["at"] is not None:
            taken |= board.grid.bit(tuple(u["at"]))
    for sq in _own_reserves(view).values():
        taken |= board.grid.bit(sq)
    allowed = reserves.behind_front(board, state, side) & ~taken & ~reserves.near_enemy(board, state, side)
    return allowed & movement.tables(board.name, ROSTER[unit].mover).enter


def reserve_refusal(view: dict, unit: int) -> str:
    """Why `unit` may not go into reserve where it stands (the rules' reason), or why it is not ours."""
    if ROSTER[unit].side != _side(view):
        return "Only your own units go into your reserve."
    return reserves.take_problem(load(), seen(view), unit) or "Only your side's commander sends units into reserve."


def assign_refusal(view: dict, attacker: int, defender: int, factors: int = 1) -> str:
    """Why `attacker` may not give `factors` to the battle against `defender` (the rules' reason)."""
    problem = battles.assign_problem(load(), seen(view), _side(view), attacker, defender, factors)
    return problem or f"The {ROSTER[attacker].name} cannot attack the {ROSTER[defender].name} now."


def battles_ahead(view: dict) -> dict:
    """What ending the seat's side's movement now would lead to (rule F), from the units it sees: {"must": enemy
    units it would have to attack (every one in contact), "any": whether any battle may be fought at all (else
    the turn ends with the movement)}."""
    side = _side(view)
    if side is None:
        return {"must": [], "any": False}
    board, state = load(), seen(view)
    must = contact.must_engage(board, state, side)
    return {"must": must, "any": bool(must or contact.eligible_pairs(board, state, side))}


# ----- the combat results table -----------------------------------------------------------------------
def crt_chart() -> dict:
    """{"columns": odds columns in order, "rolls": 6, "cells": {column: [text for die 1..6]}, "losers":
    {column: ["attacker" / "defender" / None (an exchange) for die 1..6]}, "uncertain": ["column/die", ...]} —
    the table as printed, who each cell beats, the scan's doubtful readings."""
    table = crt.load()
    return {"columns": list(crt.COLUMNS), "rolls": crt.ROLLS,
            "cells": {c: [r.text for r in table.cells[c]] for c in crt.COLUMNS},
            "losers": {c: [r.loser for r in table.cells[c]] for c in crt.COLUMNS},
            "uncertain": list(table.uncertain)}


def battle_columns(attack: float, defence: float) -> list[str]:
    """The column(s) a battle of `attack` against `defence` combat factors (halves allowed) is fought on:
    one, or the two a roll-off chooses between; an automatic result names no column of the table."""
    odds = crt.odds(round(attack * 2), round(defence * 2))
    return [odds.column] if odds.column else [odds.defender_column, odds.attacker_column]


def describe(result: crt.Result) -> str:
    """A result in words: "defender eliminated", "attacker falls back 2", "exchange"."""
    if result.kind == crt.EXCHANGE:
        return "exchange"
    if result.kind == crt.BACK:
        return f"{result.loser} falls back {result.distance}"
    return f"{result.loser} eliminated" + (" (prisoners under J1)" if result.prisoners else "")


def outcome_faces(attack: float, defence: float) -> list[tuple[Fraction, crt.Result]]:
    """Each face of a battle of `attack` against `defence` combat factors (halves allowed) with its chance, in
    the table's order (column by column, die 1 first): every die face is 1/6, an automatic result is one face,
    and a roll-off gives each of its two columns one chance in two (ties throw again)."""
    table = crt.load()
    columns = battle_columns(attack, defence)
    out = []
    for column in columns:
        faces = [table.result(column, 1)] if column in (crt.AUTO_DEFENDER, crt.AUTO_ATTACKER) else \
            [table.result(column, die) for die in range(1, crt.ROLLS + 1)]
        out += [(Fraction(1, len(columns) * len(faces)), r) for r in faces]
    return out


def outcome_chances(attack: float, defence: float) -> list[tuple[str, Fraction]]:
    """Each outcome of a battle of `attack` against `defence` combat factors with its chance, likeliest first
    (the faces of `outcome_faces` that read alike, added up)."""
    chances: dict[str, Fraction] = {}
    for chance, r in outcome_faces(attack, defence):
        key = describe(r)
        chances[key] = chances.get(key, Fraction(0)) + chance
    return sorted(chances.items(), key=lambda kv: (-kv[1], kv[0]))


# ----- the front line and the HQs ---------------------------------------------------------------------
def front_line(view: dict, side: str) -> list[int]:
    """Per column x: the row nearest the side's home edge that is NOT behind its front line (the rule G front
    as reserves.front_limits reads it); squares between the side's home edge and that row are behind it."""
    board = load()
    s = SIDE_INDEX[side]
    limits = reserves.front_limits(board, seen(view), s)
    return [limit if s == 0 else board.height - 1 - limit for limit in limits]


def hq_ranges(view: dict, side: str) -> list[dict]:
    """Each corps HQ of `side` on the board: {"hq", "corps", "at", "radius", "in_range", "members": squares of
    its corps' divisions on the board} (rule H2)."""
    state = seen(view)
    s = SIDE_INDEX[side]
    out = []
    for corps in CORPS:
        hq = corps_hq(s, corps)
        u = state["units"][hq]
        if u["status"] != ACTIVE or u["at"] is None:
            continue
        members = [tuple(state["units"][m]["at"]) for m in headquarters.members(state, s, corps)]
        out.append({"hq": hq, "corps": corps, "at": tuple(u["at"]), "radius": headquarters.HQ_RANGE,
                    "in_range": headquarters.hq_in_range(state, hq), "members": members})
    return out



# ----- one unit -------------------------------------------------------------------------------------
def factors(view: dict, unit: int) -> tuple[int, int]:
    """(attack, defence) combat factors `unit` counts now (rule B; H1; J3 for HQs; 0 off the board)."""
    state = seen(view)
    return attack_factor(state, unit), defence_factor(state, unit)


def may_enter(unit: int) -> list[str]:
    """The kinds of ground `unit` may stand on ("clear", "forest", "mountain"; rules D1, D2)."""
    board = load()
    kinds = sorted({t for t in board.terrain.values() if t != SEA}, key=lambda t: (t in (FOREST, MOUNTAIN), t))
    return [t for t in kinds if movement.enterable(t, ROSTER[unit].mover)]


# ----- what a bot asks: the rules as data, no view needed ---------------------------------------------
def side_of(view: dict) -> int | None:
    """The seat's side as an index into SIDE_NAMES (0 blue, 1 red), from its view; None for a spectator."""
    return _side(view)


def printed_factor(kind: str) -> int:
    """The combat factor printed on a unit of `kind` (rule B): armor 2, every other division 1, HQs 0."""
    return FACTOR[kind]


def in_mountains(unit: int, square) -> bool:
    """Whether `unit` standing on `square` is a mountain division in the mountains: only mountain divisions
    attack it, and it chooses its fights (rule E2)."""
    return contact.sheltered(ROSTER[unit].kind, load().terrain[tuple(square)])


def may_stand(unit: int, square) -> bool:
    """Whether `unit` may enter the ground of `square`: armor never a forest, only mountain divisions the
    mountains, no unit the sea (rules D1, D2)."""
    return movement.enterable(load().terrain[tuple(square)], ROSTER[unit].mover)


def may_land(square) -> bool:
    """Whether a parachute division may land on the ground of `square`, open land or forest (rule D3);
    whether the square is free is the caller's business."""
    return movement.enterable(load().terrain[tuple(square)], FOOT)


def _mover_of(kind: str) -> str:
    return next(u.mover for u in ROSTER if u.kind == kind)


@lru_cache(maxsize=None)
def division_steps(kind: str = "infantry") -> dict:
    """{land square: ((neighbour, cost in thirds), ...)} of every step a division of `kind` may take between
    neighbours, by rule C's costs (the rules' own step cost: lines, cities, forests, rivers, D1, D2)."""
    board = load()
    mover = _mover_of(kind)
    out = {}
    for sq in board.terrain:
        if not board.land(sq):
            continue
        around = grid.neighbours(sq, board.width, board.height)
        steps = ((n, movement.step_cost(board, sq, n, mover)[0]) for n in around)
        out[sq] = tuple((n, cost) for n, cost in steps if cost)
    return out


@lru_cache(maxsize=None)
def control(square, kind: str = "infantry") -> tuple:
    """The squares a division of `kind` on `square` controls: the eight around it but across a river (E1)
    and, unless it is a mountain division, the mountains (E2)."""
    board = load()
    return tuple(board.grid.squares(contact.control_bits(board, tuple(square), kind == "mountain")))



def evaluate(state: dict, seat: int) -> float:
    """The worth of a position for `seat`'s side, 0..1, by what wins under rule A: (a) the enemy army
    eliminated — so the side's divisions still fighting (the rules' own `army_strength`: on the board,
    in reserve or refitting), and its HQs still standing at HQ_WORTH of a division each (an HQ is lost to
    a mere touch, rule F, and its corps is commanded through it, H2), as a share of both armies' weighs
    ARMY_WEIGHT; (b) every enemy city occupied for a complete turn — so the share of the enemy's cities the
    side occupies now (the rules' `occupier`), less the share of its own the enemy occupies, weighs
    CITY_WEIGHT, and once the side occupies them all, each turn-end it has held them (of the three that win)
    closes the rest of the way to 1: `worth(terms(state, seat))`. A finished game is 1 for the winners, 0
    for the losers, 0.5 for a draw."""
    result = state.get("result")
    if result is not None:
        return result_worth(result["winners"], seat)
    return worth(terms(state, seat))


def terms(state: dict, seat: int) -> dict:
    """What `evaluate` weighs, named (engine.evaluation), for `seat`'s side and its enemy ("enemy_..."): the
    divisions still fighting; the HQs still standing (items: their names); the share of the other side's
    cities occupied (items: their names); the turn-ends all of them have been held, as a share of the three
    that win."""
    side = seat % 2
    board = load()
    out = {}
    standing = cities.units_by_square(state)
    for s, prefix in ((side, ""), (1 - side, "enemy_")):
        theirs = board.cities_of(1 - s)
        taken = sorted(name for name in theirs if cities.occupier(board, state, name, standing) == s)
        hqs = sorted(ROSTER[uid].name for uid in side_units(s)
                     if ROSTER[uid].kind == HQ_KIND and state["units"][uid]["status"] in (ACTIVE, RESERVE))
        out[prefix + "divisions"] = Term(army_strength(state, s))
        out[prefix + "hqs"] = Term(len(hqs), tuple(hqs))
        out[prefix + "cities"] = Term(len(taken) / len(theirs), tuple(taken))
        out[prefix + "hold"] = Term(state["hold"][s] / victory.HOLD_ENDS)
    return out


def worth(terms: dict) -> float:
    """`evaluate` of a position from its `terms`."""
    armies = [terms[p + "divisions"].value + HQ_WORTH * terms[p + "hqs"].value for p in ("", "enemy_")]
    army_share = armies[0] / sum(armies) if sum(armies) else 0.5
    worth = ARMY_WEIGHT * army_share + CITY_WEIGHT * (0.5 + 0.5 * (terms["cities"].value - terms["enemy_cities"].value))
    return worth + (1 - worth) * terms["hold"].value - worth * terms["enemy_hold"].value


# What a reason calls each term's change (engine.evaluation; bots/reasons.py words them): "gained" / "lost" when
# the term's named items changed ({items} names them), else "more" / "fewer" by its value ({n}: by how much;
# {n:one|many}: with its noun, one or many as the count is: bots/reasons.py Count).
TERM_WORDS = {
    "divisions": {"more": "{n:more division|more divisions} fighting", "fewer": "{n:division|divisions} lost"},
    "enemy_divisions": {"more": "the enemy gains {n:division|divisions}",
                        "fewer": "destroys {n:enemy division|enemy divisions}"},
    "hqs": {"gained": "gets our {items} back", "lost": "loses our {items}"},   # whose: both sides have an IIC HQ
    "enemy_hqs": {"gained": "the enemy gets its {items} back", "lost": "takes out the enemy's {items}"},
    "cities": {"gained": "takes {items}", "lost": "gives up {items}"},
    "enemy_cities": {"gained": "the enemy takes {items}", "lost": "wins back {items}"},
    "hold": {"more": "holds every enemy city another turn-end", "fewer": "the hold on the enemy's cities broken"},
    "enemy_hold": {"more": "the enemy holds our cities another turn-end", "fewer": "breaks the enemy's hold"},
}
