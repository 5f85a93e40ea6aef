import os

import pytest

import bots
# Discovery in tests stays on loopback, in this process and in every process it starts.
os.environ["SANDTABLE_DISCOVERY_INTERFACES"] = "127.0.0.1"


@pytest.fixture
def start_host():
    """start_host(game, n_seats, **kw) -> a HostHandle on 127.0.0.1 (no discovery), stopped afterwards."""
    from net.host import start_in_thread
    handles = []

    def start(game="toy", n_seats=2, **kw):
        kw.setdefault("seed", 1)
        kw.setdefault("bot_delay", 0)
        kw.setdefault("bot_factory", bots.make)
        handle = start_in_thread(game, n_seats, host="127.0.0.1", discovery=False, **kw)
        handles.append(handle)
        return handle

    yield start
    for h in handles:
        h.stop()
