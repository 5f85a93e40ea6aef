"""Invariants under random legal play, and refusals that change nothing (hypothesis)."""
import random

from hypothesis import HealthCheck, given, settings, strategies as st

from engine.errors import RuleError
from engine.risk.board import load
from tests.risk.helpers import new

PLAY_STEPS = 400
OPTIONS = st.fixed_dictionaries({
    "territories": st.sampled_from(["dealt", "claim"]),
    "card_values": st.sampled_from(["escalating", "fixed"]),
    "fortify": st.sampled_from(["connected", "adjacent"]),
    "defender_dice": st.sampled_from(["auto", "choose"]),
})


def check_invariants(s):
    st_ = s.state
    terr = st_["territories"].values()
    owners = set(range(st_["n_seats"])) | ({-1} if st_["neutral"] else set())
    if st_["phase"] != "claim":
        assert all(v["armies"] >= 1 and v["owner"] in owners for v in terr)
    cards = sorted(st_["deck"] + st_["discards"] + [c for h in st_["hands"] for c in h])
    assert cards == list(range(len(load().cards)))
    for seat in st_["eliminated"]:
        assert st_["hands"][seat] == [] and not any(v["owner"] == seat for v in terr)
    assert s.state_hash() == s.state_hash()


def random_game(n, seed, options, steps=PLAY_STEPS):
    """Random legal play, favouring attacks so conquests, cards and eliminations come up."""
    s = new(n, seed, **options)
    pick = random.Random(seed)
    for _ in range(steps):
        if s.result():
            break
        seat = s.to_act()[0]
        actions = s.legal_actions(seat)
        attacks = [a for a in actions if a["type"] == "attack"]
        action = pick.choice(attacks) if attacks and pick.random() < 0.85 else pick.choice(actions)
        s.apply(seat, action)
        check_invariants(s)
    return s


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(n=st.integers(2, 6), seed=st.integers(0, 2**20), options=OPTIONS)
def test_random_legal_play_keeps_the_invariants(n, seed, options):
    """Armies >= 1 everywhere after setup, owners valid, 44 cards = deck + hands + discards, hash stable."""
    random_game(n, seed, options)


JUNK = st.one_of(
    st.fixed_dictionaries({"type": st.sampled_from(["place", "attack", "fortify", "occupy", "trade", "claim",
                                                    "defend", "end_turn", "end_attack", "fly"])},
                          optional={"territory": st.sampled_from(["alaska", "peru", "narnia", 3]),
                                    "from": st.sampled_from(["alaska", "ural", None]),
                                    "to": st.sampled_from(["kamchatka", "ural", "japan"]),
                                    "count": st.integers(-2, 60) | st.just("1"),
                                    "dice": st.integers(-1, 4) | st.just(True),
                                    "cards": st.lists(st.integers(-1, 50), max_size=4) | st.just("abc")}),
    st.just({"type": 5}), st.just({}),
)


@settings(max_examples=100, deadline=None)
@given(seed=st.integers(0, 50), warmup=st.integers(0, 300), seat=st.integers(0, 3), action=JUNK)
def test_refused_actions_change_nothing(seed, warmup, seat, action):
    """A refused action raises RuleError and leaves state, rng, log and rev untouched."""
    s = random_game(4, seed, {}, steps=warmup)
    before = (s.state_hash(), s.rng.getstate(), len(s.log), s.rev)
    try:
        s.apply(seat, action)
    except RuleError as e:
        assert e.code in ("not_your_turn", "illegal", "bad_action", "game_over")
        assert (s.state_hash(), s.rng.getstate(), len(s.log), s.rev) == before
    else:
        assert s.rev == before[3] + 1  # a lucky legal action is applied, and only then
