"""How the suite is spread over pytest-xdist's workers (`-n auto`, the README's command).

Longest first: xdist hands tests out in the order they were collected, and a long test handed out late
keeps one worker busy while the others have finished. Every run keeps how long each test took (setup,
call and teardown) in pytest's cache (`.pytest_cache`, the same place as `--lf`'s list); the next run
starts with the test files that took longest, each file's tests together and in their usual order (so
module-scoped fixtures are still set up once per worker). A file none of whose tests the cache
knows (a fresh checkout, as CI's) counts the seconds kept for it in tests/file_seconds.json, and a test the
cache does not know counts as long when it is marked `slow`. Only the order changes: every
test still runs, and each worker collects the same order (they read the same cache, which only the
controlling process writes, at the end of a run).

Work stealing (`--dist worksteal`, in pyproject's addopts): a worker that runs out takes the rest of
another's share, so the run does not end waiting on one worker's queue (on 2 cores, 5 min 21 s with
`--dist load` against 4 min 30 s, same tree, back to back).

More workers than cores: a good part of the suite waits rather than computes (processes starting, a
host pacing bots, windows in other processes, real timeouts), so with one worker per core the cores sit
idle then. `-n auto` starts two workers a core (PYTEST_XDIST_AUTO_NUM_WORKERS still decides when set):
on 2 idle cores, a checkout without pytest's cache, 3 workers took 4 min 24 s with 13 % of the CPU idle
(/proc/stat over the run) and 4 workers 4 min 4 s with 4 % idle, back to back.
"""
import json
import os
from pathlib import Path

KEY = "sandtable/durations"
SLOW_UNTIMED = 60.0   # seconds assumed for a test marked `slow` that the cache does not know
# Each file's seconds in one whole run, kept in the repository for a checkout whose pytest cache knows none of the
# file's tests (a fresh clone, CI): else the long files there run in the order they were collected, and one of
# them started last keeps a core busy alone at the end. Written from this checkout's cache by
# `python -m tests.scheduling` after a whole run; a file it does not list counts as quick.
FILE_SECONDS = Path(__file__).with_name("file_seconds.json")


_durations: dict[str, float] = {}   # this run's, by test id


def pytest_collection_modifyitems(session, config, items):
    cache = getattr(config, "cache", None)
    known = cache.get(KEY, {}) if cache is not None else {}

    def expected(item) -> float:
        seconds = known.get(item.nodeid)
        if seconds is None:
            return SLOW_UNTIMED if item.get_closest_marker("slow") else 0.0
        return seconds

    # Whole files are moved, each keeping its tests together and in order: a file's module-scoped fixtures
    # (a wheel built once, a process started once) would be set up again for every run of its tests.
    per_file = summed_by_file((item.nodeid, expected(item)) for item in items)
    timed_files = {file_of(item.nodeid) for item in items if item.nodeid in known}
    kept = _file_seconds()
    for path in per_file.keys() - timed_files:
        per_file[path] = max(per_file[path], kept.get(path, 0.0))
    items.sort(key=lambda item: per_file[file_of(item.nodeid)], reverse=True)  # stable


def file_of(nodeid: str) -> str:
    return nodeid.split("::")[0]


def summed_by_file(seconds_by_test) -> dict[str, float]:
    """(test id, seconds) pairs summed per test file, in the order the files first come."""
    per_file: dict[str, float] = {}
    for nodeid, seconds in seconds_by_test:
        path = file_of(nodeid)
        per_file[path] = per_file.get(path, 0.0) + seconds
    return per_file


def _file_seconds() -> dict[str, float]:
    try:
        return json.loads(FILE_SECONDS.read_text())
    except (OSError, ValueError):
        return {}


def write_file_seconds(cache_dir: Path) -> int:
    """The kept seconds of every file that took a second or more in the last whole run this cache saw."""
    per_file = summed_by_file(json.loads((cache_dir / "v" / KEY).read_text()).items())
    kept = {path: round(seconds, 1) for path, seconds in sorted(per_file.items()) if seconds >= 1.0}
    FILE_SECONDS.write_text(json.dumps(kept, indent=0) + "\n")
    return len(kept)


def pytest_runtest_logreport(report):
    # In the controlling process this sees every worker's reports too.
    _durations[report.nodeid] = _durations.get(report.nodeid, 0.0) + report.duration


def pytest_sessionfinish(session):
    config = session.config
    cache = getattr(config, "cache", None)
    if cache is None or hasattr(config, "workerinput") or not _durations:
        return
    kept = cache.get(KEY, {})
    kept.update({nodeid: round(seconds, 2) for nodeid, seconds in _durations.items()})
    cache.set(KEY, kept)


def pytest_xdist_auto_num_workers(config):
    if os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS"):
        return None  # xdist's own hook reads it
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
    return 2 * cores


if __name__ == "__main__":
    print(write_file_seconds(Path(__file__).resolve().parents[1] / ".pytest_cache"), "files kept in", FILE_SECONDS)
