"""The expert's fast playouts (bots/expert.py `Playout`, a game's `rollout` in its EXPERT_SETTINGS): a rollout
policy chooses from the rules' `legal` on the playout's own sampled state with no view built for it, chooses as
the bot it stands for where it claims to, and the search leaves a decision as soon as no candidate can still beat
the hard bot's choice."""
import time

import bots
from bots import expert
from bots.risk import HardBot, Rollout
from engine import games, legal, undo
from engine.rng import Rng
from engine.session import Session
from tests.bot_games import bot_step


def test_the_risk_rollout_chooses_what_the_hard_bot_chooses_from_its_view_at_every_position_of_whole_games():
    rules = games.rules("risk")
    compared = 0
    for seed, seats in ((1, 2), (2, 3)):
        s = Session("risk", seats, seed=seed)
        hard = [HardBot(seat, seat) for seat in range(seats)]
        fast = [Rollout(seat, seat) for seat in range(seats)]   # each keeps its memory of the turn, as hard does
        while s.result() is None and s.rev < 400:
            seat = s.to_act()[0]
            chosen = hard[seat].choose(s.view(seat))
            assert fast[seat].choose(s.state, rules.legal(s.state, seat)) == chosen, (seed, s.rev)
            s.apply(seat, chosen)
            compared += 1
    assert compared > 500


def test_a_rollout_that_reads_another_field_than_the_view_would_show_is_caught():
    """The comparison above can fail: a rollout that misreads one field (the set-up's step: whose armies it places)
    chooses otherwise than hard somewhere in a game."""
    class Careless(Rollout):
        def decide(self, pub, allowed, cards):
            return super().decide(dict(pub, setup_step="own"), allowed, cards)
    rules = games.rules("risk")
    s = Session("risk", 2, seed=1)
    hard, careless = [HardBot(seat, seat) for seat in range(2)], [Careless(seat, seat) for seat in range(2)]
    differed = False
    while s.result() is None and s.rev < 1500 and not differed:
        seat = s.to_act()[0]
        chosen = hard[seat].choose(s.view(seat))
        differed = careless[seat].choose(s.state, rules.legal(s.state, seat)) != chosen
        s.apply(seat, chosen)
    assert differed


def _lazy_and_given(rollout_class, seed: int, seats: int, limit: int) -> tuple[int, int, int]:
    """A whole game of hard bots, where at every position one rollout is given the listing and a twin of it (its
    own memory of the turn kept alike) the function that makes it, as a playout hands it. Returns (decisions
    compared, of them in the attack phase, listings the twin made there); fails where the two choose otherwise."""
    rules = games.rules("risk")
    s = Session("risk", seats, seed=seed)
    hard = [HardBot(seat, seat) for seat in range(seats)]
    given = [Rollout(seat, seat) for seat in range(seats)]
    lazy = [rollout_class(seat, seat) for seat in range(seats)]
    compared = attacks = listed_in_attacks = 0
    while s.result() is None and s.rev < limit:
        seat = s.to_act()[0]
        listed = []

        def make(state=s.state, seat=seat):
            listed.append(seat)
            return rules.legal(state, seat)
        attacking = s.state["phase"] == "attack"
        if attacking:
            assert legal.size(rules.legal(s.state, seat)), "the attack phase lists nothing for the seat to act"
        assert lazy[seat].choose(s.state, make) == given[seat].choose(s.state, rules.legal(s.state, seat)), \
            (seed, s.rev)
        compared += 1
        attacks += attacking
        listed_in_attacks += len(listed) if attacking else 0
        s.apply(seat, hard[seat].choose(s.view(seat)))
    return compared, attacks, listed_in_attacks


def test_the_risk_rollout_lists_only_where_it_must_and_chooses_as_when_given_the_listing():
    """A playout hands the Risk rollout a function that makes its listing (`lazy_listing`): it chooses what it
    chooses when given the listing, and makes none for an attack, which it reads off the rules' attack_options."""
    for seed, seats in ((1, 2), (2, 3)):
        compared, attacks, listed_in_attacks = _lazy_and_given(Rollout, seed, seats, 400)
        assert compared > 200 and attacks > compared // 3
        assert listed_in_attacks == 0


def test_a_rollout_that_lists_for_its_attacks_is_caught():
    """The count above can fail: a rollout that weighs its attacks off the listing, as the hard bot from its view
    does, makes a listing at every attack."""
    class Listing(Rollout):
        def hopeful_attacks(self):
            return HardBot.hopeful_attacks(self)
    compared, attacks, listed_in_attacks = _lazy_and_given(Listing, 1, 2, 400)
    assert listed_in_attacks == attacks > 0


def _risk_position():
    s = Session("risk", 2, seed=11)
    players = [bots.make("risk", "hard", seat, 3 + seat) for seat in range(2)]
    while s.rev < 120 or legal.size(s.legal(s.to_act()[0])) < 3:
        bot_step(s, players)
    return s, s.to_act()[0]


def test_a_playout_with_a_rollout_builds_no_view_and_one_with_hard_replies_builds_them_for_the_reply(monkeypatch):
    s, seat = _risk_position()
    built = []
    real = expert.Playout.view
    monkeypatch.setattr(expert.Playout, "view", lambda self, who, *rest: built.append(who) or real(self, who, *rest))
    for replies, views in ((0, lambda seen: not seen), (None, lambda seen: bool(seen))):
        built.clear()
        bot = bots.make("risk", "expert", seat, 5, budget=None, turn_budget=None, iterations=8, hard_replies=replies)
        action = bot.choose(s.view(seat))
        assert legal.contains(s.legal(seat), action)
        assert views(built), (replies, built)
        assert seat not in built   # the searching seat's own continuation is always the rollout's
    built.clear()
    bot = bots.make("risk", "expert", seat, 5, budget=None, turn_budget=None, iterations=8, rollout=None)
    bot.choose(s.view(seat))
    assert seat in built   # no rollout: every decision from a view, as before


def test_a_playout_scores_the_same_with_the_rollout_as_with_hard_bots_from_views():
    """The Risk rollout is the hard bot's choice, so the same sample and chance give the same playout."""
    s, seat = _risk_position()
    view = s.view(seat)
    action = undo.without(view["private"]["legal"])["actions"][0] if view["private"]["legal"].get("actions") else \
        legal.nth(view["private"]["legal"], 0)
    scores = []
    for rollout in ("bots.risk:Rollout", None):
        bot = bots.make("risk", "expert", seat, 5, budget=None, turn_budget=None, iterations=1, rollout=rollout)
        rng = Rng(77)
        state = games.rules("risk").sample_state(view, seat, rng)
        games.rules("risk").apply(state, seat, action, rng)
        scores.append(expert.Playout(bot, state, rng, 77).run(None, 200))
    assert scores[0] == scores[1]


def test_a_candidate_that_can_no_longer_beat_the_hard_choice_is_dropped_and_the_hard_choice_never():
    hard = [0.5, 0.6, 0.4, 0.5, 0.55, 0.45]
    behind = [x - 0.2 for x in hard]                  # always 0.2 worse: hopeless at once
    close = [x + d for x, d in zip(hard, (0.05, -0.04, 0.03, -0.02, 0.06, -0.03))]   # noisy, not shown worse
    exact_tie = list(hard)                            # no better at all, with no spread: cannot reach min_gain
    scores = [hard, behind, close, exact_tie]
    assert expert._hopeful([0, 1, 2, 3], scores) == [0, 2]
    assert expert._hopeful([0, 1, 2, 3], scores, kept={1}) == [0, 1, 2]   # one weighed for the analysis stays
    assert expert._hopeful([0, 1], [hard[:3], behind[:3]]) == [0, 1]        # too few rounds to judge yet


def test_a_decision_nothing_can_beat_the_hard_choice_in_ends_before_its_iterations_are_spent():
    """A set-up placement of Risk changes no army's worth by the end of the next turn, so every candidate ties the
    hard bot's choice exactly: after MIN_VISITS rounds none can reach `min_gain`, and the search stops there."""
    s = Session("risk", 2, seed=11)
    seat = s.to_act()[0]
    bot = bots.make("risk", "expert", seat, 5, budget=None, turn_budget=None, iterations=400)
    assert legal.contains(s.legal(seat), bot.choose(s.view(seat)))
    done, _, candidates = bot.last_search
    assert candidates > 2 and done == candidates * expert.MIN_VISITS


def test_the_playouts_count_their_actions_and_the_time_their_policy_spent_choosing():
    """What the bench reports of a playout (bench/engine.py, "expert playouts a second"): its actions, and the share
    of its time the policy spent choosing. A rollout made to spin a known CPU time at each choice shows in the count
    at least that much; the same search with the plain rollout shows less."""
    s, seat = _risk_position()
    spin = 0.002

    class Slow(Rollout):
        def choose(self, state, allowed):
            until = time.thread_time() + spin
            while time.thread_time() < until:
                pass
            return super().choose(state, allowed)

    counted = {}
    for name, rollout in (("plain", Rollout), ("slow", Slow)):
        bot = bots.make("risk", "expert", seat, 5, budget=None, turn_budget=None, iterations=4, rollout=rollout,
                        clock="thread")
        bot.choose(s.view(seat))
        done, seconds, _ = bot.last_search
        assert done == 4 and bot.playout_steps >= done
        assert 0 < bot.choosing_seconds <= seconds
        counted[name] = (bot.playout_steps, bot.choosing_seconds)
    steps, slow_choosing = counted["slow"]
    assert slow_choosing >= steps * spin
    assert counted["plain"][1] < steps * spin
