"""`python -m tests.club.measure_latency [N]`: act -> update on loopback, through the club and over direct TCP.

Not a test (nothing asserted): the numbers for issue 24's first bench row, measured in one run so the
ratio compares like with like. Two players alternate taking one counter from a pile of 10,000 in the
toy game; each sample is the time from an act's send to the update showing it at the actor.
"""
import asyncio
import contextlib
import secrets
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import tests.conftest  # noqa: F401 - the toy game
from club import client as club_client
from club import db, natsauth, servers
from net.client import Client

MOVE = {"type": "take", "count": 1}


async def alternate(clients, views, n):
    """n acts, alternating seats; per act, seconds from send to the actor's update."""
    samples = []
    for i in range(n):
        c = clients[i % 2]
        before = views[i % 2]["rev"]
        start = time.perf_counter()
        reply = await c.act(MOVE)
        assert reply["t"] == "ok", reply
        while views[i % 2]["rev"] < reply["rev"]:
            await asyncio.sleep(0)  # spin: the update is milliseconds away
            await asyncio.sleep(0.0002)
        samples.append(time.perf_counter() - start)
        assert views[i % 2]["rev"] > before
    return samples


def watcher(views, k):
    def on(msg):
        if msg.get("t") in ("update", "welcome"):
            views[k]["rev"] = msg["rev"]
    return on


async def over_tcp(n):
    """The LAN host as its own process (`serve`), as the club's table process is."""
    serve = subprocess.Popen([sys.executable, "-m", "tests.net.cli_toy", "serve", "--game", "toy", "--host", "127.0.0.1",
                              "--port", "0", "--no-discovery", "--option", "pile=10000", "--bot-delay", "0"],
                             stdout=subprocess.PIPE, text=True)
    line = serve.stdout.readline()
    port = int(line.strip().rsplit(":", 1)[1])
    views = [{"rev": 0}, {"rev": 0}]
    clients = [Client("127.0.0.1", port, name=f"p{k}", on_message=watcher(views, k)) for k in range(2)]
    for c in clients:
        await c.connect()
    try:
        return await alternate(clients, views, n)
    finally:
        for c in clients:
            await c.close()
        serve.terminate()
        serve.wait(10)


async def through_club(n, nats_url, service_url):
    views = [{"rev": 0}, {"rev": 0}]
    names = [(f"p{secrets.token_hex(3)}", secrets.token_urlsafe(16)) for _ in range(2)]
    for name, secret in names:
        await club_client.sign_up(nats_url, name, secret)
    nc = await club_client.connect_player(nats_url, *names[0], allow_reconnect=False)
    table = await club_client.lobby(nc, names[0][0], "create", {"game": "toy", "seats": 2, "options": {"pile": 10000}})
    await nc.close()
    clients = [club_client.ClubClient(nats_url, *names[k], table, on_message=watcher(views, k)) for k in range(2)]
    for c in clients:
        await c.connect()
    try:
        return await alternate(clients, views, n)
    finally:
        for c in clients:
            await c.close()


def report(label, samples):
    ms = sorted(s * 1000 for s in samples)
    p = lambda q: ms[min(len(ms) - 1, int(q * len(ms)))]  # noqa: E731
    print(f"{label:>12}: median {statistics.median(ms):6.2f} ms  p90 {p(0.9):6.2f}  p99 {p(0.99):6.2f}  (n={len(ms)})")
    return statistics.median(ms)


CLUB_READY_WITHIN = 30.0   # seconds a club process has to say "club ready"


@contextlib.contextmanager
def local_club(*club_args: str):
    """A real PostgreSQL and nats-server on loopback, the schema, and one club table process (`club_args`
    added to its command line), all stopped and removed on leaving: yields (pg, nats, service URL, process)."""
    folder = Path(tempfile.mkdtemp(prefix="sandtable-measure-"))
    password = secrets.token_urlsafe(18)
    pg = servers.Postgres()
    nats = servers.NatsServer(folder / "nats")
    proc = None
    try:
        pg.start()
        db.migrate(pg.dsn)
        nats.start(natsauth.render(password, []))
        service = f"nats://club:{password}@127.0.0.1:{nats.port}"
        log = open(folder / "club.log", "w")
        proc = subprocess.Popen([sys.executable, "-m", "tests.net.cli_toy", "club", "--nats", service, "--db", pg.dsn,
                                 "--auth-file", str(nats.auth), "--nats-pid-file", str(nats.pid_file), *club_args],
                                stdout=log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + CLUB_READY_WITHIN
        while "club ready" not in (folder / "club.log").read_text():
            if time.monotonic() > deadline or proc.poll() is not None:
                raise RuntimeError(f"the club process did not get ready: {(folder / 'club.log').read_text()[-500:]}")
            time.sleep(0.05)
        yield pg, nats, service, proc
    finally:
        if proc is not None:
            proc.terminate()
            proc.wait(20)
        nats.stop()
        pg.stop()
        pg.remove()
        shutil.rmtree(folder, ignore_errors=True)


def main(n=300):
    with local_club() as (_, nats, service, _):
        tcp = asyncio.run(over_tcp(n))
        club = asyncio.run(through_club(n, nats.url, service))
        a, b = report("direct TCP", tcp), report("club", club)
        print(f"ratio (median, club / TCP): {b / a:.2f}")

if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 and sys.argv[1].isdigit() else 300)
