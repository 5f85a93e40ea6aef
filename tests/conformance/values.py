"""Data-shape tools the suite needs without knowing any game: distinctive values, wire safety, and
random actions drawn from a game's `ACTIONS` schema."""
import gc
from itertools import chain

import msgpack

from engine import schema
from engine.canonical import canonical_bytes, key_order

MIN_STRING = 4        # shorter strings ("red", "1") are too common to say anything by themselves
MIN_MAP = 3           # a map of fewer scalar entries ({"x": 3, "y": 4}) is as common as its numbers
MIN_SCALAR_LIST = 6   # likewise a short list of numbers (a square, a dice roll)
SCALARS = {int, float, bool, type(None)}


def distinctive(obj, *, keys: bool = False) -> frozenset[bytes]:
    """Canonical bytes of the values inside `obj` (itself included) that identify a secret wherever
    they turn up: strings of MIN_STRING+ characters (map keys are names, not values, and never count),
    maps of MIN_MAP+ entries or holding such a value, lists of MIN_SCALAR_LIST+ numbers or holding
    such a value. With `keys`, map keys of MIN_STRING+ characters count too (for what is public:
    a name that is a key of the public view is public)."""
    return frozenset(_walk(obj, set(), keys, 0)[2])


MEMO_DEPTH = 2       # maps and lists this near the top are remembered: a view recurs whole in frames,
MEMO_SIZE = 256      # its legal listing in the private part, and much of it from one step to the next
_MEMO: dict = {}
SHORT = SCALARS | {str}


def _walk(v, out: set, keys: bool, depth: int):
    """Adds what is distinctive in v to `out`; returns (v's canonical bytes, whether v itself is
    distinctive, out). A map's or list's bytes are put together from its items' (msgpack is a
    concatenation of headers and items), so a deep view is sorted and packed once, not again at
    every level above."""
    if isinstance(v, str):
        packed = _packed_atom(v)
        if len(v) >= MIN_STRING:
            out.add(packed)
            return packed, True, out
        return packed, False, out
    if not isinstance(v, (dict, list, tuple)):
        return _packed_atom(v), False, out
    memo_key = None
    if depth <= MEMO_DEPTH:
        try:
            memo_key = (_pack(v), keys)
        except (TypeError, ValueError):
            memo_key = None
        hit = _MEMO.get(memo_key) if memo_key is not None else None
        if hit is not None:
            out |= hit[2]
            return hit
        outer, out = out, set()
    if isinstance(v, dict):
        packed, distinct = _map(v, out, keys, depth)
    else:
        packed, distinct = _list(v, out, keys, depth)
    if distinct:
        out.add(packed)
    if memo_key is not None:
        if len(_MEMO) > MEMO_SIZE:
            _MEMO.clear()
        _MEMO[memo_key] = (packed, distinct, frozenset(out))
        outer |= out
        out = outer
    return packed, distinct, out


def _map(v: dict, out: set, keys: bool, depth: int):
    if keys:
        for k in v:
            _walk(k, out, keys, depth + 1)
    distinct = len(v) >= MIN_MAP
    ordered = sorted(v, key=key_order)
    values = v.values()
    if set(map(type, values)) <= SHORT | {list} and \
            set(map(type, chain.from_iterable(x for x in values if type(x) is list))) <= SCALARS:
        # names, numbers and squares (a unit's record): packed in one C call
        for x in values:
            if (type(x) is str and len(x) >= MIN_STRING) or (type(x) is list and len(x) >= MIN_SCALAR_LIST):
                out.add(_pack(x))
                distinct = True
        return _pack({k: v[k] for k in ordered}), distinct
    parts = [_map_header(len(v))]
    for k in ordered:
        packed, d, _ = _walk(v[k], out, keys, depth + 1)
        parts += (_packed_atom(k), packed)
        distinct = distinct or d
    return b"".join(parts), distinct


def _list(v, out: set, keys: bool, depth: int):
    kinds = set(map(type, v))
    if kinds <= SCALARS or (kinds == {list} and max(map(len, v)) < MIN_SCALAR_LIST
                            and set(map(type, chain.from_iterable(v))) <= SCALARS):
        # a roll, a square, a list of squares (none distinctive alone): packed in one C call
        # (a view may hold tens of thousands of squares)
        return _pack(v), len(v) >= MIN_SCALAR_LIST
    inner = [_walk(x, out, keys, depth + 1) for x in v]
    return _array_header(len(v)) + b"".join(p for p, _, _ in inner), \
        len(v) >= MIN_SCALAR_LIST or any(d for _, d, _ in inner)


# One packer for every value: msgpack.packb builds a Packer per call, which costs more than packing a
# unit's record; a Packer hands back its bytes and starts afresh after each value (and after an error).
_pack = msgpack.Packer(use_bin_type=True).pack


def _packed_atom(v) -> bytes:
    """_pack(v), kept for names and small numbers (they recur in every view)."""
    t = type(v)
    if t is str or t is bool or v is None or (t is int and -1024 <= v < 1024):
        key = (t, v)
        packed = _PACKED_ATOMS.get(key)
        if packed is None:
            if len(_PACKED_ATOMS) > 100_000:
                _PACKED_ATOMS.clear()
            packed = _PACKED_ATOMS[key] = _pack(v)
        return packed
    return _pack(v)


def _map_header(n: int) -> bytes:
    """msgpack's header of a map of n entries (fixmap, map 16, map 32), as packb writes it."""
    return bytes([0x80 | n]) if n < 16 else b"\xde" + n.to_bytes(2, "big") if n < 1 << 16 else \
        b"\xdf" + n.to_bytes(4, "big")


def _array_header(n: int) -> bytes:
    return bytes([0x90 | n]) if n < 16 else b"\xdc" + n.to_bytes(2, "big") if n < 1 << 16 else \
        b"\xdd" + n.to_bytes(4, "big")


_PACKED_ATOMS: dict = {}


def strings_seen_twice(*objs) -> set[bytes]:
    """Canonical bytes of string values occurring more than once in `objs` taken together: a game's
    vocabulary (a card symbol on many cards, a unit kind), which says nothing about any one secret."""
    seen: dict[str, int] = {}

    def walk(v):
        if isinstance(v, str):
            seen[v] = seen.get(v, 0) + 1
        elif isinstance(v, dict):
            for x in v.values():
                walk(x)
        elif isinstance(v, (list, tuple)):
            for x in v:
                walk(x)

    for obj in objs:
        walk(obj)
    return {canonical_bytes(s) for s, n in seen.items() if n > 1}


def wire_safe(obj) -> None:
    """Assert `obj` survives msgpack as a client decodes it: it packs (no sets, no extension types), decodes
    with string map keys only, and the decoded value packs to the same bytes (so nothing changed on the
    way; tuples arrive as lists, which is the same on the wire). All in msgpack's C code: views are large."""
    data = msgpack.packb(obj, use_bin_type=True)
    back = unpack(data, strict_map_key=True, use_list=True)
    assert msgpack.packb(back, use_bin_type=True) == data, "value changes on the wire"


def unpack(data: bytes, **options):
    """msgpack.unpackb (str, not bytes) with the cycle collector paused: decoding makes no cycles, and a
    view of tens of thousands of squares would otherwise set off a collection every few hundred lists
    (two thirds of the decoding time)."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        return msgpack.unpackb(data, raw=False, **options)
    finally:
        if was_enabled:
            gc.enable()


def random_value(spec: schema.Spec, rand):
    """A value fitting `spec` (a well-formed field), mostly small numbers so it is often meaningful."""
    if isinstance(spec, schema.Optional):
        return random_value(spec.spec, rand)
    if isinstance(spec, schema.Int):
        hi = spec.hi if rand.random() < 0.2 else min(spec.hi, spec.lo + 12)
        return rand.randint(spec.lo, hi)
    if isinstance(spec, schema.Bool):
        return rand.random() < 0.5
    if isinstance(spec, schema.Str):
        return rand.choice(sorted(spec.choices)) if spec.choices else "x" * rand.randint(0, 8)
    if isinstance(spec, schema.Square):
        return [rand.randrange(spec.width), rand.randrange(spec.height)]
    if isinstance(spec, schema.ListOf):
        n = rand.randint(spec.min_len, min(spec.max_len, spec.min_len + 3))
        return [random_value(spec.item, rand) for _ in range(n)]
    if isinstance(spec, schema.MapOf):
        keys = sorted(spec.keys)
        chosen = rand.sample(keys, rand.randint(max(1, spec.min_len), len(keys)))
        return {k: random_value(spec.value, rand) for k in chosen}
    raise TypeError(f"no generator for {type(spec).__name__}")


def random_action(actions: dict, rand) -> dict:
    """A well-formed action of a random type of the schema (legal or not)."""
    kind = rand.choice(sorted(actions))
    out = {"type": kind}
    for name, spec in actions[kind].items():
        if isinstance(spec, schema.Optional) and rand.random() < 0.5:
            continue
        out[name] = random_value(spec, rand)
    return out


WRONG_TYPES = ("x", -1, 2 ** 70, None, [], {}, True, 1.5)


def malformed_variants(action: dict, actions: dict, rand) -> list[dict]:
    """Ways to spoil a well-formed action so the schema must refuse it (bad_action)."""
    out = [{**action, "type": "no_such_action"}, {**action, "extra_field": "x" * 64}]
    fields = [k for k in action if k != "type"]
    spec_of = actions.get(action.get("type"), {})
    for name in fields:
        if not isinstance(spec_of.get(name), schema.Optional):
            out.append({k: v for k, v in action.items() if k != name})  # a required field missing
        for bad in rand.sample(WRONG_TYPES, 3):
            if spec_of.get(name) is not None and spec_of[name].problem(bad) is not None:
                out.append({**action, name: bad})
    return out
