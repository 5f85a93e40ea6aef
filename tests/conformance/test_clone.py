"""A search's copy of a state (`engine.games.cloner`: a game's `clone`, engine/clone.py) is held to the rules'
own results at every position of random walks through every registered game: the clone equals the state
byte for byte; the rules applied to it give the very events and state hash they give on a deep copy; and the
original is untouched, however the clone is changed afterwards (its shared parts are only ever replaced).

A walk plays its first RANDOM_MOVES actions drawn uniformly from the listings (positions no bot would reach),
then the game's normal bots, as a search's playouts do. The suite walks WALKS seeds a game, POSITIONS
positions each; `FORWARD_WALKS=20 FORWARD_POSITIONS=400 pytest tests/conformance/test_clone.py` walks
thousands (docs/bots.md, "The forward model": the figures of such a run).
"""
import os
import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

import bots
from engine import games, legal, undo
from engine.canonical import canonical_bytes, copy_plain, state_hash
from engine.clone import shaped
from engine.errors import RuleError
from engine.rng import Rng
from engine.session import TABLE_SEAT, Session

WALKS = int(os.environ.get("FORWARD_WALKS", "1"))
POSITIONS = int(os.environ.get("FORWARD_POSITIONS", "120"))
RANDOM_MOVES = 60


def _outcome(rules, state, seat, action, seed):
    """(events, state hash) of the action applied to `state` with chance `seed`; a refusal's code instead."""
    try:
        events = rules.apply(state, seat, action, Rng(seed))
    except RuleError as refused:
        return ("refused", refused.code), state_hash(state)
    return events, state_hash(state)


def _next(session, chooser, players) -> tuple | None:
    """The walk's next (seat, action): a listed action of a seat to act (at random, or its bot's), else the
    rules' timed step; None when nobody can act."""
    random_part = session.rev < RANDOM_MOVES
    for seat in session.to_act():
        if random_part:
            action = legal.sample(undo.without(session.legal(seat)), chooser)
        else:
            action = players[seat].choose(session.view(seat))
        if action is not None:
            return seat, action
    timer = session.timer()
    return (TABLE_SEAT, timer["action"]) if timer is not None else None


def clone_problem(game_id: str, clone, seed: int, positions: int, checked: list | None = None) -> str | None:
    """Where `clone` departs from the rules on one walk through `game_id` (None: nowhere); `checked` counts
    the positions looked at."""
    rules = games.rules(game_id)
    n = rules.MIN_SEATS
    session = Session(game_id, n, seed=seed)
    chooser = random.Random(seed)
    players = [bots.make(game_id, "normal", seat, seed + seat) for seat in range(n)]
    for _ in range(positions):
        if session.result() is not None:
            return None
        step = _next(session, chooser, players)
        if step is None:
            return None
        seat, action = step
        state = session.state
        before = canonical_bytes(state)
        copied = clone(state)
        where = f"{game_id} seed {seed} rev {session.rev}, {action}"
        if canonical_bytes(copied) != before or copied != state:
            return f"the clone differs from the state at {where}"
        actor = None if seat is TABLE_SEAT else seat
        on_clone = _outcome(rules, copied, actor, action, session.rev)
        if canonical_bytes(state) != before:
            return f"applying to the clone changed the original at {where}"
        on_copy = _outcome(rules, copy_plain(state), actor, action, session.rev)
        if on_clone != on_copy:
            return f"the rules on the clone gave other events or another state at {where}"
        session.apply(seat, action)
        if checked is not None:
            checked.append(1)
    return None


@pytest.mark.parametrize("game_id", games.available())
def test_the_rules_on_a_clone_give_their_own_results_and_leave_the_original_as_it_was(game_id):
    @settings(max_examples=WALKS, deadline=None, database=None, suppress_health_check=list(HealthCheck))
    @given(st.integers(0, 2 ** 31 - 1))
    def walk(seed):
        assert clone_problem(game_id, games.cloner(game_id), seed, POSITIONS) is None
    walk()


def _sharing_everything(clone_of_game):
    """A clone that shares the records its game copies one by one: the planted fault."""
    return shaped({key: (lambda value: value) for key in ("units", "pieces", "territories", "hands")})


@pytest.mark.parametrize("game_id", [g for g in games.available() if hasattr(games.rules(g), "clone")])
def test_a_clone_that_shares_what_the_rules_change_is_caught(game_id):
    planted = _sharing_everything(games.cloner(game_id))
    assert any(clone_problem(game_id, planted, seed, POSITIONS) for seed in range(3))
