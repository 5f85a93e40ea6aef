"""bench.bgio's Sandtable path, move by move, in one process and without an event loop: for timing its
stages and counting its work.

`python -m bench.bgio_work N` makes a Host serving Risk as bench.bgio's does (seed 1, seat 0 first, four
seats asking for patches) whose four connections are socket pairs, each seat's far end read by a
`net.client.Client` fed frame by frame (its `_handle`: decode, patch applied, hash checked every 16th
update, the view copied and handed on); plays WARM_UP moves, then N more, each written to the mover's
socket and read by that Connection's `readable()`, which runs the host's whole path (read, decode, act,
`ok`, four updates built, encoded and written), then each client reads what it was sent. Moves are
chosen as bench.risk_seat chooses them. For instructions a move, the same on any machine and under any
load:

    for n in 100 300; do PYTHONHASHSEED=0 valgrind --tool=cachegrind --cache-sim=yes \\
        --cachegrind-out-file=cg.$n python -m bench.bgio_work $n; done

then (the `summary:` line of cg.300 minus that of cg.100) / 200.

`python -m bench.bgio_work --timed N [MiB]` times the stages instead, N moves, every other one after a
buffer of MiB (24 by default: more than this machine's caches) was rewritten, so its code and data come
from memory as in the bench after 11 ms of other work; it prints the medians, cold and warm, in
microseconds, from the act's read: the `ok` written, the mover's update written, every update written,
and the mover's client holding its view (as if it had read its update when it was written); and the
clients' own work: the mover's until it hands its view on and in all, another's on its update (pin it to one CPU with
`taskset`; compare trees in turns: the figures move with load).
"""
import asyncio
import socket
import statistics
import sys
import time

from bench.risk_seat import next_move
from net import connection, frames, limits
from net.client import Client
from net.connection import Connection
from net.host import Host, new_session
from net.table import Table

SEATS = 4
WARM_UP = 400   # as bench.bgio's: the setup's 78 placements, then turns of 3 placements and a turn end


class _Seat:
    """One seat: the host's Connection, the client's end of the socket pair and the client reading it."""

    def __init__(self, host: Host, seat: int):
        self.conn_end, self.far = socket.socketpair()
        self.conn_end.setblocking(False)
        self.far.setblocking(False)
        self.conn = Connection(host, self.conn_end, ("127.0.0.1", 1000 + seat))
        host.connections.add(self.conn)
        host.table.connect(self.conn)
        self.client = Client("127.0.0.1", 0, seat=seat, views="patches", on_message=self._held)
        self.view = None
        self.held_at = None   # when the client last handed a view on (perf_counter)
        self.buf = b""
        self.seq = 0

    def _held(self, msg: dict) -> None:
        if msg["t"] in ("welcome", "update"):
            self.view, self.held_at = msg["view"], time.perf_counter()

    def send(self, msg: dict) -> None:
        self.far.sendall(frames.encode(msg, frames.MAX_CLIENT_FRAME))
        self.conn.readable()

    def read(self) -> int:
        """Every frame the host wrote to this seat, handed to its client; how many."""
        try:
            while True:
                self.buf += self.far.recv(65536)
        except BlockingIOError:
            pass
        n = 0
        while len(self.buf) >= frames.HEADER:
            size = int.from_bytes(self.buf[:frames.HEADER], "big")
            if len(self.buf) < frames.HEADER + size:
                break
            body, self.buf = self.buf[frames.HEADER:frames.HEADER + size], self.buf[frames.HEADER + size:]
            self.client._handle(frames.decode_host(body))
            n += 1
        return n


def _host() -> tuple[Host, list[_Seat]]:
    session = new_session("risk", SEATS, seed=1, options={"first_player": "first_seat"})
    host = Host(Table(session, name="bench"))
    host.loop = asyncio.new_event_loop()   # for the few calls that ask it the time; never run
    host.max_connections = 100
    seats = [_Seat(host, seat) for seat in range(SEATS)]
    for seat, s in enumerate(seats):
        s.send({"t": "hello", "proto": 1, "name": f"p{seat}", "want": "play", "seat": seat, "views": "patches"})
    for s in seats:
        s.read()
    host._act_buckets = {seat: limits.Bucket(1e9, 1e9) for seat in range(SEATS)}   # far faster than 50 a second
    return host, seats


def _move(host: Host, seats: list[_Seat]) -> _Seat:
    """The next move, written to the mover's socket and read by the host (nothing read back yet)."""
    seat = host.table.session.to_act()[0]
    mover = seats[seat]
    mover.seq += 1
    mover.far.sendall(frames.encode({"t": "act", "seq": mover.seq, "a": next_move(mover.view, seat)},
                                    frames.MAX_CLIENT_FRAME))
    mover.conn.readable()
    return mover


def main(n: int) -> None:
    host, seats = _host()
    for _ in range(WARM_UP + n):
        _move(host, seats)
        for s in seats:
            s.read()
    if host.table.rev != WARM_UP + n:
        raise SystemExit(f"{host.table.rev} of {WARM_UP + n} moves were applied")


def timed(n: int, evict_mib: int = 24) -> dict:
    """{stage: (cold, warm) medians in microseconds}, over n moves after the warm-up."""
    host, seats = _host()
    for _ in range(WARM_UP):
        _move(host, seats)
        for s in seats:
            s.read()
    writes = []
    write = connection.Connection._write

    def timed_write(conn, data):   # when each frame left (the host's path, stamped as it goes)
        write(conn, data)
        writes.append((conn, time.perf_counter()))

    connection.Connection._write = timed_write
    junk, page = bytearray(evict_mib << 20), b"\x01" * 4096
    stages = {}
    try:
        for i in range(n):
            if i % 2 == 0:
                for at in range(0, len(junk), 4096):   # every line of the buffer written: the caches hold it, not us
                    junk[at:at + 4096] = page
            writes.clear()
            t0 = time.perf_counter()
            mover = _move(host, seats)
            t1 = time.perf_counter()
            mover.read()
            t2 = time.perf_counter()
            others = []
            for s in seats:
                if s is not mover:
                    c0 = time.perf_counter()
                    s.read()
                    others.append(time.perf_counter() - c0)
            mine = [at for conn, at in writes if conn is mover.conn]
            got = {"ok written": mine[0] - t0, "mover's update written": mine[-1] - t0,
                   "every update written": t1 - t0, "mover's client holds it": mine[-1] - t0 + mover.held_at - t1,
                   "mover's client until it holds it": mover.held_at - t1, "mover's client, all its work": t2 - t1,
                   "another client's work": statistics.median(others)}
            for stage, seconds in got.items():
                stages.setdefault(stage, ([], []))[i % 2].append(seconds * 1e6)
    finally:
        connection.Connection._write = write
    return {stage: (statistics.median(cold), statistics.median(warm)) for stage, (cold, warm) in stages.items()}


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "--timed":
        result = timed(int(sys.argv[2]) if len(sys.argv) > 2 else 400, int(sys.argv[3]) if len(sys.argv) > 3 else 24)
        for stage, (cold, warm) in result.items():
            print(f"{stage:30s} cold {cold:6.1f} us, warm {warm:6.1f} us")
    else:
        main(int(sys.argv[1]) if len(sys.argv) > 1 else 100)
