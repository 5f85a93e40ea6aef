"""A live host survives a flood of malformed frames from many connections, and its game goes on."""
import random
import socket
import struct
import threading
import time

import msgpack

from tests.net.wire import RawClient

FRAMES = 10_000
THREADS = 8


def _frame(obj) -> bytes:
    body = obj if isinstance(obj, bytes) else msgpack.packb(obj, use_bin_type=True)
    return struct.pack(">I", len(body)) + body


HELLO = _frame({"t": "hello", "proto": 1, "name": "x", "want": "watch"})


def malformed(i: int, rng: random.Random) -> bytes:
    kind = i % 9
    if kind == 0:
        junk = rng.randbytes(rng.randint(1, 64))
        return struct.pack(">I", len(junk)) + junk                 # garbage body
    if kind == 1:
        return _frame({"t": "hello", "proto": "1"})                 # wrong field type
    if kind == 2:
        return struct.pack(">I", 0)                                 # length 0
    if kind == 3:
        return struct.pack(">I", 65_537) + b"z" * 32                # over the limit
    if kind == 4:
        return struct.pack(">I", 100) + b"\x81" * 10                # half a frame, then gone
    if kind == 5:
        return b""                                                  # connect and vanish
    if kind == 6:
        return HELLO + _frame({"t": "act", "seq": "one", "a": {}})  # wrong type after a good hello
    if kind == 7:
        return _frame([1, 2, 3])                                    # not a map
    return rng.randbytes(3)                                         # a broken length


def _flood(address, start, count, errors):
    rng = random.Random(start)
    for i in range(start, start + count):
        try:
            with socket.create_connection(address, timeout=5) as s:
                data = malformed(i, rng)
                if data:
                    s.sendall(data)
                if i % 3 == 0:  # some wait for the answer, the rest close at once
                    s.settimeout(2)
                    try:
                        s.recv(4096)
                    except (socket.timeout, ConnectionResetError):
                        pass
        except OSError as e:
            errors.append(repr(e))


def test_host_survives_10000_malformed_frames_and_the_game_goes_on(start_host):
    """A bad frame closes that connection "and changes nothing else. Other connections and the game go on"."""
    h = start_host(n_seats=2, options={"pile": 10_000})
    a, b = RawClient(h.address), RawClient(h.address)
    a.hello(name="A")
    b.hello(name="B")
    errors: list = []
    per = FRAMES // THREADS
    threads = [threading.Thread(target=_flood, args=(h.address, k * per, per, errors)) for k in range(THREADS)]
    t0 = time.monotonic()
    for t in threads:
        t.start()
    seq, moves = 0, 0
    players = [a, b]
    while any(t.is_alive() for t in threads) and time.monotonic() - t0 < 60:
        seq += 1
        mover = players[moves % 2]
        assert mover.request_within_limits(seq, {"type": "take", "count": 1}) == {"t": "ok", "seq": seq, "rev": moves + 1}
        moves += 1
    for t in threads:
        t.join(60)
    assert not errors[:1], errors[:3]
    assert moves > 0 and h.host.table.rev == moves
    # every flood connection is gone; the two players are still seated and connected
    deadline = time.monotonic() + 5
    while len(h.host.connections) > 2 and time.monotonic() < deadline:
        time.sleep(0.05)
    assert len(h.host.connections) == 2
    assert [s["connected"] for s in h.host.table.public_seats()] == [True, True]
    seq += 1
    assert players[moves % 2].request(seq, {"type": "take", "count": 3})["t"] == "ok"
