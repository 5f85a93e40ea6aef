"""The expert weighs actions it was handed beside its own candidates (`ExpertBot.weigh`, and Tactics (1954)'s
plan search's `weigh` for whole movement phases): the hint and the analysis of a finished game rest on it."""
import bots
from bots import expert
from engine import legal, undo
from engine.session import Session
from tests.bot_games import bot_step


def _position(game_id: str, actions: int, seed: int = 5):
    s = Session(game_id, 2, seed=seed)
    players = [bots.make(game_id, "hard", seat, seed + seat) for seat in range(2)]
    while s.rev < actions or legal.size(undo.without(s.legal(s.to_act()[0]))) < 3:
        bot_step(s, players)
    seat = s.to_act()[0]
    return s, seat, s.view(seat)


def test_an_action_handed_to_weigh_is_played_in_every_round_beside_the_expert_s_answer():
    s, seat, view = _position("risk", 40)
    searching = bots.make("risk", "expert", seat, 3, budget=None, iterations=60, turn_budget=None)
    hard = bots.make("risk", "hard", seat, 4).choose(view)
    other = next(a for a in legal.all_actions(undo.without(view["private"]["legal"])) if a != hard)
    weighing = searching.weigh(view, [other])
    mine = weighing.candidates.index(other)
    rounds = len(weighing.scores[0])
    assert rounds >= expert.MIN_VISITS and len(weighing.scores[mine]) == rounds
    assert len(weighing.scores[weighing.chosen]) == rounds
    assert len(weighing.paired(mine, weighing.chosen)) == rounds


def test_weighing_repeats_for_one_seed_and_one_iteration_budget():
    s, seat, view = _position("civil_war", 20)
    played = legal.nth(undo.without(view["private"]["legal"]), 1)
    runs = [bots.make("civil_war", "expert", seat, 9, budget=None, iterations=24, turn_budget=None).weigh(view, [played])
            for _ in range(2)]
    assert runs[0] == runs[1]


def test_a_movement_plan_handed_to_the_plan_search_is_weighed_beside_the_expert_s_plan():
    s = Session("ah_tactics", 2, seed=3)
    players = [bots.make("ah_tactics", "hard", seat, 3 + seat) for seat in range(2)]
    while not (s.view(s.to_act()[0])["public"].get("phase") == "move" and s.view(0)["public"]["round"] >= 2):
        bot_step(s, players)
    seat = s.to_act()[0]
    view = s.view(seat)
    searching = bots.make("ah_tactics", "expert", seat, 1, budget=None, iterations=4, turn_budget=None)
    plan = [legal.nth(undo.without(view["private"]["legal"]), 0), {"type": "end_movement"}]
    weighing = searching.planner.weigh(view, [plan])
    assert plan in weighing.candidates
    mine = weighing.candidates.index(plan)
    assert len(weighing.scores[mine]) == len(weighing.scores[weighing.chosen]) >= 1
