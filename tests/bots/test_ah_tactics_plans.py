"""The Tactics (1954) expert's search over whole movement plans (bots/ah_tactics_plans.py): its candidates
start with the hard bot's own plan, a variant leaves the hard bot as it was, a playout ends where the
enemy's reply does, and under an iteration budget one seed gives one plan, sent move by move from the
listing. One early movement position, a few playouts: cheap."""
import pytest

import bots
from engine import games, legal
from engine.session import Session
from tests.bot_games import bot_step

from bots.ah_tactics_plans import BASE, HARD, VARIANTS, PlanPlayout

PLANNED = {"planner": "bots.ah_tactics_plans", "plan_share": 0.8}   # opted in: not the default (docs/bots.md)


@pytest.fixture
def movement():
    """The first movement phase of a seeded game of hard bots: (session, the seat to move)."""
    s = Session("ah_tactics", 2, seed=3)
    players = [bots.make("ah_tactics", "hard", seat, 20 + seat) for seat in range(2)]
    while s.view(0)["public"]["phase"] != "move":
        bot_step(s, players)
    return s, s.to_act()[0]


def _expert(seat, seed=42, iterations=6, **more):
    return bots.make("ah_tactics", "expert", seat, seed, budget=None, iterations=iterations, **PLANNED, **more)


def test_without_a_base_the_first_candidate_plan_is_the_one_the_hard_bot_plays(movement):
    s, seat = movement
    view = s.view(seat)
    expert = _expert(seat, plan_options={"variants": "attacking"})
    plans = expert.planner.plans(view)
    hard = bots.make("ah_tactics", "hard", seat, 43)   # the expert's first advisor: its seed + 1
    played = [hard.choose(view)] + list(hard.queue)
    assert plans[0] == played and expert.planner.sources[0] == HARD
    assert len(plans) >= 2, "no variant made another plan"
    assert len({repr(p) for p in plans}) == len(plans), "a plan was offered twice"


def test_by_default_the_movement_is_the_base_knobs_plan_alone(movement):
    s, seat = movement
    view = s.view(seat)
    search = _expert(seat).planner
    # the expert settings': hard's plan, nobody brought up besides the attackers, the divisions the enemy could strike
    # next turn into reserve
    assert search.base == {"advances": 0, "reserves": True}
    hard = bots.make("ah_tactics", "hard", seat, 43)
    assert search.plans(view) == [hard.variant(search.base).phase_plan(view)] and search.sources == [BASE]


def test_with_a_base_hard_s_own_plan_and_the_variants_over_the_base_are_weighed_beside_it(movement):
    s, seat = movement
    view = s.view(seat)
    expert = _expert(seat, plan_options={"variants": "attacking", "base": {"advances": 0}})
    plans = expert.planner.plans(view)
    hard = bots.make("ah_tactics", "hard", seat, 43)
    assert plans[0] == hard.variant({"advances": 0}).phase_plan(view) and expert.planner.sources[0] == BASE
    own = [hard.choose(view)] + list(hard.queue)
    assert own in plans and expert.planner.sources[plans.index(own)] == HARD
    assert len({repr(p) for p in plans}) == len(plans), "a plan was offered twice"


def test_a_variant_plans_with_its_own_knobs_and_leaves_its_bot_as_it_was(movement):
    s, seat = movement
    view = s.view(seat)
    hard = bots.make("ah_tactics", "hard", seat, 43)
    calm = hard.variant({"attacks": 0, "advances": 0}, eager=0)
    assert calm.knobs["attacks"] == 0 and calm.knobs["disengage"] is True   # the rest stay hard's
    assert hard.knobs is None and hard.queue == [] and hard.key is None
    plan = calm.phase_plan(view)
    own = hard.phase_plan(view)
    # no attacks and nothing brought up: fewer units move than in hard's plan, and the movement ends
    assert len(plan) < len(own)
    assert plan[-1] == own[-1] == {"type": "end_movement"}


def test_a_plan_playout_ends_when_the_enemy_turn_is_over(movement):
    s, seat = movement
    view = s.view(seat)
    expert = _expert(seat)
    playout = PlanPlayout(expert.planner, view, seed=5)
    value = playout.run(expert.planner.plans(view)[0], None)
    rules = games.rules("ah_tactics")
    state = playout.state
    assert 0.0 <= value <= 1.0
    assert rules.result(state) is not None or (
        seat in rules.to_act(state) and rules.view(state, seat)["public"]["phase"] == "move"
        and rules.view(state, seat)["public"]["round"] > view["public"]["round"])


def test_one_seed_and_one_iteration_budget_give_one_plan_sent_from_the_listing(movement):
    s, seat = movement
    view = s.view(seat)
    searching = {"plan_options": {"variants": "attacking"}}   # a search over several plans (the default weighs one)
    first = _expert(seat, iterations=4, **searching)
    again = _expert(seat, iterations=4, **searching)
    action = first.choose(view)
    assert action == again.choose(view)
    assert first.planner.moves == again.planner.moves
    assert legal.contains(view["private"]["legal"], action)
    plans, rounds, _, chosen = first.planner.last
    assert rounds >= 1 and 0 <= chosen < plans
    # the rest of the movement comes from the plan, each action listed when sent, and it ends the phase
    while s.view(seat)["public"]["phase"] == "move":
        view = s.view(seat)
        action = first.choose(view)
        assert legal.contains(view["private"]["legal"], action), action
        s.apply(seat, action)
    assert action == {"type": "end_movement"}


def test_a_turn_for_the_budget_is_the_round_and_the_side_to_move_whoever_acts_inside_it(movement):
    """The enemy chooses where our beaten units fall back inside our turn; our later decisions of that turn
    must still share its budget, so the turn is named by round and side to move, not by the rev."""
    s, seat = movement
    turn_of = _expert(seat).planner.turn_of
    players = [bots.make("ah_tactics", "hard", k, 7) for k in range(2)]
    moving = None
    while s.rev < 600:
        public = s.view(seat)["public"]
        if public["phase"] == "move" and seat in s.to_act():
            moving = s.view(seat)
        elif public["phase"] == "battle" and seat in s.to_act() and moving is not None:
            assert turn_of(s.view(seat)) == turn_of(moving) == (public["round"], public["active"])
            break
        bot_step(s, players)
    else:
        pytest.fail("no battle in 600 actions")
    while seat in s.to_act() or s.view(seat)["public"]["phase"] != "move":
        bot_step(s, players)
    assert turn_of(s.view(seat)) != turn_of(moving)   # the enemy's movement: another turn


def test_the_attacking_set_weighs_only_the_variants_that_keep_hards_attacks(movement):
    """Scored after the enemy's reply, plans that forgo attacks looked good for giving the enemy little to
    hit (docs/bots.md): the "attacking" set leaves out the cautious and the no-attacks variants."""
    s, seat = movement
    expert = _expert(seat, iterations=2, plan_options={"variants": "attacking"})
    weighed = expert.planner.variants
    assert 0 < len(weighed) < len(VARIANTS)
    assert all(knobs.get("attacks", 8) >= 8 for knobs, _ in weighed)
    assert len(expert.planner.plans(s.view(seat))) <= 1 + len(weighed)


def test_a_plan_playout_is_scored_by_the_experts_own_evaluate_where_it_has_one(movement):
    s, seat = movement
    seen = []

    def evaluate(state, who):
        seen.append(who)
        return 0.25
    expert = _expert(seat, iterations=2, evaluate=evaluate)
    view = s.view(seat)
    value = PlanPlayout(expert.planner, view, seed=5).run(expert.planner.plans(view)[0], None)
    assert value == 0.25 and seen == [seat]


def test_a_three_turn_playout_ends_when_the_enemy_is_to_move_again_after_our_next_turn(movement):
    s, seat = movement
    view = s.view(seat)
    expert = _expert(seat, iterations=2, plan_options={"turns": 3})
    playout = PlanPlayout(expert.planner, view, seed=5)
    playout.run(expert.planner.plans(view)[0], None)
    rules = games.rules("ah_tactics")
    public = rules.view(playout.state, seat)["public"]
    assert rules.result(playout.state) is not None or (
        seat not in rules.to_act(playout.state) and public["phase"] == "move"
        and public["round"] > view["public"]["round"])


def test_a_plan_that_brings_the_reserves_back_is_followed_by_the_rest_of_the_movement():
    """Rule G: reserves come back on their squares when their side says. The expert's movement brings its
    reserves back first and plans the rest with them on the board (here: the division the enemy could strike
    goes into reserve again), rather than ending the movement once they are back."""
    from tests.ah_tactics.helpers import BLUE, rear_in_reach, through_reds_turn
    s, rear = rear_in_reach()
    for action in ({"type": "reserve", "unit": rear}, {"type": "end_movement"}):
        s.apply(BLUE, action)
    through_reds_turn(s)
    expert = bots.make("ah_tactics", "expert", BLUE, 42, budget=None, iterations=2)
    sent = []
    for _ in range(12):
        action = expert.choose(s.view(BLUE))
        sent.append(action)
        s.apply(BLUE, action)
        if action["type"] == "end_movement":
            break
    assert sent[0]["type"] == "reveal" and {"type": "reserve", "unit": rear} in sent, sent
