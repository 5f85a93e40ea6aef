"""What a seat may do now, as the host sends it in `view.private.legal` — one shape for every game.

    {"actions":   [complete action, ...],          # each accepted if sent unchanged
     "templates": [action with domains, ...],      # optional: many actions written once
     ...}                                          # optional extra keys a game documents (costs, hints)

A template is an action map in which some field values are *domains* instead of values:
    {"$one_of": [v1, v2, ...]}   any one of the listed values
    {"$range": [lo, hi]}         any integer lo..hi, both included
    {"$squares": {"w": W, "h": H, "cost": <raster bytes>, "max": M}}
                                 squares [x, y] of a W x H board, with a cost each (see `squares`)
Every combination of one value per domain is a complete action the rules accept, so a
client builds an action by choosing in each domain independently (when choices depend on
each other a game writes one template per case). A game lists complete actions where they
are few and uses templates where listing would run into thousands (armies 1..n to place,
each unit's reachable squares). Everything in `actions` and every expansion of `templates`
is accepted at that rev; together they are everything the seat may do (a game may leave
out only what it documents, e.g. surrender).
"""
import itertools

ONE_OF = "$one_of"
RANGE = "$range"
SQUARES = "$squares"
ACTIONS, TEMPLATES = "actions", "templates"


def listing(actions=(), templates=(), **extra) -> dict:
    """A legal value; empty templates are dropped (a domain with no values allows nothing)."""
    out = {ACTIONS: list(actions)}
    kept = [t for t in templates if template_size(t) > 0]
    if kept:
        out[TEMPLATES] = kept
    out.update(extra)
    return out


def one_of(values) -> dict:
    return {ONE_OF: list(values)}


def span(lo: int, hi: int) -> dict:
    return {RANGE: [lo, hi]}


def squares(width: int, height: int, raster: bytes, most: int = 0) -> dict:
    """A compact domain of squares (a unit's reach: thousands of squares in one byte each).

    `raster` ("cost" on the wire, a msgpack bin) holds one byte per square of a `width` x `height`
    board, row by row (square [x, y] at y * width + x): 0 for a square outside the domain, c + 1 for
    a square whose cost is c (0..254). The domain is every square whose byte is 1..most + 1 (cost at
    most `most`), in raster order. A raster kept while only `most` shrinks (a movement allowance being
    spent) stays the same bytes, and a move changes few of them, so patches stay small.
    """
    return {SQUARES: {"w": width, "h": height, "cost": bytes(raster), "max": most}}


_UNPACKED: dict = {}    # (raster, width, most) -> (square indices, their bytes, raster) in raster order
_CACHE_LIMIT = 512


def _cells(domain: dict) -> tuple[list, bytes, bytes]:
    """(indices, their raster bytes (cost + 1), raster) of a squares domain, decoded once and kept."""
    d = domain[SQUARES]
    key = (d["cost"], d["w"], d["max"])
    hit = _UNPACKED.get(key)
    if hit is None:
        raster = _checked(d)
        mask = raster.translate(_within(d["max"]))
        if len(_UNPACKED) >= _CACHE_LIMIT:
            _UNPACKED.pop(next(iter(_UNPACKED)))
        hit = _UNPACKED[key] = (list(itertools.compress(range(len(raster)), mask)),
                                bytes(itertools.compress(raster, mask)), raster)
    return hit


def _checked(d: dict) -> bytes:
    raster = d["cost"]
    if not isinstance(raster, bytes) or len(raster) != d["w"] * d["h"]:
        raise ValueError("a $squares raster does not cover its board")
    return raster


_MASKS: dict = {}


def _within(most: int) -> bytes:
    """A translation table: raster byte -> 1 when it is in a domain of this `max`, else 0."""
    table = _MASKS.get(most)
    if table is None:
        table = _MASKS[most] = bytes(1 if 0 < v <= most + 1 else 0 for v in range(256))
    return table


_DOWN = bytes((v - 1) % 256 for v in range(256))   # raster byte -> cost
_SQUARE_TUPLES: dict = {}                           # (w, h) -> (x, y) of every raster index


def _tuples(d: dict) -> tuple:
    key = (d["w"], d["h"])
    table = _SQUARE_TUPLES.get(key)
    if table is None:
        table = _SQUARE_TUPLES[key] = tuple((i % d["w"], i // d["w"]) for i in range(d["w"] * d["h"]))
    return table


def raster_squares(raster: bytes) -> tuple[list, list]:
    """(square indices, costs) of every square a `$squares` raster holds, whatever the domain's "max" (in C)."""
    return list(itertools.compress(range(len(raster)), raster)), list(bytes(itertools.compress(raster, raster))
                                                                       .translate(_DOWN))


def costs(domain) -> list | None:
    """The cost of each value of a squares domain, in its order (None for other domains)."""
    return list(_cells(domain)[1].translate(_DOWN)) if is_domain(domain) and SQUARES in domain else None


def square_costs(legal: dict | None, kind: str, unit: int, field: str = "to") -> dict:
    """{(x, y): cost} of the `kind` template for `unit` (a move's reach); {} when there is none."""
    for t in of_type(legal, kind)[1]:
        if t.get("unit") == unit and is_domain(t.get(field)):
            d = t[field]
            if SQUARES in d:   # built in C: a bot reads every unit's reach every turn
                idx, values, _ = _cells(d)
                return dict(zip(map(_tuples(d[SQUARES]).__getitem__, idx), values.translate(_DOWN)))
            return {tuple(v): None for v in domain_values(d)}
    return {}


def nothing() -> dict:
    return {ACTIONS: []}


def is_domain(value) -> bool:
    return isinstance(value, dict) and len(value) == 1 and (ONE_OF in value or RANGE in value or SQUARES in value)


def domain_values(domain: dict):
    if ONE_OF in domain:
        return domain[ONE_OF]
    if SQUARES in domain:
        idx = _cells(domain)[0]   # checked first: the raster covers w x h
        return list(map(list, map(_tuples(domain[SQUARES]).__getitem__, idx)))
    lo, hi = domain[RANGE]
    return range(lo, hi + 1)


def _domain_size(domain: dict) -> int:
    if ONE_OF in domain:
        return len(domain[ONE_OF])
    if SQUARES in domain:   # counted in C: a listing checks every unit's reach is not empty
        d = domain[SQUARES]
        raster = _checked(d)
        return len(raster) - raster.translate(_within(d["max"])).count(0)
    lo, hi = domain[RANGE]
    return max(0, hi - lo + 1)


def _domain_at(domain: dict, r: int):
    """The r-th value of a domain (the order of `domain_values`)."""
    if ONE_OF in domain:
        return domain[ONE_OF][r]
    if SQUARES in domain:
        i = _cells(domain)[0][r]
        return list(_tuples(domain[SQUARES])[i])
    return domain[RANGE][0] + r


def template_size(template: dict) -> int:
    n = 1
    for v in template.values():
        if is_domain(v):
            n *= _domain_size(v)
    return n


def size(legal: dict | None) -> int:
    """How many complete actions `legal` allows."""
    if not legal:
        return 0
    return len(legal.get(ACTIONS, ())) + sum(template_size(t) for t in legal.get(TEMPLATES, ()))


def expand(template: dict):
    """Every complete action of a template, in a fixed order."""
    keys = [k for k, v in template.items() if is_domain(v)]
    for values in itertools.product(*(domain_values(template[k]) for k in keys)):
        action = dict(template)
        action.update(zip(keys, values))
        yield action


def nth_of(template: dict, i: int) -> dict:
    """The i-th expansion of `template` (the order of `expand`)."""
    action = dict(template)
    keys = [k for k, v in template.items() if is_domain(v)]
    for k in reversed(keys):
        n = _domain_size(template[k])
        i, r = divmod(i, n)
        action[k] = _domain_at(template[k], r)
    return action


def nth(legal: dict, i: int) -> dict:
    """The i-th of all actions `legal` allows (listed actions first, then each template's)."""
    actions = legal.get(ACTIONS, ())
    if i < len(actions):
        return actions[i]
    i -= len(actions)
    for t in legal.get(TEMPLATES, ()):
        n = template_size(t)
        if i < n:
            return nth_of(t, i)
        i -= n
    raise IndexError("no such legal action")


def all_actions(legal: dict | None, limit: int | None = None) -> list[dict]:
    """Every action `legal` allows, up to `limit` of them."""
    if not legal:
        return []
    gen = itertools.chain(legal.get(ACTIONS, ()), *(expand(t) for t in legal.get(TEMPLATES, ())))
    return list(itertools.islice(gen, limit))


def sample(legal: dict | None, rand) -> dict | None:
    """One action chosen uniformly among all that `legal` allows (`rand.randrange` or Rng.below)."""
    n = size(legal)
    if n == 0:
        return None
    pick = rand.below(n) if hasattr(rand, "below") else rand.randrange(n)
    return nth(legal, pick)


def contains(legal: dict | None, action: dict) -> bool:
    """True when `action` is one that `legal` allows."""
    if not legal:
        return False
    if action in legal.get(ACTIONS, ()):
        return True
    for t in legal.get(TEMPLATES, ()):
        if t.keys() != action.keys():
            continue
        if all(_fits(t[k], action[k]) for k in t):
            return True
    return False


def _fits(domain_or_value, value) -> bool:
    if not is_domain(domain_or_value):
        return domain_or_value == value
    if ONE_OF in domain_or_value:
        return value in domain_or_value[ONE_OF]
    if SQUARES in domain_or_value:
        return _has_square(domain_or_value, value)
    lo, hi = domain_or_value[RANGE]
    return isinstance(value, int) and not isinstance(value, bool) and lo <= value <= hi


def _has_square(domain: dict, value) -> bool:
    d = domain[SQUARES]
    if not (isinstance(value, (list, tuple)) and len(value) == 2
            and all(isinstance(c, int) and not isinstance(c, bool) for c in value)):
        return False
    x, y = value
    if not (0 <= x < d["w"] and 0 <= y < d["h"]):
        return False
    v = _cells(domain)[2][y * d["w"] + x]
    return 0 < v <= d["max"] + 1


def of_type(legal: dict | None, kind: str) -> tuple[list, list]:
    """(actions, templates) of one action type."""
    if not legal:
        return [], []
    return ([a for a in legal.get(ACTIONS, ()) if a.get("type") == kind],
            [t for t in legal.get(TEMPLATES, ()) if t.get("type") == kind])


def types(legal: dict | None) -> set[str]:
    """The action types `legal` allows at least one of."""
    if not legal:
        return set()
    return {a["type"] for a in legal.get(ACTIONS, ())} | {t["type"] for t in legal.get(TEMPLATES, ())
                                                          if template_size(t) > 0}


class FirstSeen(list):
    """A list that takes each item once, in the order first seen; `key(item)` says which items are the same."""

    def __init__(self, key=repr):
        super().__init__()
        self._key = key
        self._seen = set()

    def add(self, item) -> None:
        k = self._key(item)
        if k not in self._seen:
            self._seen.add(k)
            self.append(item)


def values_of(legal: dict | None, kind: str, name: str, **fixed) -> list:
    """Every value field `name` takes among allowed actions of `kind` whose other fields match `fixed`
    (e.g. the squares a unit may move to: values_of(legal, "move", "to", unit=7)). In first-seen order."""
    out = FirstSeen()
    add = out.add
    actions, templates = of_type(legal, kind)
    for a in actions:
        if name in a and all(a.get(k) == v for k, v in fixed.items()):
            add(a[name])
    for t in templates:
        if name not in t or not all(k in t and _fits(t[k], v) for k, v in fixed.items()):
            continue
        if is_domain(t[name]):
            for v in domain_values(t[name]):
                add(v)
        else:
            add(t[name])
    return list(out)
