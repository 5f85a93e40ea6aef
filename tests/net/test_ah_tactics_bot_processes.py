"""Tactics (1954) over real loopback sockets: `serve --game ah_tactics` and two `bot` processes play a whole
game to a victory (rule A); every process exits 0, and replaying the host's save (`replay --verify`)
reaches the same final state. The save holds what each side did with its reserves, yet the replay
shows only what a spectator saw (tests/conformance/test_secrecy.py checks that by value)."""
import re
import subprocess
import sys

from engine.session import Session
from tests.net.test_tactics1940_bot_processes import ENV, ROOT, finish, run_py

SEED = 14


def test_serve_ah_tactics_with_two_bot_processes_ends_in_a_victory_and_replays_to_the_same_hash(tmp_path):
    save = tmp_path / "ah_tactics.sandsave"
    host = run_py("serve", "--game", "ah_tactics", "--seats", "2", "--host", "127.0.0.1", "--port", "0",
                  "--no-discovery", "--bot-delay", "0", "--seed", str(SEED), "--save", str(save))
    players = []
    try:
        line = host.stdout.readline()
        match = re.fullmatch(r"listening on (127\.0\.0\.1):(\d+)\n", line)
        assert match, (line, host.stderr.read() if host.poll() is not None else "")
        address = f"{match.group(1)}:{match.group(2)}"
        players = [run_py("bot", "--connect", address, "--level", level, "--game", "ah_tactics")
                   for level in ("hard", "easy")]
        results = [finish(p, 300) for p in players]   # about a minute on a busy machine; bounded
        code, out, err = finish(host, 30)
    finally:
        for p in players + [host]:
            p.kill()
            p.wait(10)
    assert [r[0] for r in results] == [0, 0], [r[2][-500:] for r in results]
    assert code == 0, err
    won = re.search(r"game over: seat (\d) .* won \((.+)\)", out)
    assert won, out
    assert "army eliminated" in won.group(2) or "every city" in won.group(2), out

    verify = subprocess.run([sys.executable, "run.py", "replay", str(save), "--verify"], cwd=ROOT, env=ENV,
                            capture_output=True, text=True, timeout=120)
    assert verify.returncode == 0, verify.stderr
    match = re.fullmatch(r"([0-9a-f]{64})\nrev (\d+)\n", verify.stdout)
    assert match, verify.stdout
    replayed = Session.load(save)   # a second, independent replay in this process
    assert replayed.state_hash() == match.group(1) and replayed.rev == int(match.group(2))
    result = replayed.result()
    assert result is not None and result["winners"] == [int(won.group(1))] and result["reason"] == won.group(2)
    assert {seat for seat, _ in replayed.log if seat is not None} == {0, 1}
    assert any(action["type"] == "confirm_battles" for _, action in replayed.log), "battles were fought"
