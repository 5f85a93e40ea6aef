"""The boardgame.io comparison row (bench/bgio.py): it installs nothing, says how to install the
Node side when it is missing, and both sides time real moves through real servers on 127.0.0.1."""
import shutil

import pytest

from bench import bgio
from net import patches


def test_without_the_node_modules_the_row_says_not_run_and_gives_the_install_command(monkeypatch, tmp_path):
    monkeypatch.setattr(bgio, "HARNESS", tmp_path)   # a harness folder where nothing was installed
    monkeypatch.setattr(bgio, "ours", lambda rounds, seed=1, views="patches": [0.001] * rounds)   # ours is tested below
    monkeypatch.setattr(bgio, "floor", lambda rounds: [0.0001] * rounds)
    reason = bgio.why_not_run()
    assert reason is not None and "cd bench/bgio && npm ci" in reason
    rows = bgio._rows(quick=True)
    comparison = rows[-1]
    assert comparison.value == "not run" and comparison.met is None
    assert comparison.note == f"not run: {reason}"
    assert not (tmp_path / "node_modules").exists()   # nothing was installed on the way


@pytest.mark.parametrize("views", ["patches", "whole"])
def test_ours_times_one_setup_placement_per_sample_through_a_real_risk_host(views):
    samples = bgio.ours(6, seed=3, views=views)
    assert len(samples) == 6
    assert all(0 < s < 5 for s in samples)


def test_a_patched_view_is_the_host_s_view_or_the_bench_stops():
    view = {"public": {"territories": {"alaska": {"owner": 0, "armies": 1}}}}
    moved = {"public": {"territories": {"alaska": {"owner": 0, "armies": 2}}}}
    patch, stale = patches.diff(view, moved), patches.view_hash(view)
    assert bgio._held(view, {"t": "update", "patch": patch, "hash": patches.view_hash(moved)}) == moved
    with pytest.raises(RuntimeError):
        bgio._held({"public": {"territories": {"alaska": {"owner": 0, "armies": 1}}}},
                   {"t": "update", "patch": patch, "hash": stale})


@pytest.mark.skipif(shutil.which("node") is None or not (bgio.HARNESS / "node_modules" / "boardgame.io").is_dir(),
                    reason="the Node side is not installed (cd bench/bgio && npm ci)")
def test_theirs_times_moves_through_a_boardgame_io_server_and_client():
    samples = bgio.theirs(6)
    assert len(samples) == 6
    assert all(0 < s < 5 for s in samples)


def test_ours_serves_a_fresh_table_when_a_setup_runs_out_of_placements():
    # A 4-seat setup is 4 x 30 armies on 42 territories: 78 placements, then the first turn.
    samples = bgio.ours(90, seed=4, views="whole")
    assert len(samples) == 90
