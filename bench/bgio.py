"""Act -> update beside boardgame.io 0.50.2, in one run: a move on a 42-territory state, timed from
sending it until the mover's own client holds the new state, paced at 50 moves a second.

Ours: `run.py serve --game risk` with 4 seats held by raw sockets (whole views, as bench.net's
clients); the seat to move places one setup army on a territory of its own (one territory changes,
the turn passes on). When the setup is over the table is served afresh with the next seed.
Theirs: bench/bgio/ (Node): a boardgame.io Server with the same 42 territories and a `place` move of
the same shape, four boardgame.io clients over its SocketIO transport. The two are taken in turns.

Nothing is installed here: the boardgame.io side runs when `node` and bench/bgio/node_modules
exist (`cd bench/bgio && npm ci`), else its row says so and only ours is measured.
`python -m bench.bgio [--quick]` runs this section alone.
"""
import json
import os
import select
import shutil
import subprocess
import sys
import time
from pathlib import Path

from bench.net import (CLIENT_CPU, LOOPBACK, PACE, SERVER_CPU, _connect, _echo_round_trip, _Pinned, _Proc, _pct,
                       _recv, _send, pin)
from bench.runner import Row
from net import patches

HARNESS = Path(__file__).resolve().parent / "bgio"
INSTALL = "cd bench/bgio && npm ci"
SEATS = 4
START_TIMEOUT = 20.0   # seconds for a server to say it listens
GOAL = 0.5             # ours p50 <= half of boardgame.io's


# ----- ours ------------------------------------------------------------------------------
class _RiskServe(_Proc):
    def __init__(self, seed: int):
        super().__init__("run.py", "serve", "--game", "risk", "--seats", str(SEATS), "--seed", str(seed),
                         "--host", LOOPBACK, "--port", "0", "--no-discovery")


def _until(sock, kind: str, limit: int = 1000) -> dict:
    """The next frame of type `kind` on `sock` (others skipped; an `err` is a bench defect)."""
    for _ in range(limit):
        msg = _recv(sock)
        if msg["t"] == kind:
            return msg
        if msg["t"] == "err":
            raise RuntimeError(f"the host refused a bench move: {msg}")
    raise RuntimeError(f"no {kind!r} in {limit} frames")


def _held(view, msg: dict):
    """The view a client holds after `msg`: its whole view, or its patch applied to `view` (and the
    host's hash checked when it sends one), as net/client.py does."""
    if "patch" not in msg:
        return msg["view"]
    view = patches.apply(view, msg["patch"])
    if msg.get("hash") is not None and patches.view_hash(view) != msg["hash"]:
        raise RuntimeError("a patched view's hash is not the host's")
    return view


def _one_table(limit: int, seed: int, views: str) -> list[float]:
    """Up to `limit` timed setup placements on one fresh Risk table (s each)."""
    with _RiskServe(seed) as host:
        socks, seat_of, held = [], {}, {}
        for _ in range(SEATS):
            s = _connect(host.address)
            hello = {"t": "hello", "proto": 1, "name": "p", "want": "play"}
            _send(s, {**hello, "views": views} if views == patches.PATCHES else hello)
            welcome = _until(s, "welcome")
            seat_of[welcome["seat"]], held[s] = s, welcome["view"]
            socks.append(s)
        for s in socks:  # the updates until the game started, then a pong: every seat is in step
            _send(s, {"t": "ping", "n": 1})
            for _ in range(100):
                msg = _recv(s)
                if msg["t"] == "pong":
                    break
                if msg["t"] == "update":
                    held[s] = _held(held[s], msg)
        samples, seq = [], 0
        try:
            for _ in range(limit):
                public = held[socks[0]]["public"]
                if public["phase"] != "setup":
                    break
                seat = public["current"]
                mover = seat_of[seat]
                territory = next(t for t, cell in public["territories"].items() if cell["owner"] == seat)
                seq += 1
                time.sleep(PACE)
                t0 = time.perf_counter()
                _send(mover, {"t": "act", "seq": seq, "a": {"type": "place", "territory": territory, "count": 1}})
                held[mover] = _held(held[mover], _until(mover, "update"))   # its ok comes first and is skipped
                samples.append(time.perf_counter() - t0)
                for s in socks:  # every other seat takes its update too (untimed), so none falls behind
                    if s is not mover:
                        held[s] = _held(held[s], _until(s, "update"))
        finally:
            for s in socks:
                s.close()
        return samples


def ours(rounds: int, seed: int = 1, views: str = patches.PATCHES) -> list[float]:
    """`rounds` timed placements; `views`: "patches" (as the Sandtable client asks) or "whole"."""
    samples: list[float] = []
    for table in range(1 + rounds // 20):  # a 4-seat setup is ~78 placements; bounded all the same
        if len(samples) >= rounds:
            break
        samples += _one_table(rounds - len(samples), seed + table, views)
    return samples


def floor(rounds: int) -> list[float]:
    """Round trips (s) of an act-sized frame through the plain echo process (bench/echo.py), paced
    the same: how much of either side's figure the machine itself takes in this run."""
    with _Proc("-m", "bench.echo", "echo") as echo:
        e = _connect(echo.address)
        samples = []
        for _ in range(rounds):
            time.sleep(PACE)
            samples.append(_echo_round_trip(e))
        e.close()
        return samples


# ----- theirs ----------------------------------------------------------------------------
def why_not_run() -> str | None:
    """Why the boardgame.io side cannot run here, or None when it can."""
    if shutil.which("node") is None:
        return f"no `node` on PATH (Node 18 or later), then: {INSTALL}"
    if not (HARNESS / "node_modules" / "boardgame.io").is_dir():
        return f"bench/bgio/node_modules is not installed: {INSTALL}"
    return None


def _node(script: str, *args: str, cpu, **kwargs) -> subprocess.Popen:
    # Pinned before exec, so Node's own threads are pinned with it.
    return subprocess.Popen(["node", script, *args], cwd=HARNESS, text=True, stdout=subprocess.PIPE,
                            preexec_fn=(lambda: pin(0, cpu)) if cpu is not None else None,
                            env={**os.environ, "NODE_ENV": "production"}, **kwargs)


def theirs(rounds: int) -> list[float]:
    """`rounds` timed moves through bench/bgio/server.js, measured by bench/bgio/client.js (s each)."""
    server = _node("server.js", cpu=SERVER_CPU, stderr=subprocess.DEVNULL)
    try:
        ready, _, _ = select.select([server.stdout], [], [], START_TIMEOUT)
        line = server.stdout.readline() if ready else ""
        if not line.startswith(f"listening on {LOOPBACK}:"):
            raise RuntimeError(f"bench/bgio/server.js did not start: {line!r}")
        port = line.strip().rsplit(":", 1)[1]
        client = _node("client.js", port, str(rounds), f"{PACE * 1e3:g}", str(SEATS), cpu=CLIENT_CPU,
                       stderr=subprocess.PIPE)
        try:
            out, err = client.communicate(timeout=30 + rounds * 0.1)
        finally:
            if client.poll() is None:   # timed out: it goes too (its watcher stops when its stdin closes)
                client.kill()
                client.wait(5)
        if client.returncode != 0:
            raise RuntimeError(f"bench/bgio/client.js failed: {err.strip()[-500:]}")
        return [us / 1e6 for us in json.loads(out.strip().splitlines()[-1])["samples_us"]]
    finally:
        server.kill()
        server.wait(5)


# ----- the rows --------------------------------------------------------------------------
def rows(quick: bool) -> list[Row]:
    with _Pinned():
        return _rows(quick)


def _us(samples: list[float]) -> str:
    return f"p50 {_pct(samples, 50) * 1e6:,.0f} us, p99 {_pct(samples, 99) * 1e6:,.0f} us"


def _rows(quick: bool) -> list[Row]:
    n = 200 if quick else 1000
    missing = why_not_run()
    turns = 2   # in turns, so every side sees the same machine
    mine, whole, their, echo = [], [], [], []
    for turn in range(turns):
        echo += floor(n // turns)
        mine += ours(n // turns, seed=1 + 100 * turn)
        whole += ours(n // turns, seed=1 + 100 * turn, views="whole")
        if not missing:
            their += theirs(n // turns)
    paced = f"each move after {PACE * 1e3:.0f} ms of quiet (50 moves a second)"
    machine = f"the loopback echo floor in the same run: {_us(echo)}"
    made = (f"a Risk setup placement through `serve`, 4 raw sockets, patches applied as the Sandtable client "
            f"does; whole views instead: {_us(whole)}")
    if missing:
        return [Row("bgio: act->update, ours (Risk, 4 seats)", _us(mine),
                    note=f"{len(mine)} moves, {paced}; {made}; {machine}"),
                Row("bgio: act->update p50, ours (x boardgame.io 0.50.2)", "not run", f"<= {GOAL}x", None,
                    f"not run: {missing}")]
    ratio = _pct(mine, 50) / _pct(their, 50)
    ratio99 = _pct(mine, 99) / _pct(their, 99)
    return [Row("bgio: act->update p50, ours (x boardgame.io 0.50.2)", f"{ratio:.2f}x", f"<= {GOAL}x",
                ratio <= GOAL,
                f"ours {_us(mine)}; boardgame.io {_us(their)}; {len(mine)} moves a side on 42 territories, "
                f"4 seats, taken in {turns} turns, {paced}; ours {made}; theirs bench/bgio (Server + Client "
                f"over SocketIO, websocket, the move run on the server only); {machine}"),
            Row("bgio: act->update p99, ours (x boardgame.io 0.50.2)", f"{ratio99:.2f}x", note="same run"),
            Row("bgio: act->update p50, ours with whole views (x boardgame.io)",
                f"{_pct(whole, 50) / _pct(their, 50):.2f}x", note="same run; clients that ask for no patches")]


if __name__ == "__main__":
    from bench.runner import print_table
    print_table(rows(quick="--quick" in sys.argv))
