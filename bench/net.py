"""Network rows: the loopback floor, act->ok and update fan-out through the host, under load, host
memory, discovery; Situation 4's real-time rows come from bench/situation4.py, in this section.

Everything runs on 127.0.0.1 only (zeroconf bound to loopback), as bench/loopback.py arranges it.
Latencies are reported as multiples of a floor measured in the same run: the round trip of an
act-sized frame through a plain echo server in its own process (bench/echo.py), with the same
socket options and the same client-side framing as the host rows, taken in blocks in turn with the
act->ok round trips. The fan-out row also shows a plain fan-out server's figure (no table), the
floor for that shape of traffic.
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

from bench import situation4
from bench.loopback import (CLIENT_CPU, LOOPBACK, PACE, ROOT, SERVER_CPU, UPDATE, Pinned, Proc, Readers, ToyServe,
                            connect, echo_round_trip, pct, recv, send)
from bench.runner import Row
from engine import games
from net import frames


def _loop_note() -> str:
    from net.loops import loop_name
    return f"serve ran on {loop_name()}"


LOOP_NOTE = _loop_note()


def act_round_trips(rounds: int) -> tuple[list[float], list[float]]:
    """(act -> ok, echo floor) round trips (s), one of each in turn, each after the same pause, so both
    see the same machine in the same state (a seat may act at most 50 times a second, so the acts are
    paced, and the floor with them).

    act -> ok: one seat of a toy table (a one-seat game, so every action is legal)."""
    with ToyServe(1) as host, Proc("-m", "bench.echo", "echo") as echo:
        e = connect(echo.address)
        c = connect(host.address)
        send(c, {"t": "hello", "proto": 1, "name": "bench", "want": "play"})
        recv(c)
        samples, floor = [], []
        for seq in range(1, rounds + 1):
            time.sleep(PACE)
            floor.append(echo_round_trip(e))
            time.sleep(PACE)
            t0 = time.perf_counter()
            send(c, {"t": "act", "seq": seq, "a": {"type": "take", "count": 1}})
            answer = recv(c)
            samples.append(time.perf_counter() - t0)
            assert answer["t"] == "ok", answer
            recv(c)  # this move's update
        c.close()
        e.close()
        return samples, floor


def fan_out(rounds: int, players: int = 4, spectators: int = 4) -> list[float]:
    """Time (s) from sending an act until the last of players+spectators has its update."""
    with ToyServe(players) as host:
        seats = []
        for _ in range(players):
            s = connect(host.address)
            send(s, {"t": "hello", "proto": 1, "name": "p", "want": "play"})
            seats.append(s)
        watchers = []
        for _ in range(spectators):
            s = connect(host.address)
            send(s, {"t": "hello", "proto": 1, "name": "w", "want": "watch"})
            watchers.append(s)
        everyone = seats + watchers
        for s in everyone:  # welcome, then seat updates until the game starts; sync with a ping
            send(s, {"t": "ping", "n": 1})
            while recv(s)["t"] != "pong":
                pass
        readers = Readers(everyone)
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
    with Proc("-m", "bench.echo", server, str(receivers)) as server:
        socks = [connect(server.address) for _ in range(receivers)]
        frame = frames.encode({"t": "update", "pad": "x" * size})
        readers = Readers(socks)
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
    with ToyServe(players) as host:
        seats = []
        for i in range(players):
            s = connect(host.address)
            send(s, {"t": "hello", "proto": 1, "name": f"p{i}", "want": "play", "seat": i})
            recv(s)
            seats.append(s)
        watchers = []
        for _ in range(spectators):
            w = connect(host.address)
            send(w, {"t": "hello", "proto": 1, "name": "w", "want": "watch"})
            assert recv(w)["t"] == "welcome"
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
            send(mover.sock, {"t": "act", "seq": seq, "a": {"type": "take", "count": 1}})
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
            c = connect((LOOPBACK, port))
            send(c, {"t": "hello", "proto": 1, "name": "p", "want": "play"})
            recv(c)
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
    with Pinned():
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
    ratio = pct(fan, 50) / pct(raw, 50)
    floor = (f"; against the echo floor: {pct(fan, 50) / f50:.1f}x vs {pct(raw, 50) / f50:.1f}x"
             if f50 is not None else "")
    return Row("net: update to 4 players + 4 spectators (x plain fan-out)", f"{ratio:.2f}x", "<= 1.3x",
               ratio <= 1.3,
               f"p50 {pct(fan, 50) * 1e6:.0f} us through the host vs {pct(raw, 50) * 1e6:.0f} us through a "
               f"plain fan-out process with no table (frame in, the same frame out to 8 sockets), taken in "
               f"turns{floor}. The host adds the act itself, the ok first, 5 views; {LOOP_NOTE}. "
               f"A Python process on asyncio's loop that decodes the frame, answers ok and writes it to the 8 "
               f"(no game, no views): {pct(least, 50) / pct(raw, 50):.2f}x")


def _rows(quick: bool) -> list[Row]:
    n = 400 if quick else 2000
    acts, floor = act_round_trips(n)
    f50, f99 = pct(floor, 50), pct(floor, 99)
    where = f"client on CPU {CLIENT_CPU}, servers on CPU {SERVER_CPU}" if CLIENT_CPU is not None else "one CPU"
    out = [Row("net: loopback TCP echo floor", f"p50 {f50 * 1e6:.0f} us, p99 {f99 * 1e6:.0f} us",
               note=f"{n} round trips of an act-sized frame to a plain echo process, one in turn with each "
                    f"act->ok, each after {PACE * 1e3:.0f} ms of quiet (a seat may act 50 times a second); "
                    "TCP_NODELAY both ends, framed read + msgpack decode as for the "
                    f"host; {where}")]
    a50, a99 = pct(acts, 50) / f50, pct(acts, 99) / f99
    out.append(Row("net: act->ok p50 (x floor p50)", f"{a50:.1f}x", "<= 2x", a50 <= 2,
                   f"{pct(acts, 50) * 1e6:.0f} us; where it goes: the floor's two sends and wake-ups, plus "
                   "~30 us of Python on the host before the ok leaves (event-loop wake-up, 2 exact reads, "
                   "decode, Session.apply, encode); "
                   "the floor itself swings 40-85 us between runs on this VM"))
    out.append(Row("net: act->ok p99 (x floor p99)", f"{a99:.1f}x", "<= 3x", a99 <= 3,
                   f"{pct(acts, 99) * 1e6:.0f} us"))
    out.append(fan_out_row(max(50, n // 4), f50))
    out += situation4.rows(quick, f50)
    samples, rss_end, rss_peak, slowed = load_test(400 if quick else 2000)
    l99 = pct(samples, 99)
    out.append(Row("net: act->ok p99 under load (4 players, 32 spectators)", f"{l99 * 1e3:.2f} ms", "< 20 ms",
                   l99 < 0.020, f"p50 {pct(samples, 50) * 1e6:.0f} us, p99 {l99 / f99:.1f}x the echo floor's p99; "
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
        second = pct(later, 50)
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
        with Pinned():
            print_table([fan_out_row(100) for _ in range(times)])
    else:
        print_table(rows(quick="--quick" in sys.argv))
