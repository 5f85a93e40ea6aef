"""Frames: any bytes decode to a checked message or BadFrame, never another exception."""
import collections
import enum

import msgpack
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from net import frames
from net.frames import BadFrame

plain = st.recursive(
    st.none() | st.booleans() | st.integers(-2**63, 2**64 - 1) | st.floats(allow_nan=False) | st.text(max_size=20)
    | st.binary(max_size=20),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8) | st.integers(-2**63, 2**63 - 1), inner, max_size=5),
    max_leaves=20,
)


def _decode_or_bad(decode, body):
    try:
        msg = decode(body)
    except BadFrame:
        return None
    assert isinstance(msg, dict) and isinstance(msg["t"], str)
    return msg


@settings(max_examples=400, deadline=None)
@given(st.binary(max_size=300))
def test_any_bytes_are_a_message_or_bad_frame(body):
    """"any exception while decoding is a bad frame": nothing else escapes the decoder."""
    _decode_or_bad(frames.decode_client, body)
    _decode_or_bad(frames.decode_host, body)


@settings(max_examples=400, deadline=None)
@given(st.dictionaries(st.sampled_from(["t", "proto", "seq", "a", "n", "text", "name", "want", "seat", "token"]),
                       plain | st.sampled_from(["hello", "act", "ping", "chat", "bye", "pong", "play", "watch"]),
                       max_size=6))
def test_maps_of_any_field_types_are_checked_or_refused(msg):
    """"a field of the wrong type" is a bad frame, so every accepted message has the documented types."""
    out = _decode_or_bad(frames.decode_client, msgpack.packb(msg, use_bin_type=True))
    if out is None:
        return
    t = out["t"]
    if t == "act":
        assert type(out["seq"]) is int and isinstance(out["a"], dict)
    elif t == "hello":
        assert type(out["proto"]) is int and out.get("want") in (None, "play", "watch")
    elif t == "chat":
        assert isinstance(out["text"], str) and len(out["text"]) <= 500
    elif t == "ping":
        assert type(out["n"]) is int
    else:
        assert t in ("bye", "pong")


@pytest.mark.parametrize("body,why", [
    (msgpack.packb([1, 2]), "non-map"),
    (msgpack.packb({"x": 1}), "missing t"),
    (msgpack.packb({"t": "fly"}), "unknown t"),
    (msgpack.packb({"t": 5}), "t not a string"),
    (msgpack.packb({1: "hello", "t": "bye"}), "non-string key"),
    (msgpack.packb({"t": "act", "seq": True, "a": {}}), "bool is not an int seq"),
    (msgpack.packb({"t": "act", "seq": 1, "a": []}), "action not a map"),
    (msgpack.packb({"t": "hello", "proto": "1"}), "proto not an int"),
    (msgpack.packb({"t": "hello", "proto": 1, "want": "fight"}), "want not play/watch"),
    (msgpack.packb({"t": "bye"}) + b"\x00", "trailing bytes"),
    (msgpack.packb({"t": "bye"})[:-1], "cut short"),
    (msgpack.packb(msgpack.ExtType(1, b"x")), "extension type"),
    (msgpack.packb({"t": "act", "seq": 1, "a": {"x": msgpack.ExtType(3, b"ab")}}), "nested extension type"),
    (b"\x91" * 5000 + b"\xc0", "deep nesting"),
    (b"\xdd\xff\xff\xff\xff", "array longer than the frame"),
    (b"\xdb\x00\x01\x00\x01" + b"a" * 10, "string longer than the frame"),
])
def test_malformed_bodies_are_bad_frames(body, why):
    with pytest.raises(BadFrame):
        frames.decode_client(body)


def test_frame_round_trip_and_length_limits():
    msg = {"t": "act", "seq": 3, "a": {"type": "take", "count": 1}}
    data = frames.encode(msg, frames.MAX_CLIENT_FRAME)
    assert frames.length_ok(data[:4], frames.MAX_CLIENT_FRAME) == len(data) - 4
    assert frames.decode_client(data[4:]) == msg
    for bad in (0, frames.MAX_CLIENT_FRAME + 1):
        with pytest.raises(BadFrame):
            frames.length_ok(bad.to_bytes(4, "big"), frames.MAX_CLIENT_FRAME)
    assert frames.length_ok((frames.MAX_HOST_FRAME).to_bytes(4, "big"), frames.MAX_HOST_FRAME) == frames.MAX_HOST_FRAME
    with pytest.raises(ValueError):
        frames.encode({"t": "chat", "text": "x" * frames.MAX_CLIENT_FRAME}, frames.MAX_CLIENT_FRAME)


def test_extra_keys_are_ignored():
    """"Unknown extra keys are ignored"."""
    assert frames.decode_client(msgpack.packb({"t": "ping", "n": 1, "colour": "red"}))["n"] == 1


class _Level(enum.IntEnum):
    HIGH = 3


class _Word(str, enum.Enum):
    KEY = "key"


_tuple_like = st.recursive(plain, lambda inner: st.tuples(inner, inner) | st.lists(inner, max_size=3).map(tuple),
                           max_leaves=10)


def _msgpack_frame(msg) -> bytes:
    """The frame msgpack-python's default packer writes (the reference the host's encoder must match)."""
    body = msgpack.packb(msg, use_bin_type=True)
    return len(body).to_bytes(frames.HEADER, "big") + body


@settings(max_examples=200, deadline=None)
@given(st.dictionaries(st.text(max_size=8), plain | _tuple_like, max_size=5).map(lambda body: {"t": "update", **body}))
def test_the_hosts_encoder_writes_the_bytes_msgpack_writes(msg):
    """The host's encoder (`frames.encode`, msgspec's, faster) must write what msgpack's default packer
    writes: the same frame for plain data (ints of every size, int map keys, floats, str, bytes, nesting),
    tuples included; what it writes decodes to the message."""
    frame = frames.encode(msg)
    assert frame == _msgpack_frame(msg)
    assert msgpack.unpackb(frame[frames.HEADER:], raw=False, strict_map_key=False) == msgpack.unpackb(
        msgpack.packb(msg, use_bin_type=True), raw=False, strict_map_key=False)


@pytest.mark.parametrize("value", [0, 127, 128, 255, 256, 2**16 - 1, 2**16, 2**32 - 1, 2**32, 2**64 - 1, -1, -32, -33,
                                   -128, -129, -2**15, -2**15 - 1, -2**31, -2**31 - 1, -2**63, 0.0, -0.0, 1.5,
                                   float("inf"), float("-inf"), float("nan"), "", "a" * 31, "a" * 32, "é" * 200,
                                   "a" * 2**16, b"", b"x" * 256, b"x" * 2**16, [0] * 15, [0] * 16, [0] * 2**16,
                                   {str(i): i for i in range(16)}, {-5: None, 7: True}])
def test_each_msgpack_form_is_written_as_msgpack_writes_it(value):
    """Each boundary between msgpack's forms (fixint, uint 8..64, int 8..64, float 64, fixstr, str 8..32,
    bin 8..32, fixarray, array 16..32, fixmap, map 16) gives the bytes msgpack-python writes."""
    msg = {"t": "x", "v": value}
    assert frames.encode(msg) == _msgpack_frame(msg)


def test_the_hosts_encoder_packs_subclasses_of_built_in_types_as_their_values():
    """An IntEnum, a str Enum, an OrderedDict, a bytearray or a memoryview packs as msgpack's default
    packer packs it; an int beyond 64 bits is refused as it refuses it."""
    msg = {"t": "x", "n": _Level.HIGH, "w": _Word.KEY, "m": collections.OrderedDict(b=1, a=(2, _Level.HIGH)),
           "b": bytearray(b"ab"), "v": memoryview(b"cd"), "f": [1.5, True, None]}
    assert frames.encode(msg) == _msgpack_frame(msg)
    with pytest.raises(OverflowError):
        frames.encode({"t": "x", "n": 2**64})
    with pytest.raises(OverflowError):
        msgpack.packb({"t": "x", "n": 2**64})


@settings(max_examples=100, deadline=None)
@given(st.dictionaries(st.text(max_size=8), plain | _tuple_like, max_size=5))
def test_spliced_values_give_the_frame_the_values_themselves_give(fields):
    """What every view of an update shares is packed once (`frames.spliced`) and copied into each frame:
    the frame is byte for byte the one of the plain values."""
    msg = {"t": "update", "view": {"public": fields}}
    spliced = {"t": "update", "view": {"public": {k: frames.spliced(v) for k, v in fields.items()}}}
    assert frames.encode(spliced) == frames.encode(msg) == _msgpack_frame(msg)


def test_a_frame_over_the_limit_is_refused_and_the_next_frame_is_whole():
    """A message too large for a frame raises ValueError; the next frame is written whole (no bytes left
    over from the larger one)."""
    big = {"t": "update", "pad": "x" * 2000}
    with pytest.raises(ValueError, match="over the 1000-byte limit"):
        frames.encode(big, limit=1000)
    assert frames.encode({"t": "pong"}) == _msgpack_frame({"t": "pong"})
    assert frames.encode(big) == _msgpack_frame(big)
    assert frames.encode({"t": "ok", "seq": 1, "rev": 2}) == _msgpack_frame({"t": "ok", "seq": 1, "rev": 2})
