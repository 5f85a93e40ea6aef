"""The boardgame.io comparison row (bench/bgio.py): it installs nothing, says how to install the Node side
when it is missing, and both sides make the same moves through real servers on 127.0.0.1, each seat held
by its project's own client in a process of its own."""
import collections
import shutil

import pytest

from bench import bgio

NODE_SIDE = shutil.which("node") is not None and (bgio.HARNESS / "node_modules" / "boardgame.io").is_dir()
# The setup's last two placements (each passes the turn on), then the first main turns' moves in order:
# three placements and a turn end, then two placements of the next seat's turn.
LAST_OF_SETUP = 76
MIX = collections.Counter({"place": 7, "endTurn": 1})


def test_without_the_node_modules_the_row_says_not_run_and_gives_the_install_command(monkeypatch, tmp_path):
    monkeypatch.setattr(bgio, "HARNESS", tmp_path)   # a harness folder where nothing was installed
    measured = {}

    def fake_measure(quick, with_theirs):   # ours is timed for real below
        measured["with_theirs"] = with_theirs
        return {"ours": [0.001] * 8, "whole": [0.001] * 8, "tcp": [0.0001] * 8, "ours kinds": ["place"] * 8}

    monkeypatch.setattr(bgio, "measure", fake_measure)
    reason = bgio.why_not_run()
    assert reason is not None and "cd bench/bgio && npm ci" in reason
    rows = bgio._rows(quick=True)
    comparison = rows[-1]
    assert measured["with_theirs"] is False
    assert comparison.value == "not run" and comparison.met is None
    assert comparison.note == f"not run: {reason}"
    assert not (tmp_path / "node_modules").exists()   # nothing was installed on the way


def _timed_moves(make_side, monkeypatch) -> tuple[list[float], list[str]]:
    monkeypatch.setattr(bgio, "WARM_UP", LAST_OF_SETUP)
    side = make_side()
    try:
        assert side.seats.state == LAST_OF_SETUP
        return side.block(8)
    finally:
        side.close()


def test_ours_times_each_move_of_four_seat_processes_through_a_real_risk_host(monkeypatch):
    samples, kinds = _timed_moves(bgio.ours, monkeypatch)
    assert len(samples) == 8 and all(0 < s < 5 for s in samples)
    assert collections.Counter(kinds) == MIX


@pytest.mark.skipif(not NODE_SIDE, reason="the Node side is not installed (cd bench/bgio && npm ci)")
def test_theirs_makes_the_same_moves_through_a_boardgame_io_server_and_four_client_processes(monkeypatch):
    samples, kinds = _timed_moves(bgio.theirs, monkeypatch)
    assert len(samples) == 8 and all(0 < s < 5 for s in samples)
    assert collections.Counter(kinds) == MIX


@pytest.mark.skipif(not NODE_SIDE, reason="the Node side is not installed (cd bench/bgio && npm ci)")
def test_the_socket_io_floor_times_echoed_events_through_its_own_server():
    floor = bgio.SocketIoFloor()
    try:
        samples = floor.block(3)
    finally:
        floor.close()
    assert len(samples) == 3 and all(0 < s < 5 for s in samples)
