"""The compiled search (engine/ah_tactics/compiled_reach.py) is the packed search of movement.py made fast:
over random positions, both give every unit the same reach byte for byte (costs, the squares passed, the
squares listed) and the same route, step by step, to any square."""
from hypothesis import HealthCheck, given, settings, strategies as st

from engine import Session
from engine.ah_tactics import movement
from engine.ah_tactics.board import load
from engine.ah_tactics.movement import MOVERS, field
from engine.ah_tactics.units import PER_SIDE, ROSTER

BOARD = load()
LAND = sorted(sq for sq in BOARD.terrain if BOARD.land(sq))
# friends on a square where road and railroad run together are passed along the lines (C2): many such squares
DOUBLE = sorted(BOARD.double)
PORTS = ("Northport", "Gull Harbor", "Southport", "Heron Harbor")

units = st.lists(st.tuples(st.integers(0, 2 * PER_SIDE - 1), st.sampled_from(LAND + DOUBLE),
                           st.sampled_from(["active", "active", "refitting", "prisoner"])),
                 min_size=1, max_size=30, unique_by=(lambda u: u[0], lambda u: u[1]))


def _both(monkeypatch, compute):
    monkeypatch.setattr(movement, "COMPILED", True)
    fast = compute()
    monkeypatch.setattr(movement, "COMPILED", False)
    return fast, compute()


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                  HealthCheck.function_scoped_fixture])
@given(units, st.integers(0, 1), st.integers(0, 95), st.booleans(), st.lists(st.integers(0, 1), min_size=4, max_size=4),
       st.randoms(use_true_random=False))
def test_the_compiled_search_finds_what_the_packed_search_finds(monkeypatch, placed, side, budget, sea, owners, rnd):
    """C, D: every cost, every square passed and listed, for units of each movement class, amphibious or not,
    by land and sea, among friends (passed along the lines), enemies (where a mover stops) and prisoners."""
    at = [(uid, sq, status, (1 - ROSTER[uid].side) if status == "prisoner" else None) for uid, sq, status in placed]
    f = field(BOARD, side, at, (), dict(zip(PORTS, owners)))
    mine = [sq for uid, sq, status, captor in at if (captor if status == "prisoner" else ROSTER[uid].side) == side]
    sources = [(sq, rnd.choice(MOVERS), rnd.random() < 0.2) for sq in (mine or [at[0][1]])]
    fast, packed = _both(monkeypatch, lambda: f.reach_many(sources, budget, sea=sea))
    assert fast == packed


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                  HealthCheck.function_scoped_fixture])
@given(units, st.integers(0, 1), st.integers(0, 95), st.booleans(), st.randoms(use_true_random=False))
def test_the_compiled_route_is_the_packed_searchs_route(monkeypatch, placed, side, budget, amphibious, rnd):
    """Routes are fixed (ties go to the lower square index): the compiled search walks the same squares, by land
    or sea, at the same running costs, and finds no route where there is none."""
    at = [(uid, sq, status, None) for uid, sq, status in placed if status != "prisoner"] or [(0, LAND[0], "active", None)]
    f = field(BOARD, side, at, (), {port: side for port in PORTS})
    src, mover = at[0][1], rnd.choice(MOVERS)
    for dest in rnd.sample(LAND, 12):
        fast, packed = _both(monkeypatch, lambda: f.route(src, dest, mover, budget, amphibious=amphibious))
        assert fast == packed, (src, dest, mover)


def test_a_real_turns_reach_is_the_same_in_both(monkeypatch):
    """A seeded game's first movement, every unit of the side to move, at a whole turn's allowance."""
    s = Session("ah_tactics", 2, seed=3)
    for _ in range(4):
        if s.state["phase"] == "move":
            break
        s.apply(s.to_act()[0], {"type": "setup_done"})
    state = s.state
    assert state["phase"] == "move"
    side = state["active"]
    f = movement.field_for(BOARD, state, side)
    sources = [((u["at"][0], u["at"][1]), ROSTER[i].mover, ROSTER[i].kind == "amphibious")
               for i, u in enumerate(state["units"]) if u["at"] is not None and ROSTER[i].side == side]
    fast, packed = _both(monkeypatch, lambda: f.reach_many(sources, 92))
    assert fast == packed and len(sources) > 20


def test_the_search_runs_compiled_here():
    """numba is a dependency: the listing does not fall back to the slow search unnoticed."""
    assert movement.compiled() is not None


def test_preparing_the_game_leaves_both_searches_compiled_and_other_games_untouched():
    """A table prepares its game on a thread as it opens (net/table.py), so the first movement waits on nothing."""
    from engine import games
    for game in games.available():
        games.prepare(game)
    fast = movement.compiled()
    assert fast._search.signatures and fast._route.signatures


def test_where_numba_cannot_be_used_the_python_searches_serve_and_a_warning_says_so(monkeypatch):
    import sys

    import pytest
    monkeypatch.setattr(movement, "_COMPILED_MODULE", [])
    import engine.ah_tactics
    monkeypatch.setitem(sys.modules, "engine.ah_tactics.compiled_reach", None)   # the import fails
    monkeypatch.delattr(engine.ah_tactics, "compiled_reach", raising=False)
    with pytest.warns(UserWarning, match="numba is not usable"):
        assert movement.compiled() is None
    f = field(BOARD, 0, [(0, LAND[100], "active", None)], (), {})
    assert f.reach(LAND[100], MOVERS[0], 6) and f.route(LAND[100], LAND[101], MOVERS[0], 6) is not None
