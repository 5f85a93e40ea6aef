"""Each game's work ahead (engine.games.prepare), done once per run, before any test needs it.

Tactics (1954)'s searches and its bots' danger map are compiled by numba into its cache on a checkout's
first run (about 8 s of CPU). Done once, the workers and the processes the tests start load them (~1 s each)
instead of compiling them side by side (a fresh clone's suite: ~29 s more CPU and ~17 s more wall time,
measured). Under xdist the work is done by two processes of its own (its two parts, which are independent),
started before the workers: the workers collect the tests meanwhile, and each waits for them (a lock held
until both are done) only before its first test. Measured on a fresh clone, 2 cores, from the command to a
few tests' end: 21.4 s when the work was done first, in the controlling process, and the workers collected
after it; 9.8 s so.

Run as a module (`python -m tests.prepared PART`), it does one part of the work and exits.
"""
import fcntl
import os
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

LOCK_ENV = "SANDTABLE_TESTS_PREPARING"   # the lock file's path, for the workers (they inherit the environment)
ROOT = Path(__file__).resolve().parents[1]


def prepare_games() -> None:
    import tests.own_games  # noqa: F401 - the tests' own games, as the suite has them
    from engine import games
    for game_id in games.available():
        games.prepare(game_id)


def prepare_bots() -> None:
    from bots import ah_tactics_threat
    ah_tactics_threat.compiled_search()   # the Tactics (1954) bots' danger map, compiled by numba the same way


PARTS = {"games": prepare_games, "bots": prepare_bots}   # independent: compiled side by side


def start(config) -> None:
    """In the controlling process: the work done here, or (workers to come) by a process whose end releases
    the lock the workers wait on."""
    if config.getoption("collectonly", False):
        return   # nothing runs
    if config.getoption("dist", "no") == "no" or not config.getoption("tx", None):
        for part in PARTS.values():
            part()
        return
    handle, path = tempfile.mkstemp(prefix="sandtable-preparing-")
    fcntl.flock(handle, fcntl.LOCK_EX)
    os.environ[LOCK_ENV] = path
    procs = [subprocess.Popen([sys.executable, "-m", "tests.prepared", name], cwd=ROOT) for name in PARTS]

    def release() -> None:
        try:
            for proc in procs:
                proc.wait()
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)
            os.close(handle)
            os.unlink(path)
    threading.Thread(target=release, name="tests.prepared", daemon=True).start()


def wait(config) -> None:
    """In a worker, before its first test: until the work is done (at once when nobody is doing it)."""
    path = os.environ.get(LOCK_ENV)
    if not path or not hasattr(config, "workerinput"):
        return
    try:
        handle = os.open(path, os.O_RDONLY)
    except FileNotFoundError:
        return   # done and cleared away already
    try:
        fcntl.flock(handle, fcntl.LOCK_SH)
    finally:
        os.close(handle)


if __name__ == "__main__":
    PARTS[sys.argv[1]]()
