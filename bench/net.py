"""Network rows: the loopback floor, act->ok and update fan-out through the host, host memory, discovery.

Everything runs on 127.0.0.1 only (zeroconf bound to loopback). Latencies are
reported as multiples of a floor measured in the same run: a plain TCP echo
round trip between two threads over loopback.
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

from bench.runner import Row
from engine import games
from net import frames

ROOT = Path(__file__).resolve().parents[1]
LOOPBACK = "127.0.0.1"


def _pct(samples: list[float], p: float) -> float:
    s = sorted(samples)
    return s[min(len(s) - 1, int(round(p / 100 * (len(s) - 1))))]


def _exactly(sock, n: int) -> bytes:
    buf = b""
    while len(buf) < n:
        chunk = sock.recv(n - len(buf))
        if not chunk:
            raise ConnectionError("closed")
        buf += chunk
    return buf


def _connect(address):
    s = socket.create_connection(address, timeout=10)
    s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    return s


def _send(sock, msg: dict) -> None:
    sock.sendall(frames.encode(msg, frames.MAX_CLIENT_FRAME))


def _recv(sock) -> dict:
    n = struct.unpack(">I", _exactly(sock, 4))[0]
    return frames.decode_host(_exactly(sock, n))


# ----- floor -------------------------------------------------------------------------
def echo_floor(rounds: int) -> list[float]:
    """Round trips (s) of a 64-byte message through a plain echo server thread."""
    server = socket.create_server((LOOPBACK, 0))

    def serve():
        conn, _ = server.accept()
        conn.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        with conn:
            while True:
                data = conn.recv(4096)
                if not data:
                    return
                conn.sendall(data)

    t = threading.Thread(target=serve, daemon=True)
    t.start()
    c = _connect(server.getsockname()[:2])
    payload = b"x" * 64
    samples = []
    for _ in range(rounds):
        t0 = time.perf_counter()
        c.sendall(payload)
        _exactly(c, len(payload))
        samples.append(time.perf_counter() - t0)
    c.close()
    t.join(5)
    server.close()
    return samples


# ----- through the host ---------------------------------------------------------------
class _ToyServe:
    """`serve` in its own process (as deployed: no GIL shared with the measuring client), toy game.

    The toy game (tests/toy_game.py) costs next to nothing, so the figures are the table's and the wire's.
    """

    def __init__(self, seats: int):
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "tests.net.cli_toy", "serve", "--game", "toy", "--seats", str(seats),
             "--host", LOOPBACK, "--port", "0", "--no-discovery", "--option", "pile=10000"],
            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        line = self.proc.stdout.readline()
        match = re.fullmatch(r"listening on [\d.]+:(\d+)\n", line)
        if not match:
            self.proc.kill()
            raise RuntimeError(f"serve did not start: {line!r}")
        self.address = (LOOPBACK, int(match.group(1)))

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.proc.kill()
        self.proc.wait(5)


def act_round_trips(rounds: int) -> list[float]:
    """act -> ok (s) for one seat of a toy table (a one-seat game, so every action is legal)."""
    with _ToyServe(1) as host:
        c = _connect(host.address)
        _send(c, {"t": "hello", "proto": 1, "name": "bench", "want": "play"})
        _recv(c)
        samples = []
        for seq in range(1, rounds + 1):
            t0 = time.perf_counter()
            _send(c, {"t": "act", "seq": seq, "a": {"type": "take", "count": 1}})
            answer = _recv(c)
            samples.append(time.perf_counter() - t0)
            assert answer["t"] == "ok", answer
            _recv(c)  # this move's update
        c.close()
        return samples


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
        sel = selectors.DefaultSelector()
        for s in everyone:
            s.setblocking(False)
            sel.register(s, selectors.EVENT_READ)
        buffers = {s: b"" for s in everyone}
        samples = []
        for i in range(rounds):
            mover = seats[i % players]
            t0 = time.perf_counter()
            mover.sendall(frames.encode({"t": "act", "seq": i + 1, "a": {"type": "take", "count": 1}}))
            waiting = set(everyone)
            deadline = time.monotonic() + 5
            while waiting and time.monotonic() < deadline:
                for key, _ in sel.select(0.5):
                    s = key.fileobj
                    buffers[s] += s.recv(65536)
                    while len(buffers[s]) >= 4:
                        n = struct.unpack(">I", buffers[s][:4])[0]
                        if len(buffers[s]) < 4 + n:
                            break
                        body = buffers[s][4:4 + n]
                        buffers[s] = buffers[s][4 + n:]
                        if b"\xa1t\xa6update" in body:  # the "t":"update" pair; no full decode in the timed loop
                            waiting.discard(s)
            if waiting:
                raise TimeoutError("an update did not arrive")
            samples.append(time.perf_counter() - t0)
        sel.close()
        for s in everyone:
            s.close()
        return samples


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
        status = Path(f"/proc/{proc.pid}/status").read_text()
        kb = int(re.search(r"VmRSS:\s+(\d+) kB", status).group(1))
        for c in clients:
            c.close()
        return kb / 1024, game
    finally:
        proc.kill()
        proc.wait(5)


# ----- discovery ---------------------------------------------------------------------------
def discovery_times() -> tuple[float, float]:
    """(host start -> seen by a running browser, existing table -> seen by a new browser), seconds."""
    from net.discovery import Advertiser, Browser
    seen = threading.Event()
    loop_only = [LOOPBACK]
    browser = Browser(on_change=lambda kind, ad: seen.set() if ad.table == "bench table" else None,
                      interfaces=loop_only)
    time.sleep(0.3)  # the browser's own start-up is not part of the measure
    t0 = time.perf_counter()
    ad = Advertiser(name="bench table", game="toy", port=9, seats=2, open_seats=2, phase="lobby",
                    interfaces=loop_only)
    seen.wait(10)
    first = time.perf_counter() - t0
    browser.close()
    time.sleep(1.2)  # let the announcements settle, as for a table that has been up a while
    seen2 = threading.Event()
    t1 = time.perf_counter()
    late = Browser(on_change=lambda kind, a: seen2.set() if a.table == "bench table" else None, interfaces=loop_only)
    seen2.wait(10)
    second = time.perf_counter() - t1
    late.close()
    ad.close()
    return first, second


def rows(quick: bool) -> list[Row]:
    n = 300 if quick else 2000
    floor = echo_floor(n)
    f50, f99 = _pct(floor, 50), _pct(floor, 99)
    out = [Row("net: loopback TCP echo floor", f"p50 {f50 * 1e6:.0f} us, p99 {f99 * 1e6:.0f} us",
               note=f"{n} round trips, 64 bytes, plain sockets")]
    acts = act_round_trips(n)
    a50, a99 = _pct(acts, 50) / f50, _pct(acts, 99) / f99
    out.append(Row("net: act->ok p50 (x floor p50)", f"{a50:.1f}x", "<= 2x", a50 <= 2,
                   f"{_pct(acts, 50) * 1e6:.0f} us; in the way: one asyncio task wake-up and an epoll add/remove "
                   "per frame (exact-count reads, so nothing past a bad length is read), view building, msgpack"))
    out.append(Row("net: act->ok p99 (x floor p99)", f"{a99:.1f}x", "<= 3x", a99 <= 3,
                   f"{_pct(acts, 99) * 1e6:.0f} us"))
    fan = fan_out(max(50, n // 4))
    fo = _pct(fan, 50) / f50
    out.append(Row("net: update to 4 players + 4 spectators, last one (x floor)", f"{fo:.1f}x", "<= 3x", fo <= 3,
                   f"p50 {_pct(fan, 50) * 1e6:.0f} us; the host builds and encodes 5 views (4 seats, 1 shared by "
                   "spectators) and makes 9 sends; one client thread reads all 8 sockets"))
    rss, game = host_rss_mb()
    out.append(Row("net: host RSS, one table", f"{rss:.1f} MB", "<= 60 MB", rss <= 60, f"serve --game {game}, 4 players"))
    try:
        first, second = discovery_times()
        out.append(Row("net: discovery, host start -> seen", f"{first:.2f} s", "<= 1.5 s", first <= 1.5,
                       "zeroconf on 127.0.0.1; includes name probing (about 0.75 s)"))
        out.append(Row("net: discovery, existing table -> new browser", f"{second:.2f} s", "<= 0.2 s",
                       second <= 0.2, "multicast (QM) first question"))
    except OSError as e:
        out.append(Row("net: discovery", "skipped", note=f"no multicast on loopback here ({e})"))
    return out


if __name__ == "__main__":
    os.environ.setdefault("SANDTABLE_DISCOVERY_INTERFACES", LOOPBACK)
    from bench.runner import print_table
    print_table(rows(quick="--quick" in sys.argv))
