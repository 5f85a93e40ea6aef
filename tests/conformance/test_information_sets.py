"""Information sets, for every registered game at every seat count (docs/games.md, "Information sets").

`sample_state(view, seat, rng)` gives a full state `seat` cannot tell from the real one. Two promises
follow, checked at positions reached by seeded random playouts, knowing no game's shapes:

  * A sample shows its seat, and every spectator, exactly what the real position shows: the views
    (with what the session adds: `to_act`, `prompt`, `result`, `sides`, `rev`, the seat's `legal`)
    and the timer. A public field that depends on a secret fails this at once. Across samples the
    other seats' secrets vary wherever the game has any (a perfect-information game's sample is the
    state itself).
  * Twin positions (issue 21): a sample is a twin of the real position for its seat A — the two
    differ only in what A cannot see. Both are driven on with the same actions (A's own, drawn from
    its `legal`; the table's timed steps; other seats' actions that both positions list), and after
    every step A and the spectator get the same frames: views, `to_act`, `prompt`, timer, events,
    in the same order. The twins may part only by something shown: a card drawn from a deck in
    another order, a hidden unit met. At a step where what A or a spectator sees of the game itself
    (the rules' view) differs, the twin is drawn afresh from what A now sees and the drive goes on;
    at every other step even the order and shape of the frames must not differ.

And a sample is repeatable by its seed and changes neither the view it is given nor the session.
"""
import copy
import functools
import random

import pytest

from engine import games, legal
from engine.canonical import state_hash
from engine.errors import RuleError
from engine.rng import Rng
from engine.session import TABLE_SEAT
from tests.conformance.cases import case_id, game_seats
from tests.conformance.playout import Playout, as_received

SEEDS = (3, 17)
STOPS = (30, 150)          # random actions drawn uniformly from legal before each look
RANDOM_BURST = 10          # random actions from legal played just before each look
SAMPLES = 2                # samples per seat and position
TWIN_STEPS = 14            # steps the twins are driven on
TIMER_CHANCE = 0.3         # how often the table's timed step is taken when it could be
TRIES = 6                  # draws from another seat's legal to find an action its twin lists too
# Actions the Session handles itself, not the rules: a twin's undo would rebuild the real game from its log.
SESSION_ACTIONS = {"undo"}

# Leaks the twin check finds that are still open, each named by its issue; strict, so the mark must go
# the moment the leak is fixed.
KNOWN_TWIN_LEAKS: dict = {}   # (game, seats) -> the open issue, none now (issue 21 item 3 is fixed)


def cases(known_leaks: dict | None = None):
    known_leaks = known_leaks or {}
    return [pytest.param(*case, id=case_id(case),
                         marks=[pytest.mark.xfail(strict=True, reason=known_leaks[case])] if case in known_leaks
                         else []) for case in game_seats()]


@functools.cache
def _positions(game: str, n_seats: int, seed: int) -> tuple:
    """Copies of a seeded random playout's session at each look: the start, then after each of STOPS
    actions drawn uniformly from legal and RANDOM_BURST more drawn kind first (see `any_kind`)."""
    playout = Playout(game, n_seats, seed, random_moves=sum(STOPS))
    chooser = random.Random(seed)
    out = [copy.deepcopy(playout.session)]
    for stop in STOPS:
        playout.play(playout.steps + stop)
        for _ in range(RANDOM_BURST):
            step = next_step(playout.session, playout.session, None, chooser)
            if step is None or playout.session.result() is not None:
                break
            playout.session.apply(*step)
        out.append(copy.deepcopy(playout.session))
        if playout.session.result() is not None:
            break
    return tuple(out)


def positions(game: str, n_seats: int, seed: int):
    """Fresh copies of the looks (the tests change what they are given)."""
    return [copy.deepcopy(session) for session in _positions(game, n_seats, seed)]


def sample(session, seat, rng: Rng) -> dict:
    """`sample_state` of what `seat` sees, given the view as it crosses the network."""
    return session.rules.sample_state(as_received(session.view(seat)), seat, rng)


def with_state(session, state: dict):
    """The session (same options, seats, rev, RNG) with `state` in place of its own."""
    twin = copy.deepcopy(session)
    twin.state = state
    return twin


def shown(session, seat) -> dict:
    """Everything `seat` (None: a spectator) is shown now: its whole view and the timer."""
    return {"view": session.view(seat), "timer": session.timer()}


def game_content(session, seat) -> dict:
    """What `seat` sees of the game itself: the rules' view, without what the session adds to it."""
    return session.rules.view(session.state, seat)


def differences(real: dict, twin: dict) -> list[str]:
    """Which parts differ (view.public.<key>, view.private.<key>, timer): for a readable failure."""
    out = []
    if real["timer"] != twin["timer"]:
        out.append("timer")
    for part in ("public", "private"):
        a, b = real["view"][part], twin["view"][part]
        out += [f"view.{part}.{k}" for k in sorted(set(a) | set(b)) if a.get(k) != b.get(k)]
    return out


def assert_same_frames(real, twin, seat, when: str) -> None:
    for who in (seat, None):
        a, b = shown(real, who), shown(twin, who)
        assert a == b, f"{when}: seat {who} is shown different {differences(a, b)}"


@pytest.mark.parametrize("game,n_seats", cases())
def test_a_sample_shows_its_seat_and_spectators_exactly_what_the_real_position_shows(game, n_seats):
    rules = games.rules(game)
    varied = looked = 0
    for seed in SEEDS:
        for session in positions(game, n_seats, seed):
            true_hash = session.state_hash()
            for seat in [*range(n_seats), None]:  # a spectator may sample too: everyone's secrets drawn
                for k in range(SAMPLES):
                    state = sample(session, seat, Rng(seed * 1000 + session.rev * 10 + k))
                    twin = with_state(session, state)
                    assert_same_frames(session, twin, seat, f"seed {seed}, rev {session.rev}, sampled for seat {seat}")
                    looked += 1
                    if twin.state_hash() != true_hash:
                        varied += 1
                    if not rules.GAME_TYPE.secret:
                        assert twin.state_hash() == true_hash, "with nothing hidden, a sample is the state itself"
    assert looked
    if rules.GAME_TYPE.secret and n_seats > 1:
        assert varied, f"no sample of {game} ever differed from the real state: the other seats' secrets never vary"


@pytest.mark.parametrize("game,n_seats", cases())
def test_a_sample_is_repeatable_by_its_seed_and_leaves_the_view_and_the_session_as_they_were(game, n_seats):
    rules = games.rules(game)
    for session in positions(game, n_seats, SEEDS[0]):
        before = session.state_hash()
        for seat in range(n_seats):
            view = as_received(session.view(seat))
            kept = copy.deepcopy(view)
            first, again = (rules.sample_state(view, seat, Rng(99)) for _ in range(2))
            assert state_hash(first) == state_hash(again), "one seed, one sample"
            assert view == kept, "sample_state changed the view it was given"
        assert session.state_hash() == before, "sampling changed the real position"


def any_kind(listed: dict, chooser: random.Random):
    """A random action of `listed`, its type drawn first: rare kinds of action (a unit sent into reserve,
    a card traded) come up as often as the many moves. None when only the session's own actions are left."""
    kinds = sorted(legal.types(listed) - SESSION_ACTIONS)
    if not kinds:
        return None
    return legal.sample(legal.listing(*legal.of_type(listed, chooser.choice(kinds))), chooser)


def next_step(real, twin, seat, chooser: random.Random):
    """(seat, action) to play in both twins: the observer's own action, the table's timed step, or another
    seat's action that both twins list; None when there is none."""
    choices = []
    for mover in real.to_act():
        listed = real.legal(mover)
        for _ in range(TRIES if mover != seat else 1):
            action = any_kind(listed, chooser)
            if action is not None and (mover == seat or legal.contains(twin.legal(mover), action)):
                choices.append((mover, action))
                break
    timer = real.timer()
    if timer is not None and (not choices or chooser.random() < TIMER_CHANCE):
        return TABLE_SEAT, timer["action"]
    return chooser.choice(choices) if choices else None


def drive_twins(real, twin, seat: int, chooser: random.Random, rng: Rng) -> int:
    """Play both on for TWIN_STEPS; returns how many steps were compared. When the twins part by something
    shown, the twin is drawn afresh from what `seat` now sees, and the drive goes on."""
    compared = 0
    for _ in range(TWIN_STEPS):
        if real.result() is not None:
            break
        step = next_step(real, twin, seat, chooser)
        if step is None:
            break
        mover, action = step
        events = real.apply(mover, action)
        try:
            twin_events = twin.apply(mover, action)
        except RuleError as refused:
            pytest.fail(f"{action} by seat {mover}, listed in both twins, was refused in the twin: {refused}")
        when = f"after {action} by seat {mover} at rev {real.rev}"
        if any(game_content(real, who) != game_content(twin, who) for who in (seat, None)):
            # Something hidden was shown (a card drawn, a unit met): the worlds now differ openly.
            twin = with_state(real, sample(real, seat, rng))
            assert_same_frames(real, twin, seat, f"{when}, twin drawn afresh for seat {seat}")
            continue
        for who in (seat, None):
            assert real.events_for(events, who) == twin.events_for(twin_events, who), \
                f"{when}: seat {who} is sent different events"
        assert_same_frames(real, twin, seat, when)
        compared += 1
    return compared


@pytest.mark.parametrize("game,n_seats", cases(KNOWN_TWIN_LEAKS))
def test_twin_positions_give_the_observer_and_spectators_the_same_frames_as_the_game_goes_on(game, n_seats):
    compared = 0
    for seed in SEEDS:
        for session in positions(game, n_seats, seed):
            for seat in range(n_seats):
                rng = Rng(seed * 7919 + session.rev + seat)
                twin = with_state(session, sample(session, seat, rng))
                assert_same_frames(session, twin, seat, f"seed {seed}, rev {session.rev}, twin for seat {seat}")
                compared += drive_twins(copy.deepcopy(session), twin, seat, random.Random(seed * 31 + seat), rng)
    assert compared, "the twins were never driven a single step"
