"""Properties of the engine over many positions: the fast reach agrees with the exact route, random legal
play never overdraws the allowance, every listed action is accepted, refused actions change nothing."""
import copy
import random
from pathlib import Path

from hypothesis import HealthCheck, given, settings, strategies as st

from engine import Session, legal as shape
from engine.ah_tactics import listing
from engine.ah_tactics.board import load
from engine.ah_tactics.movement import MOVERS, field
from engine.ah_tactics.units import PER_SIDE, ROSTER
from engine.canonical import state_hash
from engine.errors import RuleError

BOARD = load()
LAND = sorted(sq for sq in BOARD.terrain if BOARD.land(sq))

squares = st.lists(st.sampled_from(LAND), min_size=2, max_size=14, unique=True)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(squares, st.sampled_from(MOVERS), st.integers(0, 90), st.booleans())
def test_the_reach_listing_agrees_with_the_exact_cheapest_route(where, mover, budget, amphibious):
    """C, D: the reach offered for every unit (one packed search) costs exactly what the square-by-square
    cheapest route costs, and nothing beyond the budget is offered."""
    placed = [(i if i % 2 == 0 else PER_SIDE + i, sq, "active", None) for i, sq in enumerate(where)]
    f = field(BOARD, 0, placed, (), {"Northport": 0, "Gull Harbor": 0, "Southport": 1, "Heron Harbor": 1})
    src = where[0]
    if not BOARD.terrain[src] in ("clear", "forest") and mover != "mountain":
        return
    offered = f.reach(src, mover, budget, amphibious=amphibious)
    assert all(cost <= budget for cost in offered.values())
    for dest in random.Random(budget).sample(sorted(offered), min(25, len(offered))):
        cost = offered[dest]
        route = f.route(src, dest, mover, budget, amphibious=amphibious)
        assert route is not None and route[0] == cost, (dest, cost, route)
    # a few squares not offered are not reachable within the budget either
    for dest in random.Random(budget).sample(LAND, 15):
        if dest not in offered and dest != src:
            assert f.route(src, dest, mover, budget, amphibious=amphibious) is None


def started(seed: int, n_seats: int = 2) -> Session:
    s = Session("ah_tactics", n_seats, seed=seed)
    s.apply(0, {"type": "setup_done"})
    s.apply(1, {"type": "setup_done"})
    return s


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10_000))
def test_random_legal_play_never_overdraws_the_allowance_and_every_listed_action_is_accepted(seed):
    """C: the moves of a turn never cost more than 30 squares; whatever legal lists is accepted."""
    s = started(seed)
    r = random.Random(seed)
    for _ in range(20):
        if s.result():
            break
        seat = r.choice([t for t in s.to_act() if shape.size(s.legal(t))])   # a second player may have nothing
        lg = s.legal(seat)
        if shape.size(lg) == 0:
            continue
        action = shape.sample(lg, r)
        if action["type"] == "regroup" and r.random() < 0.8:
            continue
        before = s.state["allowance"]
        s.apply(seat, action)
        assert 0 <= s.state["allowance"] <= 90
        if action["type"] in ("move", "drop", "reserve", "reveal", "regroup"):
            assert s.state["allowance"] <= before


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10_000), st.integers(0, 47), st.integers(0, 35), st.integers(0, 87))
def test_a_refused_action_changes_nothing(seed, x, y, unit):
    """Validate completely before changing anything: a refused move, drop or plan step leaves the state,
    the dice and the legal listing as they were."""
    s = started(seed)
    side = s.state["active"]
    hash_before = state_hash(s.state)
    legal_before = s.legal(side)
    dice = s.rng.getstate()
    for action in ({"type": "move", "unit": unit, "to": [x, y]}, {"type": "drop", "unit": unit, "to": [x, y]},
                   {"type": "reveal", "unit": unit}, {"type": "assign", "attacker": unit, "defender": unit,
                                                       "factors": 1}, {"type": "retreat", "unit": unit, "to": [x, y]}):
        if shape.contains(legal_before, action):
            continue
        snapshot = copy.deepcopy(s.state)
        try:
            s.apply(side, action)
        except RuleError:
            assert s.state == snapshot and state_hash(s.state) == hash_before and s.rng.getstate() == dice
        else:
            raise AssertionError(f"{action} was accepted though legal did not list it")
    listing._CACHE.clear()
    assert s.legal(side) == legal_before


def test_the_two_seats_of_a_side_share_one_reach_search():
    """Performance by design: the second seat's listing comes from the cache, equal to the commander's."""
    s = started(1, n_seats=4)
    side = s.state["active"]
    first = s.legal(side)
    second = s.legal(side + 2)
    assert first["templates"] == [t for t in second["templates"]]
    assert ROSTER[0].side == 0


def test_views_events_and_legal_are_msgpack_safe_with_string_keys():
    """Every frame the host builds packs as msgpack with string map keys only."""
    import msgpack
    s = started(2, n_seats=4)
    r = random.Random(2)
    for _ in range(12):
        seat = r.choice([t for t in s.to_act() if shape.size(s.legal(t))])   # a second player may have nothing
        lg = s.legal(seat)
        action = shape.sample(lg, r)
        events = s.apply(seat, action)
        for viewer in (0, 1, 2, 3, None):
            frame = {"view": s.view(viewer), "events": s.events_for(events, viewer)}
            packed = msgpack.packb(frame, use_bin_type=True)
            assert msgpack.unpackb(packed, raw=False, strict_map_key=True) is not None
        p = s.prompt()
        assert p is None or set(p["seats"]) <= set(s.to_act())


def _listed_from_nothing(s: Session, seat: int) -> dict:
    """The seat's listing with every kept search forgotten (the caches restored after)."""
    kept, last = dict(listing._CACHE), dict(listing._LAST)
    listing._CACHE.clear()
    listing._LAST.clear()
    try:
        return s.legal(seat)
    finally:
        listing._CACHE.update(kept)
        listing._LAST.update(last)


def test_a_reach_kept_from_a_listing_made_with_little_allowance_is_not_trusted_with_more():
    """C: a unit's reach is kept between listings only while nothing it could use has changed. A change
    checked against little allowance (beyond what the unit could then pay) must not be missed when the
    full allowance comes back: a square a friend has since filled was once listed, and the rules then
    refused the move."""
    s = started(3)
    side = s.state["active"]
    units = s.state["units"]
    ours = [uid for uid in range(len(units)) if ROSTER[uid].side == side and units[uid]["at"] is not None]
    here = {tuple(units[uid]["at"]) for uid in range(len(units)) if units[uid]["at"] is not None}
    unit = ours[0]
    reach = shape.square_costs(s.legal(side), "move", unit)
    src = tuple(units[unit]["at"])
    # a square the unit reaches only with most of a turn's allowance, and a friend far from both to fill it
    far = next(sq for sq, cost in sorted(reach.items(), key=lambda item: -item[1]) if 45 <= cost <= 90)
    friend = next(uid for uid in ours[1:] if max(abs(a - b) for a, b in zip(units[uid]["at"], src)) > 3
                  and max(abs(a - b) for a, b in zip(units[uid]["at"], far)) > 3)
    s.state["allowance"] = 3
    units[friend]["at"] = list(far)
    assert far not in here
    s.legal(side)                       # listed with 1 square left: the change lies beyond what it can pay
    s.state["allowance"] = 90           # the next turn's allowance, nothing else changed
    again = s.legal(side)
    assert again == _listed_from_nothing(s, side)
    assert far not in shape.square_costs(again, "move", unit)


def _hide(s: Session, side: int, uid: int) -> None:
    """`uid` taken into reserve where it stands (rule G), as the rules' reserve action leaves it."""
    unit = s.state["units"][uid]
    square, unit["at"], unit["status"] = unit["at"], None, "reserve"
    s.state["hidden"].setdefault(str(side), {})[str(uid)] = square


def test_a_friend_taken_into_reserve_on_a_road_and_rail_square_no_longer_lets_the_side_pass_there():
    """C, G: a unit passes along a line through a friend standing on a road-and-rail square, but not through a
    reserve hidden there. Taking the friend into reserve fills no square and empties none, so a reach kept from
    the listing before must not be trusted: the kept one listed squares beyond the friend, and the rules then
    refused the move (an expert's game: "The IIC HQ cannot reach 5,0 with 20 squares of allowance left")."""
    board = load()
    double = {tuple(sq) for sq in board.double}
    s = started(3)
    side = s.state["active"]
    units = s.state["units"]
    ours = [uid for uid in range(len(units)) if ROSTER[uid].side == side and units[uid]["at"] is not None]
    taken = {tuple(u["at"]) for u in units if u["at"] is not None}
    # a friend set on a free road-and-rail square that some unit's listed reach passes through
    for friend in ours:
        start = units[friend]["at"]
        for square in sorted(double - taken):
            units[friend]["at"] = list(square)
            seen = _listed_from_nothing(s, side)
            _hide(s, side, friend)
            hidden = _listed_from_nothing(s, side)
            units[friend].update(at=list(square), status="active")
            del s.state["hidden"][str(side)][str(friend)]
            if [t for t in seen["templates"] if t["unit"] != friend] != \
                    [t for t in hidden["templates"] if t["unit"] != friend]:
                break
        else:
            units[friend]["at"] = start
            continue
        break
    else:
        raise AssertionError("no road-and-rail square a friend's reach passes through")
    listing._CACHE.clear()
    listing._LAST.clear()
    s.legal(side)                         # listed with the friend in sight: every reach kept
    _hide(s, side, friend)
    assert s.legal(side) == _listed_from_nothing(s, side)


POSITIONS = Path(__file__).parent / "positions"


def test_a_dock_freed_far_away_is_listed_for_a_unit_that_sails_there():
    """D4: a unit on a friendly dock sails to any other free friendly dock at no cost, so a dock freed far from it
    changes its reach though nothing next to what it had reached did. The position is an expert's game (seed 22,
    its Blue to move, 342 actions in): the 2nd Armd leaves its dock at 2,12, whose other neighbours are Blue's
    hidden reserves, and the 11th Inf, a reserve in a port far off, may then sail there. A reach kept from the
    listing before the move missed the dock."""
    saved = Session.load(POSITIONS / "dock_freed_seed22.sandtable")
    s = Session.load(POSITIONS / "dock_freed_seed22.sandtable", upto=saved.rev - 1)
    seat, last = saved.log[-1]
    assert last == {"type": "move", "unit": 1, "to": [10, 15]} and s.state["units"][1]["at"] == [2, 12]
    listing._CACHE.clear()
    listing._LAST.clear()
    s.legal(seat)                         # listed with the dock taken: every reach kept
    s.apply(seat, last)
    listed = s.legal(seat)
    assert listed == _listed_from_nothing(s, seat)
    assert shape.contains(listed, {"type": "move", "unit": 11, "to": [2, 12]})
