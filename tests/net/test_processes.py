"""Whole processes killed mid-game: clients come back by token, a host resumes from its autosave."""
import json
import re
import signal

from engine import Session
from tests.net import processes
from tests.net.processes import finish
from tests.net.wire import RawClient

TOY = "tests.net.cli_toy"


def spawn(*args, module=TOY):
    return processes.spawn(*args, module=module)


def serve(*args, module=TOY):
    return processes.serve(*args, module=module)


def test_killed_client_reconnects_with_its_token_to_the_same_seat_and_view(start_host):
    """"Presenting it in a later hello reclaims that seat" — after the client process was SIGKILLed."""
    h = start_host(n_seats=2, options={"pile": 50})
    holder = spawn(*map(str, h.address), module="tests.net.seat_holder")
    try:
        other = RawClient(h.address)
        other.hello(seat=1)
        report = json.loads(holder.stdout.readline())
        holder.send_signal(signal.SIGKILL)
        holder.wait(5)
        other.recv_until(lambda m: m["t"] == "update" and not m["view"]["public"]["seats"][report["seat"]]["connected"])
        back = RawClient(h.address)
        w = back.hello(token=report["token"])
        assert w["seat"] == report["seat"]
        assert w["view"]["private"] == report["view"]["private"]
        assert w["view"]["public"]["pile"] == report["view"]["public"]["pile"] == 48
        assert w["seats"][report["seat"]]["connected"] is True
    finally:
        holder.kill()
        holder.wait(5)


def _play_one(clients, seq):
    """The seat to act takes one counter; returns its answer."""
    for c in clients:
        c.send({"t": "ping", "n": seq})
        c.recv_until(lambda m: m["t"] == "pong")
    if clients[0].view["public"]["result"] is not None:
        return None
    mover = next(c for c in clients if c.seat in c.view["public"]["to_act"])
    return mover.request(seq, {"type": "take", "count": 1})


def test_host_sigkilled_mid_game_resumes_with_nothing_lost(tmp_path):
    """Autosave before ok: every acknowledged action survives a SIGKILL; `serve --resume` continues."""
    save = tmp_path / "table.sandsave"
    proc, address = serve("--game", "toy", "--seats", "2", "--option", "pile=30", "--save", str(save))
    try:
        clients = [RawClient(address), RawClient(address)]
        for c in clients:
            c.hello()
        acknowledged = [_play_one(clients, seq) for seq in range(1, 8)]
        assert [a["rev"] for a in acknowledged] == list(range(1, 8))
        for c in clients:  # read up to the update of the last move, so each view is the one at rev 7
            c.send({"t": "ping", "n": 0})
            c.recv_until(lambda m: m["t"] == "pong")
        views = {c.seat: c.view for c in clients}
        proc.send_signal(signal.SIGKILL)
        proc.wait(5)
    finally:
        proc.kill()
    proc, address = serve("--game", "toy", "--resume", str(save))
    try:
        back = [RawClient(address), RawClient(address)]
        for old, new in zip(clients, back):
            w = new.hello(token=old.token)
            assert w["seat"] == old.seat and w["rev"] == 7
            assert w["view"]["private"] == views[old.seat]["private"]
            assert w["view"]["public"]["pile"] == 30 - 7
        for seq in range(100, 200):
            answer = _play_one(back, seq)
            if answer is None:
                break
            assert answer["t"] == "ok"
        assert back[0].view["public"]["result"] is not None
        for c in back:
            c.send({"t": "bye"})
        code, out, err = finish(proc)
        assert code == 0 and "game over:" in out, err
    finally:
        proc.kill()


def test_serve_risk_with_four_bot_processes_finishes_and_everyone_exits_0(tmp_path):
    """End to end: `serve --game risk --seats 4` plus four `bot` processes finish a game with a winner."""
    save = tmp_path / "risk.sandsave"
    out = processes.bots_play_a_served_game("risk", ("hard", "normal", "hard", "normal"), save, "--seed", "3",
                                            timeout=240)   # seconds usually; bounded for a busy machine
    assert re.search(r"game over: seat \d \(.*\) won", out), out
    state_hash, rev = processes.verify_replay(save)
    assert Session.load(save).state_hash() == state_hash
