"""What the window costs while nobody moves, and that it still animates at full rate (issue 17, item 7).

Each figure comes from a fresh window process running the program's own loop (`App.run_once`) for a
few seconds after a warm-up; CPU is the process's own time (every thread) per wall second, so 1.0 is one
core busy. Measured under the dummy video driver, and under a real X server (Xvfb, started here when it
is installed; with openbox for the minimised row), as a player's window is drawn: there the X server's
own CPU over the same seconds is in the note.

    python -m bench.idle --measure title|board|minimised|animation --seconds S   (one window; prints its figures)
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench.runner import Row

ROOT = Path(__file__).resolve().parents[1]
IDLE_GOAL = 0.10        # of a core, idle title and idle board
MINIMISED_GOAL = 0.02
ANIMATION_GOAL = 0.95   # frames a second drawn while the dice roll, against the plain loop's in the same run
WARM_UP = 1.5


# ----- inside the measured window ----------------------------------------------------------------
def _open(what: str):
    import bots
    from game import boards
    from game.app import App
    from game.scenes.title import TitleScene
    from game.settings import Settings
    from net.local import LocalTable
    app = App(settings=Settings(player_name="Bench"))
    app.push(TitleScene(app))
    link = None
    if what in ("board", "minimised", "animation"):
        seats = [{"kind": "human", "name": "Bench"}, {"kind": "bot", "name": "Bot"}]
        link = LocalTable("risk", seats, seed=2, bot_delay=3600, bot_factory=bots.make)
        app.push(boards.board_scene(app, link))   # the player to move, the bot waiting: the pulse glows
    return app, link


def _keep_rolling(app) -> None:
    from game.risk.dice import DiceRoll
    scene = app.stack.top
    if scene.dice is None or not scene.dice.rolling:
        pub = scene.view["public"]
        src, dst = sorted(pub["territories"])[:2]
        battle = {"type": "battle", "from": src, "to": dst, "attacker": 0, "defender": 1, "attacker_dice": [6, 4, 2],
                  "defender_dice": [5, 3], "attacker_losses": 1, "defender_losses": 1, "conquered": False}
        scene.dice = DiceRoll(battle, "Bench", "Bot", speed=1000.0)


def measure(what: str, seconds: float) -> dict:
    import pygame
    app, link = _open(what)
    try:
        deadline = time.monotonic() + WARM_UP
        if what == "minimised":
            pygame.display.iconify()
        while time.monotonic() < deadline:
            app.run_once()
        print(json.dumps({"measuring": True}), flush=True)
        if what == "animation":
            return _animation(app, seconds)
        wall, cpu, frames = time.monotonic(), time.process_time(), app.frames
        while time.monotonic() < wall + seconds:
            app.run_once()
        wall, cpu = time.monotonic() - wall, time.process_time() - cpu
        return {"cpu": cpu / wall, "fps": (app.frames - frames) / wall, "driver": pygame.display.get_driver(),
                "active": pygame.display.get_active()}
    finally:
        if link is not None:
            link.close()
        app.close()


def _animation(app, seconds: float) -> dict:
    """Frames a second while the dice roll: the program's loop against the plain 60-a-second loop it replaced
    (`App.step`: pygame's Clock.tick, draw every frame), in alternate seconds so both see the same load."""
    totals = {"paced": [0.0, 0, 0.0], "plain": [0.0, 0, 0.0]}   # wall, frames, cpu
    end = time.monotonic() + 2 * seconds
    while time.monotonic() < end:
        for name, turn in (("paced", app.run_once), ("plain", app.step)):
            wall, cpu, frames = time.monotonic(), time.process_time(), app.frames
            while time.monotonic() < wall + 1.0:
                _keep_rolling(app)
                turn()
            total = totals[name]
            total[0] += time.monotonic() - wall
            total[1] += app.frames - frames
            total[2] += time.process_time() - cpu
    (pw, pf, pc), (qw, qf, qc) = totals["paced"], totals["plain"]
    return {"fps": pf / pw, "cpu": pc / pw, "plain_fps": qf / qw, "plain_cpu": qc / qw}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--measure", choices=("title", "board", "minimised", "animation"), required=True)
    parser.add_argument("--seconds", type=float, default=3.0)
    args = parser.parse_args(argv)
    print(json.dumps(measure(args.measure, args.seconds)), flush=True)
    return 0


# ----- the rows ----------------------------------------------------------------------------------
def _cpu_seconds(pid: int) -> float | None:
    """A process's CPU seconds so far (Linux), for the X server's share."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return None


def _run(what: str, seconds: float, env: dict, server_pid: int | None) -> tuple[dict, float | None]:
    """(the window's figures, the X server's CPU share over the same seconds or None)."""
    proc = subprocess.Popen([sys.executable, "-m", "bench.idle", "--measure", what, "--seconds", str(seconds)],
                            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    server = None
    try:
        started = None
        for line in proc.stdout:
            if not line.startswith("{"):
                continue   # pygame's greeting
            out = json.loads(line)
            if out.get("measuring"):
                started = (time.monotonic(), _cpu_seconds(server_pid) if server_pid else None)
                continue
            if started and started[1] is not None:
                server = (_cpu_seconds(server_pid) - started[1]) / (time.monotonic() - started[0])
            return out, server
        raise RuntimeError(f"the window said nothing: {proc.stderr.read()[-800:]}")
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.wait(10)


def _xvfb():
    """(env, server pid, stop) for a 1366x768 Xvfb with openbox when both are installed, else None."""
    if shutil.which("Xvfb") is None:
        return None
    try:
        from pyvirtualdisplay import Display
    except ImportError:
        return None
    display = Display(backend="xvfb", size=(1366, 768), color_depth=24, manage_global_env=False)
    display.start()
    env = dict(os.environ, DISPLAY=display.new_display_var)
    try:
        wm = subprocess.Popen(["openbox", "--sm-disable"], env=env, stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL) if shutil.which("openbox") else None
    except OSError:
        display.stop()
        raise
    time.sleep(0.5)

    def stop():
        if wm is not None:
            wm.terminate()
            wm.wait(10)
        display.stop()
    return env, display.pid, stop, wm is not None


def rows(quick: bool) -> list[Row]:
    seconds = 2.0 if quick else 5.0
    out = []
    with tempfile.TemporaryDirectory(prefix="sandtable-idle-") as home:
        base = dict(os.environ, SANDTABLE_HOME=home, SDL_AUDIODRIVER="dummy", PYTHONPATH=str(ROOT),
                    PYGAME_HIDE_SUPPORT_PROMPT="1")
        drivers = [("dummy", dict(base, SDL_VIDEODRIVER="dummy"), None, False)]
        xvfb = _xvfb()
        if xvfb is not None:
            env, pid, stop, wm = xvfb
            drivers.append(("Xvfb", dict(base, **{"DISPLAY": env["DISPLAY"]}, SDL_VIDEODRIVER="x11"), pid, wm))
        try:
            for name, env, server_pid, wm in drivers:
                out.extend(_driver_rows(name, env, server_pid, wm, seconds))
        finally:
            if xvfb is not None:
                xvfb[2]()
        if xvfb is None:
            out.append(Row("window idle under a real X server", "not run", note="Xvfb is not installed "
                           "(apt-get install xvfb openbox; pip install PyVirtualDisplay)"))
    return out


def _driver_rows(name: str, env: dict, server_pid, wm: bool, seconds: float) -> list[Row]:
    rows_ = []

    def note(fig, server):
        return f"{fig['fps']:.1f} frames/s drawn" + (f"; the X server {server:.3f} of a core" if server is not None
                                                     else "")
    for what, label in (("title", "idle title"), ("board", "idle Risk board, the player to move")):
        fig, server = _run(what, seconds, env, server_pid)
        rows_.append(Row(f"window CPU, {label} ({name})", f"{fig['cpu']:.3f} of a core", f"<= {IDLE_GOAL}",
                         fig["cpu"] <= IDLE_GOAL, note(fig, server)))
    if wm:
        fig, server = _run("minimised", seconds, env, server_pid)
        ok = not fig["active"]
        rows_.append(Row(f"window CPU, minimised Risk board ({name})", f"{fig['cpu']:.3f} of a core",
                         f"<= {MINIMISED_GOAL}", ok and fig["cpu"] <= MINIMISED_GOAL,
                         note(fig, server) + ("" if ok else "; the window manager did not minimise it")))
    fig, server = _run("animation", seconds, env, server_pid)
    ratio = fig["fps"] / fig["plain_fps"]
    rows_.append(Row(f"window frames/s while the dice roll ({name})", f"{ratio:.2f}x the plain loop's",
                     f">= {ANIMATION_GOAL}x", ratio >= ANIMATION_GOAL,
                     f"{fig['fps']:.1f} frames/s at {fig['cpu']:.3f} of a core; the plain 60-a-second loop "
                     f"{fig['plain_fps']:.1f} at {fig['plain_cpu']:.3f}"
                     + (f"; the X server {server:.3f}" if server is not None else "")))
    return rows_


if __name__ == "__main__":
    sys.exit(main())
