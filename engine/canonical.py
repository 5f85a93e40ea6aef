"""Canonical bytes and hashes of plain data (dicts, lists, str, int, float, bool, None).

Maps are written with their keys sorted, so equal data gives equal bytes on
every run and machine, whatever the insertion order.
"""
import hashlib

from itertools import chain

import msgpack


def _sorted(obj):
    if isinstance(obj, dict):
        return {k: _sorted(obj[k]) for k in sorted(obj, key=key_order)}
    if isinstance(obj, (list, tuple)):
        return [_sorted(v) for v in obj]
    if isinstance(obj, (set, frozenset)):
        return sorted((_sorted(v) for v in obj), key=key_order)
    return obj


def key_order(k):
    # Keys of one map may mix types (int seats, str names): order by type name first.
    return (type(k).__name__, k)


_ATOMS = {int, float, bool, str, bytes, type(None)}


def copy_plain(obj):
    """A deep copy of plain data (maps, lists, tuples, scalars), several times faster than copy.deepcopy."""
    kind = type(obj)
    if kind is dict:  # copied in one C call, then only the values that are not scalars copied again
        out = obj.copy()
        for k, v in obj.items():
            if type(v) not in _ATOMS:
                out[k] = copy_plain(v)
        return out
    if kind is list:
        kinds = set(map(type, obj))
        if kinds <= _ATOMS:  # a square, a roll: copied in one C call (views hold thousands)
            return obj[:]
        if kinds == {list} and set(map(type, chain.from_iterable(obj))) <= _ATOMS:  # a list of squares
            return [v[:] for v in obj]
        return [v if type(v) in _ATOMS else copy_plain(v) for v in obj]
    if kind in _ATOMS:
        return obj
    # what is left, subclasses included, as plain data of its base kind
    if isinstance(obj, dict):
        return {k: copy_plain(v) for k, v in obj.items()}
    if isinstance(obj, list):
        return [copy_plain(v) for v in obj]
    if isinstance(obj, tuple):
        return tuple(copy_plain(v) for v in obj)
    if isinstance(obj, (set, frozenset)):
        return type(obj)(obj)
    return obj


def canonical_bytes(obj) -> bytes:
    return msgpack.packb(_sorted(obj), use_bin_type=True)


def state_hash(obj) -> str:
    return hashlib.sha256(canonical_bytes(obj)).hexdigest()
