"""Situation 4's real-time rows: four racers' placements accepted per second, and a placement seen by
the other racer (issue 23's goals), each through `run.py serve --game situation4` on 127.0.0.1.

A race is several games back to back on fresh tables, every seat writing its whole plan at once;
the host's own CPU time is read from Linux's schedstat beside the wall clock, since on a loaded
machine the wall clock says as much about the other work as about the host.
"""
import selectors
import struct
import time

from bench.loopback import LOOPBACK, Proc, Readers, UPDATE, connect, pct, recv, send
from bench.runner import Row
from net import frames

S4_COLS, S4_ROWS = 12, 8


def s4_plans(n_seats: int) -> list[list[dict]]:
    """Per seat, placements legal in any interleaving: each seat builds its own band of columns on its
    side's half, breadth first from its base line, so every piece touches one it laid before."""
    plans = []
    bands = 1 if n_seats == 2 else 2
    for seat in range(n_seats):
        side = seat % 2
        band = seat // 2
        width = S4_COLS // bands
        cols = range(band * width, (band + 1) * width)
        rows = range(S4_ROWS - 1, S4_ROWS // 2 - 1, -1) if side == 0 else range(0, S4_ROWS // 2)
        plans.append([{"type": "place", "piece": r * S4_COLS + c, "slot": r * S4_COLS + c} for r in rows for c in cols])
    return plans


class _S4Serve(Proc):
    def __init__(self, seats: int, seed: int, wait: bool = True):
        super().__init__("run.py", "serve", "--game", "situation4", "--seats", str(seats), "--seed", str(seed),
                         "--host", LOOPBACK, "--port", "0", "--no-discovery", wait=wait)


WARM_UP = 20
# One game is 96 placements (~5 ms at the goal): one VM stall would halve it. A race is this many
# games back to back, so it lasts tens of milliseconds and a stall costs it a few percent.
GAMES_PER_RACE = 6


def _on_cpu(pid: int) -> tuple[float, float]:
    """Seconds process `pid` has run on a CPU so far, and has waited, ready, for one (its main thread;
    Linux schedstat, in ns), or NaNs."""
    try:
        with open(f"/proc/{pid}/schedstat") as f:
            ran, waited = f.read().split()[:2]
        return int(ran) / 1e9, int(waited) / 1e9
    except (OSError, ValueError):
        return float("nan"), float("nan")


def _s4_game(host, plans: list, pipelined: bool) -> tuple[int, int, float, float, float]:
    """One game on a fresh table: (accepted, refused, seconds of its timed part, of which the host ran on
    a CPU, and waited ready for one). Seats connect and warm up untimed; the clock runs from the first
    placement written to the last answer read. The host's CPU time shows what it costs apart from a
    loaded machine's waits."""
    n_seats = len(plans)
    accepted = refused = 0
    socks = [connect(host.address) for _ in range(n_seats)]
    try:
        for i, s in enumerate(socks):  # seat i asks for seat i
            send(s, {"t": "hello", "proto": 1, "name": "racer", "want": "play", "seat": i})
        for s in socks:
            send(s, {"t": "ping", "n": 1})
            while recv(s)["t"] != "pong":
                pass
        for s in socks:  # warm-up, untimed: refused moves (nothing changes) through the same path
            for k in range(WARM_UP):
                send(s, {"t": "act", "seq": k + 1, "a": {"type": "flag", "slot": 0}})
            for k in range(WARM_UP):
                while recv(s)["t"] != "err":
                    pass
        # seqs go on after the warm-up's: a seq at or below a seat's last_seq is a resend, never applied
        encoded = [[frames.encode({"t": "act", "seq": WARM_UP + k + 1, "a": a}, frames.MAX_CLIENT_FRAME)
                    for k, a in enumerate(plan)] for plan in plans]
        sel = selectors.DefaultSelector()
        for s in socks:
            s.setblocking(False)
            sel.register(s, selectors.EVENT_READ)
        buffers = {s: b"" for s in socks}
        sent = {s: 0 for s in socks}
        total = sum(len(p) for p in plans)
        cpu0 = _on_cpu(host.proc.pid)
        t0 = time.perf_counter()
        for s, frames_ in zip(socks, encoded):
            if pipelined:
                s.setblocking(True)
                s.sendall(b"".join(frames_))
                s.setblocking(False)
                sent[s] = len(frames_)
            else:
                s.sendall(frames_[0])
                sent[s] = 1
        done = 0
        deadline = time.monotonic() + 30
        while done < total and time.monotonic() < deadline:
            for key, _ in sel.select(0.5):
                s = key.fileobj
                buf = buffers[s] + s.recv(1 << 20)
                while len(buf) >= 4:
                    n = struct.unpack(">I", buf[:4])[0]
                    if len(buf) < 4 + n:
                        break
                    body = buf[4:4 + n]
                    buf = buf[4 + n:]
                    if body.startswith(b"\x83\xa1t\xa2ok"):
                        accepted += 1
                    elif b"\xa1t\xa3err" in body and b"\xa3seq" in body:
                        refused += 1
                    else:
                        continue
                    done += 1
                    i = socks.index(s)
                    if not pipelined and sent[s] < len(encoded[i]):
                        s.sendall(encoded[i][sent[s]])
                        sent[s] += 1
                buffers[s] = buf
        seconds = time.perf_counter() - t0
        cpu, starved = (b - a for a, b in zip(cpu0, _on_cpu(host.proc.pid)))
        sel.close()
        if done < total:
            raise TimeoutError(f"{total - done} placements were never answered")
        return accepted, refused, seconds, cpu, starved
    finally:
        for s in socks:
            s.close()


def s4_throughput(races: int, n_seats: int = 4, pipelined: bool = True,
                  games_per_race: int = GAMES_PER_RACE) -> list[tuple[int, int, float, float, float]]:
    """Per race (accepted, refused, seconds, host CPU seconds, host seconds ready but not run):
    `games_per_race` games back to back, each on its own fresh
    table, every seat placing as fast as it can, all at once; a race's seconds are its games' timed
    parts added up (the tables start together beforehand, untimed).

    pipelined: each seat writes its whole plan at once (the host's ceiling);
    else closed loop: each seat sends its next placement as soon as the previous one is answered."""
    out = []
    plans = s4_plans(n_seats)
    for race in range(races):
        seeds = [100 + race * games_per_race + g for g in range(games_per_race)]
        hosts = [_S4Serve(n_seats, seed, wait=False) for seed in seeds]
        try:
            for host in hosts:
                host.wait_ready()
            games_ = [_s4_game(host, plans, pipelined) for host in hosts]
        finally:
            for host in hosts:
                host.__exit__(None, None, None)
        out.append(tuple(map(sum, zip(*games_))))
    return out


def s4_seen_elsewhere(games: int) -> list[float]:
    """Time (s) from one racer's `act` to the other racer's `update` showing it (two seats, two sockets)."""
    plans = s4_plans(2)
    samples = []
    for game in range(games):
        with _S4Serve(2, 200 + game) as host:
            socks = [connect(host.address) for _ in range(2)]
            for i, s in enumerate(socks):
                send(s, {"t": "hello", "proto": 1, "name": "racer", "want": "play", "seat": i})
            for s in socks:
                send(s, {"t": "ping", "n": 1})
                while recv(s)["t"] != "pong":
                    pass
            readers = Readers(socks)
            seq = 0
            for k in range(max(len(p) for p in plans)):
                for mover in (0, 1):
                    if k >= len(plans[mover]):
                        continue
                    seq += 1
                    other = socks[1 - mover]
                    t0 = time.perf_counter()
                    socks[mover].sendall(frames.encode({"t": "act", "seq": seq, "a": plans[mover][k]}))
                    readers.wait([other], UPDATE)
                    samples.append(time.perf_counter() - t0)
                    readers.wait([socks[mover]], UPDATE)  # the mover's own ok and update, before the next
            readers.close()
            for s in socks:
                s.close()
    return samples


def rows(quick: bool, f50: float) -> list[Row]:
    """The two rows; `f50`: the echo floor's p50 (s) in the same run, which the second is divided by."""
    out = []
    races_n = 5 if quick else 20
    races = s4_throughput(races_n)
    rates = sorted(ok / secs for ok, _, secs, _, _ in races)
    rate = pct(rates, 50)
    refused = sum(r[1] for r in races)
    race_ms = pct([r[2] for r in races], 50) * 1e3
    # over all races together: a short race can read zero CPU time from schedstat
    total_cpu = sum(cpu for _, _, _, cpu, _ in races)
    cpu_rate = sum(r[0] for r in races) / total_cpu if total_cpu > 0 else float("nan")
    on_cpu = pct([cpu / secs for _, _, secs, cpu, _ in races], 50)
    starved = pct([waited / secs for _, _, secs, _, waited in races], 50)
    closed = s4_throughput(max(2, races_n // 4), pipelined=False)
    closed_rate = pct([r[0] / r[2] for r in closed], 50)
    out.append(Row("net: situation4 real-time actions accepted/s, 4 seats", f"{rate:,.0f}/s", ">= 20000/s",
                   rate >= 20000,
                   f"median of {races_n} races (min {rates[0]:,.0f}/s, max {rates[-1]:,.0f}/s), each "
                   f"{GAMES_PER_RACE} games back to back on fresh tables, {races[0][0]} placements a race, "
                   f"{race_ms:.0f} ms median ({refused} refused in all); per second of the host's own CPU "
                   f"time {cpu_rate:,.0f}/s (all races; the host ran {on_cpu:.0%} of a race's wall time and "
                   f"waited ready for a CPU {starved:.0%}: the machine's other load); each seat writes its "
                   "moves at once, host pinned to one core; per move: exact reads, decode, Session.apply, ok "
                   "(batched per read), one coalesced update per loop turn (views: the public part once, each seat's "
                   "legal listing from its pieces and the few tanks). One move in flight per seat: "
                   f"{closed_rate:,.0f}/s (4 seats / the round trip, not the host)"))
    seen = s4_seen_elsewhere(2 if quick else 6)
    s50 = pct(seen, 50) / f50
    out.append(Row("net: situation4 placement seen by the other racer (x floor)", f"{s50:.1f}x", "<= 3x",
                   s50 <= 3, f"p50 {pct(seen, 50) * 1e6:.0f} us, p99 {pct(seen, 99) * 1e6:.0f} us, "
                             f"{len(seen)} placements; where it goes: decode + Session.apply (~18 us) + the "
                             "mover's ok, then the views (the public board built once, a private part per seat) "
                             "+ encode (~9 us) before its send"))
    return out
