"""Battles: a force moving onto an enemy force fights it, by numbers alone.

- Larger against smaller: the attacker picks how many enemy units die (and which),
  losing one fewer of its own; in a key city or capital it must destroy them all.
  Surviving defenders must make an immediate extra move away ("retreat" step).
- Equal forces: a seeded coin toss; the loser is wiped out, the winner keeps one unit.
- Smaller against larger: only a single unit, which dies; the defenders are disabled
  for their next turn. The box holds 3 disabled markers: a sacrifice needs a free one
  (or a force that already carries one), and a beaten force's marker comes off.
Strength counts fortified ground troops twice and adds a capital's garrison.
"""
from engine.civil_war import cities, rule_ids as why
from engine.civil_war.movement import Occupancy, destinations
from engine.civil_war.pieces import (CAVALRY, GUNBOAT, INFANTRY, KINDS, compact, count, pick, sea_load_ok,
                                     sub_compositions, total, units_at)
from engine.why import RULE, Refusal

LARGER, EVEN, SACRIFICE = "larger", "even", "sacrifice"
RULE_OF = {LARGER: why.LARGER_FORCE, EVEN: why.EVEN_BATTLE, SACRIFICE: why.SACRIFICE}   # each kind of battle's rule
# The equipment: 3 disabled markers for both sides together. One marks a whole force (a square).
DISABLED_MARKERS = 3
# Our decision for "the winner is reduced to one": which unit it keeps, first match wins
# (a gunboat always, if the square has no land to stand on).
KEEP_ORDER = (CAVALRY, INFANTRY, GUNBOAT)


def defence(board, state, square, side: int) -> int:
    """Battle strength of `side` on `square`: its units (fortified ones double) plus any garrison."""
    return (sum(cities.weight(board, state, u) for u in units_at(state, square, side))
            + cities.garrison(board, state, square, side))


def disabled_markers_in_use(state) -> int:
    """Markers on the board: one on each square holding disabled units."""
    return len({(u["side"], u["at"][0], u["at"][1]) for u in state["units"] if u["disabled"]})


def sacrifice_problem(state, square, defender: int) -> Refusal | None:
    """None if a sacrifice may be fought against `defender`'s force on `square`, else why not: the
    marker that shows the force immobilised must be free (a force already marked needs no other)."""
    if any(u["disabled"] for u in units_at(state, square, defender)):
        return None
    if disabled_markers_in_use(state) >= DISABLED_MARKERS:
        return Refusal(why.SACRIFICE, f"All {DISABLED_MARKERS} disabled markers are on the board, so a sacrifice "
                                      "cannot immobilise anything until one comes off.")
    return None


def kind_of_battle(attack: int, defend: int) -> str:
    return LARGER if attack > defend else EVEN if attack == defend else SACRIFICE


def must_destroy_all(board, square) -> bool:
    """In a battle for a key city or a capital the defenders must be destroyed to the last."""
    city = board.city_at.get(square)
    return city is not None and city.kind != "town"


def start(board, state, side: int, attackers: list, square, rng, events: list) -> None:
    """The attackers have moved onto `square`, held by the other side: fight."""
    defender = 1 - side
    attack, defend = len(attackers), defence(board, state, square, defender)
    kind = kind_of_battle(attack, defend)
    events.append({"type": "battle", "at": list(square), "attacker": side, "defender": defender,
                   "attack": attack, "defence": defend, "kind": kind, RULE: RULE_OF[kind]})
    if kind == SACRIFICE:
        _remove(state, attackers, events, "battle", why.SACRIFICE)
        beaten = units_at(state, square, defender)
        for u in beaten:
            u["disabled"] = True
        events.append({"type": "disabled", "side": defender, "at": list(square), "units": len(beaten),
                       RULE: why.SACRIFICE})
        return
    if kind == EVEN:
        attacker_wins = rng.coin()
        winner, loser = (side, defender) if attacker_wins else (defender, side)
        events.append({"type": "coin", "at": list(square), "winner": winner, RULE: why.EVEN_BATTLE})
        defenders = units_at(state, square, defender)
        winning, losing = (attackers, defenders) if attacker_wins else (defenders, attackers)
        keep = _keeper(board, square, winning)
        _remove(state, losing + [u for u in winning if u is not keep], events, "battle", why.EVEN_BATTLE)
        if attacker_wins:
            _fell(board, state, square, side, events)
        return
    pending = {"step": "battle", "seat": side, "at": list(square), "attackers": [u["id"] for u in attackers]}
    options = choices(board, state, pending)
    if len(options) == 1:
        resolve(board, state, pending, options[0]["eliminate"], options[0]["lose"], events)
    else:
        state["pending"].insert(0, pending)
        events.append({"type": "battle_choice", "seat": side, "at": list(square), "options": len(options),
                       RULE: why.LARGER_FORCE})


def _keeper(board, square, units):
    if not units:
        return None
    order = (GUNBOAT,) + KEEP_ORDER if not board.squares[square].land else KEEP_ORDER
    for kind in order:
        for u in units:
            if u["kind"] == kind:
                return u
    return units[0]


def _remove(state, units, events, cause: str, rule: str) -> None:
    if not units:
        return
    ids = {u["id"] for u in units}
    state["units"] = [u for u in state["units"] if u["id"] not in ids]
    by_side = {}
    for u in units:
        by_side.setdefault(u["side"], []).append(u)
    for side, lost in sorted(by_side.items()):
        events.append({"type": "eliminated", "side": side, "cause": cause,
                       "units": [{"at": list(lost[0]["at"]), "units": compact(count(lost))}], RULE: rule})


def _fell(board, state, square, side, events) -> None:
    """Every defender is gone: the attacker holds the square (and may take its city)."""
    cities.capture(board, state, square, side, events)


def attackers_of(state, pending) -> list:
    ids = set(pending["attackers"])
    return [u for u in state["units"] if u["id"] in ids]


def choices(board, state, pending) -> list:
    """Every legal {"eliminate", "lose"} answer to a pending larger-force battle."""
    square = tuple(pending["at"])
    side = pending["seat"]
    defenders = units_at(state, square, 1 - side)
    attackers = attackers_of(state, pending)
    have, mine = count(defenders), count(attackers)
    at_sea = not board.squares[square].land
    everyone = defence(board, state, square, 1 - side)
    out = []
    # A garrison alone (an empty capital) is destroyed with "eliminate": {} -- no units to name.
    candidates = list(sub_compositions(have)) if total(have) else [{k: 0 for k in KINDS}]
    for eliminate in candidates:
        everything = eliminate == have
        if must_destroy_all(board, square) and not everything:
            continue
        left = {k: have[k] - eliminate[k] for k in KINDS}
        if at_sea and not sea_load_ok(left[INFANTRY], left[GUNBOAT]):
            continue
        points = everyone if everything else total(eliminate)
        for lose in _losses(mine, points - 1, at_sea):
            out.append({"eliminate": compact(eliminate), "lose": compact(lose)})
    return out


def _losses(mine: dict, n: int, at_sea: bool) -> list:
    if n == 0:
        return [{k: 0 for k in KINDS}]
    out = []
    for lose in sub_compositions(mine, n):
        if at_sea and not sea_load_ok(mine[INFANTRY] - lose[INFANTRY], mine[GUNBOAT] - lose[GUNBOAT]):
            continue
        out.append(lose)
    return out


def resolve(board, state, pending, eliminate: dict, lose: dict, events: list) -> None:
    """Carry out the attacker's (already validated) choice of losses on both sides."""
    square = tuple(pending["at"])
    side = pending["seat"]
    defenders = units_at(state, square, 1 - side)
    dead = pick(defenders, eliminate) + pick(attackers_of(state, pending), lose)
    _remove(state, dead, events, "battle", why.LARGER_FORCE)
    survivors = units_at(state, square, 1 - side)
    for u in survivors:
        u["disabled"] = False  # a beaten force's marker comes off; its survivors move on their own turn again
    if survivors:
        order_retreat(board, state, square, 1 - side, survivors, events)
    else:
        _fell(board, state, square, side, events)


def order_retreat(board, state, square, side, survivors, events) -> None:
    """Beaten survivors must move off at once; any that have nowhere to go are lost."""
    occ = Occupancy(board, state)
    have = count(survivors)
    stuck = []
    for kind in KINDS:
        if not have[kind]:
            continue
        group = {kind: 1}
        if kind == INFANTRY and not board.squares[square].land:
            group[GUNBOAT] = min(1, have[GUNBOAT])
        if not destinations(board, occ, state, side, group, square, may_fight=False, may_ride=False):
            stuck.extend(u for u in survivors if u["kind"] == kind)
    _remove(state, stuck, events, "no_retreat", why.RETREAT)
    left = [u["id"] for u in survivors if u not in stuck]
    if left:
        state["pending"].insert(0, {"step": "retreat", "seat": side, "at": list(square), "units": left})
        events.append({"type": "retreat_due", "side": side, "at": list(square), "units": len(left), RULE: why.RETREAT})
