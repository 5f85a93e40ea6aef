"""The Civil War bots' remembered answers give what asking afresh gives: a strength counted once per square,
side, composition, fortification and fall (bots/civil_war/picture.py) is the rules' count over the whole
position, whatever else stands on the board."""
from hypothesis import HealthCheck, given, settings, strategies as st

from bots.civil_war.picture import KINDS, Picture
from engine import civil_war as cw
from engine.civil_war.board import load
from tests.civil_war import helpers
from tests.civil_war.helpers import NORTH, SOUTH

BOARD = load()
# Squares where the count differs most: both capitals (garrisons, falls), key cities of each side (fortified
# or not), a town and open ground.
PLACES = ("Washington", "Richmond", "Baltimore", "Nashville", "Atlanta", None)
comps = st.fixed_dictionaries({k: st.integers(0, 2) for k in KINDS})


def square(name):
    return BOARD.cities[name].at if name else (10, 6)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(stands=st.lists(st.tuples(st.sampled_from(PLACES), st.sampled_from((SOUTH, NORTH)), comps), max_size=6),
       fortified=st.dictionaries(st.sampled_from(PLACES[:5]), st.sampled_from((SOUTH, NORTH)), max_size=3),
       fallen=st.dictionaries(st.sampled_from(PLACES[:5]), st.sampled_from((SOUTH, NORTH)), max_size=2),
       asked=comps, toggled=st.sampled_from(PLACES[:5]))
def test_a_remembered_strength_is_the_rules_count_over_the_whole_position(stands, fortified, fallen, asked, toggled):
    state = helpers.empty()
    for name, side, comp in stands:
        helpers.place(state, side, square(name), **comp)
    state["fortified"] = dict(fortified)
    state["flags"] = dict(fallen)
    for me in (SOUTH, NORTH):
        pic = Picture(cw.view(state, me), me)
        for trial in (False, True):
            if trial:   # a general trying out a fortification of its own
                pic.fortified[me].symmetric_difference_update({square(toggled)})
            for name in PLACES:
                sq = square(name)
                for side in (SOUTH, NORTH):
                    assert pic.strength(sq, side) == pic.strength_asked(sq, side, None)
                    assert pic.strength(sq, side, asked) == pic.strength_asked(sq, side, asked)
