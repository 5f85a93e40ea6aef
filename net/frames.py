"""Frames of PROTOCOL.md: a 4-byte big-endian length, then one msgpack map with string keys.

`decode_client` / `decode_host` turn a frame body into a checked message or raise
`BadFrame` (never anything else): the decoder's limits are no looser than the
frame, maps need string keys, no extension types, and each message type's fields
must have the right types.
"""
import struct

import msgpack
import msgspec

MAX_CLIENT_FRAME = 65_536       # frames a client sends
MAX_HOST_FRAME = 1_048_576      # frames a host sends
HEADER = 4
PROTO = 1
MAX_CHAT = 500
MAX_NAME = 40
SEQ_LIMIT = 2**31               # an act's seq: 1 <= seq < 2**31 (PROTOCOL.md), bad_action otherwise


def err(code: str, msg: str, seq=None, rule: str | None = None) -> dict:
    """An `err` message: a code of PROTOCOL.md and a sentence (with the `seq` it answers, if any, and the id of
    the game's rule that refused the action, if one did: engine.why)."""
    out = {"t": "err", "code": code, "msg": msg}
    if seq is not None:
        out["seq"] = seq
    if rule is not None:
        out["rule"] = rule
    return out


class BadFrame(Exception):
    """A frame the receiver must refuse; str() is a sentence for the sender."""


_ENCODER = msgspec.msgpack.Encoder()   # encode() is thread-safe; encode_into a shared buffer is not


_pack_length = struct.Struct(">I").pack   # the 4 length bytes (HEADER), with one call less than int.to_bytes


def encode(msg: dict, limit: int = MAX_HOST_FRAME) -> bytes:
    body = _ENCODER.encode(msg)
    n = len(body)
    if not 1 <= n <= limit:
        raise ValueError(f"a {msg.get('t')!r} frame of {n} bytes is over the {limit}-byte limit")
    return _pack_length(n) + body


def packer() -> msgspec.msgpack.Encoder:
    """The msgpack encoder of the host's frames and of patches' snapshots (msgspec's, in C): for the
    values a view holds (None, bool, int, float, str, bytes, lists, tuples, maps, and subclasses of
    these such as an IntEnum, a str Enum or an OrderedDict) it writes the bytes msgpack-python's
    default packer writes (tests), smallest forms, str as str, bytes as bin, floats as float 64, in
    about half the instructions, and copies `msgspec.Raw` bytes in as they are (`spliced`).
    It also packs what msgpack-python refuses (a set as an array, a datetime as a timestamp
    extension, which PROTOCOL.md forbids): views hold none of them (tests/conformance, `wire_safe`)."""
    return msgspec.msgpack.Encoder()


_RAW_TYPES = (list, dict)


def spliced(value):
    """`value` as a part of several frames: a list or map as its msgpack bytes (`msgspec.Raw`), which
    `encode` copies into each frame as they are (the same bytes it would have packed), so what
    every view of an update shares is packed once, not once per receiver; anything else, small, as it
    is. Only msgspec's encoder (`encode`, `packer`) can pack what this returns."""
    return msgspec.Raw(_ENCODER.encode(value)) if type(value) in _RAW_TYPES else value


def length_ok(header: bytes, limit: int) -> int:
    """The body length announced by `header`, or BadFrame if it is 0 or over `limit`."""
    n = int.from_bytes(header, "big")
    if not 1 <= n <= limit:
        raise BadFrame(f"A frame length of {n} is outside 1..{limit}.")
    return n


def _refuse_ext(code, data):
    raise BadFrame("Extension types are not allowed.")


def unpack(body: bytes, limit: int) -> dict:
    """One msgpack map with string keys and a string "t", or BadFrame."""
    try:
        msg = msgpack.unpackb(body, raw=False, strict_map_key=True, ext_hook=_refuse_ext,
                              max_str_len=limit, max_bin_len=limit, max_array_len=limit,
                              max_map_len=limit, max_ext_len=0, use_list=True)
    except BadFrame:
        raise
    except Exception:  # the protocol: any exception while decoding is a bad frame
        raise BadFrame("The frame is not one msgpack value.") from None
    if not isinstance(msg, dict):
        raise BadFrame("A frame must hold a msgpack map.")
    for k in msg:   # a loop, not all(generator): this runs on every frame a host reads
        if type(k) is not str:
            raise BadFrame("A frame's map keys must be strings.")
    if not isinstance(msg.get("t"), str):
        raise BadFrame("A frame needs a string \"t\" naming its type.")
    return msg


def _is_int(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


_INT, _STR, _MAP, _LIST, _BOOL = "int", "str", "map", "list", "bool"
_CHECKS = {
    _INT: _is_int,
    _STR: lambda v: isinstance(v, str),
    _MAP: lambda v: isinstance(v, dict),
    _LIST: lambda v: isinstance(v, list),
    _BOOL: lambda v: isinstance(v, bool),
}

# type -> {field: (kind, required, nil allowed)}
CLIENT_MESSAGES = {
    "hello": {"proto": (_INT, True, False), "name": (_STR, False, True), "want": (_STR, False, True),
              "seat": (_INT, False, True), "token": (_STR, False, True), "views": (_STR, False, True),
              "history": (_BOOL, False, True)},
    "view": {},   # a client taking patches asks for a whole view (docs/protocol.md, "Patches")
    "act": {"seq": (_INT, True, False), "a": (_MAP, True, False)},
    "ping": {"n": (_INT, True, False)},
    "pong": {"n": (_INT, False, True)},
    "chat": {"text": (_STR, True, False)},
    "bye": {},
}

HOST_MESSAGES = {
    "welcome": {"proto": (_INT, True, False), "game": (_STR, True, False), "table": (_STR, True, False),
                "seat": (_INT, True, True), "token": (_STR, True, True), "last_seq": (_INT, False, True),
                "seats": (_LIST, True, False),
                "rev": (_INT, True, False), "view": (_MAP, True, False)},
    "update": {"rev": (_INT, True, False), "events": (_LIST, True, False), "view": (_MAP, False, False),
               "patch": (_LIST, False, False), "hash": (_STR, False, True)},
    "ok": {"seq": (_INT, True, False), "rev": (_INT, True, False)},
    "history": {"rev": (_INT, True, False), "events": (_LIST, True, False), "more": (_BOOL, True, False)},
    "err": {"seq": (_INT, False, True), "code": (_STR, True, False), "msg": (_STR, False, True),
            "rule": (_STR, False, True)},
    "chat": {"from": (_STR, False, True), "seat": (_INT, False, True), "text": (_STR, True, False)},
    "ping": {"n": (_INT, True, False)},
    "pong": {"n": (_INT, False, True)},
}


def _check_fields(msg: dict, schema: dict) -> dict:
    fields = schema.get(msg["t"])
    if fields is None:
        raise BadFrame(f"Unknown message type {msg['t'][:40]!r}.")
    for name, (kind, required, nil_ok) in fields.items():
        if name not in msg:
            if required:
                raise BadFrame(f"A {msg['t']!r} message needs the field {name!r}.")
            continue
        value = msg[name]
        if value is None and nil_ok:
            continue
        if not _CHECKS[kind](value):
            raise BadFrame(f"Field {name!r} of a {msg['t']!r} message must be {'an' if kind == _INT else 'a'} {kind}.")
    return msg


def decode_client(body: bytes) -> dict:
    """A message a host received from a client (checked), or BadFrame: over TCP its length was checked from
    the frame's header already; a carrier without one (a NATS message) is held to the same limit here."""
    if len(body) > MAX_CLIENT_FRAME:
        raise BadFrame(f"A client's message holds at most {MAX_CLIENT_FRAME} bytes; this one has {len(body)}.")
    msg = unpack(body, MAX_CLIENT_FRAME)
    t = msg["t"]
    if t == "act" and type(msg.get("seq")) is int and type(msg.get("a")) is dict:
        return msg   # the frame a host reads most, checked in one line (as _check_fields would pass it)
    _check_fields(msg, CLIENT_MESSAGES)
    if t == "hello" and msg.get("want") not in (None, "play", "watch"):
        raise BadFrame("Field 'want' of a 'hello' must be \"play\" or \"watch\".")
    if t == "chat" and len(msg["text"]) > MAX_CHAT:
        raise BadFrame(f"A chat line holds at most {MAX_CHAT} characters.")
    return msg


def decode_host(body: bytes) -> dict:
    """A message a client received from a host (checked), or BadFrame."""
    msg = _check_fields(unpack(body, MAX_HOST_FRAME), HOST_MESSAGES)
    if msg["t"] == "update" and ("view" in msg) == ("patch" in msg):
        raise BadFrame("An 'update' carries either a 'view' or a 'patch'.")
    return msg
