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
"""
import asyncio
import socket
import sys

import tests.conftest  # noqa: F401 - registers the toy game
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


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 100)
