"""The armies: sides, kinds of unit, the numbers each side fields, and looking units up in state.

State keeps every unit as a map {"id", "side", "kind", "at": [x, y], "moved", "disabled"};
counts by kind ("compositions") are maps {"infantry": n, "cavalry": n, "gunboat": n}.
"""
from engine.errors import BAD_ACTION, RuleError

CONFEDERACY = 0  # moves first
UNION = 1
SIDES = (CONFEDERACY, UNION)
SIDE_NAMES = {CONFEDERACY: "confederacy", UNION: "union"}
SIDE_BY_NAME = {name: side for side, name in SIDE_NAMES.items()}
SIDE_TITLES = {CONFEDERACY: "the Confederacy", UNION: "the Union"}

INFANTRY, CAVALRY, GUNBOAT = "infantry", "cavalry", "gunboat"
KINDS = (INFANTRY, CAVALRY, GUNBOAT)
GROUND = (INFANTRY, CAVALRY)

# Pieces in the box, per side (the rule book's equipment list).
FORCES = {
    CONFEDERACY: {INFANTRY: 10, CAVALRY: 4, GUNBOAT: 1},
    UNION: {INFANTRY: 15, CAVALRY: 2, GUNBOAT: 3},
}

# Squares per turn when moving on foot, by horse or by boat.
SPEED = {INFANTRY: 1, CAVALRY: 2, GUNBOAT: 2}
RAIL_RIDE = 3  # infantry riding an uncut railroad
# Our decision: one gunboat carries at most this many infantry on open water.
GUNBOAT_CAPACITY = 2


def enemy(side: int) -> int:
    return 1 - side


def units_of(state, side: int) -> list:
    return [u for u in state["units"] if u["side"] == side]


def units_at(state, square, side: int | None = None) -> list:
    x, y = square
    return [u for u in state["units"]
            if u["at"][0] == x and u["at"][1] == y and (side is None or u["side"] == side)]


def count(units) -> dict:
    """Composition of a list of units."""
    out = dict(_NONE)
    for u in units:
        out[u["kind"]] += 1
    return out


_NONE = {k: 0 for k in KINDS}   # no units (copied, never changed)


def total(composition: dict) -> int:
    return sum(composition.get(k, 0) for k in KINDS)


def compact(composition: dict) -> dict:
    """A composition without its zero entries (how actions and events write it)."""
    return {k: composition[k] for k in KINDS if composition.get(k, 0)}


def pieces(state, side: int) -> int:
    return sum(1 for u in state["units"] if u["side"] == side)


def parse_composition(action: dict, name: str = "units", *, allow_empty: bool = False) -> dict:
    """The composition in `action[name]`: a map of kind -> non-negative count, at least one unit
    (or none at all when `allow_empty`)."""
    value = action.get(name)
    if not isinstance(value, dict):
        raise RuleError(BAD_ACTION, f"Field {name!r} must be a map of unit kinds to counts.")
    out = {k: 0 for k in KINDS}
    for kind, n in value.items():
        if kind not in KINDS:
            raise RuleError(BAD_ACTION, f"{kind!r} is not a kind of unit (infantry, cavalry, gunboat).")
        if not isinstance(n, int) or isinstance(n, bool) or n < 0 or n > 99:
            raise RuleError(BAD_ACTION, f"The number of {kind} must be a whole number from 0 to 99.")
        out[kind] = n
    if total(out) == 0 and not allow_empty:
        raise RuleError(BAD_ACTION, f"Field {name!r} must name at least one unit.")
    return out


def pick(units: list, composition: dict) -> list | None:
    """The first units of each kind making up `composition`, or None if there are too few."""
    chosen = []
    for kind in KINDS:
        want = composition.get(kind, 0)
        of_kind = [u for u in units if u["kind"] == kind][:want]
        if len(of_kind) < want:
            return None
        chosen.extend(of_kind)
    return chosen


def sea_load_ok(infantry: int, gunboats: int) -> bool:
    """Infantry on open water must all fit aboard the gunboats there."""
    return infantry <= GUNBOAT_CAPACITY * gunboats


def sub_compositions(available: dict, size: int | None = None):
    """Every composition drawn from `available` (of exactly `size` units if given), fixed order."""
    inf, cav, gb = (available.get(k, 0) for k in KINDS)
    for i in range(inf + 1):
        for c in range(cav + 1):
            for g in range(gb + 1):
                n = i + c + g
                if n == 0 or (size is not None and n != size):
                    continue
                yield {INFANTRY: i, CAVALRY: c, GUNBOAT: g}
