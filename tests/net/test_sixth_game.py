"""A sixth game for the price of its packages (issue 26): relay lives in tests/relay/ only, registered with
its bot by tests/conftest.py. It passes the conformance suite like the five (tests/conformance/ covers every
registered game), plays to its end at a real loopback host with bot processes, and replays with --verify."""
import re

from engine.session import Session
from tests.net.processes import bots_play_a_served_game, verify_replay
from tests.test_import_graph import source_files

WITH_TEST_GAMES = "tests.net.cli_toy"   # the real command line, with the tests' games and bots registered


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


def test_no_product_file_names_the_sixth_game():
    """Adding relay changed no product file: none names its id or its package."""
    naming = [str(path) for path in source_files().values()
              if re.search(r"""["']relay["']|tests\.relay""", path.read_text(encoding="utf-8"))]
    assert naming == []
