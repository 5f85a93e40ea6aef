"""docs/protocol.md is enough to play: a client written from it alone (tests/net/wire.py and
tests/net/uniform_legal.py share no code with the project) picks uniformly from `view.private.legal`
and plays every registered game over a real socket with zero refusals. (A timed step — a reaction window
closing — may move the table on between a choice and its arrival; an action refused after such a step
was chosen at an older rev, so it is not counted.)"""
import random
import time

import pytest

from engine import games
from tests.net.uniform_legal import pick
from tests.net.wire import RawClient
from tests.own_games import product_games

MAX_ACTIONS = 400


def sync(clients):
    for c in clients:
        c.send({"t": "ping", "n": 0})
        c.recv_until(lambda m: m["t"] == "pong")


@pytest.mark.parametrize("game", product_games())  # not the tests' own games (tests/own_games.py)
def test_a_uniform_client_plays_over_the_wire_with_zero_refusals(game, start_host):
    rules = games.rules(game)
    n = rules.DEFAULT_SEATS
    handle = start_host(game, n, seed=9, timer_scale=0.1)
    players = [RawClient(handle.address) for _ in range(n)]
    for p in players:
        assert p.hello(name=f"Uniform {p}")["t"] == "welcome"
    rand = random.Random(5)
    refusals, acted = [], 0
    for seq in range(1, MAX_ACTIONS + 1):
        sync(players)   # every client has seen the update of every accepted action
        public = players[0].view["public"]
        if public["result"] is not None:
            break
        movers = [p for p in players if p.seat in public["to_act"] and pick(p.view["private"]["legal"], rand)]
        if not movers:  # only the rules' timer can move the game on: wait for its update
            players[0].recv_until(lambda m: m["t"] == "update", timeout=5)
            continue
        mover = rand.choice(movers)
        action = pick(mover.view["private"]["legal"], rand)
        chosen_at = public["rev"]
        answer = mover.request(seq, action)
        for _ in range(100):  # over the act rate limit: the docs say send it again in a moment, same seq
            if answer.get("code") != "slow_down":
                break
            time.sleep(0.05)
            answer = mover.request(seq, action)
        acted += 1
        if answer["t"] != "ok":
            sync(players)
            if players[0].view["public"]["rev"] == chosen_at:
                refusals.append((action, answer))
    assert acted > 50 and refusals == [], refusals[:3]
