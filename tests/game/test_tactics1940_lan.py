"""Tactics (1940) in the window over the network: two window processes at one table on loopback.

- a submarine strike out of turn, seen from both sides: a `run.py serve --resume` process holds a
  game in which South holds the submarine card for a square North can sail onto; this window
  (North) makes that move by clicking the piece and the square, a second window process (South,
  tests/game/window_tactics.py) sees the window open with its Strike button and presses S; both
  screens show the same window (banner and countdown), the submarine surfacing and the ship gone;
- a whole game between two windows in two processes: this one hosts from Host on LAN, the other
  finds the table in its LAN browser and joins; both play through real clicks to the game over,
  and both final boards are the host's own record (its autosave, checked by `replay --verify`).
"""
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import bots
import pygame

from tests.game import lan_play
from tests.game.lan_play import frames_until, host_from_the_form, hosted_game, play_to_the_end

from engine import legal as listing
from engine.session import Session
from engine.tactics1940.board import load as load_board
from tests.bot_games import bot_step
from tests.game.window_tactics import board_of

ROOT = Path(__file__).resolve().parents[2]
STRIKE_SEED = 1   # a two-seat game in which, 13 actions in, North may sail onto a square South's card names
# The table's longest reaction window (an option; 3 s is the default): the striker's process presses S half a second
# after its window shows the Strike button, and on a loaded machine its frames can lag the host's clock by seconds
STRIKE_WINDOW = 10


def spawn(home, *args) -> subprocess.Popen:
    env = dict(os.environ, SANDTABLE_HOME=str(home), SANDTABLE_DISCOVERY_INTERFACES="127.0.0.1", PYTHONPATH=str(ROOT),
               SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    return subprocess.Popen([sys.executable, *args], cwd=ROOT, env=env, text=True, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)


def wait_for_board(ui, seconds: float = 20.0):
    from game.tactics1940 import BoardScene
    return lan_play.wait_for_board(ui, BoardScene, seconds)


def strike_save(path) -> tuple[dict, int]:
    """Bots play both seats of a seeded two-seat game until North (seat 0) is to move and one of its listed
    one-square moves ends on the square of a submarine card South (seat 1) holds; the game is saved there
    with both seats open. Returns (that move, the card)."""
    board = load_board()
    session = Session("tactics1940", 2, seed=STRIKE_SEED, seats=[{"name": None, "kind": "open"}] * 2,
                      options={"reaction_seconds": STRIKE_WINDOW})
    players = [bots.make("tactics1940", "normal", seat, STRIKE_SEED + seat) for seat in (0, 1)]
    for _ in range(600):
        public = session.view(None)["public"]
        if session.to_act() == [0] and not public["steps"] and public["stage"] == "move":
            watched = {tuple(board.square_of(c["ocean"], c["number"])): c["card"]
                       for c in session.view(1)["private"]["submarines"]}
            for action in listing.of_type(session.legal(0), "move")[0]:
                if len(action["path"]) == 1 and tuple(action["path"][0]) in watched:
                    session.save(path)
                    return action, watched[tuple(action["path"][0])]
        bot_step(session, players)
    raise AssertionError("no position found")


def test_a_strike_out_of_turn_shows_on_the_strikers_and_the_victims_windows(ui, procs, sandbox_home, tmp_path):
    from game.board_kit.autoplay import post_click
    save = tmp_path / "strike.sandtable"
    move, card = strike_save(save)
    host = spawn(sandbox_home, str(ROOT / "run.py"), "serve", "--game", "tactics1940", "--host", "127.0.0.1",
                 "--port", "0", "--no-discovery", "--resume", str(save))
    procs.append(host)
    line = host.stdout.readline()
    match = re.fullmatch(r"listening on 127\.0\.0\.1:(\d+)\n", line)
    assert match, (line, host.stderr.read() if host.poll() is not None else "")
    address = f"127.0.0.1:{match.group(1)}"

    ui.app.settings.animation_speed = "normal"   # the surfacing submarine is an animation: let it play
    ui.key(pygame.K_j)                           # this window joins first: seat 0, North, the mover
    ui.click(ui.top.address.rect.center)
    ui.type_text(address)
    ui.key(pygame.K_RETURN)
    out = tmp_path / "striker.json"
    shot = tmp_path / "striker.png"
    striker = spawn(tmp_path / "striker-home", "-m", "tests.game.window_tactics", "--address", address, "--out",
                    str(out), "--until", "strike", "--seconds", "60", "--name", "Grace", "--shot", str(shot))
    procs.append(striker)
    board = wait_for_board(ui)
    assert board.link.my_seats == [0] and board.powers.name(0) == "North"
    assert frames_until(ui, lambda: board.orders is not None and board.orders.kind == "move", 20), \
        (board.link.seats, striker.poll())

    # the game so far is in the log (the host's history: issue 43), its past windows and strikes with it
    assert frames_until(ui, lambda: len(board.log.entries) > 10, 20)
    # the striker's window is at the table before North moves (on a loaded machine its process starts slowly)
    assert frames_until(ui, lambda: len(board.link.seats) > 1 and board.link.seats[1].get("name") == "Grace"
                        and board.link.seats[1].get("connected"), 30), (board.link.seats, striker.poll())
    windows = board.clock.windows

    # North sails onto the watched square, by clicking the piece and then the square
    piece = next(p for p in board.pub["pieces"] if p["id"] == move["piece"])
    target = tuple(move["path"][0])
    post_click(board.map.centre(piece["at"]))
    ui.frames(1)
    assert board.selected == move["piece"] and board.targets().get(target) in ("move", "attack")
    post_click(board.map.centre(target))
    ui.frames(1)
    assert board.sent == [move]

    # the window opens on this screen too: the banner and its countdown, but no Strike button for the mover
    assert frames_until(ui, lambda: board.clock.open, 10)   # the striker takes half a second, as a person would
    assert board.clock.seconds == STRIKE_WINDOW and board.clock.square == target
    assert not [b for b in board.buttons if b.action["type"] == "strike"]
    assert frames_until(ui, lambda: board.strikes_seen and board.strikes_seen[-1]["piece"] == move["piece"], 20), \
        striker.poll()
    strike = board.strikes_seen[-1]
    assert strike["seat"] == 1 and strike["piece"] == move["piece"] and strike["card"]["id"] == card
    assert tuple(strike["square"]) == target
    assert frames_until(ui, lambda: "Surfacing" in board.effects.seen, 5)
    assert any(e["text"].startswith("Submarine! South strikes") for e in board.log.entries)
    assert next(p for p in board.pub["pieces"] if p["id"] == move["piece"])["at"] is None
    assert board.clock.windows == windows + 1 and not board.window_open

    # ... and on the striker's own screen, in the other process
    assert striker.wait(60) == 0, striker.stderr.read()
    theirs = json.loads(out.read_text())
    assert theirs["seat"] == 1 and theirs["names"] == ["Tester", "Grace"]
    assert theirs["strike_button"], "the holder's window offered a Strike button"
    assert theirs["sent"] == [{"type": "strike", "card": card}]
    assert theirs["countdowns"] == [float(STRIKE_WINDOW)], "the same countdown on both screens"
    assert [s["piece"] for s in theirs["strikes"]][-1:] == [move["piece"]] and "Surfacing" in theirs["effects"]
    shown = {p["id"]: p["at"] for p in theirs["board"]["pieces"]}
    assert shown[move["piece"]] is None
    assert shot.exists(), "the striker's screen was captured with the submarine surfacing"


def test_two_windows_in_two_processes_play_tactics_over_the_lan_to_the_end(ui, procs, sandbox_home, tmp_path,
                                                                          monkeypatch):
    """This window hosts from Host on LAN (two seats: me and an open one); a second window process finds
    the table in its LAN browser, joins and plays; both play through real clicks to the game over."""
    from game.tactics1940.autoplay import ClickPlayer
    from net import host as host_module
    start_in_thread = host_module.start_in_thread
    # windows that ask a person last their time on a real table; here 5% of it, as `serve --timer-scale`
    monkeypatch.setattr(host_module, "start_in_thread",
                        lambda *a, **k: start_in_thread(*a, **{**k, "timer_scale": 0.05}))
    table, lobby = host_from_the_form(ui, "tactics1940", 2)
    out = tmp_path / "rival.json"
    rival = spawn(tmp_path / "rival-home", "-m", "tests.game.window_tactics", "--table", table, "--out", str(out),
                  "--seed", "4", "--seconds", "120")
    procs.append(rival)
    board = wait_for_board(ui, 40)   # the rival took the open seat: the table starts
    link = board.link
    assert link.my_seats == [0] and [s["name"] for s in link.seats] == ["Tester", "Rival"]
    player = ClickPlayer(board, bots.make, "hard", 12)
    over = play_to_the_end(ui, board, player.step, rival, 120)
    theirs = json.loads(out.read_text())
    mine = link.view(0)["public"]
    assert mine["result"] is not None and "blockaded" in mine["result"]["reason"]
    assert over.result == mine["result"] == theirs["result"] == theirs["shown_result"]
    assert board.refusals == [] and theirs["refusals"] == []

    hosted = hosted_game(ui, "tactics1940", link, board_of, mine, theirs)
    assert theirs["seat"] == 1 and theirs["rev"] == hosted.rev
    by_seat = [sum(1 for seat, _ in hosted.log if seat == s) for s in (0, 1)]
    assert by_seat[0] == len(board.sent) > 10, "every action the host took for my seat came from my clicks"
    late = theirs["late"]   # an action the other window had in flight as the game ended: answered after the end
    crossed = late is not None and late["t"] == "err"
    assert not crossed or late["code"] == "game_over", late
    assert by_seat[1] == len(theirs["sent"]) - crossed > 10, "and every one for the other seat from the other window's"
    assert sum(by_seat) + sum(1 for seat, _ in hosted.log if seat is None) == hosted.rev
