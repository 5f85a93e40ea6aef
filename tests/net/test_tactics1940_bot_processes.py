"""Tactics (1940) over real loopback sockets: `serve --game tactics1940 --seats 4` and four `bot` processes
play a whole game to a blockade and a settled score; every process exits 0, and replaying the host's save
(`replay --verify`) reaches the same final state.

Every submarine window asks the three seats that did not move, all of them bot processes the host cannot
tell from people, so each window lasts its full time: `--timer-scale 0.05` shortens them for this table.
A bot asked in a window with nothing in its `legal` (it holds no card for the square) must simply wait."""
import os
import re
import subprocess
import sys
from pathlib import Path

from engine.session import Session

ROOT = Path(__file__).resolve().parents[2]
ENV = {**os.environ, "SANDTABLE_DISCOVERY_INTERFACES": "127.0.0.1", "PYTHONPATH": str(ROOT),
       "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
SEED = 1940


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


def test_serve_tactics_with_four_bot_processes_ends_in_a_blockade_and_replays_to_the_same_hash(tmp_path):
    save = tmp_path / "tactics1940.sandsave"
    host = run_py("serve", "--game", "tactics1940", "--seats", "4", "--host", "127.0.0.1", "--port", "0",
                  "--no-discovery", "--bot-delay", "0", "--timer-scale", "0.05", "--seed", str(SEED),
                  "--save", str(save))
    players = []
    try:
        line = host.stdout.readline()
        match = re.fullmatch(r"listening on (127\.0\.0\.1):(\d+)\n", line)
        assert match, (line, host.stderr.read() if host.poll() is not None else "")
        address = f"{match.group(1)}:{match.group(2)}"
        players = [run_py("bot", "--connect", address, "--level", level, "--game", "tactics1940")
                   for level in ("hard", "normal", "easy", "normal")]
        results = [finish(p, 240) for p in players]   # seconds on a quiet machine; bounded for a busy one
        code, out, err = finish(host, 30)
    finally:
        for p in players + [host]:
            p.kill()
            p.wait(10)
    assert [r[0] for r in results] == [0, 0, 0, 0], [r[2][-500:] for r in results]
    assert code == 0, err
    assert re.search(r"game over: seat \d .* won \(\w+ blockaded \w+'s seaport\)", out), out

    verify = subprocess.run([sys.executable, "run.py", "replay", str(save), "--verify"], cwd=ROOT, env=ENV,
                            capture_output=True, text=True, timeout=60)
    assert verify.returncode == 0, verify.stderr
    match = re.fullmatch(r"([0-9a-f]{64})\nrev (\d+)\n", verify.stdout)
    assert match, verify.stdout
    replayed = Session.load(save)   # a second, independent replay in this process
    assert replayed.state_hash() == match.group(1) and replayed.rev == int(match.group(2))
    result = replayed.result()
    assert result is not None and "blockaded" in result["reason"] and result["reason"] in out
    outcome = replayed.view(None)["public"]["outcome"]
    settlement = outcome["settlement"]
    assert len(settlement) == 4 and all(settlement[i][j] == -settlement[j][i] for i in range(4) for j in range(4))
    assert [sum(row) for row in settlement] == [4 * s - sum(result["scores"]) for s in result["scores"]]
    closed = sum(1 for seat, action in replayed.log if seat is None and action["type"] == "close_window")
    assert closed >= 5, "submarine windows opened and the table's timer closed them"
    assert {seat for seat, _ in replayed.log if seat is not None} == {0, 1, 2, 3}


def test_a_bot_asked_in_a_submarine_window_with_nothing_to_strike_sends_nothing_and_waits():
    """A window asks every seat but the mover; a bot process whose `legal` is empty there (it holds no card
    for the square) must not act: it waits for the next update (here the game's end) and exits 0."""
    import asyncio

    import bots
    from cli.bot import _turns

    session = Session("tactics1940", 4, seed=SEED)
    players = [bots.make("tactics1940", "normal", s, s) for s in range(4)]
    waiting = None
    for _ in range(3000):
        steps = session.view(None)["public"]["steps"]
        if steps and steps[0]["step"] == "window":
            waiting = next((s for s in session.to_act() if not session.legal(s)["actions"]), None)
            if waiting is not None:
                break
        for seat in session.to_act():
            action = players[seat].choose(session.view(seat))
            if action is not None:
                session.act(seat, action)
                break
        else:
            session.act(None, session.timer()["action"])
    assert waiting is not None, "no window asked a seat with nothing to strike"
    view = session.view(waiting)
    view["public"]["table_phase"] = "play"
    assert waiting in view["public"]["to_act"] and view["private"]["legal"] == {"actions": []}

    class Client:
        seat = waiting
        sent = []

        async def act(self, action):
            self.sent.append(action)
            return {"t": "ok", "rev": 0}

    async def play():
        inbox: asyncio.Queue = asyncio.Queue()
        over = {"public": {**view["public"], "result": {"winners": [0], "scores": [1, 0, 0, 0], "reason": "test"},
                           "to_act": []}, "private": {}}
        inbox.put_nowait({"t": "update", "rev": view["public"]["rev"] + 1, "view": over, "events": []})
        return await asyncio.wait_for(_turns(Client(), bots.make("tactics1940", "hard", waiting, 1), view, inbox), 5)
    assert asyncio.run(play()) == 0
    assert Client.sent == []
