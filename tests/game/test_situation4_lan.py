"""Situation 4 in the window, over the network (issue 5): a `run.py serve` process hosting the race on
loopback, this process's window joining it by address and racing through real posted mouse drags.

- a whole race against a `run.py bot` process, to the final tally and the game-over scene, the window's
  final board equal to the host's own record (its autosave, checked by `replay --verify`);
- two window-side links racing for one space: the loser's prediction shows at once, then rolls back on
  screen when the host says `illegal`; afterwards the loser's board is the host's;
- a dropped connection mid-race: the reconnecting banner, then the racer goes on in the same seat;
- the window's countdown ends when a racer elsewhere (a bot process told not to count) has started;
- two windows in two processes: this one hosts from Host on LAN, the other finds the table in its LAN
  browser, joins, and the two race a whole game to the scored end (tests/game/window_racer.py).
"""
import os
import re
import subprocess
import sys
import time
from pathlib import Path

import bots
import pygame

from engine.session import Session
from game import theme
from game.situation4 import palette
from tests.game import lan_play
from tests.game.lan_play import frames_until, hosted_game, play_to_the_end
from tests.game.proxy import Relay
from tests.game.window_racer import board_of


ROOT = Path(__file__).resolve().parents[2]
COLS = 12


def slot(row: int, col: int) -> int:
    return row * COLS + col


def spawn(sandbox_home, *args) -> subprocess.Popen:
    env = dict(os.environ, SANDTABLE_HOME=str(sandbox_home), SANDTABLE_DISCOVERY_INTERFACES="127.0.0.1",
               PYTHONPATH=str(ROOT))
    return subprocess.Popen([sys.executable, str(ROOT / "run.py"), *args], cwd=ROOT, env=env, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def serve(sandbox_home, *args) -> tuple[subprocess.Popen, int]:
    """`run.py serve --game situation4` on loopback; returns (process, port) once it listens."""
    proc = spawn(sandbox_home, "serve", "--game", "situation4", "--host", "127.0.0.1", "--port", "0",
                 "--no-discovery", "--bot-delay", "0", *args)
    line = proc.stdout.readline()
    match = re.fullmatch(r"listening on 127\.0\.0\.1:(\d+)\n", line)
    assert match, (line, proc.stderr.read() if proc.poll() is not None else "")
    return proc, int(match.group(1))


def join_by_address(ui, port: int):
    """Title -> LAN browser -> typed address -> (lobby) -> the board, as a person joins a table."""
    ui.key(pygame.K_j)
    ui.click(ui.top.address.rect.center)
    ui.type_text(f"127.0.0.1:{port}")
    ui.key(pygame.K_RETURN)


def wait_for_board(ui, seconds: float = 15.0):
    from game.situation4 import BoardScene
    return lan_play.wait_for_board(ui, BoardScene, seconds)


def record_messages(link) -> list[dict]:
    """Keep a copy of every message the scene polls from `link` (the scene still gets them all)."""
    seen: list[dict] = []
    poll = link.poll

    def recording():
        out = poll()
        seen.extend(out)
        return out
    link.poll = recording
    return seen


def nearest_side(colour) -> int:
    return min((0, 1), key=lambda s: sum((a - b) ** 2 for a, b in zip(colour[:3], palette.side_shade(s))))


def answers_to_all(ui, board, messages, seconds: float = 5.0) -> list[dict]:
    """Run frames until the host has answered every move the board sent; the answers (ok / err)."""
    answers = lambda: [m for m in messages if m["t"] in ("ok", "err")]  # noqa: E731
    assert frames_until(ui, lambda: len(answers()) >= len(board.sent), seconds), (len(answers()), len(board.sent))
    assert len(answers()) == len(board.sent)
    return answers()


# ----- (a) a whole race against a bot process ---------------------------------------------------------------
RACE_SECONDS = 30.0


def test_a_window_races_a_bot_process_over_loopback_to_the_tally_and_its_board_is_the_hosts(ui, procs, sandbox_home,
                                                                                           tmp_path):
    from game.scenes.game_over import GameOverScene
    from game.situation4.autoplay import RaceHand
    save = tmp_path / "race.sandtable"
    host, port = serve(sandbox_home, "--seats", "2", "--seed", "5", "--save", str(save))
    procs.append(host)
    join_by_address(ui, port)     # first at the table: seat 0, the lobby waits for a second racer
    ui.frames(1)
    bot = spawn(sandbox_home, "bot", "--connect", f"127.0.0.1:{port}", "--level", "hard", "--pace", "0.05",
                "--name", "Hal")
    procs.append(bot)
    board = wait_for_board(ui)
    link = board.link
    assert link.my_seats == [0] and link.game == "situation4" and board.side == 0
    assert [s["name"] for s in link.seats] == ["Tester", "Hal"]
    messages = record_messages(link)
    hand = RaceHand(board, bots.make, "hard", seed=11)
    tally_seen, frames, checked = False, 0, 0
    deadline = time.monotonic() + RACE_SECONDS
    while not isinstance(ui.top, GameOverScene):
        assert time.monotonic() < deadline, (link.rev, link.status, board.refusals[-3:], hand.inputs,
                                             host.poll(), bot.poll())
        if ui.top is board:
            hand.step()
        ui.frames(1)
        frames += 1
        tally_seen = tally_seen or board.tally is not None
        if frames % 5 == 0 and ui.top is board and not board.predictions and board.tally is None:
            # mid-race, with nothing of mine in flight: the board on my screen is the host's at that rev
            # (its autosave, journaled before any `ok` or update leaves the host)
            shown = board.pub
            hosted = Session.load(save, upto=shown["rev"])
            if hosted.rev == shown["rev"]:
                assert board_of(shown) == board_of(hosted.view(0)["public"]), shown["rev"]
                assert board.targets.owner == shown["owner"]
                checked += 1
        time.sleep(0.001)
    assert checked >= 3, f"the board was compared with the host's mid-race only {checked} times"
    over = ui.top
    assert tally_seen, "the final tally showed before the game-over scene"
    final = link.view(0)["public"]
    assert final["result"] is not None and final["filled"] == len(final["owner"])
    assert over.result == final["result"] and over.result["scores"] == final["scores"]
    # every move of mine was a real drag the scene sent, and the host answered each one: `ok`, or `illegal`
    # for a race lost, or `game_over` for a move still on its way when the puzzle was completed
    assert board.sent and hand.inputs >= len(board.sent)
    answers = answers_to_all(ui, board, messages)
    assert {m.get("code") for m in answers if m["t"] == "err"} <= {"illegal", "game_over"}, answers
    oks = sum(1 for m in answers if m["t"] == "ok")
    assert board.predictions.confirmed <= oks and board.refusals.count("The game is over.") == 0

    # the host's own record: the autosave it wrote after every accepted action, checked by `replay --verify`
    assert host.wait(15) == 0, host.stderr.read()
    assert "game over" in host.stdout.read()
    verify = subprocess.run([sys.executable, str(ROOT / "run.py"), "replay", str(save), "--verify"], cwd=ROOT,
                            capture_output=True, text=True, timeout=60)
    assert verify.returncode == 0, verify.stderr
    digest, rev_line = verify.stdout.split()[0], verify.stdout.strip().splitlines()[-1]
    hosted = Session.load(save)
    assert digest == hosted.state_hash() and rev_line == f"rev {hosted.rev}"
    assert link.rev == hosted.rev, "the window saw every step the host took"
    # the race as this guest saw it is kept to watch again, as a race: no turns for the expert to weigh
    assert [b.label for b in over.menu.buttons] == ["Replay", "Main menu"]
    assert board_of(final) == board_of(hosted.view(0)["public"]), "the window's final board is the host's"
    assert final["result"] == hosted.result()
    mine = sum(1 for seat, _ in hosted.log if seat == 0)
    assert mine == oks > 5, "every move the host took for my seat came from the window's drags"
    assert sum(1 for seat, _ in hosted.log if seat == 1) > 5, "the bot raced too"
    assert bot.wait(15) == 0, bot.stderr.read()


# ----- (b) two window-side links racing for one space -------------------------------------------------------
def contested_save(path, seed: int = 21) -> int:
    """A race saved with both seats open where orange (up column 0) and yellow (down it) may both lay
    (3,0) next; returns that space."""
    session = Session("situation4", 2, seed=seed, seats=[{"name": None, "kind": "open"}] * 2)
    for row in (7, 6, 5, 4):
        session.apply(0, {"type": "place", "piece": slot(row, 0), "slot": slot(row, 0)})
    for row in (0, 1, 2):
        session.apply(1, {"type": "place", "piece": slot(row, 0), "slot": slot(row, 0)})
    session.save(path)
    return slot(3, 0)


def test_two_links_race_for_one_space_the_losers_prediction_shows_then_rolls_back_on_screen(ui, procs, sandbox_home,
                                                                                            tmp_path):
    from engine.situation4 import get_board, legality
    from game.situation4.autoplay import post_drag
    from net.client import RemoteTable
    board_data = get_board()
    save = tmp_path / "contested.sandtable"
    contested = contested_save(save)
    host, port = serve(sandbox_home, "--seats", "2", "--resume", str(save))
    procs.append(host)
    relay = Relay(("127.0.0.1", port), delay=0.8)   # the window hears the table 0.8 s late
    rival = None
    try:
        join_by_address(ui, relay.port)
        ui.frames(1)
        # the other window's link, straight to the host; it asks for seat 1, as the window's hello (which now
        # waits in the browser for the table's answer) may arrive after it
        rival = RemoteTable("127.0.0.1", port, name="Rival", seat=1)
        board = wait_for_board(ui)
        assert board.link.my_seats == [0] and board.side == 0
        assert frames_until(ui, lambda: rival.status == "connected" and rival.my_seats == [1])
        assert frames_until(ui, lambda: board.view is not None and board.racing)
        pub = board.pub
        assert legality.place_problem(board_data, pub["owner"], pub["forces"], 0, contested, contested) is None
        messages = record_messages(board.link)
        # the contested piece, scrolled into view in my tray
        if contested not in board.tray.rects:
            for _ in range(40):
                ui.key(pygame.K_RIGHT)
                if contested in board.tray.rects:
                    break
        assert contested in board.tray.rects, board.tray.scroll

        # the rival gets there first and hears its `ok`; my window has not heard of it yet
        seq = rival.send({"type": "place", "piece": contested, "slot": contested})
        answered = []
        deadline = time.monotonic() + 5
        while not answered and time.monotonic() < deadline:
            answered = [m for m in rival.poll() if m.get("seq") == seq and m["t"] in ("ok", "err")]
            time.sleep(0.002)
        assert answered and answered[0]["t"] == "ok", answered
        deadline = time.monotonic() + 5  # the update follows its ok (a separate frame, maybe a moment later)
        while rival.rev < answered[0]["rev"] and time.monotonic() < deadline:
            rival.poll()
            time.sleep(0.002)
        assert rival.view(1)["public"]["owner"][contested] == 1

        # my drag: the scene's own view says the space is free, so it is sent and shows at once
        post_drag(board.tray.rects[contested].center, board.proj.slot_centre(contested))
        ui.frames(1)
        assert board.sent[-1] == {"type": "place", "piece": contested, "slot": contested}
        assert len(board.predictions) == 1 and board.predictions.rolled_back == 0
        centre = board.proj.slot_centre(contested)
        assert nearest_side(ui.app.surface.get_at(centre)) == 0, "my prediction shows at once, in my shade"
        assert board.targets.owner[contested] == 0 and board.pub["owner"][contested] is None
        ui.frames(3)
        assert len(board.predictions) == 1, "still shown while the table's answer is on its way"
        assert nearest_side(ui.app.surface.get_at(centre)) == 0

        # the table's answer arrives: `err illegal` for my move, and the rollback on screen
        assert frames_until(ui, lambda: board.predictions.rolled_back == 1, 5.0)
        assert len(board.predictions) == 0
        reason = board.predictions.history[-1]["reason"]
        assert reason in ("Yellow got there first.", "That space is already filled."), reason
        assert board.refusals[-1] == reason and board.hint()[0] == f"Refused: {reason}"
        assert board.effects.bounces and board.effects.bounces[-1]["piece"] == contested, "the piece bounces back to the tray"
        assert board.effects.flashes[contested][1] == palette.ILLEGAL, "the space flashes red"
        assert frames_until(ui, lambda: any(m["t"] == "err" for m in messages), 5.0)
        errs = [m for m in messages if m["t"] in ("ok", "err")]
        assert [(m["t"], m.get("code")) for m in errs] == [("err", "illegal")], errs
        ui.frames(3)
        assert board.refusals.count(reason) == 1 and board.predictions.rolled_back == 1, "told once, not twice"

        # once the effects are over, my window shows exactly the host's board: the rival's piece there
        assert frames_until(ui, lambda: not board.effects.bounces and not board.effects.flashes, 5.0)
        assert nearest_side(ui.app.surface.get_at(centre)) == 1
        assert board.targets.owner == board.pub["owner"]
        assert contested not in board.tray.items
        assert board.link.rev == rival.rev
        assert board_of(board.pub) == board_of(rival.view(1)["public"])
        assert frames_until(ui, lambda: Session.load(save).rev == board.link.rev, 5.0)
        assert board_of(board.pub) == board_of(Session.load(save).view(0)["public"]), "the host's own record"
    finally:
        if rival is not None:
            rival.close()
        relay.close()


# ----- (c) a dropped connection mid-race ---------------------------------------------------------------------
def test_a_racer_whose_connection_drops_sees_the_banner_and_races_on_in_the_same_seat(ui, procs, sandbox_home,
                                                                                       tmp_path):
    from game.scenes.game_over import GameOverScene
    from game.situation4.autoplay import RaceHand
    from tests.game.proxy import Relay
    save = tmp_path / "dropped.sandtable"
    host, port = serve(sandbox_home, "--seats", "2", "--seed", "9", "--save", str(save))
    procs.append(host)
    relay = Relay(("127.0.0.1", port))
    try:
        join_by_address(ui, relay.port)
        ui.frames(1)
        bot = spawn(sandbox_home, "bot", "--connect", f"127.0.0.1:{port}", "--level", "normal", "--pace", "0.15")
        procs.append(bot)
        board = wait_for_board(ui)
        link = board.link
        assert link.my_seats == [0]
        hand = RaceHand(board, bots.make, "hard", seed=3)
        messages = record_messages(link)

        def race_until(condition, seconds):
            deadline = time.monotonic() + seconds
            while not condition():
                assert time.monotonic() < deadline, (link.rev, link.status, board.refusals[-3:])
                if ui.top is board:
                    hand.step()
                ui.frames(1)
                time.sleep(0.002)

        race_until(lambda: board.predictions.confirmed >= 6, 10)
        before = board.predictions.confirmed
        relay.drop()
        assert frames_until(ui, lambda: ui.app.reconnecting, 10), link.status
        ui.frames(2)
        assert isinstance(ui.top, type(board)) and ui.app.reconnecting
        edge = (640 - 210, 98)   # the left border of the "Reconnecting…" banner, drawn in the warning colour
        assert tuple(ui.app.surface.get_at(edge))[:3] == tuple(theme.colours.warning)[:3]
        relay.restore()
        assert frames_until(ui, lambda: link.status == "connected", 15), link.status
        ui.frames(1)
        assert not ui.app.reconnecting and link.my_seats == [0] and link.seats[0]["connected"]
        assert ui.top is board, "the race picks up where it was"
        assert tuple(ui.app.surface.get_at(edge))[:3] != tuple(theme.colours.warning)[:3], "the banner is gone"
        race_until(lambda: board.predictions.confirmed >= before + 6, 10)   # and goes on, in the same seat
        race_until(lambda: isinstance(ui.top, GameOverScene), 30)            # to its end
        assert host.wait(15) == 0, host.stderr.read()
        hosted = Session.load(save)
        assert board_of(link.view(0)["public"]) == board_of(hosted.view(0)["public"])
        answers = answers_to_all(ui, board, messages)
        assert {m.get("code") for m in answers if m["t"] == "err"} <= {"illegal", "game_over"}, answers
        assert sum(1 for seat, _ in hosted.log if seat == 0) == sum(1 for m in answers if m["t"] == "ok"), \
            "every move the host took for my seat, before and after the drop, came from the window's drags"
        assert [s["name"] for s in hosted.seats][0] == "Tester"
    finally:
        relay.close()


# ----- the countdown against a racer that does not count ----------------------------------------------------------
def test_the_windows_countdown_ends_when_a_racer_elsewhere_has_already_started(ui, procs, sandbox_home):
    """Every racer keeps the start count, but the host has no clock to make them: a racer that does not
    count (here a `bot --countdown 0` process) moves from the moment the table starts. A window still
    counting down when the first move arrives says Go at once, so it never races from behind."""
    from engine.situation4 import get_board
    from game.situation4.autoplay import post_drag
    ui.app.settings.animation_speed = "normal"          # a real 3-second count
    host, port = serve(sandbox_home, "--seats", "2", "--seed", "2")
    procs.append(host)
    join_by_address(ui, port)
    ui.frames(1)
    procs.append(spawn(sandbox_home, "bot", "--connect", f"127.0.0.1:{port}", "--level", "easy", "--pace", "1.0",
                       "--countdown", "0"))
    board = wait_for_board(ui)
    assert board.countdown.running and board.pub["rev"] == 0 and not board.racing
    counted = 0.0
    for _ in range(400):                                 # bounded: ~6.5 s of frames at most
        if board.pub["rev"] > 0:
            break
        ui.frames(1)
        counted += 1 / 60
        time.sleep(1 / 60)
    assert board.pub["rev"] > 0, "the bot never moved"
    assert counted < board.countdown.total - 0.5, "the bot moved before our count would have ended"
    assert not board.countdown.running and board.countdown.showing and board.countdown.label() == "Go!"
    assert board.racing
    assert any("The race is on" in e["text"] for e in board.log.entries[-3:])
    piece = next(p for p in sorted(get_board().base_line[0]) if board.pub["owner"][p] is None)
    for _ in range(60):
        if piece in board.tray.rects:
            break
        ui.key(pygame.K_RIGHT)
    post_drag(board.tray.rects[piece].center, board.proj.slot_centre(piece))
    ui.frames(1)
    assert board.sent == [{"type": "place", "piece": piece, "slot": piece}]
    assert frames_until(ui, lambda: board.pub["owner"][piece] == 0, 5), board.refusals[-3:]


# ----- (d) two windows, two processes, joined through the LAN browser -------------------------------------------
def host_race_from_the_window(ui, table: str):
    """Title -> Host on LAN -> Situation 4, two seats (me and an open one), the table's name -> Host."""
    from game.scenes.lobby import LobbyScene
    from game.scenes.new_game import NewGameScene
    from tests.game.test_local_game import choose_game
    ui.key(pygame.K_h)
    form = ui.top
    assert isinstance(form, NewGameScene) and form.lan
    choose_game(ui, form, "situation4")
    assert form.seat_count.value == 2
    assert [c.value for c in form.seat_cyclers] == ["you", "open"]
    ui.click(form.table_name.rect.center)
    for _ in range(len(form.table_name.text)):
        ui.key(pygame.K_BACKSPACE)
    ui.type_text(table)
    assert form.table_name.text == table
    ui.click_button(form.start_button)
    lobby = ui.top
    assert isinstance(lobby, LobbyScene) and lobby.host is not None
    return lobby


def test_two_windows_in_two_processes_join_through_the_lan_browser_and_race_to_the_scored_end(ui, procs,
                                                                                             sandbox_home, tmp_path):
    """Issue 5's "done when": this window hosts a race; a second window process finds it in its LAN
    browser and joins; both race through real drags to the final tally; both show the host's board."""
    import json

    from game.situation4.autoplay import RaceHand
    from tests.game.window_racer import __name__ as racer_module
    table = f"race-{os.getpid()}-{time.monotonic_ns() % 10 ** 6}"
    lobby = host_race_from_the_window(ui, table)
    assert frames_until(ui, lambda: lobby.link.my_seats == [0] and lobby.link.phase == "lobby")
    out = tmp_path / "rival.json"
    rival = subprocess.Popen([sys.executable, "-m", racer_module, "--table", table, "--out", str(out), "--seed", "4",
                              "--seconds", "90"], cwd=ROOT, text=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             env=dict(os.environ, SANDTABLE_HOME=str(tmp_path / "rival-home"), PYTHONPATH=str(ROOT),
                                      SANDTABLE_DISCOVERY_INTERFACES="127.0.0.1", SDL_VIDEODRIVER="dummy",
                                      SDL_AUDIODRIVER="dummy"))
    procs.append(rival)
    board = wait_for_board(ui, 40)   # the rival took the open seat: the table starts, the lobby gives way
    link = board.link
    assert link.my_seats == [0] and board.side == 0
    assert [s["name"] for s in link.seats] == ["Tester", "Rival"] and [s["kind"] for s in link.seats] == ["human"] * 2
    messages = record_messages(link)
    hand = RaceHand(board, bots.make, "hard", seed=12)
    over = play_to_the_end(ui, board, hand.step, rival, 90)
    theirs = json.loads(out.read_text())
    mine = link.view(0)["public"]
    assert mine["result"] is not None and mine["filled"] == len(mine["owner"])
    assert over.result == mine["result"]

    # the host (this window's table) kept its record: the autosave in this player's saves folder
    hosted = hosted_game(ui, "situation4", link, board_of, mine, theirs)
    assert theirs["seats"] == [1] and theirs["names"] == ["Tester", "Rival"] and theirs["rev"] == hosted.rev
    assert theirs["result"] == theirs["shown_result"] == json.loads(json.dumps(hosted.result()))
    assert theirs["tally_seen"], "the other window showed the final tally"

    # both raced: every move the host took for a seat came from that window's drags
    answers = answers_to_all(ui, board, messages)
    assert {m.get("code") for m in answers if m["t"] == "err"} <= {"illegal", "game_over"}, answers
    by_seat = [sum(1 for seat, _ in hosted.log if seat == s) for s in (0, 1)]
    assert by_seat[0] == sum(1 for m in answers if m["t"] == "ok") > 5
    assert theirs["confirmed"] <= by_seat[1] <= theirs["sent"] and by_seat[1] > 5, (by_seat, theirs)
    assert sum(by_seat) == hosted.rev, "nobody else moved: no bot, no host step"
