"""Property tests: seeded random play from `legal` never breaks an invariant of the rules."""
import copy
import random

import msgpack
from hypothesis import HealthCheck, given, settings, strategies as st

from engine import Session, legal as listing
from engine.canonical import state_hash
from engine.errors import RuleError
from engine.tactics1940.board import LAND, load
from engine.tactics1940.pieces import BATTLESHIP, PER_POWER, PROTEST_CARDS, TOTAL_COINS, TRANSPORT

BOARD = load()


def step(session: Session, pick: random.Random):
    """One random step: a random seat in to_act with something to do acts, else the table's timer fires.
    Returns (seat, action, events)."""
    seats = [s for s in session.to_act() if listing.size(session.legal(s))]
    if seats:
        seat = pick.choice(seats)
        action = listing.sample(session.legal(seat), pick)
        return seat, action, session.apply(seat, action)
    timer = session.timer()
    assert timer is not None, "nobody can act and no timer runs: the game is stuck"
    return None, timer["action"], session.apply(None, timer["action"])


def check_invariants(state):
    n = state["n"]
    assert sum(state["coins"]) + state["reserve"] == TOTAL_COINS, "coins are conserved"
    assert all(c >= 0 for c in state["coins"]) and state["reserve"] >= 0
    squares = [tuple(p["at"]) for p in state["pieces"] if p["at"] is not None]
    assert len(squares) == len(set(squares)), "two pieces on one square"
    for seat in range(n):
        mine = [p for p in state["pieces"] if p["owner"] == seat]
        assert {k: sum(1 for p in mine if p["kind"] == k) for k in PER_POWER} == PER_POWER
        assert state["protest_cards"][seat] + sum(state["accepted"][o][seat] for o in range(n)) == PROTEST_CARDS
    for p in state["pieces"]:
        if p["at"] is None:
            continue
        sq = tuple(p["at"])
        kind = BOARD.kinds[sq]
        if p["kind"] == BATTLESHIP:
            assert kind != LAND, f"battleship on land at {sq}"
        elif p["kind"] == TRANSPORT:
            assert sq not in BOARD.bases, f"transport on a plane base at {sq}"
        else:
            assert sq in BOARD.bases
    held = [int(c) for cards in state["hands"].values() for c in cards]
    in_play = [s["card"] for s in state["steps"] if s["step"] == "card"]
    assert sorted(held + in_play + state["deck"] + state["discard"]) == list(range(48)), "every card is somewhere, once"


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), n=st.sampled_from([2, 3, 4]), steps=st.integers(50, 250))
def test_random_legal_play_keeps_every_invariant(seed, n, steps):
    session = Session("tactics1940", n, seed=seed)
    pick = random.Random(seed)
    on_board = sum(1 for p in session.state["pieces"] if p["at"] is not None)
    for _ in range(steps):
        if session.result() is not None:
            break
        _, _, events = step(session, pick)
        check_invariants(session.state)
        now = sum(1 for p in session.state["pieces"] if p["at"] is not None)
        back = sum(1 for e in events if e["type"] == "conscripted")
        assert now <= on_board + back, "pieces come back only by Conscription"
        on_board = now
        for seat in session.to_act():
            assert listing.size(session.legal(seat)) or session.timer() is not None
        prompt = session.prompt()
        if prompt is not None:
            assert set(prompt["seats"]) <= set(session.to_act())


def _variants(action):
    """Illegal neighbours of a legal action: another piece, another square, a longer path."""
    out = []
    if "piece" in action:
        out.append({**action, "piece": (action["piece"] + 1) % 48})
    if "path" in action:
        x, y = action["path"][-1]
        out.append({**action, "path": action["path"][:-1] + [[(x + 3) % 16, y]]})
        out.append({**action, "path": action["path"] + [[x, (y + 2) % 16]]})
    if "to" in action:
        out.append({**action, "to": [0, 0]})
    if "card" in action:
        out.append({**action, "card": (action["card"] + 1) % 48})
    return out


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), n=st.sampled_from([2, 3, 4]), steps=st.integers(0, 150))
def test_a_refused_action_changes_nothing(seed, n, steps):
    session = Session("tactics1940", n, seed=seed)
    pick = random.Random(seed)
    for _ in range(steps):
        if session.result() is not None:
            return
        step(session, pick)
    for seat in session.to_act():
        legal = session.legal(seat)
        for action in listing.all_actions(legal, 30):
            for variant in _variants(action):
                if listing.contains(legal, variant):
                    continue
                before, rng_state, rev = state_hash(session.state), session.rng.getstate(), session.rev
                snapshot = copy.deepcopy(session.state)
                try:
                    session.apply(seat, variant)
                except RuleError:
                    assert state_hash(session.state) == before and session.state == snapshot
                    assert session.rng.getstate() == rng_state and session.rev == rev
                    continue
                raise AssertionError(f"{variant} was accepted but is not in legal")


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), n=st.sampled_from([3, 4]), steps=st.integers(20, 200))
def test_no_view_or_event_shows_another_seats_submarines(seed, n, steps):
    """Hidden information: a seat's submarine cards reach nobody else, by value."""
    session = Session("tactics1940", n, seed=seed)
    pick = random.Random(seed)
    sent = {s: [] for s in [None, *range(n)]}
    for _ in range(steps):
        if session.result() is not None:
            break
        _, _, events = step(session, pick)
        for seat in sent:
            sent[seat].append(msgpack.packb([session.view(seat)["public"], session.events_for(events, seat)]))
    for owner in range(n):
        for card in session.view(owner)["private"]["submarines"]:
            secret = msgpack.packb(card)
            for seat, frames in sent.items():
                if seat != owner:
                    assert not any(secret in f for f in frames), f"seat {seat} saw seat {owner}'s {card}"
