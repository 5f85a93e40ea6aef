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
