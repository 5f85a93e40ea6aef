"""Key cities, capitals and fortifications: captures, the pieces they cost, and doubling.

Decisions the rule book leaves open (see docs/civil_war.md):
- a capital's garrison defends it until the capital first falls, then is gone for good;
- a capture is made by ending a move (or a retreat) in the city, not by passing through;
- the side that loses a city picks the pieces it gives up, in a "losses" step of its own,
  right after the action that took the city; with no more pieces than it owes, all go at once.
"""
from engine.civil_war import rule_ids as why
from engine.civil_war.pieces import GROUND, GUNBOAT, UNION, CONFEDERACY, enemy, pieces, units_at, units_of
from engine.package import per_board
from engine.why import RULE, Refusal

# Pieces a side removes when it loses a key city, by the side that lost it.
KEY_CITY_LOSS = {UNION: 2, CONFEDERACY: 1}
# Permanent garrisons, counted like units in a battle for the capital, by its side.
CAPITAL_GARRISON = {UNION: 4, CONFEDERACY: 5}
CAPITAL_LOSS = {UNION: 6, CONFEDERACY: 5}
# The equipment: 6 doubling pieces (fortification markers) for both sides together.
FORTIFICATION_MARKERS = 6


def garrison(board, state, square, side: int) -> int:
    """Garrison points that stand with `side` on `square` (0 unless it is that side's unfallen capital)."""
    city = board.city_at.get(square)
    if city is None or city.capital_side != side or city.name in state["flags"]:
        return 0
    return CAPITAL_GARRISON[side]


def fortified_by(board, state, square):
    city = board.city_at.get(square)
    return state["fortified"].get(city.name) if city else None


def weight(board, state, unit) -> int:
    """Battle strength of one unit: ground troops in a city their side has fortified count two."""
    sq = (unit["at"][0], unit["at"][1])
    if unit["kind"] in GROUND and fortified_by(board, state, sq) == unit["side"]:
        return 2
    return 1


def locked(board, state, unit) -> bool:
    """Ground troops in a city their own side has fortified cannot leave until it is unfortified."""
    return unit["kind"] != GUNBOAT and fortified_by(board, state, (unit["at"][0], unit["at"][1])) == unit["side"]


def capture(board, state, square, side: int, events: list) -> None:
    """`side` now holds `square` alone: take an enemy key city or fallen capital the first time."""
    city = board.city_at.get(square)
    if city is None or units_at(state, square, enemy(side)):
        return
    cost = cost_of_losing(board, state, square, enemy(side))
    if not cost:
        return
    state["flags"][city.name] = side
    rule = loss_rule(city)
    events.append({"type": "captured", "city": city.name, "kind": city.kind, "by": side, "cost": cost, RULE: rule})
    owe_losses(state, enemy(side), cost, city.name, events, rule)


def loss_rule(city) -> str:
    """The rule that costs a side pieces for losing `city`: the capitals' (C), else the key cities' (B)."""
    return why.CAPITALS if city.capital_side is not None else why.KEY_CITIES


@per_board
def at_stake(board) -> list:
    """(square, city) of every city whose loss can cost a side pieces (`cost_of_losing`): the key cities and
    capitals, in the board's order (a town costs nobody anything)."""
    return [(sq, city) for sq, city in board.city_at.items()
            if city.key_side is not None or city.capital_side is not None]


def cost_of_losing(board, state, square, side: int) -> int:
    """Pieces `side` gives up if it loses the city on `square` now: its key city or its unfallen capital
    (0 when no city of its is at stake there)."""
    city = board.city_at.get(square)
    if city is None or city.name in state["flags"]:
        return 0
    if city.key_side == side:
        return KEY_CITY_LOSS[side]
    if city.capital_side == side:
        return CAPITAL_LOSS[side]
    return 0


def owe_losses(state, side: int, n: int, city: str, events: list, rule: str) -> None:
    if pieces(state, side) <= n:
        lost = units_of(state, side)
        state["units"] = [u for u in state["units"] if u["side"] != side]
        if lost:
            events.append({"type": "eliminated", "side": side, "cause": "losses", "city": city,
                           "units": _by_square(lost), RULE: rule})
        return
    state["pending"].append({"step": "losses", "seat": side, "count": n, "city": city})
    events.append({"type": "losses_due", "side": side, "count": n, "city": city, RULE: rule})


def _by_square(units) -> list:
    out = {}
    for u in units:
        entry = out.setdefault((u["at"][0], u["at"][1]), {})
        entry[u["kind"]] = entry.get(u["kind"], 0) + 1
    return [{"at": list(sq), "units": comp} for sq, comp in sorted(out.items())]


def tidy_fortifications(board, state, events: list) -> None:
    """A fortification with none of its side's ground troops left in it is taken down."""
    for name, side in sorted(state["fortified"].items()):
        at = board.cities[name].at
        if not any(u["kind"] in GROUND for u in units_at(state, at, side)):
            del state["fortified"][name]
            events.append({"type": "unfortified", "city": name, "side": side, "cause": "abandoned",
                           RULE: why.FORTIFICATIONS})


def fortify_problem(board, state, side: int, square) -> Refusal | None:
    """None if `side` may fortify the city on `square` now, else why not."""
    city = board.city_at.get(square)
    if city is None or city.key_side is None:
        return Refusal(why.FORTIFICATIONS, "Only troops in a key city can fortify.")
    if city.name in state["fortified"]:
        return Refusal(why.FORTIFICATIONS, f"{city.name} is already fortified.")
    if len(state["fortified"]) >= FORTIFICATION_MARKERS:
        return Refusal(why.FORTIFICATIONS, f"All {FORTIFICATION_MARKERS} fortification markers are in use.")
    ground = [u for u in units_at(state, square, side) if u["kind"] in GROUND]
    if not ground:
        return Refusal(why.FORTIFICATIONS, f"You have no infantry or cavalry in {city.name} (gunboats cannot "
                                           "fortify).")
    if units_at(state, square, enemy(side)):
        return Refusal(why.FORTIFICATIONS, f"The enemy is in {city.name}.")
    if any(u["moved"] for u in ground):
        return Refusal(why.FORTIFICATIONS, "Troops cannot fortify on the turn they entered the city or moved.")
    return None


def unfortify_problem(board, state, side: int, square) -> Refusal | None:
    city = board.city_at.get(square)
    if city is None or state["fortified"].get(city.name) != side:
        return Refusal(why.FORTIFICATIONS, "There is no fortification of yours there.")
    return None


def set_fortified(board, state, side: int, square, on: bool, events: list) -> None:
    """Fortify or unfortify: either takes the troops' whole turn (they count as moved)."""
    city = board.city_at[square]
    if on:
        state["fortified"][city.name] = side
    else:
        del state["fortified"][city.name]
    for u in units_at(state, square, side):
        if u["kind"] in GROUND:
            u["moved"] = True
    state["moved_any"] = True
    events.append({"type": "fortified" if on else "unfortified", "city": city.name, "side": side, "cause": "order",
                   RULE: why.FORTIFICATIONS})
