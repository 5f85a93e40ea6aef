"""Smoke test of an installed or bundled `sandtable`: from an empty folder it draws the window's
first frame, and it serves a game of bots to the end.

    python tools/smoke.py PROGRAM [ARG...]      e.g. .venv-wheel/bin/sandtable, dist/sandtable/sandtable

Used by tests/test_packaging.py (the wheel) and tools/build_bundle.py --smoke (the bundle).
Headless (SDL dummy drivers), a throwaway SANDTABLE_HOME, loopback only, every step bounded.
"""
import os
import subprocess
import sys
import tempfile
from pathlib import Path

FRAME_TIMEOUT = 120.0
GAME_TIMEOUT = 300.0
# The bot game of the acceptance check, on a free loopback port and without the pause a host
# leaves between bot moves for people to follow (nobody watches here).
SERVE_ARGS = ["serve", "--game", "risk", "--seats", "2", "--bots", "easy,easy", "--no-discovery",
              "--host", "127.0.0.1", "--port", "0", "--bot-delay", "0", "--seed", "7"]


class SmokeError(AssertionError):
    """The program did not do what a player needs; str() says what and shows its output."""


def clean_env(home: Path) -> dict:
    """The caller's environment without anything that could lead Python to a source checkout."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "VIRTUAL_ENV"))}
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", SANDTABLE_HOME=str(home),
               SANDTABLE_DISCOVERY_INTERFACES="127.0.0.1", PYGAME_HIDE_SUPPORT_PROMPT="1")
    return env


def _run(command: list, folder: Path, env: dict, timeout: float) -> subprocess.CompletedProcess:
    try:
        return subprocess.run(command, cwd=folder, env=env, capture_output=True, text=True, timeout=timeout,
                              stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired as e:
        raise SmokeError(f"{' '.join(map(str, command))} did not finish within {timeout:.0f} s\n"
                         f"stdout: {e.stdout}\nstderr: {e.stderr}") from None


def _check(done: subprocess.CompletedProcess, what: str, needle: str) -> str:
    line = next((x for x in done.stdout.splitlines() if x.startswith(needle)), None)
    if done.returncode != 0 or line is None:
        raise SmokeError(f"{what}: exit {done.returncode}, no line starting {needle!r}\n"
                         f"stdout: {done.stdout}\nstderr: {done.stderr}")
    return line


def first_frame(program: list, folder: Path, env: dict) -> str:
    """The window opens, draws its first frame and exits (game.app's first-frame flag)."""
    done = _run(list(program), folder, {**env, "SANDTABLE_FIRST_FRAME_EXIT": "1"}, FRAME_TIMEOUT)
    return _check(done, "the window", "first frame")


def bot_game(program: list, folder: Path, env: dict) -> str:
    """`serve` hosts two easy bots until the game ends; returns its `game over: ...` line."""
    done = _run([*program, *SERVE_ARGS], folder, env, GAME_TIMEOUT)
    _check(done, "serve", "listening on ")
    return _check(done, "serve", "game over: ")


def smoke(program: list) -> list[str]:
    """Both checks from a new empty folder; the lines that prove them. The folder must stay empty:
    the program writes only under SANDTABLE_HOME (here outside it)."""
    with tempfile.TemporaryDirectory(prefix="sandtable-smoke-") as tmp:
        folder, home = Path(tmp) / "empty", Path(tmp) / "home"
        folder.mkdir()
        env = clean_env(home)
        lines = [first_frame(program, folder, env), bot_game(program, folder, env)]
        left = sorted(p.name for p in folder.iterdir())
        if left:
            raise SmokeError(f"the program left files in the folder it ran from: {left}")
        return lines


def main(argv: list[str]) -> int:
    if not argv:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    try:
        for line in smoke(argv):
            print(line)
    except SmokeError as e:
        print(f"smoke test failed: {e}", file=sys.stderr)
        return 1
    print("smoke test passed")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
