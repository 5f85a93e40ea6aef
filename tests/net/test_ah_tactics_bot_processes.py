"""Tactics (1954) over real loopback sockets: `serve --game ah_tactics` and two `bot` processes play a whole
game to a victory (rule A); every process exits 0, and replaying the host's save (`replay --verify`)
reaches the same final state. The save holds what each side did with its reserves, yet the replay
shows only what a spectator saw (tests/conformance/test_secrecy.py checks that by value)."""
import re

from engine.session import Session
from tests.net.processes import bots_play_a_served_game, verify_replay

SEED = 14


def test_serve_ah_tactics_with_two_bot_processes_ends_in_a_victory_and_replays_to_the_same_hash(tmp_path):
    save = tmp_path / "ah_tactics.sandsave"
    # about a minute on a busy machine; bounded
    out = bots_play_a_served_game("ah_tactics", ("hard", "easy"), save, "--seed", str(SEED), timeout=300)
    won = re.search(r"game over: seat (\d) .* won \((.+)\)", out)
    assert won, out
    assert "army eliminated" in won.group(2) or "every city" in won.group(2), out

    state_hash, rev = verify_replay(save)
    replayed = Session.load(save)   # a second, independent replay in this process
    assert replayed.state_hash() == state_hash and replayed.rev == rev
    result = replayed.result()
    assert result is not None and result["winners"] == [int(won.group(1))] and result["reason"] == won.group(2)
    assert {seat for seat, _ in replayed.log if seat is not None} == {0, 1}
    assert any(action["type"] == "confirm_battles" for _, action in replayed.log), "battles were fought"
