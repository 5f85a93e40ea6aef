"""The Civil War Game over real loopback sockets: `serve --game civil_war` and two `bot` processes play a
whole game; every process exits 0, and replaying the host's save reaches the same final state."""
import re

from engine.session import Session
from tests.net.processes import bots_play_a_served_game, verify_replay


def test_serve_civil_war_with_two_bot_processes_finishes_and_replays_to_the_same_hash(tmp_path):
    save = tmp_path / "civil_war.sandsave"
    out = bots_play_a_served_game("civil_war", ("hard", "normal"), save, "--seed", "1863", timeout=60)
    assert re.search(r"game over: (seat \d \(.*\) won|.*draw|.*no winner)", out), out

    state_hash, rev = verify_replay(save)
    replayed = Session.load(save)  # a second, independent replay in this process
    assert replayed.game_id == "civil_war" and replayed.result() is not None
    assert replayed.result()["reason"] in out  # the replay ends the way the host announced
    assert replayed.state_hash() == state_hash and replayed.rev == rev
    halfway = Session.load(save, upto=replayed.rev // 2)
    assert halfway.result() is None and halfway.state_hash() != replayed.state_hash()
