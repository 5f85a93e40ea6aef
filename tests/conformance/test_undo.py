"""Undo, for every registered game (docs/games.md, "Undo"): whenever `legal` lists `{"type": "undo"}`, taking
it puts back the state exactly (its hash) and the RNG as they were before the seat's last action; it is never
listed after an action that drew from the RNG, opened a prompt, asked another seat to act or changed
another seat's private view; the undo event reaches everyone, counting the events of the action it takes back as
each receiver got them (a log strikes out exactly those); a log with undos replays to the same hash.

Seeded short playouts, DEFAULT_SEATS: each action is the seat's bot's (so play gets past set-ups into every
phase) or a uniform pick from `legal` (undo included); undo is taken half the times it is offered.
"""
import copy
import random

import pytest

import bots
from engine import games, legal
from engine.errors import RuleError
from engine.session import TABLE_SEAT, Session
from tests.conformance.cases import game_ids

UNDO = {"type": "undo"}
STEPS = 160            # actions per playout: past the opening of every game, cheap
# (seed, how often the seat's bot chooses rather than a uniform pick from legal): bots carry play past set-ups
PLAYOUTS = ((3, 0.7), (11, 0.0))


def _private(session, seat):
    return session.rules.view(session.state, seat)["private"]


def _others_private(session, seat):
    return {s: _private(session, s) for s in range(session.n_seats) if s != seat}


class UndoWatch:
    """The effective actions (those no undo took back), each with what the table was before it."""

    def __init__(self, session):
        self.session = session
        self.done = []   # (seat, hash before, rng state before, the action's events)
        self.listings = {}

    def look(self) -> dict:
        """seat -> legal, for every seat in to_act now (built once per position: some games' are costly)."""
        self.listings = {t: self.session.legal(t) for t in self.session.to_act()}
        return self.listings

    def offered(self) -> list:
        return [t for t, listing in self.listings.items() if legal.contains(listing, UNDO)]

    def before(self, seat):
        s = self.session
        return {"hash": s.state_hash(), "rng": s.rng.getstate(), "to_act": set(s.to_act()),
                "prompt": s.prompt(), "others": _others_private(s, seat) if seat is not TABLE_SEAT else None}

    def check_offer(self, seat, action, was):
        """After `seat`'s `action`: if any seat is offered undo now, it is `seat`, and the action hid nothing."""
        s = self.session
        offered = self.offered()
        if not offered:
            return
        assert offered == [seat], f"undo offered to {offered} after seat {seat}'s {action}"
        assert s.rng.getstate() == was["rng"], f"undo offered after {action}, which drew from the RNG"
        assert s.prompt() in (None, was["prompt"]), f"undo offered after {action} opened a prompt"
        assert set(s.to_act()) - was["to_act"] <= {seat}, f"undo offered after {action} asked another seat to act"
        assert _others_private(s, seat) == was["others"], f"undo offered after {action} changed another's secrets"
        trial = copy.deepcopy(s)   # taken or not, the undo offered now would restore exactly
        trial.apply(seat, UNDO)
        assert (trial.state_hash(), trial.rng.getstate()) == (was["hash"], was["rng"]), \
            f"undoing {action} would not restore exactly"

    def take_undo(self, seat):
        s = self.session
        popped_seat, hash_before, rng_before, taken_back = self.done.pop()
        events = s.apply(seat, UNDO)
        assert popped_seat == seat, "undo took back another seat's action"
        assert s.state_hash() == hash_before and s.rng.getstate() == rng_before, "undo did not restore exactly"
        for viewer in [None, *range(s.n_seats)]:
            received = len(s.events_for(taken_back, viewer))
            assert s.events_for(events, viewer) == [{"type": "undo", "seat": seat, "events": received}]
        self.look()
        assert set(self.offered()) <= {seat}, "after an undo, undo is offered to another seat"


def play(game, seed, bot_share):
    """A short playout; returns the session and how many undos it took."""
    rules = games.rules(game)
    session = Session(game, rules.DEFAULT_SEATS, seed=seed)
    rand = random.Random(seed)
    watch = UndoWatch(session)
    players = [bots.make(game, "easy", seat, seed * 31 + seat) for seat in range(session.n_seats)]
    undos = 0
    watch.look()
    for _ in range(STEPS):
        if session.result() is not None:
            break
        movers = [t for t, listing in watch.listings.items() if legal.size(listing)]
        timer = session.timer()
        if timer is not None and (not movers or rand.random() < 0.3):
            seat, action = TABLE_SEAT, timer["action"]
        elif movers:
            seat = rand.choice(movers)
            listing = watch.listings[seat]
            # view(seat) is built for this bot alone and shares nothing with the state (no msgpack copy: cheap)
            action = players[seat].choose(session.view(seat)) if rand.random() < bot_share else None
            action = action or legal.sample(listing, rand)
            if action == UNDO or (legal.contains(listing, UNDO) and rand.random() < 0.5):
                watch.take_undo(seat)
                undos += 1
                continue
        else:
            break
        was = watch.before(seat)
        events = session.apply(seat, action)
        watch.done.append((seat, was["hash"], was["rng"], events))
        watch.look()
        if seat is not TABLE_SEAT:
            watch.check_offer(seat, action, was)
    return session, undos


@pytest.mark.parametrize("game", game_ids())
def test_undo_restores_exactly_and_is_offered_only_when_nothing_random_or_hidden_followed(game, tmp_path):
    undoable = getattr(games.rules(game), "UNDOABLE", set())
    assert "undo" not in games.rules(game).ACTIONS, "undo is the Session's own action type"
    assert set(undoable) <= set(games.rules(game).ACTIONS), "UNDOABLE names only the game's action types"
    for seed, bot_share in PLAYOUTS:
        session, undos = play(game, seed, bot_share)
        path = tmp_path / f"{game}-{seed}.sts"
        session.save(path)
        replay = Session.load(path)
        assert replay.state_hash() == session.state_hash(), "a log with undos replays to the same hash"
        assert walk_back(replay) == walk_back(session), "the replay can undo exactly what the live game could"


def walk_back(session) -> list:
    """The hashes met undoing, seat by seat, everything that may still be undone (on a copy)."""
    trial = copy.deepcopy(session)
    hashes = []
    for seat in trial.to_act():
        while legal.contains(trial.legal(seat), UNDO):
            trial.apply(seat, UNDO)
            hashes.append(trial.state_hash())
    return hashes


def test_the_test_games_show_undo_both_offered_and_never():
    """Relay declares its steps undoable and the toy game nothing: the suite sees both cases happen."""
    assert play("relay", 5, 0.0)[1] > 0
    assert play("toy", 5, 0.0)[1] == 0


@pytest.mark.parametrize("game", game_ids())
def test_undo_is_refused_with_nothing_to_take_back_and_changes_nothing(game):
    rules = games.rules(game)
    session = Session(game, rules.DEFAULT_SEATS, seed=1)
    seat = session.to_act()[0] if session.to_act() else 0
    before = (session.state_hash(), session.rng.getstate(), session.rev, list(session.log))
    with pytest.raises(RuleError) as e:
        session.apply(seat, UNDO)
    assert e.value.code in ("illegal", "not_your_turn")
    assert (session.state_hash(), session.rng.getstate(), session.rev, session.log) == before
