"""A sixth game for the price of its packages and one catalog entry: Relay lives in tests/relay/ only (rules,
bot, board file, board scene, scripted player, help, key card, bench rows, screenshots), added to the catalog
by one entry in tests/own_games.py. It passes the conformance suite like the five (tests/conformance/ covers
every registered game), the window tests that drive every board (tests/own_games.py's `board_games`: undo,
resigning, refusals, Continue, screens that fit, in play too) and the LAN window tests (tests/game/test_lan.py:
the browser lists its table, a dropped connection comes back to the same seat); here it plays to its end at a
real host with bot processes and in a window by real input, gives its bench rows and takes its screenshots."""
import re
import subprocess

import pygame

import bots
import catalog
from engine.session import Session
from game import boards, local_play, paced_bots
from game.scenes.game_over import GameOverScene
from tests.game.driver import run_board
from tests.net.processes import bots_play_a_served_game, verify_replay
from tests.own_games import board_games
from tests.test_import_graph import ROOT

WITH_TEST_GAMES = "tests.net.cli_toy"   # the real command line, with the tests' games and bots registered


def test_relay_is_one_catalog_entry_whose_every_part_lives_in_its_own_package():
    entry = catalog.spec("relay")
    modules = [getattr(entry, f) for f in ("rules", "bots", "board", "player", "bench", "screenshots")]
    files = [entry.help, entry.keys, entry.docs, *entry.board_data]
    assert all(m.startswith("tests.relay") for m in modules) and all(f.startswith("tests/relay/") for f in files)
    tracked = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout.split()
    naming = [path for path in tracked if path.endswith(".py") and not path.startswith("tests/")
              and re.search(r"""["'.]relay["'.]|tests[./]relay""", (ROOT / path).read_text(encoding="utf-8"))]
    assert naming == [], "only its catalog entry, under tests/, names it"
    assert "relay" in board_games(), "the window tests that drive every board drive it"


def test_relay_plays_to_its_end_at_a_host_with_two_bot_processes_and_replays_to_the_same_hash(tmp_path):
    save = tmp_path / "relay.sandsave"
    out = bots_play_a_served_game("relay", ("normal", "easy"), save, "--seed", "5", timeout=60,
                                  module=WITH_TEST_GAMES)
    won = re.search(r"game over: seat (\d) .* won \(reached the end of the track\)", out)
    assert won, out
    state_hash, rev = verify_replay(save, module=WITH_TEST_GAMES)
    replayed = Session.load(save)
    assert replayed.state_hash() == state_hash and replayed.rev == rev
    assert replayed.result()["winners"] == [int(won.group(1))]
    assert {seat for seat, _ in replayed.log} == {0, 1}


def test_relay_plays_to_its_end_in_the_window_by_real_input(ui, monkeypatch):
    monkeypatch.setattr(paced_bots, "race_speed", lambda settings: 1.0)
    seats = [{"kind": "human", "name": "Ada"}, {"kind": "bot", "level": "easy"}]
    link = local_play.start_local_table(ui.app, "relay", seats, {})
    board = boards.board_scene(ui.app, link)
    ui.app.push(board)
    player = catalog.load(catalog.spec("relay").player)(board, bots.make, "normal", 2)
    assert run_board(ui.app, board, lambda: isinstance(ui.top, GameOverScene), player=player, frames=3000), \
        (link.rev, board.refusals)
    result = link.view(0)["public"]["result"]
    assert result["reason"] == "reached the end of the track" and player.inputs > 0
    assert {seat for seat, _ in link.session.log} == {0, 1}, "Ada's moves went through the board"
    assert board.refusals == []


def test_relay_gives_its_bench_rows():
    from bench import ui as bench_ui, wire_bytes
    frame = bench_ui._board_rows("relay", quick=True)
    wire = wire_bytes.game_rows("relay", quick=True)
    assert [row.name for row in frame] == ["relay board frame (4 pawns, tooltip)"]   # met or not: the bench's say
    assert [row.name.split(",")[0] for row in wire] == ["wire: relay update bytes", "wire: relay bytes per move"]


def test_relay_takes_its_screenshots(tmp_path):
    from tools.screenshots import board_shots
    pictures = board_shots("relay")(tmp_path)
    assert [p.name for p in pictures] == ["relay_board.png"]
    assert pygame.image.load(str(pictures[0])).get_size() == (1280, 800)
