"""View patches (docs/protocol.md, "Patches"): the change from one view to the next, small on the wire.

A patch is a list of operations applied in order; a path is a list of map keys (str) and list
indices (int) from the node the operation is applied to (the view's root, or an "in"'s node):
    ["set", path, value]                       put `value` at path (a map key, new or not; a list index)
    ["del", path]                              remove the map key at path
    ["splice", path, index, count, [items]]    in the list at path, replace `count` items from `index` by `items`
    ["bytes", path, [index, bin, ...]]         in the byte string at path, overwrite len(bin) bytes from each index
    ["in", path, [operations]]                 apply the operations to the map or list at path
    ["packed", bin]                            bin: zlib of the msgpack of a list of operations, applied here
`diff` writes them so that applying them in order turns the old view into the new one: list
changes are written from the end of the list backwards, so each index is still the one it names,
and a node with several changes gets one "in" (its path is written once, not once per change).

A host keeps, per connection, a `Snapshot` of the view it last sent, and makes each update's
snapshots and diffs through one `Differ`: a view's parts (public, private) are kept key by key as
msgpack bytes beside the copy a receiver decodes, so keys whose bytes did not change are passed
over without a walk, a part that is one object for several receivers (the public part the Session
shares between seats) is packed once, and the diff of a part from a given old part is computed once
for every receiver (the same operations, whoever was sent that old part).

`view_hash` is the check a client can make: SHA-256 (hex) of the view's canonical bytes, msgpack
with every map's keys sorted by their UTF-8 bytes (see `canonical`).
"""
import hashlib
import zlib
from difflib import SequenceMatcher
from itertools import compress
from operator import ne

import msgpack
import msgspec

from net.frames import packer

SET, DEL, SPLICE, BYTES, IN, PACKED = "set", "del", "splice", "bytes", "in", "packed"
PACK_FROM = 1024          # patches this large (msgpack bytes) are sent packed when that is smaller
MAX_UNPACKED = 16 << 20   # an inflated "packed" operation holds at most this much
BYTES_GAP = 5     # changed byte runs closer than this are sent as one (a run costs ~5 bytes more)
PATCHES = "patches"   # the value of hello's "views" that asks for patches (and of the welcome's that grants them)
_SCALARS = (str, int, float, bool, bytes, type(None))


class PatchError(Exception):
    """A patch that does not fit the view it is applied to."""


def snapshot(view) -> "Snapshot":
    """`view` as a Snapshot of its own (a welcome's, or a whole view asked for): what the next diff starts from."""
    return Differ().snapshot(view)


class Part:
    """One part of a view as sent: for a map, its keys in order (`keys`), each value's msgpack bytes in
    the same order (`packed`) and the values (`copy`); for anything else (`keys` None), its bytes (`whole`)
    and copy. Never changed once made."""
    __slots__ = ("keys", "packed", "whole", "copy", "size", "_canonical", "_items")

    def __init__(self, keys, packed, whole, copy, size):
        self.keys, self.packed, self.whole, self.copy, self.size = keys, packed, whole, copy, size
        self._canonical = self._items = None

    @property
    def items(self) -> dict | None:
        """A map's bytes by key (made when first asked: diffs between parts of one builder never need it)."""
        if self._items is None and self.keys is not None:
            self._items = dict(zip(self.keys, self.packed))
        return self._items

    def canonical(self) -> bytes:
        if self._canonical is None:
            self._canonical = canonical(self.copy)
        return self._canonical


class Snapshot:
    """A view as last sent to a connection: its parts (the top-level map's values) by key."""
    __slots__ = ("parts", "size")

    def __init__(self, parts: dict, size: int):
        self.parts, self.size = parts, size   # size: about the msgpack size of the whole view

    def same(self, other: "Snapshot") -> bool:
        """Whether `other` holds the same view (made apart: two welcomes' snapshots)."""
        return self is other or (self.parts.keys() == other.parts.keys() and all(
            p is q or (p.items == q.items and p.whole == q.whole)
            for p, q in zip(self.parts.values(), (other.parts[k] for k in self.parts))))

    def copy(self) -> dict:
        """The view as its receiver holds it."""
        return {k: p.copy for k, p in self.parts.items()}

    def hash(self) -> str:
        """`view_hash` of the view, from each part's canonical bytes (a shared part's made once)."""
        if None in self.parts:
            return view_hash(self.parts[None].copy)
        names = sorted(self.parts, key=lambda k: k.encode("utf-8"))
        out = [_map_header(len(names))]
        for name in names:
            out += [_pack(name), self.parts[name].canonical()]
        return hashlib.sha256(b"".join(out)).hexdigest()


_pack = packer().encode   # msgspec's Encoder.encode is thread-safe (a buffer of its own per call)


class Differ:
    """One update's snapshots and diffs. Within it, a part that is the same object in several views
    is snapshot once, and the diff between two given parts is computed once. The caller keeps the
    views alive while it uses the Differ (parts are recognised by identity)."""

    def __init__(self):
        self._parts: dict = {}   # id(part object) -> (the object, its Part)
        self._diffs: dict = {}   # (id(old Part), id(new Part)) -> (old, new, operations)
        self._pack = _pack

    def snapshot(self, view) -> Snapshot:
        """`view` as a Snapshot."""
        if type(view) is not dict:
            part = self._part(view)
            return Snapshot({None: part}, part.size)   # not a map of parts: one whole part (set whole)
        parts, size = {}, 1
        for name, value in view.items():
            parts[name] = part = self._part(value)
            size += part.size + len(name) + 1
        return Snapshot(parts, size)

    def _part(self, value) -> Part:
        cached = self._parts.get(id(value))
        if cached is not None and cached[0] is value:
            return cached[1]
        pack = self._pack
        if type(value) is dict:
            packed = list(map(pack, value.values()))   # each value packed in one loop in C
            # The values themselves are kept, not decoded from their bytes: decoding cost more than the rest
            # of a Risk update. Each is checked against its bytes before it is diffed from (`_sent`), as the
            # rules may hand out a view that shares objects with their state and change them later.
            part = Part(tuple(value), packed, None, dict(value), len(b"".join(packed)) + 2 * len(packed) + 1)
        else:
            b = pack(value)
            part = Part(None, None, b, msgpack.unpackb(b, raw=False, strict_map_key=False), len(b))
        self._parts[id(value)] = (value, part)
        return part

    def diff(self, old: Snapshot, new: Snapshot) -> list:
        """Operations turning the view of `old` into that of `new` (as `diff` of their copies gives)."""
        if (None in old.parts) or (None in new.parts):   # a view that is not a map of parts
            o, n = old.parts.get(None), new.parts.get(None)
            if o is not None and n is not None and o.whole == n.whole:
                return []
            return diff(old.copy() if o is None else o.copy, new.copy() if n is None else n.copy)
        out: list = []
        for name, part in new.parts.items():
            was = old.parts.get(name)
            if was is None:
                out.append([SET, [name], part.copy])
            elif was is not part:
                _child(name, self._part_ops(was, part), out)
        for name in old.parts:
            if name not in new.parts:
                out.append([DEL, [name]])
        return out

    def _sent(self, part: Part, key, sent: bytes):
        """What `part` held at `key` when it was sent (`sent`, its bytes): its kept value, unless that has
        changed since."""
        value = part.copy[key]
        if self._pack(value) == sent:
            return value
        return msgpack.unpackb(sent, raw=False, strict_map_key=False)

    def _changed(self, old: Part, key, sent: bytes, value, out: list) -> None:
        """The operations for the field `key` of `old`, sent as the bytes `sent` and now `value` (other
        bytes), written to `out`: a field that is not a map, list or byte string on both sides (a number, a
        string...) is set as it is, with no look at what it was; else the change within it (`_sent`)."""
        kind = type(value)
        if (kind is dict or kind is list or kind is bytes) and type(old.copy[key]) is kind:
            _changed_child(key, self._sent(old, key, sent), value, out)
        else:
            out.append([SET, [key], value])

    def _part_ops(self, old: Part, new: Part) -> list:
        key = (id(old), id(new))
        cached = self._diffs.get(key)
        if cached is not None and cached[0] is old and cached[1] is new:
            return cached[2]
        if old.keys is None or new.keys is None:
            ops = [] if old.whole == new.whole else _node(old.copy, new.copy)
        elif old.keys == new.keys:   # the same fields in the same order (one builder's): the changed found in C
            ops, keys, was = [], new.keys, old.packed
            for i in compress(range(len(keys)), map(ne, was, new.packed)):
                self._changed(old, keys[i], was[i], new.copy[keys[i]], ops)
        else:
            ops = []
            for k, b in new.items.items():
                was = old.items.get(k)
                if was is None:
                    ops.append([SET, [k], new.copy[k]])
                elif was != b:
                    self._changed(old, k, was, new.copy[k], ops)
            for k in old.items:
                if k not in new.items:
                    ops.append([DEL, [k]])
        self._diffs[key] = (old, new, ops)
        return ops


def diff(old, new) -> list:
    """Operations turning `old` into `new` (both plain msgpack data as decoded: maps, lists, scalars)."""
    if type(old) is not type(new) or not isinstance(new, (dict, list)):
        return [] if _same(old, new) else [[SET, [], new]]
    return _diff(old, new)


def encoded(ops: list, spliced: bool = False) -> tuple[list, int]:
    """(the patch to send, its msgpack size): `ops` as they are, or one "packed" operation when
    they are large and compress (a turn's first listing, a move that changes many rasters).
    `spliced`: the patch is for net.frames' `encode` only, and `ops` come as their msgpack bytes
    (`msgspec.Raw`), packed here once rather than again in the frame."""
    raw = _pack(ops)
    if len(raw) >= PACK_FROM and not (len(ops) == 1 and ops[0][:2] == [SET, []]):   # a root `set` is never packed
        packed = zlib.compress(raw, 6)
        if len(packed) + 16 < len(raw) * 0.9:
            return [[PACKED, packed]], len(packed) + 16
    return (msgspec.Raw(raw) if spliced else ops), len(raw)


def _same(a, b) -> bool:
    return type(a) is type(b) and a == b


def _child(key, ops: list, out: list) -> None:
    """The operations of a child node, written from its parent: one is re-pathed, several share an "in"."""
    if len(ops) == 1:
        op = ops[0]
        out.append([op[0], [key] + op[1], *op[2:]])
    elif ops:
        out.append([IN, [key], ops])


def _node(old, new) -> list:
    """Operations on the node holding `old` (now `new`), relative to it."""
    if type(old) is dict and type(new) is dict or type(old) is list and type(new) is list:
        return _diff(old, new)
    if type(old) is bytes and type(new) is bytes and len(old) == len(new) > 64:
        return _diff_bytes(old, new) if old != new else []
    return [] if _same(old, new) else [[SET, [], new]]


def _diff(old, new) -> list:
    if old == new:
        return []
    return _changes(old, new)


def _changes(old, new) -> list:
    """`_diff` of two maps or two lists known to differ."""
    out: list = []
    if type(old) is dict:
        for k, v in new.items():
            if k in old:
                was = old[k]
                if type(was) is type(v) and was == v:   # most children of a changed map: no call made
                    continue
                _changed_child(k, was, v, out)
            else:
                out.append([SET, [k], v])
        for k in old:
            if k not in new:
                out.append([DEL, [k]])
    elif len(old) == len(new):
        for i, (a, b) in enumerate(zip(old, new)):
            if type(a) is not type(b) or a != b:
                _changed_child(i, a, b, out)
    else:
        _diff_list(old, new, out)
    return out


def _changed_child(key, was, now, out: list) -> None:
    """The operations for a child that changed, written to `out`: a map or list on both sides diffed in
    turn, a long byte string by its changed runs, anything else set (`_node` without its equality test)."""
    kind = type(now)
    if type(was) is kind:
        if kind is dict or kind is list:
            _child(key, _changes(was, now), out)
            return
        if kind is bytes and len(was) == len(now) > 64:
            _child(key, _diff_bytes(was, now), out)
            return
    out.append([SET, [key], now])


def _diff_bytes(old: bytes, new: bytes) -> list:
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
    if sum(b - a + 5 for a, b in runs) >= len(new):   # each run costs its index and a bin header too
        return [[SET, [], new]]
    changes = []
    for a, b in runs:
        changes += [a, new[a:b]]
    return [[BYTES, [], changes]]


def _key(item):
    """What a list item is matched by when a list grows or shrinks: its scalar fields (a template's
    type and unit, a unit's id), or itself when it is a scalar."""
    if isinstance(item, dict):
        return tuple((k, v) for k, v in item.items() if isinstance(v, _SCALARS) and not isinstance(v, bytes))
    if isinstance(item, _SCALARS):
        return (type(item).__name__, item)
    return ("list", len(item))


def _diff_list(old: list, new: list, out: list) -> None:
    if not old or not new:   # a listing that empties or fills (a turn passing on): one splice, no matching
        out.append([SPLICE, [], 0, len(old), new])
        return
    old_keys, new_keys = [_key(x) for x in old], [_key(x) for x in new]
    if set(old_keys).isdisjoint(new_keys):   # nothing to match (a reinforce listing turning into attacks):
        out.append([SPLICE, [], 0, len(old), new])   # the matcher's one replace, without its tens of us
        return
    matcher = SequenceMatcher(None, old_keys, new_keys, autojunk=False)
    for tag, i1, i2, j1, j2 in reversed(matcher.get_opcodes()):   # from the end: earlier indices stay put
        if tag == "equal":
            for k in range(i2 - i1 - 1, -1, -1):
                _child(i1 + k, _node(old[i1 + k], new[j1 + k]), out)
        else:
            out.append([SPLICE, [], i1, i2 - i1, new[j1:j2]])


def apply(view, ops) -> object:
    """`view` with `ops` applied, changed in place (the root is returned: a patch may replace it).
    Raises PatchError when an operation does not fit."""
    if not isinstance(ops, list):
        raise PatchError("a patch is a list of operations")
    if len(ops) == 1 and isinstance(ops[0], list) and ops[0][:2] == [SET, []] and len(ops[0]) == 3:
        return ops[0][2]
    _apply(view, ops, 0)
    return view


def _apply(node, ops, depth: int) -> None:
    if not isinstance(ops, list) or depth > 64:
        raise PatchError("a patch is a list of operations")
    for op in ops:
        try:
            kind, path = op[0], op[1]
            if kind == PACKED and len(op) == 2:
                _apply(node, _unpack(path), depth + 1)
                continue
            if not isinstance(path, list):
                raise PatchError("a path is a list")
            if kind == IN and len(op) == 3:
                target = _walk(node, path)
                if not isinstance(target, (dict, list)):
                    raise PatchError("'in' names a map or a list")
                _apply(target, op[2], depth + 1)
                continue
            if kind == SPLICE and len(op) == 5:
                target, index, count, items = _walk(node, path), op[2], op[3], op[4]
                if not (isinstance(target, list) and isinstance(items, list) and isinstance(index, int)
                        and isinstance(count, int) and 0 <= index and 0 <= count and index + count <= len(target)):
                    raise PatchError("a splice that does not fit its list")
                target[index:index + count] = items
                continue
            if not path:
                raise PatchError("only a whole patch may replace the view")
            parent, key = _walk(node, path[:-1]), path[-1]
            if kind == SET and len(op) == 3:
                if isinstance(parent, list) and not (isinstance(key, int) and 0 <= key < len(parent)):
                    raise PatchError(f"no list item {key!r} to set")
                if isinstance(parent, dict) and not isinstance(key, str):
                    raise PatchError("map keys are strings")
                parent[key] = op[2]
            elif kind == DEL and len(op) == 2:
                if not isinstance(parent, dict) or key not in parent:
                    raise PatchError(f"no map key {key!r} to delete")
                del parent[key]
            elif kind == BYTES and len(op) == 3:
                parent[key] = _overwrite(_walk(node, path), op[2])
            else:
                raise PatchError(f"unknown patch operation {str(kind)[:20]!r}")
        except (TypeError, IndexError, KeyError) as e:
            raise PatchError(f"a patch operation does not fit the view ({type(e).__name__})") from None


def _unpack(data) -> list:
    if not isinstance(data, bytes):
        raise PatchError("a packed patch is a byte string")
    inflate = zlib.decompressobj()
    try:
        raw = inflate.decompress(data, MAX_UNPACKED)
        if inflate.unconsumed_tail or not inflate.eof:
            raise PatchError("a packed patch that does not inflate within its bound")
        ops = msgpack.unpackb(raw, raw=False, strict_map_key=True)
    except PatchError:
        raise
    except Exception as e:  # zlib or msgpack refusing the bytes: the patch is bad, not the client
        raise PatchError(f"a packed patch that does not unpack ({type(e).__name__})") from None
    if not isinstance(ops, list):
        raise PatchError("a packed patch holds a list of operations")
    return ops


def _overwrite(target, changes) -> bytes:
    if not isinstance(target, bytes) or not isinstance(changes, list) or len(changes) % 2:
        raise PatchError("a bytes change needs a byte string and [index, bin, ...]")
    out = bytearray(target)
    for index, data in zip(changes[::2], changes[1::2]):
        if not (isinstance(index, int) and isinstance(data, bytes) and 0 <= index and index + len(data) <= len(out)):
            raise PatchError("a bytes change that does not fit its byte string")
        out[index:index + len(data)] = data
    return bytes(out)


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
    as float 64) with the keys of every map sorted by their UTF-8 bytes. msgspec's encoder writes them
    in one pass in C (`order="deterministic"` sorts str keys by code point, which is their UTF-8 bytes'
    order: tests); a Python walk that sorted every map first cost ten times as much."""
    return _canonical_pack(value)


_canonical_pack = msgspec.msgpack.Encoder(order="deterministic").encode


def _map_header(n: int) -> bytes:
    """msgpack's header of a map of `n` entries (fixmap, map 16 or map 32)."""
    if n < 16:
        return bytes([0x80 | n])
    return b"\xde" + n.to_bytes(2, "big") if n < 1 << 16 else b"\xdf" + n.to_bytes(4, "big")


def view_hash(view) -> str:
    return hashlib.sha256(canonical(view)).hexdigest()
