"""Every rev reaches every receiver, in every registered game: each game's bots play over a real host (every
seat a client of its own, choosing from the views it is sent), watched by two spectators, one taking whole
views and one patches (docs/protocol.md). After every accepted action a `ping` is answered only once every
update owed before it has gone (docs/protocol.md, "Timed steps"), so by its `pong` every seat and spectator
must have been sent an update at the action's rev or later: a rev the host moved to without telling someone
(issue 41: a step the rules took without an event) fails here.

A game is played to its end or for MAX_ACTIONS actions; the rules' timed steps run at TIMER_SCALE of their
time, so a reaction window nobody acts in closes by itself and shows as a rev of its own too.
"""
import random
import time

import pytest

import bots
from engine import games
from net.host import start_in_thread
from tests.conformance.cases import game_ids
from tests.net.uniform_legal import pick as uniform
from tests.net.wire import RawClient

MAX_ACTIONS = 260      # Tactics (1940)'s seed 54 meets issue 41's silent step at rev 206
TIMER_SCALE = 0.05
WAIT = 5.0             # seconds any one message may take


class Receiver(RawClient):
    """A raw protocol client (tests/net/wire.py) that notes the rev of every welcome and update it is sent."""

    def __init__(self, address, who: str):
        super().__init__(address)
        self.who = who
        self.revs: list[int] = []
        self._pings = 0

    def recv(self, timeout: float = WAIT) -> dict:
        msg = super().recv(timeout)
        if msg["t"] in ("welcome", "update"):
            self.revs.append(msg["rev"])
        return msg

    def barrier(self) -> None:
        """Ping, and read until its pong: every update owed before the ping has been read by then."""
        self._pings += 1
        self.send({"t": "ping", "n": self._pings})
        self.recv_until(lambda m: m["t"] == "pong" and m["n"] == self._pings, timeout=WAIT)


def seated(address, n_seats: int) -> tuple[list[Receiver], list[Receiver]]:
    seats = []
    for seat in range(n_seats):
        client = Receiver(address, f"seat {seat}")
        assert client.hello(name=f"Bot {seat}", seat=seat)["t"] == "welcome"
        seats.append(client)
    watchers = []
    for views in ("views", "patches"):
        client = Receiver(address, f"a spectator taking {views}")
        client.send({"t": "hello", "proto": 1, "name": "Watcher", "want": "watch", "views": views})
        assert client.recv()["t"] == "welcome"
        watchers.append(client)
    return seats, watchers


@pytest.mark.parametrize("game", game_ids())
def test_every_rev_reaches_every_seat_and_spectator(game):
    rules = games.rules(game)
    n_seats = rules.DEFAULT_SEATS
    handle = start_in_thread(game, n_seats, seed=54, host="127.0.0.1", discovery=False, bot_factory=bots.make,
                             timer_scale=TIMER_SCALE)
    seats, watchers = seated(handle.address, n_seats)
    everyone = seats + watchers
    players = [bots.make(game, "normal", seat, 540 + seat) for seat in range(n_seats)]
    pick = random.Random(54)
    try:
        acted, over, deadline = 0, False, time.monotonic() + 60
        while acted < MAX_ACTIONS and time.monotonic() < deadline:
            rev = handle.host.table.rev   # (the rules' timer may move it on meanwhile: later revs are checked later)
            for client in everyone:
                client.barrier()
            behind = [(c.who, c.revs[-1]) for c in everyone if c.revs[-1] < rev]
            assert not behind, f"at rev {rev} these were never sent it (the rev they last saw): {behind}"
            public = seats[0].view["public"]
            if public["result"] is not None:
                over = True
                break
            choices = [(seat, players[seat].choose(seats[seat].view)) for seat in public["to_act"]]
            choices = [(seat, action) for seat, action in choices if action is not None]
            if not choices:   # a window nobody acts in: the rules' timer closes it
                seats[0].recv_until(lambda m: m["t"] == "update" and m["rev"] > public["rev"], timeout=WAIT)
                continue
            seat, action = choices[0] if not rules.GAME_TYPE.realtime else pick.choice(choices)
            acted += 1
            answer = seats[seat].request_within_limits(acted, action)
            if answer["t"] == "err":   # the bot's choice refused, as a host's bot may be: any legal action instead
                acted += 1
                answer = seats[seat].request_within_limits(acted, uniform(seats[seat].view["private"]["legal"], pick) or action)
            assert answer["t"] == "ok" or answer.get("code") == "illegal", answer  # illegal: a timer came first
    finally:
        for client in everyone:
            client.close()
        handle.stop()
    assert over or acted >= MAX_ACTIONS, f"only {acted} actions were played in a minute"
    for client in everyone:
        assert client.revs == sorted(client.revs), f"{client.who} was sent revs out of order"
