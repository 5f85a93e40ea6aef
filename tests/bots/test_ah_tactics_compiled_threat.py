"""The Tactics (1954) bots' danger map compiled (bots/ah_tactics_compiled_threat.py) is the Python search's
(bots/ah_tactics_threat.threatened_in_python): over random positions, the same squares at the same least costs."""
from hypothesis import HealthCheck, given, settings, strategies as st

from bots import ah_tactics_threat
from bots.ah_tactics_threat import threatened, threatened_in_python
from engine.ah_tactics.board import load

BOARD = load()
LAND = sorted(sq for sq in BOARD.terrain if BOARD.land(sq))
PORTS = sorted(BOARD.ports())
# squares around the ports and beaches, where the sea legs start and end: drawn often, so sailing is met
COASTAL = sorted({sq for name in PORTS for sq in BOARD.docks(name)} | set(BOARD.beaches))

squares = st.lists(st.sampled_from(LAND + COASTAL), min_size=0, max_size=60, unique=True)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(squares, st.integers(1, 12), st.integers(0, 20), st.integers(0, 3),
       st.lists(st.sampled_from(PORTS), unique=True), st.randoms(use_true_random=False))
def test_the_compiled_danger_map_is_the_python_searchs(placed, n_enemy, n_own, n_amphibious, ports, rnd):
    """Every square an enemy division could control after its move (rule C's costs, C6's stops next to the bot's
    divisions, D4's free sea leg from a port's dock, an amphibious division's landing on any beach, E's control),
    at the least allowance spent: the same from both searches."""
    enemy, own, others = placed[:n_enemy], placed[n_enemy:n_enemy + n_own], placed[n_enemy + n_own:]
    amphibious = rnd.sample(enemy, min(n_amphibious, len(enemy)))
    fast = threatened(BOARD, enemy, own, others, ports, amphibious)
    assert fast == threatened_in_python(BOARD, enemy, own, others, ports, amphibious)


def test_the_comparison_can_fail(monkeypatch):
    """The check above sees a difference: the Python search with C6 forgotten (no stops next to the bot's
    divisions) finds more than the compiled one."""
    enemy, own = [LAND[len(LAND) // 2]], [LAND[len(LAND) // 2 + 3]]
    fast = threatened(BOARD, enemy, own, [], PORTS, [])
    monkeypatch.setattr(ah_tactics_threat, "controlled", lambda board, squares: set())
    assert threatened_in_python(BOARD, enemy, own, [], PORTS, []) != fast


def test_the_compiled_search_is_the_one_the_bots_use():
    assert ah_tactics_threat.compiled_search() is not None
