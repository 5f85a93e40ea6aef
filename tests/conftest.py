import gc
import os
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
# Bytecode is cached (in __pycache__, which git ignores) even where the environment asks for none
# (PYTHONDONTWRITEBYTECODE, set on some machines, CI's among them): else every xdist worker and each of the
# hundreds of processes the tests start compile every module they import from source again (a worker's
# collection: 5 s of CPU against 2). Set here, before xdist starts its workers, who inherit it.
if os.environ.pop("PYTHONDONTWRITEBYTECODE", None) is not None:
    sys.dont_write_bytecode = False
# The club's secrets hashed at bcrypt's least cost (club/hashing.py; 10 unless set): the suite signs up hundreds of
# players, and each hash at 10 is 55 ms of CPU, more than a tenth of the club tests' time. tests/club/test_hashing.py
# checks the cost of 10 where nothing is set.
os.environ.setdefault("SANDTABLE_CLUB_BCRYPT_COST", "4")
# The cycle collector, run every 700 allocations by default, takes a tenth to a fifth of a playout's
# time: playouts build and drop views of tens of thousands of lists. Run it less often (cycles are still
# freed); measured: Tactics (1954) bot playout 9.7 -> 7.9 s CPU, a Risk property test unchanged.
gc.set_threshold(50_000, 20, 100)
from tests.scheduling import (pytest_collection_modifyitems, pytest_runtest_logreport,  # noqa
                              pytest_sessionfinish, pytest_xdist_auto_num_workers)

import tests.own_games  # noqa: E402,F401 - the tests' own games join the catalog
from tests import prepared  # noqa: E402


def pytest_configure(config):
    """Before xdist starts its workers: each game's work ahead, once (tests/prepared.py)."""
    if not hasattr(config, "workerinput"):
        prepared.start(config)


def pytest_collection_finish(session):
    prepared.wait(session.config)   # a worker: the work ahead done before its first test
