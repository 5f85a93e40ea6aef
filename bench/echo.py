"""Floors for the network bench: plain servers in their own process, no table (and but for `fan-ok`, no asyncio).

`python -m bench.echo echo`      — each connection gets back every byte it sends (the round-trip floor).
`python -m bench.echo fan N`     — N connections; each frame read from one is written to all N
                                   (the floor for an update fan-out: same sends, no table).
`python -m bench.echo fan-ok N`  — the same on asyncio's loop, as the host runs, and each frame decoded
                                   and answered with an `ok` first: the least any host written in
                                   Python on asyncio does for an act, before the game's own work.
All set TCP_NODELAY on every socket, as the host does, print `listening on HOST:PORT`
and serve until killed. Framing in `fan` and `fan-ok`: 4-byte big-endian length, then the body.
"""
import asyncio
import socket
import sys
import threading

import msgpack

from net import frames

LOOPBACK = "127.0.0.1"


def _server():
    server = socket.create_server((LOOPBACK, 0))
    print(f"listening on {LOOPBACK}:{server.getsockname()[1]}", flush=True)
    return server


def _accept(server):
    conn, _ = server.accept()
    conn.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    return conn


def pump(src, dst) -> None:
    """Write to `dst` every byte read from `src` until `src` closes (the tests' cuttable relay pumps with it too)."""
    while True:
        data = src.recv(65536)
        if not data:
            return
        dst.sendall(data)


def echo() -> None:
    server = _server()

    def serve(conn):
        with conn:
            pump(conn, conn)

    while True:
        threading.Thread(target=serve, args=(_accept(server),), daemon=True).start()


def read_exactly(conn, n: int) -> bytes:
    """`n` bytes from a blocking socket (ConnectionError if it closes first); the bench's client side reads
    frames with it too."""
    buf = b""
    while len(buf) < n:
        chunk = conn.recv(n - len(buf))
        if not chunk:
            raise ConnectionError("closed")
        buf += chunk
    return buf


def fan(n: int) -> None:
    server = _server()
    conns = [_accept(server) for _ in range(n)]
    first = conns[0]  # frames come from the first connection and go to every connection
    while True:
        header = read_exactly(first, 4)
        frame = header + read_exactly(first, int.from_bytes(header, "big"))
        for c in conns:
            c.sendall(frame)


def fan_ok(n: int) -> None:
    server = _server()
    conns = [_accept(server) for _ in range(n)]
    first = conns[0]
    first.setblocking(False)
    ok = frames.encode({"t": "ok", "seq": 1, "rev": 1})
    pending = bytearray()

    def readable() -> None:
        data = first.recv(65536)
        if not data:
            loop.stop()
            return
        pending.extend(data)
        while len(pending) >= 4 and len(pending) >= 4 + int.from_bytes(pending[:4], "big"):
            size = int.from_bytes(pending[:4], "big")
            frame = bytes(pending[:4 + size])
            del pending[:4 + size]
            msgpack.unpackb(frame[4:])   # what every host does with an act before anything else
            first.send(ok)
            for c in conns:
                c.sendall(frame)

    loop = asyncio.new_event_loop()
    loop.add_reader(first.fileno(), readable)
    loop.run_forever()


if __name__ == "__main__":
    {"echo": lambda: echo(), "fan": lambda: fan(int(sys.argv[2])),
     "fan-ok": lambda: fan_ok(int(sys.argv[2]))}[sys.argv[1]]()
