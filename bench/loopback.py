"""Where the network bench's processes run and how its clients talk to them, on 127.0.0.1 only.

Servers (a host, an echo process) run in processes of their own pinned to one CPU and the measuring
clients to the other, when there are two: as on two machines, every round trip crosses between CPUs
the same way, for a floor and a host alike (left to the scheduler, a run would sometimes share one
CPU and sometimes not). A client here speaks the raw protocol: length-prefixed msgpack frames
(PROTOCOL.md) on blocking sockets, or many sockets read at once by `Readers`.
"""
import os
import re
import selectors
import socket
import struct
import subprocess
import sys
import time
from pathlib import Path

from bench.echo import read_exactly
from net import frames

ROOT = Path(__file__).resolve().parents[1]
LOOPBACK = "127.0.0.1"
PACE = 0.011  # seconds of quiet after each timed round trip: the host allows a seat 50 acts a second


def pct(samples: list[float], p: float) -> float:
    s = sorted(samples)
    return s[min(len(s) - 1, int(round(p / 100 * (len(s) - 1))))]


def connect(address):
    s = socket.create_connection(address, timeout=10)
    s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    return s


def send(sock, msg: dict) -> None:
    sock.sendall(frames.encode(msg, frames.MAX_CLIENT_FRAME))


def recv(sock) -> dict:
    n = struct.unpack(">I", read_exactly(sock, 4))[0]
    return frames.decode_host(read_exactly(sock, n))


# ----- where things run ------------------------------------------------------------------
CPUS = sorted(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else []
CLIENT_CPU, SERVER_CPU = (CPUS[0], CPUS[1]) if len(CPUS) >= 2 else (None, None)


def pin(pid: int, cpu) -> None:
    if cpu is not None:
        try:
            os.sched_setaffinity(pid, {cpu})
        except OSError:
            pass


class Pinned:
    """The measuring client on its own CPU for the duration of a measure."""

    def __enter__(self):
        self.before = os.sched_getaffinity(0) if CLIENT_CPU is not None else None
        pin(0, CLIENT_CPU)
        return self

    def __exit__(self, *exc):
        if self.before is not None:
            os.sched_setaffinity(0, self.before)


class Proc:
    """A server process started from this checkout, pinned to `cpu` from its start (its threads with it);
    it prints `listening on HOST:PORT` once it accepts. `program`: Python by default (`args` then
    start with a script or `-m`), or another executable run in `cwd`."""

    def __init__(self, *args, wait: bool = True, cpu=SERVER_CPU, program: str = sys.executable, cwd=ROOT,
                 env: dict | None = None):
        self.args = args
        self.proc = subprocess.Popen([program, *args], cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                     text=True, env=env, preexec_fn=(lambda: pin(0, cpu)) if cpu is not None else None)
        if wait:
            self.wait_ready()

    def wait_ready(self) -> None:
        """Block until the server accepts (wait=False lets several start at once first)."""
        line = self.proc.stdout.readline()
        match = re.fullmatch(r"listening on [\d.]+:(\d+)\n", line)
        if not match:
            self.proc.kill()
            raise RuntimeError(f"{self.args} did not start: {line!r}")
        self.address = (LOOPBACK, int(match.group(1)))

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.proc.kill()
        self.proc.wait(5)


class ToyServe(Proc):
    """`serve` in its own process (as deployed: no GIL shared with the measuring client), toy game.

    The toy game (tests/toy_game.py) costs next to nothing, so the figures are the table's and the wire's.
    """

    def __init__(self, seats: int):
        super().__init__("-m", "tests.net.cli_toy", "serve", "--game", "toy", "--seats", str(seats),
                         "--host", LOOPBACK, "--port", "0", "--no-discovery", "--option", "pile=10000")


# ----- the loopback floor ----------------------------------------------------------------
ACT_FRAME = frames.encode({"t": "act", "seq": 1, "a": {"type": "take", "count": 1}}, frames.MAX_CLIENT_FRAME)


def echo_round_trip(c) -> float:
    """One round trip (s) of an act-sized frame through a plain echo server in its own process: the
    same as the host case in everything but the table (a separate process, TCP_NODELAY on both ends,
    one frame sent, one frame read back: length, then body, then msgpack)."""
    t0 = time.perf_counter()
    c.sendall(ACT_FRAME)
    n = struct.unpack(">I", read_exactly(c, 4))[0]
    frames.unpack(read_exactly(c, n), frames.MAX_HOST_FRAME)
    return time.perf_counter() - t0


# ----- many sockets at once ----------------------------------------------------------------
READ_BYTES = 65536   # a reader's recv size: far above these frames; a recv of 1 MiB costs ~12 us (its buffer)
UPDATE = b"\xa1t\xa6update"  # the "t":"update" pair as msgpack encodes it


class Readers:
    """Non-blocking frame readers over many sockets (the measuring client's side). A recv asks for
    READ_BYTES, as asyncio's streams do: the client's own cost per frame is added to both sides of a
    ratio, so the less it is, the more the ratio says about the servers."""

    def __init__(self, socks):
        self.buffers = {}
        self.selectors = {}
        for s in socks:
            s.setblocking(False)
            self.buffers[s] = b""

    def _selector(self, socks):
        key = tuple(id(s) for s in socks)
        sel = self.selectors.get(key)
        if sel is None:
            sel = self.selectors[key] = selectors.DefaultSelector()
            for s in socks:
                sel.register(s, selectors.EVENT_READ)
        return sel

    def wait(self, socks, match: bytes, timeout: float = 5.0) -> None:
        """Until each of `socks` has received a frame whose body holds `match` (one each; others are skipped)."""
        waiting = set(socks)
        sel = self._selector(socks)
        deadline = time.monotonic() + timeout
        while waiting and time.monotonic() < deadline:
            for key, _ in sel.select(0.5):
                s = key.fileobj
                data = s.recv(READ_BYTES)
                if not data:
                    raise ConnectionError("closed")
                buf = self.buffers[s] + data
                while len(buf) >= 4 and s in waiting:
                    n = struct.unpack(">I", buf[:4])[0]
                    if len(buf) < 4 + n:
                        break
                    if match in buf[4:4 + n]:  # no full decode in the timed loop
                        waiting.discard(s)
                    buf = buf[4 + n:]
                self.buffers[s] = buf
        if waiting:
            raise TimeoutError("a frame did not arrive")

    def close(self):
        for sel in self.selectors.values():
            sel.close()
