"""The fan-out row's host path, act by act, in one process and without a clock: for counting its work.

`python -m bench.fan_out_work N` makes a Host (toy game, 4 seats + 4 spectators taking whole views,
as bench.net's fan-out row) whose 8 connections are socket pairs, then sends N acts, each written
to the mover's socket and read by that Connection's `readable()`, which runs the host's whole path:
read, decode, act, `ok`, 5 updates built, encoded and written to 8 sockets, bots and timers
scheduled. No event loop runs (nothing here waits), so the count is the host's own work.

Instructions an act, the same on any machine and under any load (docs/bench.md, "The fan-out row"):

    for n in 30 130; do PYTHONHASHSEED=0 valgrind --tool=cachegrind --cache-sim=yes \\
        --cachegrind-out-file=cg.$n python -m bench.fan_out_work $n; done

then (the `summary:` line of cg.130 minus that of cg.30) / 100. Fixing the hash seed keeps dict
probing, and so the count, the same from run to run.

`python -m bench.fan_out_work --timed N [MiB]` times the same path instead: N acts, every other one
after a buffer of MiB (64: more than this machine's caches) was rewritten, so its code and data
come from memory as in the row after 5.5 ms of other work; it prints the medians, cold and warm,
in microseconds (pin it to one CPU with `taskset`; compare trees in turns: the figures move with load).
"""
import statistics
import time
import asyncio
import socket
import sys

import tests.own_games  # noqa: F401 - the toy game joins the catalog
from engine.session import Session
from net import frames, limits
from net.connection import Connection
from net.host import Host
from net.table import Table

PLAYERS, SPECTATORS = 4, 4


def _host():
    table = Table(Session("toy", PLAYERS, seed=1, options={"pile": 10000}), name="bench")
    host = Host(table)
    host.loop = asyncio.new_event_loop()   # for the few calls that ask it the time; never run
    host.max_connections = 100
    pairs = []
    for i in range(PLAYERS + SPECTATORS):
        ours, theirs = socket.socketpair()
        ours.setblocking(False)
        theirs.setblocking(False)
        conn = Connection(host, ours, ("127.0.0.1", 1000 + i))
        host.connections.add(conn)
        table.connect(conn)
        pairs.append((conn, theirs))
        theirs.sendall(frames.encode({"t": "hello", "proto": 1, "name": "b",
                                      "want": "play" if i < PLAYERS else "watch"}, frames.MAX_CLIENT_FRAME))
        conn.readable()
    for _, theirs in pairs:   # welcomes and seat updates
        try:
            while theirs.recv(65536):
                pass
        except BlockingIOError:
            pass
    # this loop acts far faster than a seat may (50 a second): buckets that never run dry
    host._act_buckets = {seat: limits.Bucket(1e9, 1e9) for seat in range(PLAYERS)}
    return host, pairs


def main(n: int) -> None:
    host, pairs = _host()
    acts = [frames.encode({"t": "act", "seq": i // PLAYERS + 1, "a": {"type": "take", "count": 1}},
                          frames.MAX_CLIENT_FRAME) for i in range(n)]
    for i, act in enumerate(acts):
        conn, theirs = pairs[i % PLAYERS]
        theirs.send(act)
        conn.readable()
        for _, other in pairs:   # each socket was sent its update (the mover its ok too), in the kernel by now
            other.recv(65536)
    if host.table.rev != n:
        raise SystemExit(f"{host.table.rev} of {n} acts were applied")


def timed(n: int, evict_mib: int = 64) -> tuple[float, float]:
    """(cold, warm) medians in microseconds of `readable` over n acts (the first 10 of each left out)."""
    host, pairs = _host()
    junk = bytearray(evict_mib << 20)
    page = b"\x01" * 4096
    cold, warm = [], []
    for i in range(n):
        conn, theirs = pairs[i % PLAYERS]
        if i % 2 == 0:
            for at in range(0, len(junk), 4096):   # every line of the buffer written: the caches hold it, not us
                junk[at:at + 4096] = page
        theirs.send(frames.encode({"t": "act", "seq": i // PLAYERS + 1, "a": {"type": "take", "count": 1}},
                                  frames.MAX_CLIENT_FRAME))
        t0 = time.perf_counter()
        conn.readable()
        (cold if i % 2 == 0 else warm).append((time.perf_counter() - t0) * 1e6)
        for _, other in pairs:
            other.recv(65536)
    return statistics.median(cold[10:]), statistics.median(warm[10:])


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "--timed":
        cold_us, warm_us = timed(int(sys.argv[2]) if len(sys.argv) > 2 else 400,
                                 int(sys.argv[3]) if len(sys.argv) > 3 else 64)
        print(f"cold {cold_us:.1f} us, warm {warm_us:.1f} us (medians an act)")
    else:
        main(int(sys.argv[1]) if len(sys.argv) > 1 else 100)
