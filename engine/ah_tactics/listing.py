"""What a seat may do now (`legal`), in the shape of engine/legal.py.

Few actions (set-up done, ending movement, the battle plan's steps, fall-back and contact
choices, reserves, regrouping) are listed whole. Moves are one template per movable unit whose
squares are a compact `$squares` domain (engine.legal.squares), each square with its cost:
    {"type": "move", "unit": 17, "to": {"$squares": {"w": 48, "h": 36, "cost": <raster>, "max": 89}}}
the domain holding the squares whose cost in thirds is at most "max" (the allowance left), so a
unit's raster stays the same bytes while the allowance is spent; a parachute division that may
still fly has {"type": "drop", "unit": u, "to": {"$squares": ...}} (every cost 0). "allowance"
holds the thirds left. Listed as {"$one_of": [[x, y], ...]} these were ~64,000 squares (~260 KB); as
rasters ~80 KB the first time in a turn, and then a move changes a few bytes of each.

Every unit's reach is found in one search (movement.Field.reach_many, compiled) and kept for the
next call while nothing it depends on has changed (both seats of a side ask for the same).
"""
from engine import legal as shape
from engine.ah_tactics import airborne, allowance, battles, contact, headquarters, reserves, results
from engine.ah_tactics.board import load
from engine.ah_tactics.movement import field_for, sea_arrivals, tables
from engine.ah_tactics.state import (ACTIVE, BATTLE, CONTACT, FULL_ALLOWANCE, MOVE, RESERVE, RETREAT, SETUP,
                                     attack_factor, is_commander, side_of_seat)
from engine.ah_tactics.units import PARA, ROSTER, side_units

_CACHE: dict = {}
_CACHE_SIZE = 4


def legal(state: dict, seat: int) -> dict:
    board = load()
    side = side_of_seat(seat)
    commander = is_commander(seat)
    phase = state["phase"]
    if phase == SETUP:
        return _setup(board, state, side, commander)
    if phase == MOVE and state["active"] == side:
        return _movement(board, state, side, commander)
    if phase == BATTLE and state["active"] == side:
        return _battle(board, state, side, commander)
    if phase == RETREAT and commander and state["retreats"][0]["chooser"] == side:
        return _retreats(board, state, side)
    if phase == CONTACT and commander and state["contact"]["owner"] == side:
        return shape.listing([{"type": "contact", "choice": "fight"}, {"type": "contact", "choice": "fall_back"}])
    return shape.nothing()


def _setup(board, state, side, commander):
    if state["ready"][side]:
        return shape.nothing()
    squares = board.grid.square_list
    templates = []
    for uid in side_units(side):
        here = tuple(state["units"][uid]["at"])
        to = [squares[board.grid.index(sq)] for sq in board.bivouac(side, ROSTER[uid].area) if sq != here]
        templates.append({"type": "place", "unit": uid, "to": shape.one_of(to)})
    return shape.listing([{"type": "setup_done"}] if commander else [], templates)


def _key(state, side):
    return (side, state["allowance"], repr(sorted(state.get("credit", {}).items())), tuple(state["halted"]),
            tuple(state["flown"]), tuple(state["moved"]),
            tuple((tuple(u["at"]) if u["at"] else None, u["status"], u["captor"], u["corps"]) for u in state["units"]),
            repr(sorted(state["hidden"].get(str(side), {}).items())), tuple(sorted(state["ports"].items())),
            state["options"]["hq_range"], state["options"].get("line_cost"))


def moves(board, state, side) -> list:
    """The move templates of the side's movement phase (each square's cost in its domain)."""
    key = _key(state, side)
    hit = _CACHE.get(key)
    if hit is None:
        hit = _moves(board, state, side)
        if len(_CACHE) >= _CACHE_SIZE:
            _evict_oldest()
        _CACHE[key] = hit
    return [dict(t) for t in hit]


def _evict_oldest() -> None:
    """Drop the cache's oldest entry. The window's thread and an expert's search thread (bots/background.py)
    list moves at once, so another may evict the same entry, or change the cache, in between: nothing to do."""
    try:
        _CACHE.pop(next(iter(_CACHE)), None)
    except (RuntimeError, StopIteration):   # the cache changed under the iterator, or was emptied
        pass


# The last search per side, kept so that a unit whose reach cannot have changed is not searched
# again: {side: (static key, occupied squares, budget, {unit: (source, result)})}.
_LAST: dict = {}


def _static(state, side):
    """What a side's searches depend on besides its own units' squares and the allowance."""
    enemy = tuple((i, tuple(u["at"]), u["status"]) for i, u in enumerate(state["units"])
                  if u["at"] is not None and (u["captor"] if u["status"] == "prisoner" else ROSTER[i].side) != side)
    return side, enemy, tuple(sorted(state["ports"].items()))


def _occupied(state, side) -> frozenset:
    """The squares units stand on, each with whether it is in sight: a friend on a road-and-rail square lets the
    side's units pass along the line (`Field.transit`), the same unit hidden in reserve there does not, so a unit
    sent into reserve or brought back on its own square changes the side's reach though no square was filled."""
    taken = {((u["at"][0], u["at"][1]), True) for u in state["units"] if u["at"] is not None}
    taken |= {(tuple(sq), False) for sq in reserves.squares_of(state, side).values()}
    return frozenset(taken)


def _unchanged(board, result, src, changed, budget) -> bool:
    """True when squares whose occupancy changed lie beyond what the unit's last search reached
    below `budget` (then no route within the budget touched them, and none can use them now)."""
    image = result[0]
    w, h = board.width, board.height
    for (x, y), _ in changed:
        if abs(x - src[0]) <= 1 and abs(y - src[1]) <= 1:
            return False
        for yy in range(max(0, y - 1), min(h, y + 2)):
            row = yy * w
            for xx in range(max(0, x - 1), min(w, x + 2)):
                v = image[row + xx]
                if v and v - 1 <= budget:
                    return False
    return True


def _moves(board, state, side):
    hidden = reserves.squares_of(state, side)
    budget = state["allowance"]
    search = allowance.search_budget(state)   # the allowance plus the largest leftover a unit may hold
    # Thirds pooled, a raster is sent as searched: searched with the whole turn's allowance, the domain's
    # "max" leaves out what costs more than is left, so a unit's costs change only where a move really
    # changed them (and patches stay small). Counted per unit (the rule book's), a raster is priced
    # before it is sent and what a unit cannot afford is dropped: a search to the allowance sends the
    # same bytes, and a turn's later searches are shorter and fewer units' reach can have changed.
    reach = search if allowance.per_unit(state) else search - budget + max(budget, FULL_ALLOWANCE)
    static = _static(state, side)
    occupied = _occupied(state, side)
    last = _LAST.get(side)
    changed = None
    if last is not None and last[0] == static and last[2] >= reach:
        changed = occupied ^ last[1]
        if board.grid.of(sq for sq, _ in changed) & sea_arrivals(board.name):
            changed = None   # a square a sea leg ends on: reached from any dock, not only from its neighbours
    movers, sources, results = [], [], {}
    for uid, u in enumerate(state["units"]):
        if allowance.movable(state, side, uid) is not None:
            continue
        src = hidden[uid] if u["status"] == RESERVE else (u["at"][0], u["at"][1])
        source = (src, ROSTER[uid].mover, ROSTER[uid].kind == "amphibious")
        movers.append(uid)
        kept = last[3].get(uid) if changed is not None else None
        if kept is not None and kept[0] == source and _unchanged(board, kept[1], src, changed, reach):
            # kept whole: squares that cost more than the budget now are outside the domain's "max".
            # Checked up to `reach`, what it is kept for, not the allowance left: a later turn's full
            # allowance reads the squares beyond it (a friend's new square there was once listed).
            results[uid] = kept
        else:
            sources.append((uid, source))
    if sources:
        field = field_for(board, state, side)
        for (uid, source), found in zip(sources, field.reach_many([s for _, s in sources], reach)):
            results[uid] = (source, found)
    _LAST[side] = (static, occupied, reach, results)
    templates = []
    allowed = None
    for uid in movers:
        raster = results[uid][1][1]
        keep = headquarters.range_filter(state, uid)
        reserve = state["units"][uid]["status"] == RESERVE
        table = allowance.price_table(state, uid)
        if table is not None and not reserve and keep is None:
            # the usual case, priced per unit in C: every square left costs no more than the allowance
            raster = raster.translate(table)
            if raster.count(0) == len(raster):
                continue
        else:
            searched_idx, searched_cost = shape.raster_squares(raster)
            idx, cost = allowance.priced(state, uid, searched_idx, searched_cost)
            if reserve:
                if allowed is None:
                    allowed = reserves.allowed(board, state, side)
                mask = allowed & tables(board.name, ROSTER[uid].mover).enter
                pairs = [(i, c) for i, c in zip(idx, cost) if mask >> i & 1]
                idx, cost = [p[0] for p in pairs], [p[1] for p in pairs]
            if keep is not None:
                pairs = [(i, c) for i, c in zip(idx, cost) if keep((i % board.width, i // board.width))]
                idx, cost = [p[0] for p in pairs], [p[1] for p in pairs]
            if not any(c <= budget for c in cost):
                continue
            if cost is not searched_cost or len(idx) != len(searched_idx):   # priced per unit, or filtered
                raster = _raster(board, idx, cost)
        templates.append({"type": "move", "unit": uid, "to": shape.squares(board.width, board.height, raster, budget)})
    return templates


def _raster(board, idx, cost) -> bytes:
    raster = bytearray(board.width * board.height)
    for i, c in zip(idx, cost):
        raster[i] = c + 1
    return bytes(raster)


def _movement(board, state, side, commander):
    templates = moves(board, state, side)
    flyers = [uid for uid in side_units(side) if ROSTER[uid].kind == PARA and state["units"][uid]["status"] == ACTIVE
              and state["units"][uid]["at"] is not None and uid not in state["moved"] and uid not in state["flown"]]
    if flyers:
        zone = shape.squares(board.width, board.height, board.grid.flags(airborne.drop_zone(board, state, side)))
        for uid in flyers:
            templates.append({"type": "drop", "unit": uid, "to": zone})
    actions = []
    if commander:
        actions.append({"type": "end_movement"})
        for uid in reserves.takeable(board, state, side):
            actions.append({"type": "reserve", "unit": uid})
        for uid in side_units(side):
            if state["units"][uid]["status"] == RESERVE:
                actions.append({"type": "reveal", "unit": uid})
        for uid, corps in headquarters.regroup_options(state, side):
            actions.append({"type": "regroup", "unit": uid, "corps": corps or headquarters.UNATTACHED})
    return shape.listing(actions, templates, allowance=state["allowance"])


def _battle(board, state, side, commander):
    plan = state["plan"]
    actions = []
    pairs = contact.eligible_pairs(board, state, side)
    for a, d, _ in pairs:
        left = attack_factor(state, a) - battles.committed(plan, a)
        for factors in range(1, left + 1):
            if battles.assign_problem(board, state, side, a, d, factors) is None:
                actions.append({"type": "assign", "attacker": a, "defender": d, "factors": factors})
    targets = sorted({d for _, d, _ in pairs if battles.battle_with_defender(plan, d) is None})
    for d in targets:
        for b in plan:
            if battles.combine_problem(board, state, side, d, b["defenders"][0]) is None:
                actions.append({"type": "combine", "defender": d, "with": b["defenders"][0]})
    for u in sorted({u for b in plan for u in battles.attackers_of(b) + b["defenders"]}):
        actions.append({"type": "unassign", "unit": u})
    if commander and not battles.unengaged(state):
        actions.append({"type": "confirm_battles"})
    return shape.listing(actions)


def _retreats(board, state, side):
    squares = board.grid.square_list
    templates = []
    for r in state["retreats"]:
        if r["chooser"] != side:
            continue
        to = results.retreat_squares(board, state, r["unit"], r["distance"])
        templates.append({"type": "retreat", "unit": r["unit"], "to": shape.one_of([squares[board.grid.index(s)]
                                                                                    for s in to])})
    return shape.listing((), templates)

