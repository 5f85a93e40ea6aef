"""Property tests: random legal play never breaks an invariant of the rules."""
import copy

from hypothesis import HealthCheck, given, settings, strategies as st

from engine import Session
from engine.civil_war import cities, views
from engine.civil_war.board import load
from engine.civil_war.pieces import GUNBOAT_CAPACITY, KINDS
from engine.civil_war.pieces import compact, count
from engine.civil_war.railroads import cut_sections
from engine.civil_war.turns import free_to_move
from engine.errors import RuleError
from tests.civil_war import helpers

BOARD = load()


def tally(state):
    out = {(side, kind): 0 for side in (0, 1) for kind in KINDS}
    for u in state["units"]:
        out[(u["side"], u["kind"])] += 1
    return out


def check_invariants(state):
    squares = {}
    for u in state["units"]:
        squares.setdefault(tuple(u["at"]), []).append(u)
    contested = {tuple(p["at"]) for p in state["pending"] if p["step"] in ("battle", "retreat")}
    for sq, units in squares.items():
        sides = {u["side"] for u in units}
        assert len(sides) == 1 or sq in contested, f"both sides on {sq} with no battle pending"
        terrain = BOARD.squares[sq]
        for side in sides:
            mine = [u for u in units if u["side"] == side]
            kinds = {k: sum(1 for u in mine if u["kind"] == k) for k in KINDS}
            if kinds["gunboat"]:
                assert terrain.water, f"gunboat on dry land {sq}"
            if kinds["cavalry"]:
                assert terrain.land, f"cavalry at sea {sq}"
            if not terrain.land:
                assert kinds["infantry"] <= GUNBOAT_CAPACITY * kinds["gunboat"], f"infantry adrift at {sq}"
    for name, side in state["fortified"].items():
        at = list(BOARD.cities[name].at)
        assert any(u["at"] == at and u["side"] == side and u["kind"] != "gunboat" for u in state["units"])
        assert BOARD.cities[name].key_side is not None
    ids = [u["id"] for u in state["units"]]
    assert len(ids) == len(set(ids))


def check_ride(before_state, seat, events):
    """Railroad riding (more than one square for infantry) only over sections not cut for the rider."""
    cuts = cut_sections(BOARD, before_state, seat)
    for e in events:
        if e["type"] == "moved" and e.get("ride"):
            squares = [tuple(e["from"])] + [tuple(p) for p in e["path"]]
            for a, b in zip(squares, squares[1:]):
                assert b in BOARD.rail.get(a, ()), "ride off the rails"
                assert BOARD.link_section[frozenset((a, b))] not in cuts, "ride over a cut section"


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), picks=st.lists(st.integers(0, 10_000), min_size=20, max_size=80))
def test_random_legal_play_keeps_every_invariant(seed, picks):
    session = Session("civil_war", 2, seed=seed, options={"turn_limit": 100})
    counts = tally(session.state)
    for pick in picks:
        if session.result() is not None:
            break
        seat = session.to_act()[0]
        actions = session.legal_actions(seat)
        assert actions, "a seat to act always has something to do"
        action = actions[pick % len(actions)]
        before = copy.deepcopy(session.state)
        events = session.apply(seat, action)
        check_ride(before, seat, events)
        check_invariants(session.state)
        now = tally(session.state)
        assert all(now[k] <= counts[k] for k in counts), "pieces never grow"
        counts = now


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 30), mutation=st.sampled_from([
    {"units": {"infantry": 40}}, {"from": [17, 17]}, {"path": [[0, 0]]}, {"type": "retreat"},
    {"type": "fortify", "at": [0, 0]}, {"type": "choose_losses", "at": [3, 3], "units": {"cavalry": 1}},
    {"type": "battle", "eliminate": {"gunboat": 5}}, {"type": "unfortify", "at": [8, 8]},
]))
def test_refused_actions_leave_the_state_hash_unchanged(seed, steps, mutation):
    session = Session("civil_war", 2, seed=seed)
    for i in range(steps):
        if session.result() is not None:
            return
        seat = session.to_act()[0]
        actions = session.legal_actions(seat)
        session.apply(seat, actions[(seed + i) % len(actions)])
    if session.result() is not None:
        return
    seat = session.to_act()[0]
    base = session.legal_actions(seat)[0]
    bad = {**base, **mutation}
    before = (session.state_hash(), session.rev, len(session.log), session.rng.getstate())
    try:
        session.apply(seat, bad)
    except RuleError:
        assert (session.state_hash(), session.rev, len(session.log), session.rng.getstate()) == before
    else:
        # The mutation happened to be legal: then it must be one of the listed actions' effects.
        assert session.rev == before[1] + 1


def reference_stacks(board, state) -> list:
    """`views.stacks` as first written: each unit asked whether it is free to move."""
    by_key = {}
    for u in state["units"]:
        by_key.setdefault((u["at"][1], u["at"][0], u["side"]), []).append(u)
    out = []
    for (y, x, side), units in sorted(by_key.items()):
        ready = [u for u in units if free_to_move(board, state, u)]
        out.append({"at": [x, y], "side": side, "units": compact(count(units)), "ready": compact(count(ready)),
                    "disabled": any(u["disabled"] for u in units),
                    "fortified": cities.fortified_by(board, state, (x, y)) == side})
    return out


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), picks=st.lists(st.integers(0, 10_000), min_size=20, max_size=120),
       fortifies=st.integers(0, 3))
def test_the_views_stacks_are_the_stacks_of_units_free_to_move(seed, picks, fortifies):
    """Through random legal play (fortifications picked first, as often as asked), the view's stacks are those
    found by asking each unit whether it is free to move (fortified ground troops locked in, gunboats not)."""
    session = Session("civil_war", 2, seed=seed, options={"turn_limit": 100})
    fortified = 0
    for pick in picks:
        if session.result() is not None:
            break
        assert views.stacks(BOARD, session.state) == reference_stacks(BOARD, session.state)
        seat = session.to_act()[0]
        actions = session.legal_actions(seat)
        fortify = [a for a in actions if a["type"] == "fortify"]
        if fortify and fortified < fortifies:
            action, fortified = fortify[pick % len(fortify)], fortified + 1
        else:
            action = actions[pick % len(actions)]
        session.apply(seat, action)
    if session.result() is None:
        assert views.stacks(BOARD, session.state) == reference_stacks(BOARD, session.state)


def test_the_views_stacks_lock_the_ground_troops_of_a_fortified_city_and_free_its_gunboats():
    """Every side's every city on the water, fortified or not, held by infantry, cavalry and a gunboat (one of each
    moved or disabled too): the view's stacks are those found by asking each unit whether it is free to move."""
    for city in BOARD.cities.values():
        if city.at not in BOARD.water:
            continue
        for side in (0, 1):
            for fortified_by in (None, side, 1 - side):
                state = helpers.empty()
                helpers.place(state, side, city.at, infantry=2, cavalry=2, gunboat=2)
                state["units"][-1]["moved"] = state["units"][-3]["disabled"] = state["units"][-5]["moved"] = True
                state["fortified"] = {} if fortified_by is None else {city.name: fortified_by}
                assert views.stacks(BOARD, state) == reference_stacks(BOARD, state), (city.name, side, fortified_by)
