"""Act -> update beside boardgame.io 0.50.2, like for like, in one run: a move on a 42-territory state,
timed from sending it until the mover's own client holds the new state, each move after 11 ms of quiet.

Both sides are arranged the same way (docs/bench.md, "Beside boardgame.io", says why each point is fair):
- **Processes.** One server process pinned to one CPU; four seats, each held by its own project's
  client library in a process of its own (Sandtable's `net.client.Client`: bench/risk_seat.py;
  boardgame.io's `Client` over SocketIO: bench/bgio/seat.js), all four pinned to the other CPU. Every
  client reads its updates as they arrive, so the other seats' clients decode theirs while the
  mover's move is timed, on both sides.
- **Moves.** The same game at the same table ages: Sandtable's Risk (`serve --game risk`, seed 1,
  seat 0 first) and bench/bgio/game.js (Risk's 42 territories, its setup's 78 placements, then turns
  of 3 placements and a turn end), each seat making its own moves by the same rule; the timed moves
  are the same mix (3 placements to 1 turn end) on both sides, on one table each whose age is the
  same at every block.
- **Warm-up.** Both servers (and clients) play WARM_UP moves, untimed, before the first timed one.
- **Turns.** Blocks of moves in turns, each side's block beside its transport's floor: the TCP echo
  (bench/echo.py, for Sandtable) and the socket.io echo (bench/bgio/echo.js, for boardgame.io).

Nothing is installed here: the boardgame.io side runs when `node` and bench/bgio/node_modules exist
(`cd bench/bgio && npm ci`), else its row says so and only ours is measured.
`python -m bench.bgio [--quick]` runs this section alone.
"""
import json
import os
import select
import shutil
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from bench.loopback import CLIENT_CPU, LOOPBACK, PACE, ROOT, Pinned, Proc, connect, echo_round_trip, pct, pin
from bench.runner import Row
from net import patches

HARNESS = Path(__file__).resolve().parent / "bgio"
INSTALL = "cd bench/bgio && npm ci"
SEATS = 4
SEED = 1             # Sandtable's Risk at this seed: no seat holds a continent, so 3 armies a turn (as game.js)
WARM_UP = 400        # untimed moves on each side before the first timed one: the 78 of the setup, then turns
WARM_PACE_MS = 5     # their pace (each seat well under the host's 50 acts a second)
START_TIMEOUT = 20.0   # seconds for a process to say it is ready
GOAL = 0.5             # ours p50 <= half of boardgame.io's
NODE_ENV = {**os.environ, "NODE_ENV": "production"}   # boardgame.io logs every action otherwise


def _client(command: list[str], cwd, env=None) -> subprocess.Popen:
    """A client process pinned to the clients' CPU from its start, talked to through its stdin and stdout."""
    return subprocess.Popen(command, cwd=cwd, env=env, text=True, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, preexec_fn=lambda: pin(0, CLIENT_CPU))


def _line(proc: subprocess.Popen, timeout: float, what: str) -> dict:
    """The next JSON line `proc` prints (bounded), or RuntimeError with its last words."""
    ready, _, _ = select.select([proc.stdout], [], [], timeout)
    line = proc.stdout.readline() if ready else ""
    if not line:
        proc.kill()
        err = proc.stderr.read() if proc.stderr is not None else ""
        raise RuntimeError(f"{what} said nothing within {timeout:g} s: {err.strip()[-500:]!r}")
    return json.loads(line)


class _Seats:
    """One side's four seat processes (pinned to the clients' CPU), played in blocks: each block, every
    seat makes its own moves until the table's state reaches the block's target; the movers time theirs."""

    def __init__(self, commands: list[list[str]], cwd, env=None):
        self.procs = [_client(c, cwd, env) for c in commands]
        self.state = max(_line(p, START_TIMEOUT, "a seat")["ready"] for p in self.procs)

    def play(self, moves: int, pace_ms: float) -> tuple[list[float], list[str]]:
        """`moves` more moves on the table: (each timed move in s, its kind)."""
        target = self.state + moves
        for p in self.procs:
            p.stdin.write(f"play {target} {pace_ms:g}\n")
            p.stdin.flush()
        samples, kinds = [], []
        for p in self.procs:
            report = _line(p, 30 + moves * (pace_ms / 1e3 + 0.1), "a seat")
            samples += [us / 1e6 for us in report["samples_us"]]
            kinds += report["kinds"]
        self.state = target
        if len(samples) != moves:
            raise RuntimeError(f"{len(samples)} moves timed of {moves}")
        return samples, kinds

    def close(self) -> None:
        for p in self.procs:
            try:
                p.stdin.close()
            except OSError:
                pass
        for p in self.procs:
            try:
                p.wait(5)
            except subprocess.TimeoutExpired:
                p.kill()
                p.wait(5)


class Side:
    """A server and its four seats; `block` plays timed moves, `close` stops everything."""

    def __init__(self, server: Proc, seats_for):
        self.server = server
        try:
            self.seats = seats_for(server.address[1])
            self.seats.play(WARM_UP - self.seats.state, WARM_PACE_MS)
        except BaseException:
            server.__exit__(None, None, None)
            raise

    def block(self, moves: int) -> tuple[list[float], list[str]]:
        return self.seats.play(moves, PACE * 1e3)

    def close(self) -> None:
        try:
            self.seats.close()
        finally:
            self.server.__exit__(None, None, None)


# ----- ours ------------------------------------------------------------------------------
def ours(views: str = patches.PATCHES) -> Side:
    """Sandtable: `run.py serve --game risk` and four `net.client.Client`s asking for `views`."""
    server = Proc("run.py", "serve", "--game", "risk", "--seats", str(SEATS), "--seed", str(SEED), "--option",
                  "first_player=first_seat", "--host", LOOPBACK, "--port", "0", "--no-discovery")
    return Side(server, lambda port: _Seats([[sys.executable, "-m", "bench.risk_seat", str(port), str(seat), views]
                                             for seat in range(SEATS)], cwd=ROOT))


class TcpFloor:
    """The round trip of an act-sized frame through bench/echo.py (the floor of Sandtable's transport),
    from this process (pinned with the clients)."""

    def __init__(self):
        self.server = Proc("-m", "bench.echo", "echo")
        self.sock = connect(self.server.address)

    def block(self, rounds: int) -> list[float]:
        samples = []
        for _ in range(rounds):
            time.sleep(PACE)
            samples.append(echo_round_trip(self.sock))
        return samples

    def close(self) -> None:
        self.sock.close()
        self.server.__exit__(None, None, None)


# ----- theirs ----------------------------------------------------------------------------
def why_not_run() -> str | None:
    """Why the boardgame.io side cannot run here, or None when it can."""
    if shutil.which("node") is None:
        return f"no `node` on PATH (Node 18 or later), then: {INSTALL}"
    if not (HARNESS / "node_modules" / "boardgame.io").is_dir():
        return f"bench/bgio/node_modules is not installed: {INSTALL}"
    return None


def _node(*args: str) -> Proc:
    return Proc(*args, program="node", cwd=HARNESS, env=NODE_ENV)


def _post(port: int, url: str, body: dict) -> dict:
    request = urllib.request.Request(f"http://{LOOPBACK}:{port}{url}", data=json.dumps(body).encode(),
                                     headers={"content-type": "application/json"}, method="POST")
    with urllib.request.urlopen(request, timeout=10) as reply:
        return json.load(reply)


def _bgio_seats(port: int) -> _Seats:
    """A Risk42 match made through boardgame.io's lobby API, its seats joined, each held by bench/bgio/seat.js."""
    match = _post(port, "/games/risk42/create", {"numPlayers": SEATS})["matchID"]
    credentials = [_post(port, f"/games/risk42/{match}/join", {"playerID": str(seat), "playerName": f"p{seat}"})
                   ["playerCredentials"] for seat in range(SEATS)]
    return _Seats([["node", "seat.js", str(port), match, str(seat), credentials[seat]] for seat in range(SEATS)],
                  cwd=HARNESS, env=NODE_ENV)


def theirs() -> Side:
    """boardgame.io: bench/bgio/server.js and four bench/bgio/seat.js."""
    return Side(_node("server.js"), _bgio_seats)


class SocketIoFloor:
    """The round trip of a move-sized event through a socket.io echo server (bench/bgio/echo.js, the
    socket.io boardgame.io runs): the floor of boardgame.io's transport, its client pinned with the clients."""

    def __init__(self):
        self.server = _node("echo.js", "serve")
        self.client = _client(["node", "echo.js", "client", str(self.server.address[1])], HARNESS, NODE_ENV)
        _line(self.client, START_TIMEOUT, "the socket.io echo client")

    def block(self, rounds: int) -> list[float]:
        self.client.stdin.write(f"echo {rounds} {PACE * 1e3:g}\n")
        self.client.stdin.flush()
        return [us / 1e6 for us in _line(self.client, 30 + rounds * 0.1, "the socket.io echo client")["samples_us"]]

    def close(self) -> None:
        self.client.stdin.close()
        try:
            self.client.wait(5)
        except subprocess.TimeoutExpired:
            self.client.kill()
        self.server.__exit__(None, None, None)


# ----- the rows --------------------------------------------------------------------------
def rows(quick: bool) -> list[Row]:
    with Pinned():
        return _rows(quick)


def _us(samples: list[float]) -> str:
    return f"p50 {pct(samples, 50) * 1e6:,.0f} us, p99 {pct(samples, 99) * 1e6:,.0f} us"


def _mix(kinds: list[str]) -> str:
    turns = kinds.count("endTurn")
    return f"{len(kinds) - turns} placements, {turns} turn ends"


def measure(quick: bool, with_theirs: bool) -> dict:
    """{name: samples (s)} for "ours", "whole" (ours, whole views), "tcp" and, `with_theirs`,
    "theirs" and "socket.io", and {name + " kinds": the moves' kinds}: TURNS turns, in each a block of
    every side beside its floor, the order reversed every other turn."""
    turns, per_block = (4, 50) if quick else (10, 100)
    arms = {}
    try:
        arms["tcp"] = TcpFloor()
        arms["ours"] = ours()
        arms["whole"] = ours("whole")
        if with_theirs:
            arms["socket.io"] = SocketIoFloor()
            arms["theirs"] = theirs()
        out = {name: [] for name in arms} | {f"{name} kinds": [] for name in ("ours", "whole", "theirs")}
        order = list(arms)
        for turn in range(turns):
            for name in order if turn % 2 == 0 else order[::-1]:
                got = arms[name].block(per_block)
                if isinstance(got, tuple):
                    out[name] += got[0]
                    out[f"{name} kinds"] += got[1]
                else:
                    out[name] += got
        return out
    finally:
        for arm in arms.values():
            arm.close()


def _rows(quick: bool) -> list[Row]:
    missing = why_not_run()
    m = measure(quick, with_theirs=not missing)
    mine, whole, tcp = m["ours"], m["whole"], m["tcp"]
    how = (f"{len(mine)} timed moves a side after {WARM_UP} untimed, {_mix(m['ours kinds'])}, each after "
           f"{PACE * 1e3:.0f} ms of quiet, in blocks taken in turns; 4 seats, each its own client process")
    made = (f"ours `serve --game risk` and net.client.Client asking for patches; with whole views: {_us(whole)}")
    if missing:
        return [Row("bgio: act->update, ours (Risk, 4 seats)", _us(mine),
                    note=f"{how}; {made}; TCP echo floor {_us(tcp)}"),
                Row("bgio: act->update p50, ours (x boardgame.io 0.50.2)", "not run", f"<= {GOAL}x", None,
                    f"not run: {missing}")]
    their, sio = m["theirs"], m["socket.io"]
    if m["theirs kinds"] != m["ours kinds"]:
        raise RuntimeError(f"the sides made different moves: ours {_mix(m['ours kinds'])}, "
                           f"theirs {_mix(m['theirs kinds'])}")
    ratio = pct(mine, 50) / pct(their, 50)
    ratio99 = pct(mine, 99) / pct(their, 99)
    return [Row("bgio: act->update p50, ours (x boardgame.io 0.50.2)", f"{ratio:.2f}x", f"<= {GOAL}x",
                ratio <= GOAL,
                f"ours {_us(mine)}; boardgame.io {_us(their)}; floors: TCP echo {_us(tcp)}, socket.io echo "
                f"{_us(sio)}; {how}; {made}; theirs bench/bgio (Server, Client over SocketIO, websocket, "
                f"moves run on the server only) (docs/bench.md)"),
            Row("bgio: act->update p99, ours (x boardgame.io 0.50.2)", f"{ratio99:.2f}x", "<= 0.3x", ratio99 <= 0.3,
                "same run"),
            Row("bgio: act->update p50, ours with whole views (x boardgame.io)",
                f"{pct(whole, 50) / pct(their, 50):.2f}x", note="same run; clients that ask for no patches")]


if __name__ == "__main__":
    from bench.runner import print_table
    print_table(rows(quick="--quick" in sys.argv))
