"""The Civil War Game over real loopback sockets: `serve --game civil_war` and two `bot` processes play a
whole game; every process exits 0, and replaying the host's save reaches the same final state."""
import os
import re
import subprocess
import sys
from pathlib import Path

from engine.session import Session

ROOT = Path(__file__).resolve().parents[2]
ENV = {**os.environ, "SANDTABLE_DISCOVERY_INTERFACES": "127.0.0.1", "PYTHONPATH": str(ROOT),
       "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}


def run_py(*args):
    return subprocess.Popen([sys.executable, "run.py", *args], cwd=ROOT, env=ENV, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def finish(proc, timeout):
    try:
        out, err = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        out, err = proc.communicate()
        raise AssertionError(f"{proc.args[2:4]} did not finish: {err[-2000:]}")
    return proc.returncode, out, err


def test_serve_civil_war_with_two_bot_processes_finishes_and_replays_to_the_same_hash(tmp_path):
    save = tmp_path / "civil_war.sandsave"
    host = run_py("serve", "--game", "civil_war", "--host", "127.0.0.1", "--port", "0", "--no-discovery",
                  "--bot-delay", "0", "--seed", "1863", "--save", str(save))
    players = []
    try:
        line = host.stdout.readline()
        match = re.fullmatch(r"listening on (127\.0\.0\.1):(\d+)\n", line)
        assert match, (line, host.stderr.read() if host.poll() is not None else "")
        address = f"{match.group(1)}:{match.group(2)}"
        players = [run_py("bot", "--connect", address, "--level", level) for level in ("hard", "normal")]
        results = [finish(p, 60) for p in players]
        code, out, err = finish(host, 30)
    finally:
        for p in players + [host]:
            p.kill()
            p.wait(10)
    assert [r[0] for r in results] == [0, 0], [r[2][-500:] for r in results]
    assert code == 0, err
    assert re.search(r"game over: (seat \d \(.*\) won|.*draw|.*no winner)", out), out

    verify = subprocess.run([sys.executable, "run.py", "replay", str(save), "--verify"], cwd=ROOT, env=ENV,
                            capture_output=True, text=True, timeout=60)
    assert verify.returncode == 0, verify.stderr
    match = re.fullmatch(r"([0-9a-f]{64})\nrev (\d+)\n", verify.stdout)
    assert match, verify.stdout
    replayed = Session.load(save)  # a second, independent replay in this process
    assert replayed.game_id == "civil_war" and replayed.result() is not None
    assert replayed.result()["reason"] in out  # the replay ends the way the host announced
    assert replayed.state_hash() == match.group(1) and replayed.rev == int(match.group(2))
    halfway = Session.load(save, upto=replayed.rev // 2)
    assert halfway.result() is None and halfway.state_hash() != replayed.state_hash()
