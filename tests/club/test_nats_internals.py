"""club/read_now.py, club/deliver_now.py and club/send_now.py reach into nats-py's private attributes (its transport,
parser, pending buffer, a subscription's queue and task). pyproject.toml pins the nats-py versions they were checked
with (2.6.0 and 2.16.0, the two ends). Where nats-py is not shaped as they expect, each leaves nats-py's own path in
place (the club works, a little slower); this test says so plainly, so the pin moves only once they are checked."""
from tests.club import needs  # noqa: F401 - skips this module without the club's libraries
import asyncio
import importlib.metadata
import tomllib
from pathlib import Path

import nats
from packaging.requirements import Requirement

from club import deliver_now, read_now
from club.send_now import publish_now
from tests.club.bounded import run

PYPROJECT = Path(__file__).resolve().parents[2] / "pyproject.toml"


def test_the_installed_nats_py_is_one_of_the_pinned_versions_and_has_what_the_club_s_fast_paths_use(nats_server):
    version = importlib.metadata.version("nats-py")
    extra = tomllib.loads(PYPROJECT.read_text())["project"]["optional-dependencies"]["club"]
    pinned = next(Requirement(r) for r in extra if Requirement(r).name == "nats-py")
    assert pinned.specifier.contains(version), f"nats-py {version} is not among the pinned {pinned.specifier}"

    async def probe() -> dict:
        nc = await nats.connect(nats_server.service_url)
        try:
            async def handler(msg):
                pass
            sub = await deliver_now.subscribe(nc, "st.probe", cb=handler)
            return {"club/read_now.py (nc._transport, nc._ps, its StreamReader's _waiter and _buffer)":
                    read_now.install(nc),
                    "club/deliver_now.py (a subscription's _pending_queue, _wait_for_msgs_task and _cb)":
                    deliver_now.hooked(sub),
                    "club/send_now.py (nc._pending, nc._transport, nats.protocol.command.pub_cmd)":
                    publish_now(nc, [("st.probe", b"probe")])}
        finally:
            await nc.close()

    missing = [what for what, there in run(probe()).items() if not there]
    assert not missing, (f"nats-py {version} no longer has what {'; '.join(missing)} use: the club falls back to "
                         "nats-py's own path there (it works, slower). Check these modules against this nats-py, "
                         "then move the pin in pyproject.toml's club extra.")
