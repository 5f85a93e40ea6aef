"""The headless commands: serve's argument errors, replay --verify, bot against a table that refuses,
serve stopping cleanly on a signal."""
import os
import re
import signal
import subprocess
import sys

import pytest

from cli import build_parser
from cli.serve import parse_options
from engine import games
from engine.session import Session
from tests.net.processes import ENV, ROOT, finish
from tests.net.test_processes import serve, spawn
from tests.net.wire import RawClient

TOY = games.rules("toy")


def run_cli(*args, module="tests.net.cli_toy", timeout=30):
    return subprocess.run([sys.executable, "-m", module, *args], cwd=ROOT, env=ENV, capture_output=True,
                          text=True, timeout=timeout)


@pytest.mark.parametrize("args", [
    ["serve", "--game", "toy", "--option", "pile"],            # not KEY=VALUE
    ["serve", "--game", "toy", "--option", "pile=0"],          # the game refuses the value
    ["serve", "--game", "toy", "--seats", "99"],
    ["serve", "--game", "toy", "--bots", "5", "--seats", "2"],  # more bots than seats
    ["serve", "--game", "nope"],
    ["serve", "--game", "toy", "--port", "http"],
])
def test_bad_serve_arguments_print_usage_and_exit_2_without_traceback(args):
    """"bad args -> usage + exit 2, never a traceback"."""
    done = run_cli(*args, "--no-discovery", "--port", "0") if "--port" not in args else run_cli(*args)
    assert done.returncode == 2, done.stderr
    assert "usage:" in done.stderr and "Traceback" not in done.stderr


def test_option_values_become_the_games_types():
    assert parse_options(["pile=12"], TOY) == {"pile": 12}
    with pytest.raises(ValueError):
        parse_options(["pile"], TOY)
    if "risk" in games.available():
        assert parse_options(["fortify=ADJACENT"], games.rules("risk")) == {"fortify": "adjacent"}


def test_replay_verify_prints_the_final_hash_and_rev(tmp_path):
    s = Session("toy", 2, seed=5, options={"pile": 10})
    for count in (3, 2, 1):
        s.apply(s.to_act()[0], {"type": "take", "count": count})
    path = tmp_path / "g.sandsave"
    s.save(path)
    done = run_cli("replay", str(path), "--verify")
    assert done.returncode == 0
    assert done.stdout == f"{s.state_hash()}\nrev 3\n"


def test_replay_of_a_bad_save_prints_its_sentence_and_exits_1(tmp_path):
    path = tmp_path / "junk.sandsave"
    path.write_bytes(b"not a save")
    done = run_cli("replay", str(path), "--verify")
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert "junk.sandsave is not a Sandtable save file" in done.stderr


def test_resume_of_a_missing_file_is_a_sentence_and_exit_1(tmp_path):
    done = run_cli("serve", "--game", "toy", "--resume", str(tmp_path / "gone"), "--no-discovery", "--port", "0")
    assert done.returncode == 1 and "There is no save file" in done.stderr and "Traceback" not in done.stderr


def test_a_one_seat_bot_plays_the_whole_game_and_both_processes_exit_0():
    """serve "exits 0 after the game ends and the result is sent"; bot "exits 0 when the game ends"."""
    proc, address = serve("--game", "toy", "--seats", "1")
    try:
        code, out, err = finish(spawn("bot", "--connect", f"{address[0]}:{address[1]}"))
        assert code == 0 and "game over" in out
        code, out, err = finish(proc)
        assert code == 0 and "game over: seat 0" in out
    finally:
        proc.kill()


def test_bot_at_a_full_table_exits_1_with_the_hosts_sentence(start_host):
    h = start_host(n_seats=1)
    RawClient(h.address).hello()
    done = run_cli("bot", "--connect", f"{h.address[0]}:{h.address[1]}")
    assert done.returncode == 1 and "Every seat at this table is taken" in done.stderr


def test_serve_parser_keeps_the_design_arguments():
    args = build_parser().parse_args(["serve", "--game", "toy", "--bots", "hard,easy", "--takeover", "10",
                                      "--bot-delay", "0"])
    assert args.bots == ["hard", "easy"] and args.takeover == 10 and args.bot_delay == 0


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT])
def test_serve_stops_cleanly_on_sigterm_like_sigint(tmp_path, sig):
    """SIGTERM (as from a service manager) is handled like Ctrl+C: the zeroconf advert is withdrawn,
    the autosave is complete (resume picks the game up where it was), and the exit status is 0."""
    from net.discovery import Browser
    from tests.net.test_discovery import wait_for
    name = f"sigterm-{os.getpid()}-{sig.name}"
    save = tmp_path / "stopped.sandsave"
    browser = Browser()
    proc = spawn("serve", "--game", "toy", "--seats", "2", "--host", "127.0.0.1", "--port", "0", "--name", name,
                 "--save", str(save), "--option", "pile=40")
    try:
        match = re.fullmatch(r"listening on 127\.0\.0\.1:(\d+)\n", proc.stdout.readline())
        assert match
        port = int(match.group(1))
        assert wait_for(lambda: any(t.table == name for t in browser.tables()), 10)
        players = [RawClient(("127.0.0.1", port)), RawClient(("127.0.0.1", port))]
        for p in players:
            p.hello()
        mover = next(p for p in players if p.seat == 0)
        assert mover.request(1, {"type": "take", "count": 3}) == {"t": "ok", "seq": 1, "rev": 1}
        proc.send_signal(sig)
        code, out, err = finish(proc, 15)
        assert code == 0, err
        assert f"stopped by {sig.name}" in out and str(save) in out and "Traceback" not in err
        assert wait_for(lambda: not any(t.table == name for t in browser.tables()), 5), "the advert stayed"
        assert all(p.is_closed() for p in players)
    finally:
        browser.close()
        if proc.poll() is None:
            proc.kill()
            proc.wait(5)
    resumed = Session.load(save)
    assert resumed.rev == 1 and resumed.state["pile"] == 37
