"""View patches (docs/protocol.md, "Patches"): the change from one view to the next, small on the wire.

A patch is a list of operations applied in order; a path is a list of map keys (str) and list
indices (int) from the view's root:
    ["set", path, value]                       put `value` at path (a map key, new or not; a list index)
    ["del", path]                              remove the map key at path
    ["splice", path, index, count, [items]]    in the list at path, replace `count` items from `index` by `items`
    ["bytes", path, index, bin]                in the byte string at path, overwrite len(bin) bytes from `index`
`diff` writes them so that applying them in order turns the old view into the new one: list
changes are written from the end of the list backwards, so each index is still the one it names.

`view_hash` is the check a client can make: SHA-256 (hex) of the view's canonical bytes, msgpack
with every map's keys sorted by their UTF-8 bytes (see `canonical`).
"""
import hashlib
from difflib import SequenceMatcher

import msgpack

SET, DEL, SPLICE, BYTES = "set", "del", "splice", "bytes"
BYTES_GAP = 8     # changed byte runs closer than this are sent as one
PATCHES = "patches"   # the value of hello's "views" that asks for patches (and of the welcome's that grants them)
_SCALARS = (str, int, float, bool, bytes, type(None))


class PatchError(Exception):
    """A patch that does not fit the view it is applied to."""


def snapshot(view) -> tuple[bytes, object]:
    """(msgpack bytes, a private copy as a receiver decodes it): what diffs are taken between."""
    packed = msgpack.packb(view, use_bin_type=True)
    return packed, msgpack.unpackb(packed, raw=False)


def diff(old, new) -> list:
    """Operations turning `old` into `new` (both plain msgpack data as decoded: maps, lists, scalars)."""
    ops: list = []
    _diff(old, new, [], ops)
    return ops


def _same(a, b) -> bool:
    return type(a) is type(b) and a == b


def _diff(old, new, path: list, ops: list) -> None:
    if type(old) is dict and type(new) is dict:
        if old == new:
            return
        for k, v in new.items():
            if k in old:
                _diff(old[k], v, path + [k], ops)
            else:
                ops.append([SET, path + [k], v])
        for k in old:
            if k not in new:
                ops.append([DEL, path + [k]])
    elif type(old) is list and type(new) is list:
        if old == new:
            return
        if len(old) == len(new):
            for i, (a, b) in enumerate(zip(old, new)):
                _diff(a, b, path + [i], ops)
            return
        _diff_list(old, new, path, ops)
    elif type(old) is bytes and type(new) is bytes and len(old) == len(new) > 64:
        if old != new:
            _diff_bytes(old, new, path, ops)
    elif not _same(old, new):
        ops.append([SET, path, new])


def _diff_bytes(old: bytes, new: bytes, path: list, ops: list) -> None:
    """A raster whose few bytes changed: the changed runs, unless they are most of it."""
    runs, start, last = [], None, None
    for block in range(0, len(old), 32):   # blocks compared in C; bytes only where a block differs
        if old[block:block + 32] == new[block:block + 32]:
            continue
        for i in range(block, min(len(old), block + 32)):
            if old[i] != new[i]:
                if start is None:
                    start = i
                elif i - last > BYTES_GAP:
                    runs.append((start, last + 1))
                    start = i
                last = i
    runs.append((start, last + 1))
    if sum(b - a + 8 for a, b in runs) * 2 > len(new):
        ops.append([SET, path, new])
        return
    for a, b in runs:
        ops.append([BYTES, path, a, new[a:b]])


def _key(item):
    """What a list item is matched by when a list grows or shrinks: its scalar fields (a template's
    type and unit, a unit's id), or itself when it is a scalar."""
    if isinstance(item, dict):
        return tuple((k, v) for k, v in item.items() if isinstance(v, _SCALARS) and not isinstance(v, bytes))
    if isinstance(item, _SCALARS):
        return (type(item).__name__, item)
    return ("list", len(item))


def _diff_list(old: list, new: list, path: list, ops: list) -> None:
    matcher = SequenceMatcher(None, [_key(x) for x in old], [_key(x) for x in new], autojunk=False)
    for tag, i1, i2, j1, j2 in reversed(matcher.get_opcodes()):   # from the end: earlier indices stay put
        if tag == "equal":
            for k in range(i2 - i1 - 1, -1, -1):
                _diff(old[i1 + k], new[j1 + k], path + [i1 + k], ops)
        else:
            ops.append([SPLICE, path, i1, i2 - i1, new[j1:j2]])


def apply(view, ops) -> object:
    """`view` with `ops` applied, changed in place (the root is returned: a patch may replace it).
    Raises PatchError when an operation does not fit."""
    if not isinstance(ops, list):
        raise PatchError("a patch is a list of operations")
    for op in ops:
        try:
            kind, path = op[0], op[1]
            if not isinstance(path, list):
                raise PatchError("a path is a list")
            if kind == SET and len(op) == 3:
                if not path:
                    view = op[2]
                    continue
                parent, key = _walk(view, path[:-1]), path[-1]
                if isinstance(parent, list) and not (isinstance(key, int) and 0 <= key < len(parent)):
                    raise PatchError(f"no list item {key!r} to set")
                if isinstance(parent, dict) and not isinstance(key, str):
                    raise PatchError("map keys are strings")
                parent[key] = op[2]
            elif kind == DEL and len(op) == 2 and path:
                parent, key = _walk(view, path[:-1]), path[-1]
                if not isinstance(parent, dict) or key not in parent:
                    raise PatchError(f"no map key {key!r} to delete")
                del parent[key]
            elif kind == BYTES and len(op) == 4 and path:
                parent, key = _walk(view, path[:-1]), path[-1]
                target, index, data = _walk(view, path), op[2], op[3]
                if not (isinstance(target, bytes) and isinstance(data, bytes) and isinstance(index, int)
                        and 0 <= index and index + len(data) <= len(target)):
                    raise PatchError("a bytes change that does not fit its byte string")
                parent[key] = target[:index] + data + target[index + len(data):]
            elif kind == SPLICE and len(op) == 5:
                target, index, count, items = _walk(view, path), op[2], op[3], op[4]
                if not (isinstance(target, list) and isinstance(items, list) and isinstance(index, int)
                        and isinstance(count, int) and 0 <= index and 0 <= count and index + count <= len(target)):
                    raise PatchError("a splice that does not fit its list")
                target[index:index + count] = items
            else:
                raise PatchError(f"unknown patch operation {str(kind)[:20]!r}")
        except (TypeError, IndexError, KeyError) as e:
            raise PatchError(f"a patch operation does not fit the view ({type(e).__name__})") from None
    return view


def _walk(view, path):
    node = view
    for key in path:
        if isinstance(node, dict) and isinstance(key, str):
            node = node[key]
        elif isinstance(node, list) and isinstance(key, int) and not isinstance(key, bool) and 0 <= key < len(node):
            node = node[key]
        else:
            raise PatchError(f"the path step {str(key)[:40]!r} is not in the view")
    return node


def canonical(value) -> bytes:
    """The bytes a view hash is taken of: msgpack (smallest forms, str as str, bytes as bin, floats
    as float 64) with the keys of every map sorted by their UTF-8 bytes."""
    return msgpack.packb(_sorted(value), use_bin_type=True)


def _sorted(value):
    if isinstance(value, dict):
        return {k: _sorted(value[k]) for k in sorted(value, key=lambda k: k.encode("utf-8"))}
    if isinstance(value, (list, tuple)):
        return [_sorted(v) for v in value]
    return value


def view_hash(view) -> str:
    return hashlib.sha256(canonical(view)).hexdigest()
