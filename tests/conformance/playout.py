"""Seeded playouts of any registered game, through the contract only.

A playout drives one Session: for its first `random_moves` actions a seat in `to_act` is picked at
random and plays an action drawn uniformly from its `legal` (the rules' timed step fires now and
then, and whenever nobody can act); after that every seat is played by its bot, which is given
a copy of that seat's view and nothing else. Hooks see every step, so each promise is checked at
every position a playout passes through.
"""
import random

import msgpack

import bots
from engine import legal
from engine.session import TABLE_SEAT, Session
from tests.conformance.values import unpack

TIMER_CHANCE = 0.3  # during the random part, how often the rules' timed step fires when it could


def as_received(view: dict) -> dict:
    """The view as a bot across the network gets it: through msgpack and back (also a deep copy, made in C,
    so no bot can change what the session holds)."""
    return unpack(msgpack.packb(view, use_bin_type=True))


class Stuck(AssertionError):
    """Nobody can act, no timer runs, and the game has no result."""


class Playout:
    def __init__(self, game: str, n_seats: int, seed: int, *, random_moves: int = 0, level: str = "normal",
                 levels: list | None = None, options: dict | None = None, seats: list | None = None):
        self.session = Session(game, n_seats, seed=seed, options=options, seats=seats)
        self.random = random.Random(seed)
        self.random_moves = random_moves
        levels = levels or [level] * n_seats
        self.bots = [bots.make(game, levels[seat], seat, seed * 31 + seat) for seat in range(n_seats)]
        self.steps = 0
        self.bot_views: list[tuple[int, dict]] = []  # (seat, view) given to a bot, when recording
        self._position: tuple = (-1, {}, {})  # (rev, {seat: legal}, {seat: view}): built once per position

    def _here(self) -> tuple[dict, dict]:
        """(listings, views) kept for this position. Every change of the session goes through `act`, which
        moves `rev` on, so nothing kept is ever stale."""
        rev, listings, views = self._position
        if rev != self.session.rev:
            listings, views = {}, {}
            self._position = (self.session.rev, listings, views)
        return listings, views

    def legal(self, seat: int) -> dict:
        """`session.legal(seat)` at this position, built once: a position is picked from, bot-checked and
        checked against what was played, and some games' listings cost milliseconds to build."""
        listings, _ = self._here()
        if seat not in listings:
            listings[seat] = self.session.legal(seat)
        return listings[seat]

    def view(self, seat: int) -> dict:
        """`session.view(seat)` at this position, built once (its listing kept as the seat's `legal`)."""
        listings, views = self._here()
        if seat not in views:
            views[seat] = self.session.view(seat)
        if seat is not None:
            listings.setdefault(seat, views[seat]["private"]["legal"])
        return views[seat]

    def keep(self, views: dict) -> None:
        """Views of this position built elsewhere (`session.views`), kept for the bots and their listings."""
        listings, kept = self._here()
        for seat, view in views.items():
            kept.setdefault(seat, view)
            if seat is not None:
                listings.setdefault(seat, view["private"]["legal"])

    def movers(self) -> list[int]:
        return [seat for seat in self.session.to_act() if legal.size(self.legal(seat))]

    def next_action(self):
        """(seat, action) to play now, or None when the game is over. Raises Stuck."""
        s = self.session
        if s.result() is not None:
            return None
        timer = s.timer()
        if self.steps < self.random_moves:
            movers = self.movers()
            if timer is not None and (not movers or self.random.random() < TIMER_CHANCE):
                return TABLE_SEAT, timer["action"]
            if not movers:
                raise Stuck(f"no seat can act at rev {s.rev}")
            seat = self.random.choice(movers)
            return seat, legal.sample(self.legal(seat), self.random)
        order = s.to_act()
        self.random.shuffle(order)
        for seat in order:
            view = as_received(self.view(seat))
            action = self.bots[seat].choose(view)
            if action is not None:
                return seat, action
        if timer is not None:
            return TABLE_SEAT, timer["action"]
        raise Stuck(f"no bot acts at rev {s.rev}: to_act {s.to_act()}")

    def play(self, max_steps: int, before=None, after=None) -> None:
        """Play until the game ends or `max_steps` actions; `before(seat, action)` and `after(seat, action,
        events)` run around every accepted action."""
        while self.steps < max_steps:
            step = self.next_action()
            if step is None:
                return
            seat, action = step
            if seat is not TABLE_SEAT:
                assert legal.contains(self.legal(seat), action), \
                    f"seat {seat} chose an action its legal does not list: {action}"
            if before is not None:
                before(seat, action)
            events = self.session.apply(seat, action)
            self.steps += 1
            if after is not None:
                after(seat, action, events)
