"""A real X desktop for window tests: Xvfb (started by pyvirtualdisplay) of a chosen size, the openbox
window manager on it (title bars, click-to-focus, maximise, full screen: what a player's desktop does),
Sandtable windows on it (tests/desktop/probe.py) and xdotool for real keyboard and mouse input (XTEST:
the X server sees them as a person's keys and pointer, unlike events posted inside the program).

Everything is bounded in time; `Desktop.close()` stops every process it started.
"""
import json
import os
import queue
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from tests.net.processes import stop

ROOT = Path(__file__).resolve().parents[2]
TOOLS = ("Xvfb", "xdotool", "openbox", "xprop")


def missing_tools() -> list[str]:
    """What this machine lacks for real-X tests (.ci/run installs them with apt-get)."""
    missing = [t for t in TOOLS if shutil.which(t) is None]
    try:
        import pyvirtualdisplay  # noqa: F401
    except ImportError:
        missing.append("pyvirtualdisplay (pip install -e '.[test]')")
    return missing


class Window:
    """A probe window in its own process; `state` is the last thing it said it shows."""

    def __init__(self, desktop: "Desktop", scene: str, args: list[str], home: Path):
        env = dict(desktop.env, SDL_VIDEODRIVER="x11", SDL_AUDIODRIVER="dummy", SANDTABLE_HOME=str(home),
                   SANDTABLE_DISCOVERY_INTERFACES="127.0.0.1", SANDTABLE_HOST_BIND="127.0.0.1",
                   PYTHONPATH=str(ROOT))
        self.desktop = desktop
        self.proc = subprocess.Popen([sys.executable, "-m", "tests.desktop.probe", "--scene", scene, *args], cwd=ROOT,
                                     env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.state: dict = {}
        self.states: "queue.Queue[dict]" = queue.Queue()
        self.stderr: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()
        threading.Thread(target=lambda: self.stderr.extend(self.proc.stderr), daemon=True).start()

    def _read(self) -> None:
        for line in self.proc.stdout:
            try:
                state = json.loads(line)
            except ValueError:
                continue
            if "exit" not in state:
                self.state = state
            self.states.put(state)

    def wait(self, condition, seconds: float = 20.0, what: str = "") -> dict:
        """Wait until `condition(state)` holds; the state. Fails with what the window last showed."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if self.state and condition(self.state):
                return self.state
            if self.proc.poll() is not None and self.states.empty():
                break
            time.sleep(0.02)
        self._tell_where()
        raise AssertionError(f"window never showed {what or condition}: last {json.dumps(self.state)[:600]}; "
                             f"exit {self.proc.poll()}; {self.desktop.window_manager_news()}; "
                             f"stderr {''.join(self.stderr)[-4000:]}")

    def _tell_where(self) -> None:
        """Have a window still running print its threads' stacks to its stderr (the probe's SIGUSR1), so a
        wait that failed says where the window was."""
        if self.proc.poll() is not None:
            return
        before = len(self.stderr)
        self.proc.send_signal(signal.SIGUSR1)
        deadline = time.monotonic() + 3
        while time.monotonic() < deadline and len(self.stderr) == before:
            time.sleep(0.05)
        time.sleep(0.2)   # the rest of the stacks

    def settle(self, seconds: float = 0.4) -> dict:
        """Let what was sent land: the state after `seconds` with nothing new."""
        time.sleep(seconds)
        return self.state

    @property
    def wid(self) -> int:
        return self.state["wid"]

    def activate(self) -> None:
        """Focus this window the way a player does: click on its title bar."""
        self.desktop.xdo("windowactivate", "--sync", str(self.wid))
        self.wait(lambda s: s["focused"], 5, "keyboard focus")

    def screen_point(self, inside) -> tuple[int, int]:
        """A point given inside the window, on the screen."""
        x, y, _, _ = self.desktop.geometry(self.wid)
        return x + inside[0], y + inside[1]

    def close(self) -> None:
        stop(self.proc, close_pipes=False)   # its readers end on their own at the pipes' end


class Desktop:
    def __init__(self, size=(1366, 768), *, window_manager: bool = True):
        from pyvirtualdisplay import Display
        self.size = size
        self.display = Display(backend="xvfb", size=size, color_depth=24, manage_global_env=False)
        self.display.start()
        self.env = dict(os.environ, DISPLAY=self.display.new_display_var)
        self.home = Path(tempfile.mkdtemp(prefix="sandtable-x-"))
        self.windows: list[Window] = []
        self.wm = None
        self.wm_log = self.home / "openbox.log"
        if window_manager:
            try:
                self._start_window_manager()
            except BaseException:
                self.close()   # no X server left behind
                raise

    def _start_window_manager(self) -> None:
        """openbox, up once it has claimed the screen (started again if it gave up: a display number just
        freed by another test's server can still be going away)."""
        deadline = time.monotonic() + 20
        while True:
            # its words go to a file: a pipe nobody reads until the end could fill and stop it mid-test
            with open(self.wm_log, "ab") as log:
                self.wm = subprocess.Popen(["openbox", "--sm-disable"], env=self.env, stdout=subprocess.DEVNULL,
                                           stderr=log)
            while self.wm.poll() is None:
                if "window id" in self.x("xprop", "-root", "_NET_SUPPORTING_WM_CHECK"):
                    return
                assert time.monotonic() < deadline, "openbox did not start"
                time.sleep(0.05)
            assert time.monotonic() < deadline, f"openbox did not start: {self.wm_said()}"
            time.sleep(0.2)

    def window_manager_news(self) -> str:
        """Whether openbox still runs: a window manager gone while a window waited to be mapped leaves SDL waiting
        in set_mode for ever (its map request went to the manager, which never answered)."""
        if self.wm is None:
            return "no window manager"
        if self.wm.poll() is None:
            return "openbox running"
        return f"openbox exited {self.wm.returncode}: {self.wm_said()!r}"

    def wm_said(self) -> str:
        """The end of what openbox wrote to its stderr."""
        try:
            return self.wm_log.read_text(errors="replace")[-500:]
        except OSError:
            return ""

    def x(self, *command: str) -> str:
        out = subprocess.run(command, env=self.env, capture_output=True, text=True, timeout=20)
        return out.stdout

    def xdo(self, *args: str) -> str:
        return self.x("xdotool", *args)

    def window(self, scene: str = "title", *args: str) -> Window:
        window = Window(self, scene, list(args), self.home / f"w{len(self.windows)}")
        self.windows.append(window)
        window.wait(lambda s: s.get("wid"), 40, "its window")
        return window

    # ----- real input -----------------------------------------------------------------------
    def hold(self, key: str, seconds: float) -> None:
        self.xdo("keydown", key)
        time.sleep(seconds)
        self.xdo("keyup", key)

    def hold_until(self, key: str, window: "Window", condition, seconds: float = 20.0, what: str = "") -> dict:
        """Hold `key` down until `window` shows `condition(state)` (bounded), then let go: a held key is judged
        by what it did, not by how long it was held (a busy machine gives a window fewer frames a second)."""
        self.xdo("keydown", key)
        try:
            return window.wait(condition, seconds, what)
        finally:
            self.xdo("keyup", key)

    def tap(self, key: str) -> None:
        self.xdo("key", key)

    def drag(self, start, end, steps: int = 8) -> None:
        """Press at `start`, move to `end` in steps, release: screen coordinates."""
        self.xdo("mousemove", str(start[0]), str(start[1]))
        time.sleep(0.05)
        self.xdo("mousedown", "1")
        for i in range(1, steps + 1):
            x = round(start[0] + (end[0] - start[0]) * i / steps)
            y = round(start[1] + (end[1] - start[1]) * i / steps)
            self.xdo("mousemove", str(x), str(y))
            time.sleep(0.02)
        self.xdo("mouseup", "1")

    def click(self, at, repeat: int = 1) -> None:
        self.xdo("mousemove", str(at[0]), str(at[1]), "click", "--repeat", str(repeat), "--delay", "80", "1")

    # ----- what the X server says -----------------------------------------------------------
    def geometry(self, wid: int) -> tuple[int, int, int, int]:
        """(x, y, width, height) of a window's inside on the screen, as the X server has it (xwininfo:
        xdotool's getwindowgeometry counts a window manager's frame twice)."""
        out = self.x("xwininfo", "-id", str(wid))
        values = {}
        for line in out.splitlines():
            key, _, value = line.strip().partition(":")
            values[key] = value.strip()
        return (int(values["Absolute upper-left X"]), int(values["Absolute upper-left Y"]), int(values["Width"]),
                int(values["Height"]))

    def frame_extents(self, wid: int) -> tuple[int, int, int, int]:
        """(left, right, top, bottom) of the frame openbox draws around the window."""
        out = self.x("xprop", "-id", str(wid), "_NET_FRAME_EXTENTS")
        if "=" not in out:
            return 0, 0, 0, 0
        return tuple(int(v) for v in out.split("=", 1)[1].split(","))

    def outer(self, wid: int) -> tuple[int, int, int, int]:
        """(left, top, right, bottom) of the window with its frame, on the screen."""
        x, y, w, h = self.geometry(wid)
        left, right, top, bottom = self.frame_extents(wid)
        return x - left, y - top, x + w + right, y + h + bottom

    def state(self, wid: int) -> str:
        """The window manager's _NET_WM_STATE of a window (MAXIMIZED_..., FULLSCREEN, HIDDEN)."""
        return self.x("xprop", "-id", str(wid), "_NET_WM_STATE")

    def windows_of(self, pid: int) -> list[str]:
        """The X windows a process has made (mapped or not)."""
        return self.xdo("search", "--pid", str(pid)).split()

    def close(self) -> None:
        for window in self.windows:
            window.close()
        if self.wm is not None:
            stop(self.wm, close_pipes=False)
        self.display.stop()
        shutil.rmtree(self.home, ignore_errors=True)
