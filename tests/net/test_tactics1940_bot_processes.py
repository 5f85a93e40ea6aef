"""Tactics (1940) over real loopback sockets: `serve --game tactics1940 --seats 4` and four `bot` processes
play a whole game to a blockade and a settled score; every process exits 0, and replaying the host's save
(`replay --verify`) reaches the same final state.

Every submarine window asks the three seats that did not move, all of them bot processes the host cannot
tell from people, so each window lasts its full time: `--timer-scale 0.05` shortens them for this table.
A bot asked in a window with nothing in its `legal` (it holds no card for the square) must simply wait."""
import re

from engine.session import Session
from tests.bot_games import bot_step
from tests.net.processes import bots_play_a_served_game, verify_replay

SEED = 1940


def test_serve_tactics_with_four_bot_processes_ends_in_a_blockade_and_replays_to_the_same_hash(tmp_path):
    save = tmp_path / "tactics1940.sandsave"
    # seconds on a quiet machine; bounded for a busy one
    out = bots_play_a_served_game("tactics1940", ("hard", "normal", "easy", "normal"), save,
                                  "--timer-scale", "0.05", "--seed", str(SEED), timeout=240)
    assert re.search(r"game over: seat \d .* won \(\w+ blockaded \w+'s seaport\)", out), out

    state_hash, rev = verify_replay(save)
    replayed = Session.load(save)   # a second, independent replay in this process
    assert replayed.state_hash() == state_hash and replayed.rev == rev
    result = replayed.result()
    assert result is not None and "blockaded" in result["reason"] and result["reason"] in out
    outcome = replayed.view(None)["public"]["outcome"]
    settlement = outcome["settlement"]
    assert len(settlement) == 4 and all(settlement[i][j] == -settlement[j][i] for i in range(4) for j in range(4))
    assert [sum(row) for row in settlement] == [4 * s - sum(result["scores"]) for s in result["scores"]]
    closed = sum(1 for seat, action in replayed.log if seat is None and action["type"] == "close_window")
    assert closed >= 5, "submarine windows opened and the table's timer closed them"
    assert {seat for seat, _ in replayed.log if seat is not None} == {0, 1, 2, 3}


def test_a_bot_asked_in_a_submarine_window_with_nothing_to_strike_sends_nothing_and_waits():
    """A window asks every seat but the mover; a bot process whose `legal` is empty there (it holds no card
    for the square) must not act: it waits for the next update (here the game's end) and exits 0."""
    import asyncio

    import bots
    from cli.bot import _turns

    session = Session("tactics1940", 4, seed=SEED)
    players = [bots.make("tactics1940", "normal", s, s) for s in range(4)]
    waiting = None
    for _ in range(3000):
        steps = session.view(None)["public"]["steps"]
        if steps and steps[0]["step"] == "window":
            waiting = next((s for s in session.to_act() if not session.legal(s)["actions"]), None)
            if waiting is not None:
                break
        bot_step(session, players)
    assert waiting is not None, "no window asked a seat with nothing to strike"
    view = session.view(waiting)
    view["public"]["table_phase"] = "play"
    assert waiting in view["public"]["to_act"] and view["private"]["legal"] == {"actions": []}

    class Client:
        seat = waiting
        sent = []

        async def request(self, action):
            self.sent.append(action)
            return {"t": "ok", "rev": 0}

    async def play():
        inbox: asyncio.Queue = asyncio.Queue()
        over = {"public": {**view["public"], "result": {"winners": [0], "scores": [1, 0, 0, 0], "reason": "test"},
                           "to_act": []}, "private": {}}
        inbox.put_nowait({"t": "update", "rev": view["public"]["rev"] + 1, "view": over, "events": []})
        return await asyncio.wait_for(_turns(Client(), bots.make("tactics1940", "hard", waiting, 1), view, inbox), 5)
    assert asyncio.run(play()) == 0
    assert Client.sent == []
