"""A club under fire (issue 41): two table processes, a two-server NATS cluster and PostgreSQL, toy tables played
by bots at a player's pace (each seat a club client of its own), while faults are made one after another: a
table process killed (kill -9) and started again, a nats-server killed (kill -9) and started again, PostgreSQL
shut down at once, as in a crash, and started again. After each fault the club must acknowledge moves again
within BOUND seconds. At the end every table has ended, every move a client was answered `ok` is stored (lost
0) and stored once (doubled 0), and every client's last view is the view of its table's stored game replayed.

tests/club/test_chaos.py runs a short version (one fault of each kind); the long one runs from the command
line and prints its figures (docs/club.md, "Under fire"):

    nice -n 19 .venv/bin/python -m tests.club.chaos --minutes 30
"""
import argparse
import asyncio
import collections
import random
import secrets
import shutil
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import psycopg

import bots
import tests.own_games  # noqa: F401 - registers the toy game and its bot (the table processes register them too)
from club import client as club_client
from club import db, natsauth, servers
from club.servers import stop_processes
from engine.session import Session
from net.client import TableError
from net.host import new_session
from net.table import token_digest
from tests.club.table_processes import launch

PILE = 60            # counters a toy table starts with: about 30 moves a game
PACE = 0.15          # seconds a bot waits after its move (a quick player)
BOUND = 30.0         # seconds any one wait may take: a club that makes no progress for so long has failed
PROGRESS = 3         # moves acknowledged after a fault before the next one (the club is working again)
KINDS = ("table process", "nats-server", "postgres")
TABLE_FIELDS = ("seats", "table_phase")   # what the table adds to a view (the replayed Session has neither)


@dataclass
class Figures:
    faults: dict = field(default_factory=lambda: dict.fromkeys(KINDS, 0))
    tables: int = 0
    ended: int = 0
    moves: int = 0            # acknowledged `ok`s
    lost: int = 0             # acknowledged moves not stored as acknowledged
    doubled: int = 0          # a seat's seq stored twice
    views_differ: int = 0     # clients whose last view is not the stored game's
    seconds: float = 0.0

    def line(self) -> str:
        faults = ", ".join(f"{kind} {n}" for kind, n in self.faults.items())
        return (f"{self.seconds:.0f} s: faults survived {sum(self.faults.values())} ({faults}); tables "
                f"{self.ended} of {self.tables} ended; moves acknowledged {self.moves}; lost {self.lost}; doubled "
                f"{self.doubled}; last views unlike the stored game {self.views_differ}")


class Cluster:
    """Two nats-servers joined by routes, each with every player's account from the start."""

    def __init__(self, folder: Path, password: str, players: list[tuple[str, str]]):
        routes = [servers.free_port() for _ in range(2)]
        self.servers = [servers.NatsServer(folder / f"nats{k}", extra=(
            f'cluster {{ name: "chaos", listen: "127.0.0.1:{routes[k]}", '
            f'routes: ["nats://127.0.0.1:{routes[1 - k]}"] }}')) for k in range(2)]
        self.password = password
        self.auth = natsauth.render(password, players)

    def start(self) -> None:
        for server in self.servers:
            server.start(self.auth)

    def url(self, user: str | None = None, password: str | None = None) -> str:
        who = f"{user}:{password}@" if user else ""
        return ",".join(f"nats://{who}127.0.0.1:{s.port}" for s in self.servers)

    def stop(self) -> None:
        for server in self.servers:
            server.stop()


class ChaosClub:
    """The servers and the two table processes; `fault(kind, rng)` makes one fault and recovers from it."""

    def __init__(self, postgres: servers.Postgres, dsn: str, slots: int):
        self.postgres, self.dsn = postgres, dsn
        self.folder = Path(tempfile.mkdtemp(prefix="sandtable-chaos-"))
        self.players = [(f"p{i}", secrets.token_urlsafe(12)) for i in range(2 * slots)]
        db.migrate(dsn)
        with db.connect(dsn) as conn:
            for name, secret in self.players:
                db.sign_up(conn, name, secret)
            hashes = db.players(conn)
        self.cluster = Cluster(self.folder, secrets.token_urlsafe(18), hashes)
        self.procs: list = [None, None]
        self._next = dict.fromkeys(KINDS, 0)   # which of the two is killed next: each in turn

    def start(self) -> None:
        self.cluster.start()
        for k in range(2):
            self.procs[k] = self._process()

    def _process(self):
        return launch(["--nats", self.cluster.url(natsauth.SERVICE, self.cluster.password), "--db", self.dsn,
                       "--bot-delay", "0"])

    def fault(self, kind: str) -> None:
        """One fault of `kind`, and what was killed started again (blocking: run it off the event loop). The two
        table processes, and the two nats-servers, are killed in turn: whichever a process or client is on, its
        own is killed within two faults of that kind."""
        k, self._next[kind] = self._next[kind], 1 - self._next[kind]
        if kind == "table process":
            self.procs[k].kill()
            self.procs[k].wait(10)
            self.procs[k] = self._process()
        elif kind == "nats-server":
            self.cluster.servers[k].restart(crash=True)
        else:
            self.postgres.restart(crash=True)

    def logs(self) -> str:
        return "\n".join(f"--- table process {p.pid}:\n{p.log_path.read_text()}" for p in self.procs if p)

    def stop(self) -> None:
        stop_processes([p for p in self.procs if p], 5)
        self.cluster.stop()
        shutil.rmtree(self.folder, ignore_errors=True)


class Seat:
    """One seat's club client and bot, and every `ok` it was given: (seq, rev, action)."""

    def __init__(self, url: str, player: tuple[str, str], table_id: int, seat: int, seed: int):
        self.changed = asyncio.Event()
        self.client = club_client.ClubClient(url, *player, table_id, on_message=self._heard, hello_for=BOUND)
        self.seat, self.bot = seat, bots.make("toy", "normal", seat, seed)
        self.oks: list[tuple[int, int, dict]] = []

    def _heard(self, msg: dict) -> None:
        if msg["t"] in ("update", "welcome"):
            self.changed.set()

    @property
    def view(self) -> dict:
        return self.client.view

    async def moved_past(self, rev: int) -> None:
        """Until this client's view is past `rev` (or over), within BOUND seconds."""
        while self.view["public"]["rev"] <= rev and self.view["public"]["result"] is None:
            self.changed.clear()
            if self.view["public"]["rev"] > rev:
                return
            try:
                await asyncio.wait_for(self.changed.wait(), BOUND)
            except asyncio.TimeoutError:
                raise AssertionError(f"{self.client.name} at table {self.client.table_id} heard nothing past rev "
                                     f"{rev} for {BOUND:g} s") from None

    async def play(self, acknowledged) -> None:
        """Move whenever this seat is to act, at a player's pace, until the game is over."""
        while self.view["public"]["result"] is None:
            public = self.view["public"]
            action = self.bot.choose(self.view) if self.seat in public["to_act"] else None
            if action is None:
                await self.moved_past(public["rev"])
                continue
            try:
                answer = await self.client.request(action, timeout=BOUND)
            except asyncio.TimeoutError:
                raise AssertionError(f"{self.client.name}'s move at table {self.client.table_id} (rev "
                                     f"{public['rev']}) was not answered within {BOUND:g} s") from None
            if answer["t"] == "ok":
                self.oks.append((answer["seq"], answer["rev"], action))
                acknowledged()
                await self.moved_past(answer["rev"] - 1)
            else:   # a view behind the table's: wait for the next
                await self.moved_past(public["rev"])
            await asyncio.sleep(PACE)


def with_database(dsn: str, work):
    """`work(conn)`'s result, on a connection of its own; tried again while PostgreSQL is down (a fault), for at
    most BOUND seconds. Blocking: run it off the event loop."""
    deadline = time.monotonic() + BOUND
    while True:
        try:
            with db.connect(dsn) as conn:
                return work(conn)
        except psycopg.OperationalError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.1)


def new_table(dsn: str, players: list[tuple[str, str]], seed: int) -> int:
    """A toy table of two seats held by `players`, in play, no move yet: one a table process will take."""
    tokens = [secrets.token_urlsafe(16) for _ in players]
    session = new_session("toy", 2, seed=seed, options={"pile": PILE})
    session.seats[:] = [{"name": name, "kind": "human", "token_sha256": token_digest(token)}
                        for (name, _), token in zip(players, tokens)]

    def made(conn) -> int:
        with conn.transaction():   # one transaction: no process takes it half made
            table_id = db.create_table(conn, session, name=f"chaos {seed}")
            for seat, ((name, _), token) in enumerate(zip(players, tokens)):
                conn.execute("INSERT INTO seats (table_id, seat, player, token) VALUES (%s, %s, %s, %s)",
                             (table_id, seat, name, token))
            conn.execute("UPDATE tables SET state = 'play' WHERE id = %s", (table_id,))
        return table_id
    return with_database(dsn, made)


def checked(dsn: str, table_id: int, seats: list[Seat]) -> collections.Counter:
    """The stored game against what its clients were told: the table's counts of Figures' fields."""
    record = with_database(dsn, lambda conn: db.load_table(conn, table_id))
    stored = {rev: (seat, action, seq) for rev, seat, action, seq in record["actions"]}
    counts = collections.Counter((seat, seq) for seat, _action, seq in stored.values() if seq is not None)
    out = collections.Counter(doubled=sum(n - 1 for n in counts.values()))
    session = Session.from_header(record["header"])
    for rev in sorted(stored):
        seat, action, _seq = stored[rev]
        session.apply(seat, action)
    out["ended"] += session.result() is not None
    for s in seats:
        out["moves"] += len(s.oks)
        out["lost"] += sum(1 for seq, rev, action in s.oks if stored.get(rev) != (s.seat, action, seq))
        theirs = {"public": {k: v for k, v in s.view["public"].items() if k not in TABLE_FIELDS},
                  "private": s.view["private"]}
        out["views_differ"] += theirs != session.view(s.seat)
    return out


async def run(club: ChaosClub, *, slots: int, seconds: float, rng: random.Random, plan=None,
              every: tuple[float, float] = (0.0, 0.0)) -> Figures:
    """Tables in `slots` (each slot starts a new table when its game ends, until the faults are over), faults
    from `plan` (kinds in order; None: at random for `seconds`), `every` (lo, hi) seconds apart, each once the
    club has acknowledged PROGRESS moves since the last. Then every table is played to its end and checked."""
    figures, began = Figures(), time.monotonic()
    over = asyncio.Event()   # the faults are over: no new table
    url = club.cluster.url()
    moved, count = asyncio.Event(), [0]

    def acknowledged():
        count[0] += 1
        moved.set()

    async def progressed(since: int, after: str) -> None:
        deadline = time.monotonic() + BOUND
        while count[0] < since + PROGRESS:
            moved.clear()
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"no {PROGRESS} moves acknowledged within {BOUND:g} s of {after}")
            try:
                await asyncio.wait_for(moved.wait(), left)
            except asyncio.TimeoutError:
                pass

    async def slot(k: int) -> None:
        players, game = club.players[2 * k: 2 * k + 2], 0
        while True:
            seed = k * 1000 + game
            table_id = await asyncio.to_thread(new_table, club.dsn, players, seed)
            figures.tables += 1
            seats = [Seat(url, player, table_id, seat, seed) for seat, player in enumerate(players)]
            for s in seats:
                try:
                    await s.client.connect()
                except TableError as e:   # which process holds the table, if any, and what the processes said
                    owner = await asyncio.to_thread(with_database, club.dsn, lambda conn: conn.execute(
                        "SELECT process FROM owners WHERE table_id = %s", (table_id,)).fetchone())
                    raise AssertionError(f"{s.client.name} at table {table_id}: {e} (owner: {owner})\n"
                                         f"{club.logs()[-4000:]}") from None
            try:
                await asyncio.gather(*(s.play(acknowledged) for s in seats))   # each ends seeing the result
            finally:
                for s in seats:
                    await s.client.close()
            for name, n in (await asyncio.to_thread(checked, club.dsn, table_id, seats)).items():
                setattr(figures, name, getattr(figures, name) + n)
            game += 1
            if over.is_set():
                return

    async def faults() -> None:
        kinds = list(plan) if plan is not None else None
        while (kinds is None and time.monotonic() - began < seconds) or kinds:
            await asyncio.sleep(rng.uniform(*every))
            kind = kinds.pop(0) if kinds else rng.choice(KINDS)
            since = count[0]
            await asyncio.to_thread(club.fault, kind)
            figures.faults[kind] += 1
            await progressed(since, f"the {kind} restarted")
        over.set()

    playing = [asyncio.ensure_future(slot(k)) for k in range(slots)]
    await progressed(0, "the start")
    await asyncio.gather(faults(), *playing)
    figures.seconds = time.monotonic() - began
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=30.0)
    parser.add_argument("--tables", type=int, default=12, help="tables played at once")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    postgres = servers.Postgres().start()
    club = ChaosClub(postgres, postgres.dsn, args.tables)
    try:
        club.start()
        figures = asyncio.run(run(club, slots=args.tables, seconds=args.minutes * 60, rng=random.Random(args.seed),
                                  every=(5.0, 20.0)))
        print(figures.line(), flush=True)
    finally:
        club.stop()
        postgres.stop()
        postgres.remove()


if __name__ == "__main__":
    main()
