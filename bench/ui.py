"""Window benchmark rows: start to first frame, LAN table listed after `serve` starts,
each board's frame times (the rows each game's catalog entry names as its `bench`, for every
game engine.games offers that has them), and the frame rate while the expert thinks (bench.expert_frames).

Each figure is measured in a fresh subprocess, so imports and window creation count
as a player would feel them. Dummy video/audio drivers; loopback-only discovery.
"""
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import catalog
from bench.runner import Row
from engine import games

ROOT = Path(__file__).resolve().parents[1]
FIRST_FRAME_GOAL = 1.0
LISTED_GOAL = 1.5
LISTED_TIMEOUT = 10.0


def _env(home: str) -> dict:
    env = dict(os.environ)
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", SANDTABLE_HOME=home,
               SANDTABLE_DISCOVERY_INTERFACES="127.0.0.1", PYTHONPATH=str(ROOT))
    return env


def first_frame_seconds(home: str) -> float:
    """Wall time from launching `python run.py` to its first frame drawn (it prints then and exits)."""
    env = _env(home)
    env["SANDTABLE_FIRST_FRAME_EXIT"] = "1"
    start = time.perf_counter()
    proc = subprocess.Popen([sys.executable, str(ROOT / "run.py")], cwd=ROOT, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, text=True)
    try:
        for line in proc.stdout:
            if line.startswith("first frame"):
                return time.perf_counter() - start
    finally:
        proc.kill()
        proc.wait(10)
    raise RuntimeError("the window exited without drawing a frame")


def table_listed_seconds(home: str) -> float:
    """Wall time from launching `run.py serve` until a LAN browser in this process lists its table."""
    os.environ["SANDTABLE_DISCOVERY_INTERFACES"] = "127.0.0.1"
    from net import discovery
    browser = discovery.Browser()
    name = f"bench-{os.getpid()}-{time.monotonic_ns() % 100000}"
    try:
        start = time.perf_counter()
        proc = subprocess.Popen([sys.executable, str(ROOT / "run.py"), "serve", "--game", "risk", "--port", "0",
                                 "--host", "127.0.0.1", "--name", name], cwd=ROOT, env=_env(home),
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            while time.perf_counter() - start < LISTED_TIMEOUT:
                if any(ad.table == name for ad in browser.tables()):
                    return time.perf_counter() - start
                time.sleep(0.005)
        finally:
            proc.terminate()
            proc.wait(10)
    finally:
        browser.close()
    raise RuntimeError(f"the table was not listed within {LISTED_TIMEOUT:.0f} s")


def _median(values: list[float]) -> float:
    values = sorted(values)
    return values[len(values) // 2]


def rows(quick: bool) -> list[Row]:
    out = []
    repeats = 1 if quick else 3
    with tempfile.TemporaryDirectory(prefix="sandtable-bench-") as home:
        first = _median([first_frame_seconds(home) for _ in range(repeats)])
        out.append(Row("window: `python run.py` start -> first frame", f"{first:.2f} s", f"<= {FIRST_FRAME_GOAL} s",
                       first <= FIRST_FRAME_GOAL, f"median of {repeats}, dummy video driver"))
        try:
            listed = _median([table_listed_seconds(home) for _ in range(repeats)])
            out.append(Row("LAN browser: `serve` started -> table listed", f"{listed:.2f} s", f"<= {LISTED_GOAL} s",
                           listed <= LISTED_GOAL, f"median of {repeats}, loopback-bound discovery"))
        except (RuntimeError, OSError) as e:
            out.append(Row("LAN browser: `serve` started -> table listed", "failed", f"<= {LISTED_GOAL} s", False,
                           str(e)))
    # Frame rows draw off-screen: no window pops up, no sound device is opened,
    # and the empty-frame floor is drawn the same way as the boards.
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    for game_id in games.available():
        out.extend(_board_rows(game_id, quick))
    from bench import expert_frames
    out.extend(expert_frames.rows(quick))
    return out


def _board_rows(game_id: str, quick: bool) -> list[Row]:
    """A board's own frame rows (its catalog entry's `bench`), when that board has them."""
    rows = catalog.spec(game_id).bench
    return catalog.load(rows)(quick) if catalog.present(rows) else []
