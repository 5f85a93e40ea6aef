"""Real processes for the integration tests: `run.py serve` / `bot` / `replay` (or a test module run
with -m), on loopback only, every wait bounded."""
import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ENV = {**os.environ, "SANDTABLE_DISCOVERY_INTERFACES": "127.0.0.1", "PYTHONPATH": str(ROOT),
       "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
REAL = None   # `module` for the real run.py


def spawn(*args, module=REAL):
    """`module` None: the real `run.py`; else a module run with -m."""
    command = [sys.executable, "run.py"] if module is None else [sys.executable, "-m", module]
    return subprocess.Popen([*command, *args], cwd=ROOT, env=ENV, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def serve(*args, module=REAL):
    """Start `serve` and return (process, (host, port)) once it prints `listening on HOST:PORT`."""
    proc = spawn("serve", "--host", "127.0.0.1", "--port", "0", "--no-discovery", "--bot-delay", "0", *args,
                 module=module)
    line = proc.stdout.readline()
    match = re.fullmatch(r"listening on (127\.0\.0\.1):(\d+)\n", line)
    assert match, (line, proc.stderr.read() if proc.poll() is not None else "")
    return proc, (match.group(1), int(match.group(2)))


def stop(proc: subprocess.Popen, seconds: float = 10, *, close_pipes: bool = True) -> None:
    """End a process a test started: terminate, then kill past `seconds`; then close its pipes (unless a
    reader of the caller's still holds them)."""
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(seconds)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(seconds)
    for stream in (proc.stdout, proc.stderr) if close_pipes else ():
        if stream:
            stream.close()


def finish(proc, timeout=30):
    """(exit code, stdout, stderr) once `proc` ends; AssertionError (after killing it) past `timeout` s."""
    try:
        out, err = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        out, err = proc.communicate()
        raise AssertionError(f"{proc.args[2:4]} did not finish: {err[-2000:]}")
    return proc.returncode, out, err


def bots_play_a_served_game(game: str, levels, save: Path, *serve_args: str, timeout: float = 120,
                            module=REAL) -> str:
    """`serve --game GAME` with one `bot` process per level until the game ends; the host's output.
    Asserts every process exits cleanly. `module`: as for `spawn` (a test's own game needs its registry)."""
    host, (ip, port) = serve("--game", game, "--seats", str(len(levels)), "--save", str(save), *serve_args,
                             module=module)
    players = []
    try:
        # Each bot in its own seat with its own seed: a turn-based game plays the same way every run.
        players = [spawn("bot", "--connect", f"{ip}:{port}", "--level", level, "--game", game, "--seat", str(seat),
                         "--seed", str(seat + 1), module=module) for seat, level in enumerate(levels)]
        results = [finish(p, timeout) for p in players]
        code, out, err = finish(host, 30)
    finally:
        for p in players + [host]:
            p.kill()
            p.wait(10)
    assert [r[0] for r in results] == [0] * len(levels), [r[2][-500:] for r in results]
    assert code == 0, err
    return out


def verify_replay(save: Path, module=REAL) -> tuple[str, int]:
    """`replay SAVE --verify` in its own process: (state hash, rev) it printed. `module`: as for `spawn`."""
    command = [sys.executable, "run.py"] if module is None else [sys.executable, "-m", module]
    verify = subprocess.run([*command, "replay", str(save), "--verify"], cwd=ROOT, env=ENV,
                            capture_output=True, text=True, timeout=60)
    assert verify.returncode == 0, verify.stderr
    match = re.fullmatch(r"([0-9a-f]{64})\nrev (\d+)\n", verify.stdout)
    assert match, verify.stdout
    return match.group(1), int(match.group(2))
