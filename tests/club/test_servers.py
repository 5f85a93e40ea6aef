"""The club's tests run against real servers: these check the servers the fixtures start."""
from tests.club import needs  # noqa: F401 - skips this module without the club's libraries
import asyncio
import os

import nats
import psycopg
import pytest
from nats.errors import NoServersError


def test_postgres_runs_and_answers_queries(dsn):
    with psycopg.connect(dsn) as conn:
        assert conn.execute("SELECT 6 * 7").fetchone()[0] == 42
        assert conn.execute("SHOW server_version").fetchone()[0].split(".")[0].isdigit()


def test_nats_lets_the_service_user_in_and_keeps_strangers_out(nats_server):
    async def scenario():
        nc = await nats.connect(nats_server.service_url, connect_timeout=2, max_reconnect_attempts=0)
        sub = await nc.subscribe("st.t.1.public")
        await nc.publish("st.t.1.public", b"hi")
        msg = await sub.next_msg(timeout=2)
        await nc.close()
        with pytest.raises((NoServersError, nats.errors.Error, OSError)):
            await nats.connect(f"nats://mallory:nope@127.0.0.1:{nats_server.server.port}",
                               connect_timeout=2, max_reconnect_attempts=0, allow_reconnect=False)
        return msg.data

    assert asyncio.run(asyncio.wait_for(scenario(), 10)) == b"hi"


def _environment(pid: int) -> dict:
    with open(f"/proc/{pid}/environ", "rb") as f:
        return dict(item.split(b"=", 1) for item in f.read().split(b"\0") if b"=" in item)


def test_the_local_nats_server_runs_on_one_go_thread_and_a_given_one_on_go_s_default(nats_server, tmp_path):
    # one thread: the latency a local club measured best with (club.servers.LOCAL_NATS_THREADS)
    assert _environment(nats_server.server.proc.pid).get(b"GOMAXPROCS") == b"1"
    from club import natsauth, servers
    other = servers.NatsServer(tmp_path, threads=None)
    try:
        other.start(natsauth.render("pw", []))
        assert _environment(other.proc.pid).get(b"GOMAXPROCS") == os.environb.get(b"GOMAXPROCS")  # as inherited
    finally:
        other.stop()
