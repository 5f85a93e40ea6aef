import gc
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
# The cycle collector, run every 700 allocations by default, takes a tenth to a fifth of a playout's
# time: playouts build and drop views of tens of thousands of lists. Run it less often (cycles are still
# freed); measured: Tactics (1954) bot playout 9.7 -> 7.9 s CPU, a Risk property test unchanged.
gc.set_threshold(50_000, 20, 100)
from tests.scheduling import (pytest_collection_modifyitems, pytest_runtest_logreport,  # noqa
                              pytest_sessionfinish, pytest_xdist_auto_num_workers)

import sys  # noqa: E402

import bots  # noqa: E402
from engine import games  # noqa: E402
from tests.net import toy_bot  # noqa: E402

games.register("toy", "tests.toy_game")
# `bots.make("toy", ...)` imports `bots.toy`; the toy game's bot lives with the tests.
sys.modules.setdefault("bots.toy", toy_bot)
# Relay, the sixth game: its rules and its bot registered here, and named by no product file.
games.register("relay", "tests.relay")
bots.register("relay", "tests.relay.bot")


def pytest_configure(config):
    """Before xdist starts its workers: each game's work ahead (engine.games.prepare), once. Tactics (1954)'s
    searches are compiled by numba into its cache on a checkout's first run; done here, the workers and the
    processes the tests start load them (~1 s each) instead of compiling them side by side (a fresh clone's
    suite: ~29 s more CPU and ~17 s more wall time without this, measured)."""
    if hasattr(config, "workerinput"):
        return
    for game_id in games.available():
        games.prepare(game_id)
