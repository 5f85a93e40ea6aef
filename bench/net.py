"""Network rows: the loopback floor, act->ok and update fan-out through the host, Situation 4's
real-time rows (actions accepted per second, placement seen by the other racer), host memory, discovery.

Everything runs on 127.0.0.1 only (zeroconf bound to loopback). Latencies are
reported as multiples of a floor measured in the same run: the round trip of an
act-sized frame through a plain echo server in its own process (bench/echo.py),
with the same socket options and the same client-side framing as the host rows,
taken in blocks in turn with the act->ok round trips. Servers run pinned to one
CPU and the measuring client to another (when there are two), as on two machines.
The fan-out row also shows a plain fan-out server's figure (no table), the floor
for that shape of traffic.
"""
import os
import re
import selectors
import socket
import struct
import subprocess
import sys
import threading
import time
from pathlib import Path

from bench.echo import read_exactly
from bench.runner import Row
from engine import games
from net import frames

ROOT = Path(__file__).resolve().parents[1]
LOOPBACK = "127.0.0.1"


def _loop_note() -> str:
    from net.loops import loop_name
    return f"serve ran on {loop_name()}"


LOOP_NOTE = _loop_note()


def _pct(samples: list[float], p: float) -> float:
    s = sorted(samples)
    return s[min(len(s) - 1, int(round(p / 100 * (len(s) - 1))))]


def _connect(address):
    s = socket.create_connection(address, timeout=10)
    s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    return s


def _send(sock, msg: dict) -> None:
    sock.sendall(frames.encode(msg, frames.MAX_CLIENT_FRAME))


def _recv(sock) -> dict:
    n = struct.unpack(">I", read_exactly(sock, 4))[0]
    return frames.decode_host(read_exactly(sock, n))


# ----- where things run ------------------------------------------------------------------
# Servers (host, echo) on one CPU and the measuring client on another, when there are two:
# as on two machines, every round trip crosses between CPUs the same way, for the floor and
# the host alike (left to the scheduler, a run would sometimes share one CPU and sometimes not).
CPUS = sorted(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else []
CLIENT_CPU, SERVER_CPU = (CPUS[0], CPUS[1]) if len(CPUS) >= 2 else (None, None)


def pin(pid: int, cpu) -> None:
    if cpu is not None:
        try:
            os.sched_setaffinity(pid, {cpu})
        except OSError:
            pass


class _Pinned:
    """The measuring client on its own CPU for the duration of a measure."""

    def __enter__(self):
        self.before = os.sched_getaffinity(0) if CLIENT_CPU is not None else None
        pin(0, CLIENT_CPU)
        return self

    def __exit__(self, *exc):
        if self.before is not None:
            os.sched_setaffinity(0, self.before)


# ----- floors --------------------------------------------------------------------------
class _Proc:
    """A server process started from this checkout; it prints `listening on HOST:PORT` once it accepts."""

    def __init__(self, *args, wait: bool = True):
        self.args = args
        self.proc = subprocess.Popen([sys.executable, *args], cwd=ROOT, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, text=True)
        pin(self.proc.pid, SERVER_CPU)
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


ACT_FRAME = frames.encode({"t": "act", "seq": 1, "a": {"type": "take", "count": 1}}, frames.MAX_CLIENT_FRAME)


def _echo_round_trip(c) -> float:
    """One round trip (s) of an act-sized frame through a plain echo server in its own process: the
    same as the host case in everything but the table (a separate process, TCP_NODELAY on both ends,
    one frame sent, one frame read back: length, then body, then msgpack)."""
    t0 = time.perf_counter()
    c.sendall(ACT_FRAME)
    n = struct.unpack(">I", read_exactly(c, 4))[0]
    frames.unpack(read_exactly(c, n), frames.MAX_HOST_FRAME)
    return time.perf_counter() - t0


# ----- through the host ---------------------------------------------------------------
class _ToyServe(_Proc):
    """`serve` in its own process (as deployed: no GIL shared with the measuring client), toy game.

    The toy game (tests/toy_game.py) costs next to nothing, so the figures are the table's and the wire's.
    """

    def __init__(self, seats: int):
        super().__init__("-m", "tests.net.cli_toy", "serve", "--game", "toy", "--seats", str(seats),
                         "--host", LOOPBACK, "--port", "0", "--no-discovery", "--option", "pile=10000")


PACE = 0.011  # seconds of quiet after each timed round trip: the host allows a seat 50 acts a second


def act_round_trips(rounds: int) -> tuple[list[float], list[float]]:
    """(act -> ok, echo floor) round trips (s), one of each in turn, each after the same pause, so both
    see the same machine in the same state (a seat may act at most 50 times a second, so the acts are
    paced, and the floor with them).

    act -> ok: one seat of a toy table (a one-seat game, so every action is legal)."""
    with _ToyServe(1) as host, _Proc("-m", "bench.echo", "echo") as echo:
        e = _connect(echo.address)
        c = _connect(host.address)
        _send(c, {"t": "hello", "proto": 1, "name": "bench", "want": "play"})
        _recv(c)
        samples, floor = [], []
        for seq in range(1, rounds + 1):
            time.sleep(PACE)
            floor.append(_echo_round_trip(e))
            time.sleep(PACE)
            t0 = time.perf_counter()
            _send(c, {"t": "act", "seq": seq, "a": {"type": "take", "count": 1}})
            answer = _recv(c)
            samples.append(time.perf_counter() - t0)
            assert answer["t"] == "ok", answer
            _recv(c)  # this move's update
        c.close()
        e.close()
        return samples, floor


READ_BYTES = 65536   # a reader's recv size: far above these frames; a recv of 1 MiB costs ~12 us (its buffer)


class _Readers:
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


UPDATE = b"\xa1t\xa6update"  # the "t":"update" pair as msgpack encodes it


def fan_out(rounds: int, players: int = 4, spectators: int = 4) -> list[float]:
    """Time (s) from sending an act until the last of players+spectators has its update."""
    with _ToyServe(players) as host:
        seats = []
        for _ in range(players):
            s = _connect(host.address)
            _send(s, {"t": "hello", "proto": 1, "name": "p", "want": "play"})
            seats.append(s)
        watchers = []
        for _ in range(spectators):
            s = _connect(host.address)
            _send(s, {"t": "hello", "proto": 1, "name": "w", "want": "watch"})
            watchers.append(s)
        everyone = seats + watchers
        for s in everyone:  # welcome, then seat updates until the game starts; sync with a ping
            _send(s, {"t": "ping", "n": 1})
            while _recv(s)["t"] != "pong":
                pass
        readers = _Readers(everyone)
        samples = []
        for i in range(rounds):
            mover = seats[i % players]
            # encoded before the clock starts, as raw_fan_out's frame is: the client's own work is not the host's
            act = frames.encode({"t": "act", "seq": i + 1, "a": {"type": "take", "count": 1}})
            time.sleep(PACE / 2)  # 4 seats in turn: each under its 50 acts a second
            t0 = time.perf_counter()
            mover.sendall(act)
            readers.wait(everyone, UPDATE)
            samples.append(time.perf_counter() - t0)
        readers.close()
        for s in everyone:
            s.close()
        return samples


def raw_fan_out(rounds: int, receivers: int = 8, size: int = 200, server: str = "fan") -> list[float]:
    """The same measure through a plain fan-out server (no table): frame in, frame out to all `receivers`;
    `server="fan-ok"`: on asyncio's loop, decoding the frame and answering `ok` first (bench/echo.py)."""
    with _Proc("-m", "bench.echo", server, str(receivers)) as server:
        socks = [_connect(server.address) for _ in range(receivers)]
        frame = frames.encode({"t": "update", "pad": "x" * size})
        readers = _Readers(socks)
        samples = []
        for _ in range(rounds):
            time.sleep(PACE / 2)  # paced as the host's fan-out is
            t0 = time.perf_counter()
            socks[0].sendall(frame)
            readers.wait(socks, UPDATE)
            samples.append(time.perf_counter() - t0)
        readers.close()
        for s in socks:
            s.close()
        return samples


# ----- Situation 4: real time ------------------------------------------------------------------
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


class _S4Serve(_Proc):
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
    socks = [_connect(host.address) for _ in range(n_seats)]
    try:
        for i, s in enumerate(socks):  # seat i asks for seat i
            _send(s, {"t": "hello", "proto": 1, "name": "racer", "want": "play", "seat": i})
        for s in socks:
            _send(s, {"t": "ping", "n": 1})
            while _recv(s)["t"] != "pong":
                pass
        for s in socks:  # warm-up, untimed: refused moves (nothing changes) through the same path
            for k in range(WARM_UP):
                _send(s, {"t": "act", "seq": k + 1, "a": {"type": "flag", "slot": 0}})
            for k in range(WARM_UP):
                while _recv(s)["t"] != "err":
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
            socks = [_connect(host.address) for _ in range(2)]
            for i, s in enumerate(socks):
                _send(s, {"t": "hello", "proto": 1, "name": "racer", "want": "play", "seat": i})
            for s in socks:
                _send(s, {"t": "ping", "n": 1})
                while _recv(s)["t"] != "pong":
                    pass
            readers = _Readers(socks)
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


# ----- under load: players among many spectators -------------------------------------------
def _rss_mb(pid: int) -> tuple[float, float]:
    """(VmRSS, VmHWM) of a process, in MB."""
    status = Path(f"/proc/{pid}/status").read_text()
    return tuple(int(re.search(rf"{k}:\s+(\d+) kB", status).group(1)) / 1024 for k in ("VmRSS", "VmHWM"))


class _Framed:
    """A blocking socket read frame by frame through a buffer, which `drain` can fill without blocking."""

    def __init__(self, sock):
        self.sock, self.buf = sock, bytearray()

    def drain(self) -> None:
        self.sock.setblocking(False)
        try:
            while True:
                data = self.sock.recv(1 << 20)
                if not data:
                    break
                self.buf += data
        except BlockingIOError:
            pass
        finally:
            self.sock.settimeout(10)

    def frame(self) -> dict:
        while True:
            if len(self.buf) >= 4:
                n = struct.unpack(">I", self.buf[:4])[0]
                if len(self.buf) >= 4 + n:
                    body = bytes(self.buf[4:4 + n])
                    del self.buf[:4 + n]
                    return frames.decode_host(body)
            data = self.sock.recv(1 << 20)
            if not data:
                raise ConnectionError("closed")
            self.buf += data


def load_test(rounds: int, players: int = 4, spectators: int = 32) -> tuple[list[float], float, float, int]:
    """One host, `players` seats and `spectators` watchers: one watcher never reads, one chats at the limit
    (5 lines a second, 500 characters each), the rest read everything. The players take turns, one act every
    8 ms (well under the act limit); returns (act->ok round trips in s, host RSS and peak RSS in MB at the
    end, chat lines the chatter had refused `slow_down`)."""
    with _ToyServe(players) as host:
        seats = []
        for i in range(players):
            s = _connect(host.address)
            _send(s, {"t": "hello", "proto": 1, "name": f"p{i}", "want": "play", "seat": i})
            _recv(s)
            seats.append(s)
        watchers = []
        for _ in range(spectators):
            w = _connect(host.address)
            _send(w, {"t": "hello", "proto": 1, "name": "w", "want": "watch"})
            assert _recv(w)["t"] == "welcome"
            watchers.append(w)
        lazy, chatter, readers = watchers[0], watchers[1], watchers[2:]
        lazy.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        stop = threading.Event()
        refused = []

        def read_all():
            sel = selectors.DefaultSelector()
            for r in readers + [chatter]:
                r.setblocking(False)
                sel.register(r, selectors.EVENT_READ)
            while not stop.is_set():
                for key, _ in sel.select(0.05):
                    try:
                        data = key.fileobj.recv(1 << 20)
                    except BlockingIOError:
                        continue
                    if key.fileobj is chatter:
                        refused.append(data.count(b"slow_down"))
            sel.close()

        def chat():
            line = frames.encode({"t": "chat", "text": "c" * 500}, frames.MAX_CLIENT_FRAME)
            while not stop.wait(1 / 5.0):  # at the limit: 5 lines a second
                chatter.sendall(line)

        threads = [threading.Thread(target=read_all, daemon=True), threading.Thread(target=chat, daemon=True)]
        for t in threads:
            t.start()
        samples = []
        framed = [_Framed(s) for s in seats]
        for f in framed:
            f.sock.settimeout(10)
        for i in range(rounds):
            mover = framed[i % players]
            seq = i // players + 1
            t0 = time.perf_counter()
            _send(mover.sock, {"t": "act", "seq": seq, "a": {"type": "take", "count": 1}})
            while True:
                m = mover.frame()
                if m["t"] in ("ok", "err") and m.get("seq") == seq:
                    break
            samples.append(time.perf_counter() - t0)
            assert m["t"] == "ok", m
            time.sleep(0.008)
            for f in framed:  # the players read their updates too (untimed)
                f.drain()
        stop.set()
        for t in threads:
            t.join(5)
        rss, peak = _rss_mb(host.proc.pid)
        for s in seats + watchers:
            s.close()
        return samples, rss, peak, sum(refused)


# ----- memory --------------------------------------------------------------------------
def host_rss_mb() -> tuple[float, str]:
    """VmRSS of a `serve` process with one table and four connected players."""
    game = "risk" if "risk" in games.available() else games.available()[0]
    proc = subprocess.Popen([sys.executable, "run.py", "serve", "--game", game, "--seats", "4", "--host", LOOPBACK,
                             "--port", "0", "--no-discovery"], cwd=ROOT, stdout=subprocess.PIPE, text=True,
                            stderr=subprocess.DEVNULL)
    try:
        line = proc.stdout.readline()
        port = int(re.fullmatch(r"listening on [\d.]+:(\d+)\n", line).group(1))
        clients = []
        for _ in range(4):
            c = _connect((LOOPBACK, port))
            _send(c, {"t": "hello", "proto": 1, "name": "p", "want": "play"})
            _recv(c)
            clients.append(c)
        time.sleep(0.3)
        rss, _ = _rss_mb(proc.pid)
        for c in clients:
            c.close()
        return rss, game
    finally:
        proc.kill()
        proc.wait(5)


# ----- discovery ---------------------------------------------------------------------------
NEW_BROWSERS = 5   # an existing table found by this many new browsers, one after another, 1.2 s apart


def discovery_times() -> tuple[float, list[float]]:
    """(host start -> seen by a running browser, [existing table -> seen by a new browser, NEW_BROWSERS
    times]), seconds. A new browser's first question and the answer to it each wait a random 20-120 ms
    (RFC 6762, 5.2 and 6), so one browser alone says little: the row takes the median."""
    from net.discovery import Advertiser, Browser
    seen = threading.Event()
    loop_only = [LOOPBACK]
    browser = Browser(on_change=lambda kind, ad: seen.set() if ad.table == "bench table" else None,
                      interfaces=loop_only)
    time.sleep(0.3)  # the browser's own start-up is not part of the measure
    t0 = time.perf_counter()
    game = games.available()[0]  # a game this build has: browsers ignore adverts for any other
    seats = games.rules(game).MIN_SEATS
    ad = Advertiser(name="bench table", game=game, port=9, seats=seats, open_seats=seats, phase="lobby",
                    interfaces=loop_only)
    seen.wait(10)
    first = time.perf_counter() - t0
    browser.close()
    later = []
    for _ in range(NEW_BROWSERS):
        # let the announcements settle, as for a table that has been up a while, and the last answer age:
        # a responder multicasts a record at most once a second (RFC 6762, 6.2)
        time.sleep(1.2)
        found = threading.Event()
        t1 = time.perf_counter()
        late = Browser(on_change=lambda kind, a: found.set() if a.table == "bench table" else None,
                       interfaces=loop_only)
        found.wait(10)
        later.append(time.perf_counter() - t1)
        late.close()
    ad.close()
    return first, later


def rows(quick: bool) -> list[Row]:
    with _Pinned():
        return _rows(quick)


def fan_out_row(rounds: int, f50: float | None = None) -> Row:
    """The fan-out row: `rounds` acts through the host and as many frames through the plain fan-out
    process, in four turns each, so both see the same machine (`f50`: the echo floor, for the note).
    The note adds, from the same turns, the least a host in Python on asyncio does (bench/echo.py
    `fan-ok`: decode, ok, 8 writes, no game), against the same plain process."""
    fan, raw, least = [], [], []
    for _ in range(4):  # in turns, so all three see the same machine
        fan += fan_out(rounds // 4)
        raw += raw_fan_out(rounds // 4)
        least += raw_fan_out(rounds // 4, server="fan-ok")
    ratio = _pct(fan, 50) / _pct(raw, 50)
    floor = (f"; against the echo floor: {_pct(fan, 50) / f50:.1f}x vs {_pct(raw, 50) / f50:.1f}x"
             if f50 is not None else "")
    return Row("net: update to 4 players + 4 spectators (x plain fan-out)", f"{ratio:.2f}x", "<= 1.3x",
               ratio <= 1.3,
               f"p50 {_pct(fan, 50) * 1e6:.0f} us through the host vs {_pct(raw, 50) * 1e6:.0f} us through a "
               f"plain fan-out process with no table (frame in, the same frame out to 8 sockets), taken in "
               f"turns{floor}. The host adds the act itself, the ok first, 5 views; {LOOP_NOTE}. "
               f"A Python process on asyncio's loop that decodes the frame, answers ok and writes it to the 8 "
               f"(no game, no views): {_pct(least, 50) / _pct(raw, 50):.2f}x")


def _rows(quick: bool) -> list[Row]:
    n = 400 if quick else 2000
    acts, floor = act_round_trips(n)
    f50, f99 = _pct(floor, 50), _pct(floor, 99)
    where = f"client on CPU {CLIENT_CPU}, servers on CPU {SERVER_CPU}" if CLIENT_CPU is not None else "one CPU"
    out = [Row("net: loopback TCP echo floor", f"p50 {f50 * 1e6:.0f} us, p99 {f99 * 1e6:.0f} us",
               note=f"{n} round trips of an act-sized frame to a plain echo process, one in turn with each "
                    f"act->ok, each after {PACE * 1e3:.0f} ms of quiet (a seat may act 50 times a second); "
                    "TCP_NODELAY both ends, framed read + msgpack decode as for the "
                    f"host; {where}")]
    a50, a99 = _pct(acts, 50) / f50, _pct(acts, 99) / f99
    out.append(Row("net: act->ok p50 (x floor p50)", f"{a50:.1f}x", "<= 2x", a50 <= 2,
                   f"{_pct(acts, 50) * 1e6:.0f} us; where it goes: the floor's two sends and wake-ups, plus "
                   "~30 us of Python on the host before the ok leaves (event-loop wake-up, 2 exact reads, "
                   "decode, Session.act, encode); "
                   "the floor itself swings 40-85 us between runs on this VM"))
    out.append(Row("net: act->ok p99 (x floor p99)", f"{a99:.1f}x", "<= 3x", a99 <= 3,
                   f"{_pct(acts, 99) * 1e6:.0f} us"))
    out.append(fan_out_row(max(50, n // 4), f50))
    races_n = 5 if quick else 20
    races = s4_throughput(races_n)
    rates = sorted(ok / secs for ok, _, secs, _, _ in races)
    rate = _pct(rates, 50)
    refused = sum(r[1] for r in races)
    race_ms = _pct([r[2] for r in races], 50) * 1e3
    # over all races together: a short race can read zero CPU time from schedstat
    total_cpu = sum(cpu for _, _, _, cpu, _ in races)
    cpu_rate = sum(r[0] for r in races) / total_cpu if total_cpu > 0 else float("nan")
    on_cpu = _pct([cpu / secs for _, _, secs, cpu, _ in races], 50)
    starved = _pct([waited / secs for _, _, secs, _, waited in races], 50)
    closed = s4_throughput(max(2, races_n // 4), pipelined=False)
    closed_rate = _pct([r[0] / r[2] for r in closed], 50)
    out.append(Row("net: situation4 real-time actions accepted/s, 4 seats", f"{rate:,.0f}/s", ">= 20000/s",
                   rate >= 20000,
                   f"median of {races_n} races (min {rates[0]:,.0f}/s, max {rates[-1]:,.0f}/s), each "
                   f"{GAMES_PER_RACE} games back to back on fresh tables, {races[0][0]} placements a race, "
                   f"{race_ms:.0f} ms median ({refused} refused in all); per second of the host's own CPU "
                   f"time {cpu_rate:,.0f}/s (all races; the host ran {on_cpu:.0%} of a race's wall time and "
                   f"waited ready for a CPU {starved:.0%}: the machine's other load); each seat writes its "
                   "moves at once, host pinned to one core; per move: exact reads, decode, Session.act, ok "
                   "(batched per read), one coalesced update per loop turn (views: the public part once, each seat's "
                   "legal listing from its pieces and the few tanks). One move in flight per seat: "
                   f"{closed_rate:,.0f}/s (4 seats / the round trip, not the host)"))
    seen = s4_seen_elsewhere(2 if quick else 6)
    s50 = _pct(seen, 50) / f50
    out.append(Row("net: situation4 placement seen by the other racer (x floor)", f"{s50:.1f}x", "<= 3x",
                   s50 <= 3, f"p50 {_pct(seen, 50) * 1e6:.0f} us, p99 {_pct(seen, 99) * 1e6:.0f} us, "
                             f"{len(seen)} placements; where it goes: decode + Session.act (~18 us) + the "
                             "mover's ok, then the views (the public board built once, a private part per seat) "
                             "+ encode (~9 us) before its send"))
    samples, rss_end, rss_peak, slowed = load_test(400 if quick else 2000)
    l99 = _pct(samples, 99)
    out.append(Row("net: act->ok p99 under load (4 players, 32 spectators)", f"{l99 * 1e3:.2f} ms", "< 20 ms",
                   l99 < 0.020, f"p50 {_pct(samples, 50) * 1e6:.0f} us, p99 {l99 / f99:.1f}x the echo floor's p99; "
                                f"{len(samples)} acts; one spectator never reads, one chats at the limit "
                                f"({slowed} lines refused slow_down), 30 read everything"))
    out.append(Row("net: host RSS after the load test", f"{rss_end:.1f} MB", "<= 100 MB", rss_peak <= 100,
                   f"peak {rss_peak:.1f} MB (VmHWM)"))
    rss, game = host_rss_mb()
    out.append(Row("net: host RSS, one table", f"{rss:.1f} MB", "<= 60 MB", rss <= 60, f"serve --game {game}, 4 players"))
    try:
        first, later = discovery_times()
        out.append(Row("net: discovery, host start -> seen", f"{first:.2f} s", "<= 1.5 s", first <= 1.5,
                       "zeroconf on 127.0.0.1; includes name probing (about 0.75 s)"))
        second = _pct(later, 50)
        out.append(Row("net: discovery, existing table -> new browser", f"{second:.2f} s", "<= 0.2 s",
                       second <= 0.2, f"multicast (QM) first question; median of {len(later)} new browsers, 1.2 s "
                                      f"apart ({min(later):.2f}-{max(later):.2f} s): the question and its "
                                      "answer each wait a random 20-120 ms (RFC 6762)"))
    except OSError as e:
        out.append(Row("net: discovery", "skipped", note=f"no multicast on loopback here ({e})"))
    return out


if __name__ == "__main__":
    os.environ.setdefault("SANDTABLE_DISCOVERY_INTERFACES", LOOPBACK)
    from bench.runner import print_table
    if "--fan-out" in sys.argv:   # `--fan-out [N]`: the fan-out row alone, N times (3), at --quick's length
        at = sys.argv.index("--fan-out") + 1
        times = int(sys.argv[at]) if at < len(sys.argv) and sys.argv[at].isdigit() else 3
        with _Pinned():
            print_table([fan_out_row(100) for _ in range(times)])
    else:
        print_table(rows(quick="--quick" in sys.argv))
