"""Tactics (1954) in the window over the network: windows in separate processes at one table on loopback.

- two windows, one a side: this one hosts from Host on LAN, the other (tests/game/window_ah_tactics.py)
  finds the table in its LAN browser and joins; both play through real clicks, set-up, movement and
  battle plans, for several rounds; every action the host took for a seat came from that seat's window,
  both windows end on the host's own board (its autosave, checked by `replay --verify`);
- two a side (rule A: one commander and a second player per side): this window hosts four seats and is
  Blue's commander, three window processes take the other seats; all four play through clicks, the
  second players moving and planning beside their commanders, for a few rounds.
Every loop is bounded in time and count.
"""
import json
import subprocess
import sys
import time

import bots

from engine.session import Session
from tests.game.driver import host_starts_when_full
from tests.game.lan_play import frames_until, host_from_the_form
from tests.game.test_tactics1940_lan import ROOT, spawn
from tests.game.window_ah_tactics import count_answers, settle, stop_at


def host_table(ui, seats: int) -> tuple[str, object]:
    return host_from_the_form(ui, "ah_tactics", seats)


def play_here(ui, rounds: int, seconds: float, others) -> tuple:
    """This window plays seat 0 by clicks until round `rounds` (or the end), then lets the table settle.
    Returns (board, answers)."""
    from game.ah_tactics import BoardScene
    from game.ah_tactics.autoplay import ClickPlayer
    from game.scenes.game_over import GameOverScene

    def on_board() -> bool:
        host_starts_when_full(ui)   # this window hosts: its player starts the table once it is full
        return isinstance(ui.top, BoardScene)
    assert frames_until(ui, on_board, 120), \
        [(p.poll(), p.stderr.read()[-300:] if p.poll() is not None and p.stderr else "") for p in others]
    board = ui.top
    answers = count_answers(board)
    player = ClickPlayer(board, bots.make, "hard", 12)
    deadline = time.monotonic() + seconds
    while not (isinstance(ui.top, GameOverScene) or stop_at(board, rounds)):
        assert time.monotonic() < deadline, (board.link.rev, board.pub.get("round"), board.refusals[-3:],
                                             [p.poll() for p in others])
        if ui.top is board:
            player.step()
        ui.turn()
        time.sleep(0.001)
    settle(ui, board.link)
    return board, answers


def window_results(others, outs, seconds: float = 60) -> list[dict]:
    results = []
    for proc, out in zip(others, outs):
        assert proc.wait(seconds) == 0, proc.stderr.read()
        results.append(json.loads(out.read_text()))
    return results


def hosted_save(ui, link) -> tuple[Session, object]:
    from game import paths
    saves = sorted(paths.saves_dir().glob("ah_tactics-*.sandtable"))
    assert len(saves) == 1, saves
    assert frames_until(ui, lambda: Session.load(saves[0]).rev == link.rev, 5.0)
    return Session.load(saves[0]), saves[0]


def same(a) -> dict:
    """A public view as the game made it (JSON-shaped; the link's own notes on the seats left out)."""
    return {k: v for k, v in json.loads(json.dumps(a)).items() if k not in ("seats", "table_phase")}


def test_two_windows_in_two_processes_play_tactics_1954_over_the_lan_for_several_rounds(ui, procs, tmp_path):
    """This window hosts (Blue, seat 0); a second window process finds the table in its LAN browser,
    joins as Red and plays; both play by clicks from the set-up through round 3."""
    rounds = 3
    table, lobby = host_table(ui, 2)
    out = tmp_path / "rival.json"
    rival = spawn(tmp_path / "rival-home", "-m", "tests.game.window_ah_tactics", "--table", table, "--out", str(out),
                  "--seed", "4", "--rounds", str(rounds), "--seconds", "150")
    procs.append(rival)
    board, answers = play_here(ui, rounds, 150, [rival])
    link = board.link
    assert link.my_seats == [0] and [s["name"] for s in link.seats] == ["Tester", "Rival"]
    theirs, = window_results([rival], [out])
    mine = link.view(0)["public"]
    assert mine["round"] >= rounds and theirs["round"] == mine["round"]
    assert board.refusals == [] and theirs["refusals"] == []
    assert answers["err"] == 0 and theirs["answers"]["err"] == 0

    hosted, save = hosted_save(ui, link)
    assert theirs["seat"] == 1 and theirs["rev"] == hosted.rev == link.rev
    host_public = same(hosted.view(0)["public"])
    assert same(mine) == host_public, "my window's final board is the host's"
    assert same(theirs["public"]) == same(hosted.view(1)["public"]), \
        "the other window's final board is the host's, as Red sees it"
    by_seat = [sum(1 for seat, _ in hosted.log if seat == s) for s in (0, 1)]
    assert by_seat[0] == len(board.sent) == answers["ok"] >= 10, "every action the host took for me came from my clicks"
    assert by_seat[1] == len(theirs["sent"]) == theirs["answers"]["ok"] >= 10, "and Red's from the other window's"
    kinds = {a["type"] for a in board.sent} | {a["type"] for a in theirs["sent"]}
    assert {"setup_done", "move", "end_movement", "confirm_battles"} <= kinds, kinds
    verify = subprocess.run([sys.executable, str(ROOT / "run.py"), "replay", str(save), "--verify"], cwd=ROOT,
                            capture_output=True, text=True, timeout=60)
    assert verify.returncode == 0 and verify.stdout.split()[0] == hosted.state_hash(), verify.stderr


def test_two_players_a_side_four_windows_play_tactics_1954_over_the_lan_with_every_seat_acting(ui, procs, tmp_path):
    """Rule A: two a side, the commander (seats 0 and 1) ends the phases, the second player (seats 2 and 3)
    moves units from the shared allowance and drafts the battle plan. This window hosts four seats and is
    Blue's commander; three window processes take the other seats from the LAN browser."""
    rounds = 5
    table, lobby = host_table(ui, 4)
    others, outs = [], []
    for i, name in enumerate(("Grace", "Alan", "Edsger")):
        outs.append(tmp_path / f"{name}.json")
        others.append(spawn(tmp_path / f"{name}-home", "-m", "tests.game.window_ah_tactics", "--table", table,
                            "--out", str(outs[-1]), "--seed", str(20 + i), "--rounds", str(rounds),
                            "--seconds", "200", "--name", name))
        procs.append(others[-1])
    board, answers = play_here(ui, rounds, 200, others)
    link = board.link
    assert link.my_seats == [0] and len(link.seats) == 4
    theirs = window_results(others, outs)
    assert sorted(t["seat"] for t in theirs) == [1, 2, 3]
    by_window = {0: (board.sent, answers), **{t["seat"]: (t["sent"], t["answers"]) for t in theirs}}

    hosted, save = hosted_save(ui, link)
    assert all(t["rev"] == hosted.rev == link.rev for t in theirs)
    assert same(link.view(0)["public"]) == same(hosted.view(0)["public"]), "my final board is the host's"
    for t in theirs:
        assert same(t["public"]) == same(hosted.view(t["seat"])["public"]), t["seat"]
    by_seat = {s: sum(1 for seat, _ in hosted.log if seat == s) for s in range(4)}
    # Every seat acts; how much a second player moves depends on its race with its commander for one shared
    # allowance (a unit its teammate has just halted is refused), so a few accepted moves each is the promise.
    for seat, (sent, counted) in by_window.items():
        assert by_seat[seat] == counted["ok"] >= 3, (seat, by_seat, counted, [t["refusals"] for t in theirs])
        assert len(sent) == counted["ok"] + counted["err"], "every action sent was answered"
    seconds = {s: {a["type"] for a in by_window[s][0]} for s in (2, 3)}
    for s in (2, 3):
        assert "move" in seconds[s] and not seconds[s] & {"setup_done", "end_movement", "confirm_battles"}, \
            (s, seconds[s])
    commanders = {a["type"] for s in (0, 1) for a in by_window[s][0]}
    assert {"setup_done", "end_movement", "confirm_battles"} <= commanders
    verify = subprocess.run([sys.executable, str(ROOT / "run.py"), "replay", str(save), "--verify"], cwd=ROOT,
                            capture_output=True, text=True, timeout=60)
    assert verify.returncode == 0 and verify.stdout.split()[0] == hosted.state_hash(), verify.stderr
