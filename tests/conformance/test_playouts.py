"""Seeded playouts of every registered game, at every seat count and bot level, checking the contract's
promises at every position they pass through (docs/games.md, "What the conformance suite checks").

Uniformly random play does not end some games (random Risk armies shuffle forever), so a "random
playout" plays its first RANDOM_MOVES actions at random — reaching positions bots never would — and
then lets the bots finish it; a bot playout is bots from the first move. Both must reach a result.
"""
import copy
import random

import msgpack
import pytest

from engine import games, legal, sides
from engine.errors import BAD_ACTION, NOT_YOUR_TURN, RuleError
from engine.session import TABLE_SEAT
from tests.conformance.cases import case_id, game_seats, game_seats_levels, levels_around
from tests.conformance.playout import Playout
from tests.conformance.rules_named import unnamed_refusal, unnamed_rules
from tests.conformance.values import malformed_variants, random_action, wire_safe

RANDOM_MOVES = 150
MAX_ACTIONS = 20_000          # a bound on any playout; a game that needs more is a failure
CHECK_EVERY = 9               # deep checks (every legal action tried, refusals) at every 9th position,
DEEP_CHECKS = 30              # for the first 30 such positions, then at every 60th
VIEW_EVERY = 3                # views, legal, prompt and sides at every 3rd position
ACTIONS_TRIED = 40            # legal actions tried on copies at one position (all of them when fewer)
RANDOM_TRIES = 30             # random well-formed actions tried on copies at one position
# Bot levels known not to finish some games under the rules' defaults, by (game, level): the case still
# runs and shows as XFAIL, or XPASS once the bots finish (then delete the entry). Never for a rules bug.
BOTS_THAT_STALL: dict = {}


def bot_cases() -> list:
    return [pytest.param(case, marks=pytest.mark.xfail(reason=BOTS_THAT_STALL[case[0], case[2]], strict=False))
            if (case[0], case[2]) in BOTS_THAT_STALL else case for case in game_seats_levels()]


def snapshot(session):
    """What a refused action must leave as it was. The state's bytes as it holds them (key order included,
    so even a re-inserted key shows), packed in C: refusals are checked thousands of times per game."""
    try:
        state = msgpack.packb(session.state, use_bin_type=True)
    except TypeError:   # a set somewhere: the canonical form sorts it
        state = session.state_hash()
    return state, session.rng.getstate(), session.rev, len(session.log), copy.deepcopy(session.log[-1:])


def check_views(session, view_of):
    """Views, legal, prompt and sides are what docs/games.md promises, and safe on the wire. `view_of(seat)`:
    the session's view at this position (built once per position by the playout)."""
    to_act = session.to_act()
    spectator = view_of(None)
    public = spectator["public"]
    assert public["to_act"] == to_act and public["rev"] == session.rev
    prompt = public["prompt"]
    if prompt is not None:
        assert isinstance(prompt["kind"], str) and isinstance(prompt["text"], str) and prompt["seats"]
        assert set(prompt["seats"]) <= set(to_act), "a prompt asks only seats that may act"
    assert sides.problem(public["sides"], session.n_seats) is None, sides.problem(public["sides"], session.n_seats)
    for seat in range(session.n_seats):
        v = view_of(seat)
        wire_safe(v)
        if seat not in to_act:
            assert legal.size(v["private"]["legal"]) == 0, "a seat not in to_act is offered actions"
    wire_safe(spectator)


def check_listed_actions_are_accepted(session, rand, legal_of):
    """Every action legal lists (or a uniform sample of them) is accepted, on a copy. `legal_of(seat)`:
    the session's listing at this position (built once per position by the playout)."""
    for seat in session.to_act():
        listing = legal_of(seat)
        n = legal.size(listing)
        picks = legal.all_actions(listing) if n <= ACTIONS_TRIED else \
            [legal.nth(listing, i) for i in rand.sample(range(n), ACTIONS_TRIED)]
        for action in picks:
            trial = copy.deepcopy(session)
            try:
                trial.apply(seat, action)
            except RuleError as e:
                raise AssertionError(f"legal listed {action} for seat {seat} at rev {session.rev}, "
                                     f"and the rules refused it: {e}") from None


def refused_unchanged(session, seat, action, code=None):
    """`action` is refused, changing nothing; an illegal one names the rule of the game that refuses it."""
    before = snapshot(session)
    with pytest.raises(RuleError) as e:
        session.apply(seat, action)
    assert snapshot(session) == before, f"refusing {action} changed something"
    if code is not None:
        assert e.value.code == code, (action, e.value)
    problem = unnamed_refusal(session.game_id, session.rules, action, e.value)
    assert problem is None, problem


def check_refusals(session, rand, unlisted, legal_of):
    """Malformed, out-of-turn and illegal actions are refused and change nothing (hash, RNG, rev, log);
    a well-formed action the rules accept is one legal lists (or a documented unlisted type)."""
    actions = session.rules.ACTIONS
    to_act = session.to_act()
    for seat in to_act:
        listing = legal_of(seat)
        if legal.size(listing):
            sample = legal.sample(listing, rand)
            for bad in malformed_variants(sample, actions, rand):
                refused_unchanged(session, seat, bad, BAD_ACTION)
            for other in range(session.n_seats):
                if other not in to_act:
                    refused_unchanged(session, other, sample, NOT_YOUR_TURN)
    trial = None
    for _ in range(RANDOM_TRIES):
        seat = rand.randrange(session.n_seats)
        action = random_action(actions, rand)
        # Most random actions are refused, and a refusal leaves the copy as it was (refused_unchanged checks
        # that very thing on the session itself), so one copy serves until an action is accepted.
        if trial is None:
            trial = copy.deepcopy(session)
        try:
            trial.apply(seat, action)
        except RuleError:
            refused_unchanged(session, seat, action)
            continue
        trial = None
        assert legal.contains(legal_of(seat), action) or action["type"] in unlisted, \
            f"the rules accept {action} from seat {seat} at rev {session.rev}, but legal does not list it"


def check_events(session, events, *, wire=True):
    """Events are safe on the wire (`wire`), and each that removes, halts, captures or scores names its rule, as
    every seat and spectator receives it (engine.why)."""
    for seat in [None, *range(session.n_seats)]:
        received = session.events_for(events, seat)
        if wire:
            wire_safe(received)
        assert unnamed_rules(session.game_id, session.rules, received) == []


@pytest.mark.parametrize("case", bot_cases(), ids=case_id)
def test_bots_play_every_game_to_a_result_choosing_only_listed_actions(case):
    """The level under test in seat 0, the others at the levels after it (`levels_around`): every bot, given
    its own view as the wire carries it, picks only what its `legal` lists (`Playout.play` checks each pick),
    never takes a move back (undo is listed, never a bot's pick), and the game reaches a result. Every event
    of the bots' game that removes, halts, captures or scores names a rule the game's help explains."""
    game, n, level = case
    levels = levels_around(level, n)
    play = Playout(game, n, seed=101 + n, levels=levels)
    play.play(MAX_ACTIONS, after=lambda seat, action, events: check_events(play.session, events, wire=False))
    result = play.session.result()
    assert result is not None, f"{game} with bots {levels} did not end in {MAX_ACTIONS} actions"
    assert set(result["winners"]) <= set(range(n)) and len(result["scores"]) == n and result["reason"]
    assert play.session.to_act() == [] and all(legal.size(play.session.legal(s)) == 0 for s in range(n))
    assert not [action for _seat, action in play.session.log if action.get("type") == "undo"]


@pytest.mark.parametrize("case", game_seats(), ids=case_id)
def test_random_then_bot_playouts_keep_every_promise_at_every_position(case):
    game, n = case
    rules = games.rules(game)
    unlisted = set(getattr(rules, "UNLISTED_ACTIONS", ()))
    rand = random.Random(7 * n)
    play = Playout(game, n, seed=7 + n, random_moves=RANDOM_MOVES, level="normal")
    checked = {"deep": 0}

    def after(seat, action, events):
        check_events(play.session, events)
        if play.steps % VIEW_EVERY == 0:
            check_views(play.session, play.view)
        every = CHECK_EVERY if checked["deep"] < DEEP_CHECKS else 60
        if play.steps % every == 1 and play.session.result() is None:
            check_listed_actions_are_accepted(play.session, rand, play.legal)
            check_refusals(play.session, rand, unlisted, play.legal)
            checked["deep"] += 1

    check_views(play.session, play.view)
    play.play(MAX_ACTIONS, after=after)
    assert play.session.result() is not None, f"{game} ({n} seats) did not end in {MAX_ACTIONS} actions"
    assert checked["deep"] >= 1
    refused_unchanged(play.session, 0, {"type": sorted(rules.ACTIONS)[0]})  # the game is over (or malformed)


@pytest.mark.parametrize("case", game_seats(), ids=case_id)
def test_timed_steps_are_applied_only_as_the_rules_ask(case):
    """A host-driven step (seat None) is refused unless the rules' timer asks for exactly it."""
    game, n = case
    play = Playout(game, n, seed=3, random_moves=60)
    seen_timer = False

    def before(seat, action):
        nonlocal seen_timer
        timer = play.session.timer()
        if seat is TABLE_SEAT:
            assert timer is not None and action == timer["action"]
            seen_timer = True
        elif timer is None:
            for kind in sorted(play.session.rules.ACTIONS)[:3]:
                spoof = random_action({kind: play.session.rules.ACTIONS[kind]}, random.Random(play.steps))
                refused_unchanged(play.session, TABLE_SEAT, spoof)

    timed = games.rules(game).GAME_TYPE.timed
    # A game with no timer must refuse every host step anywhere: fewer positions show that than it takes to
    # meet a timed game's windows.
    play.play(400 if timed else 150, before=before)
    assert seen_timer or not timed
