"""The expert level (bots/expert.py): it searches sampled states and still sends only listed actions,
repeats itself for one seed and one iteration budget, answers when told to stop, and finds a move that
wins at once. Iteration budgets keep these tests cheap and free of the clock."""
import copy
import threading
import time

import pytest

import bots
from bots import expert, settings as expert_settings
from engine import games, legal
from engine.rng import Rng
from engine.session import Session
from tests.bot_games import bot_step


def _advance(s: Session, actions: int, seed: int = 3) -> None:
    """Play `actions` actions of hard bots, so the expert meets a position from the middle of a game."""
    players = [bots.make(s.game_id, "hard", seat, seed + seat) for seat in range(s.n_seats)]
    while s.rev < actions and s.result() is None:
        bot_step(s, players)


def _position_with_choices(game_id: str, at_least: int = 2) -> tuple[Session, int]:
    s = Session(game_id, 2, seed=11)
    _advance(s, 30)
    while True:
        seat = s.to_act()[0]
        if legal.size(s.legal(seat)) >= at_least:
            return s, seat
        _advance(s, s.rev + 1)


@pytest.mark.parametrize("game_id", [g for g in games.available() if not games.is_realtime(g)])
def test_the_expert_is_offered_in_every_turn_based_game(game_id):
    assert "expert" in bots.levels(game_id)


def test_the_expert_is_not_offered_in_a_real_time_race():
    assert "expert" not in bots.levels("situation4")
    with pytest.raises(ValueError):
        bots.make("situation4", "expert", 0, 1)


def test_every_action_the_expert_sends_in_a_game_is_one_its_legal_allows():
    s = Session("risk", 2, seed=4)
    players = [bots.make("risk", "expert", 0, 9, budget=None, iterations=3), bots.make("risk", "hard", 1, 10)]
    searched = 0
    while s.rev < 60 and s.result() is None:
        seat = s.to_act()[0]
        view = s.view(seat)
        action = players[seat].choose(view)
        assert legal.contains(view["private"]["legal"], action), action
        if seat == 0 and legal.size(view["private"]["legal"]) > 1:
            searched += 1
        s.apply(seat, action)
    assert searched > 0, "the expert never had a choice to search"


def test_a_seat_not_to_act_gets_nothing_from_the_expert():
    s = Session("civil_war", 2, seed=2)
    waiting = next(seat for seat in range(2) if seat not in s.to_act())
    assert bots.make("civil_war", "expert", waiting, 1, budget=None, iterations=2).choose(s.view(waiting)) is None


@pytest.mark.parametrize("game_id", ["risk", "tactics1940"])
def test_one_seed_and_one_iteration_budget_give_one_action(game_id):
    s, seat = _position_with_choices(game_id)
    view = s.view(seat)
    first = bots.make(game_id, "expert", seat, 42, budget=None, iterations=6, depth=6)
    again = bots.make(game_id, "expert", seat, 42, budget=None, iterations=6, depth=6)
    chosen = first.choose(view)
    assert chosen == again.choose(view)
    assert legal.contains(view["private"]["legal"], chosen)
    assert first.last_search[0] == 6


def test_told_to_stop_the_expert_answers_at_once_with_a_listed_action():
    s, seat = _position_with_choices("risk")
    view = s.view(seat)
    bot = bots.make("risk", "expert", seat, 5, budget=60.0, turn_budget=None)
    threading.Timer(0.3, bot.stop).start()
    start = time.perf_counter()
    action = bot.choose(view)
    assert time.perf_counter() - start < 20.0   # a 60 s budget, cut short by the stop
    assert legal.contains(view["private"]["legal"], action)
    assert bot.last_search[0] >= 1


def test_a_time_budget_bounds_the_search():
    s, seat = _position_with_choices("risk")
    bot = bots.make("risk", "expert", seat, 5, budget=0.2)
    bot.choose(s.view(seat))
    iterations, seconds, _ = bot.last_search
    assert iterations >= 1 and seconds < 0.2 + 2.0   # one playout may run past the budget, never many


def test_the_expert_takes_the_last_counters_when_that_wins_at_once():
    """Toy pile game: whoever takes the last counter wins. With 3 left, taking all 3 wins now; taking 1
    or 2 hands the win to the other seat whenever it takes the rest."""
    s = Session("toy", 2, seed=1, options={"pile": 10})
    s.apply(0, {"type": "take", "count": 3})
    s.apply(1, {"type": "take", "count": 3})
    s.apply(0, {"type": "take", "count": 1})   # 3 left, seat 1 to act
    bot = bots.make("toy", "expert", 1, 7, budget=None, iterations=60)
    assert bot.choose(s.view(1)) == {"type": "take", "count": 3}


def test_the_expert_departs_from_the_hard_bot_only_on_a_steady_paired_advantage():
    """Round by round, a candidate that beats the hard bot's choice (candidate 0) on the same dice every
    time is sent; one whose better mean rests on a single lucky round is not."""
    hard = [0.5, 0.2, 0.7, 0.4, 0.6]
    steady = [x + 0.05 for x in hard]
    lucky = [0.5, 0.2, 0.7, 0.4, 1.0]
    assert expert._best([hard, steady]) == 1
    assert expert._best([hard, lucky]) == 0
    assert expert._best([hard, steady[:3]]) == 0   # too few rounds beside it to judge


def test_a_searched_game_without_its_own_evaluation_is_scored_by_material():
    """The toy game has no `evaluate` query: an unfinished playout scores the material share (no owners: 0.5)."""
    s = Session("toy", 2, seed=1, options={"pile": 10})
    assert expert.score(s.rules, s.state, 0) == 0.5


def test_an_unfinished_playout_is_scored_by_the_game_s_own_evaluation():
    s = Session("risk", 2, seed=4)
    _advance(s, 120)
    from engine import risk
    assert expert.score(s.rules, s.state, 0) == risk.queries.evaluate(s.state, 0)


def test_the_material_share_counts_each_side_s_pieces_by_their_weight():
    public = {"territories": {"a": {"owner": 0, "armies": 3}, "b": {"owner": 1, "armies": 1}},
              "units": [{"side": "red", "factor": 4}, {"side": "blue", "factor": 0, "status": "eliminated"}]}
    assert expert.material_share(public, 0, ["Blue", "Red"]) == pytest.approx(3 / 8)
    assert expert.material_share(public, 1, ["Blue", "Red"]) == pytest.approx(5 / 8)
    assert expert.material_share({"pile": 4}, 0, []) == 0.5


def test_a_thinking_bot_answers_at_once_and_hands_over_the_search_s_action_at_the_same_rev():
    from bots.background import ThinkingBot
    s, seat = _position_with_choices("risk")
    view = s.view(seat)
    bot = ThinkingBot(bots.make("risk", "expert", seat, 3, budget=None, iterations=4))
    assert bot.choose(view) is None and bot.thinking
    deadline = time.monotonic() + 30
    action = None
    while action is None and time.monotonic() < deadline:
        time.sleep(0.01)
        action = bot.choose(view)
    assert legal.contains(view["private"]["legal"], action)
    assert not bot.thinking


def test_a_table_in_a_window_plays_on_while_its_expert_thinks_in_the_background():
    """net/local.py asks bots from the drawing loop: a thinking expert must not be counted as passed."""
    from bots.background import ThinkingBot
    from net.local import LocalTable

    made = []

    def factory(game_id, level, seat, seed):
        made.append(ThinkingBot(bots.make(game_id, level, seat, seed, budget=None, iterations=20, depth=10)))
        return made[-1]

    table = LocalTable("risk", [{"kind": "bot", "level": "expert"}, {"kind": "bot", "level": "expert"}], seed=5,
                       bot_delay=0, bot_factory=factory)
    caught_thinking, deadline = 0, time.monotonic() + 60
    while table.rev < 12 and time.monotonic() < deadline:
        start = time.perf_counter()
        table.poll()
        assert time.perf_counter() - start < 0.5, "a poll waited on the search"
        caught_thinking += any(bot.thinking for bot in made)
        time.sleep(0.005)
    assert table.rev >= 12
    assert caught_thinking > 0   # polls returned while a search ran, and the game still went on
    table.close()


def test_the_command_line_offers_the_levels_the_bots_have():
    import cli
    assert cli.LEVELS == bots.ALL_LEVELS


def test_serve_refuses_an_expert_in_a_real_time_race_and_names_the_levels_offered(capsys):
    import cli
    from cli import serve
    parser = cli.build_parser()
    args = parser.parse_args(["serve", "--game", "situation4", "--bots", "expert"])
    with pytest.raises(SystemExit) as stop:
        serve.run(args, parser)
    assert stop.value.code == 2
    assert "easy, normal, hard, not expert" in capsys.readouterr().err


def test_a_thinking_bot_still_sends_its_set_up_answer_when_the_other_side_placed_a_unit_meanwhile():
    """Tactics (1954)'s set-up is secret and simultaneous: the person's placements move the rev while the
    expert thinks. The answer, still legal, is sent, not thrown away (the wrapped bot remembers giving it)."""
    from bots.background import ThinkingBot
    from engine.session import Session
    s = Session("ah_tactics", 2, seed=5)
    bot = ThinkingBot(bots.make("ah_tactics", "hard", 1, 5))
    assert bot.choose(s.view(1)) is None and bot.thinking
    deadline = time.monotonic() + 30
    while bot.busy_at(s.rev) and time.monotonic() < deadline:
        time.sleep(0.01)
    person = bots.make("ah_tactics", "hard", 0, 5)
    s.apply(0, person.choose(s.view(0)))          # the other side places a unit: a newer rev
    view = s.view(1)
    action = bot.choose(view)
    assert action is not None and action["type"] == "place", action
    assert legal.contains(view["private"]["legal"], action)
    s.apply(1, action)


def test_a_playout_on_the_own_horizon_ends_with_the_seat_s_own_turn():
    """Toy pile game, the seats taking turns: with seat 0 to act, a playout for seat 1 on the "own" horizon
    is scored at once (its turn is over), while the default horizon plays seat 0's turn first."""
    s = Session("toy", 2, seed=1, options={"pile": 10})
    s.apply(0, {"type": "take", "count": 1})
    s.apply(1, {"type": "take", "count": 1})   # seat 0 to act
    played = {}
    for horizon in ("own", "others"):
        bot = bots.make("toy", "expert", 1, 7, budget=None, iterations=2, horizon=horizon)
        playout = expert.Playout(bot, copy.deepcopy(s.state), Rng(3), 3)
        playout.run(None, 50)
        played[horizon] = playout.rev
    assert played == {"own": 0, "others": 1}


def test_a_playout_of_two_turns_plays_the_seat_s_own_turn_between_the_other_s_two():
    """Toy pile game, seat 0 to act: a playout for seat 1 of one turn ends once seat 0 has taken its turn; one of
    two (the deeper look, `deepen`) plays seat 1's own turn and seat 0's next as well."""
    s = Session("toy", 2, seed=1, options={"pile": 40})
    s.apply(0, {"type": "take", "count": 1})
    s.apply(1, {"type": "take", "count": 1})   # seat 0 to act
    bot = bots.make("toy", "expert", 1, 7, budget=None, iterations=2)
    played = {}
    for turns in (1, 2):
        playout = expert.Playout(bot, copy.deepcopy(s.state), Rng(3), 3)
        playout.run(None, 50, turns)
        played[turns] = (playout.rev, playout.state["turn"])
    assert played == {1: (1, 1), 2: (3, 1)}


def _deepening_bot(first_answer: int, first_scores: list, deeper_answer: int, deeper_rounds: int):
    """A toy expert whose two looks are given: the first answers candidate `first_answer` with `first_scores`; the
    deeper one answers its `deeper_answer`-th candidate, each of its candidates played `deeper_rounds` rounds."""
    bot = bots.make("toy", "expert", 1, 7, budget=None, iterations=8, deepen=2)
    looks = []

    def search(view, candidates, budget, keep=frozenset(), turns=1):
        looks.append((list(candidates), turns))
        bot.last_search = (len(candidates), 0.0, len(candidates))
        if turns == 1:
            bot.last_scores = first_scores
            return candidates[first_answer]
        bot.last_scores = [[0.5] * deeper_rounds for _ in candidates]
        return candidates[deeper_answer]

    bot._search = search
    return bot, looks


def test_the_deeper_look_weighs_the_hard_choice_the_first_answer_and_the_best_by_mean_and_its_answer_stands():
    candidates = [{"type": "take", "count": c} for c in (1, 2, 3)] + [{"type": "take", "count": 4}]
    first_scores = [[0.5] * 4, [0.6] * 4, [0.9] * 4, [0.7] * 4]   # the first look sent candidate 1, not its best mean
    bot, looks = _deepening_bot(1, first_scores, deeper_answer=0, deeper_rounds=expert.MIN_VISITS)
    chosen = bot._search(None, candidates, None)
    assert bot._deepened(None, candidates, chosen, None) == candidates[0]   # the deeper look overturned it
    assert looks[1] == ([candidates[0], candidates[1], candidates[2]], 2)  # hard's, the first's answer, the best


def test_a_deeper_look_cut_short_by_the_clock_leaves_the_first_look_s_answer():
    candidates = [{"type": "take", "count": c} for c in (1, 2, 3)]
    first_scores = [[0.5] * 4, [0.6] * 4, [0.9] * 4]
    bot, looks = _deepening_bot(2, first_scores, deeper_answer=0, deeper_rounds=expert.MIN_VISITS - 1)
    chosen = bot._search(None, candidates, None)
    assert bot._deepened(None, candidates, chosen, None) == candidates[2]
    assert len(looks) == 2
    assert bot._deepened(None, candidates, chosen, 0.0) == candidates[2] and len(looks) == 2   # no time left: no look


def test_a_listing_larger_than_the_search_limit_is_answered_by_the_first_advisor_unsearched():
    s, seat = _position_with_choices("ah_tactics", at_least=301)
    view = s.view(seat)
    # planner=None: the search limit's own path (by default a movement phase goes to the whole-plan search)
    bot = bots.make("ah_tactics", "expert", seat, 42, budget=None, iterations=50, search_limit=300, planner=None)
    assert bot.choose(view) == bots.make("ah_tactics", "hard", seat, 43).choose(view)   # the first advisor: seed + 1
    assert bot.last_search is None   # nothing was played out


def test_a_civil_war_playout_that_drew_no_chance_is_played_once_and_its_score_reused():
    """The hard general draws nothing of its own, so a playout with no coin tossed is exact: later rounds
    reuse its score instead of playing it again; only a playout that drew chance is played again."""
    s, seat = _position_with_choices("civil_war", at_least=3)
    bot = bots.make("civil_war", "expert", seat, 5, budget=None, iterations=40)
    assert bot.settings.deterministic_policy
    played = {}
    iterate = bot._iterate

    def counting(view, action, *rest):
        score, chanceless = iterate(view, action, *rest)
        played.setdefault((expert._key(action), rest[-1]), []).append(chanceless)   # rest[-1]: its turns
        return score, chanceless

    bot._iterate = counting
    assert legal.contains(s.legal(seat), bot.choose(s.view(seat)))
    assert played and all(runs == [True] for runs in played.values() if runs[0])


def test_a_civil_war_playout_stops_in_the_searching_side_s_own_turn_not_at_a_step_asked_in_the_other_s():
    """A retreat owed in the Union's turn hands the move to the Confederacy without making it its turn."""
    from tests.civil_war import helpers as cw
    bot = bots.make("civil_war", "expert", cw.SOUTH, 5, budget=None, iterations=4)
    state = cw.empty(turn=cw.NORTH)
    state["pending"] = [{"step": "retreat", "seat": cw.SOUTH, "at": [2, 9], "units": []}]
    playout = expert.Playout(bot, state, None, 0)
    assert not playout._own_turn()
    state["pending"], state["turn"] = [], cw.SOUTH
    assert playout._own_turn()


def test_a_tactics_1940_playout_runs_through_the_window_after_the_other_side_s_move_to_the_blockade_it_closes():
    """Rule 13: "the very moment this happens ... the game comes to an immediate end". After a move the window opens
    (Rule 11: a submarine may strike) and lists the searching side too; a playout that took that for the searching
    side's own turn stopped there, before the move's blockade was settled. Hard against hard, seed 0: at rev 127 North
    is to move and South's next move shuts North's seaport."""
    s = Session("tactics1940", 2, seed=0)
    players = [bots.make("tactics1940", "hard", seat, seat) for seat in range(2)]
    while s.rev < 127:
        bot_step(s, players)
    north = s.state["turn"]
    assert north == 0
    ended = {}
    for turn_field in ("turn", None):
        bot = bots.make("tactics1940", "expert", north, 5, budget=None, iterations=4, turn_field=turn_field)
        sample, rng = bot._sample(s.view(north), 12345)
        state = bot.clone(sample)
        bot.rules.apply(state, north, {"type": "move", "piece": 3, "path": [[7, 9]]}, rng)
        playout = expert.Playout(bot, state, rng, 12345)
        ended[turn_field] = (playout.run(None, 50), [step["step"] for step in playout.state["steps"]])
    assert bots.expert_settings("tactics1940").turn_field == "turn"
    assert ended["turn"] == (0.0, [])              # South's blockade, settled: North lost
    assert ended[None][1] == ["window"]            # without it: stopped in the window, the blockade unseen
    assert ended[None][0] > 0.0


def test_the_hard_civil_war_general_s_shortlist_starts_with_the_action_it_chose():
    """The expert's candidates come first from the hard general's own ranking, its choice at the head."""
    s, seat = _position_with_choices("civil_war", at_least=3)
    general = bots.make("civil_war", "hard", seat, 1)
    chosen = general.choose(s.view(seat))
    shortlist = general.shortlist(4)
    assert shortlist[0] == chosen and 1 < len(shortlist) <= 4
    assert all(legal.contains(s.legal(seat), action) for action in shortlist)


class _NoAdvice:
    """An advisor with nothing to say (as a hard bot whose plan has gone stale)."""

    def choose(self, view):
        return None


def test_with_no_advice_the_expert_plays_a_listed_action_but_never_takes_back_its_own_move():
    """The Session lists `undo` after an undoable move (a Tactics (1954) placement here); a bot never takes
    it: a random pick that could undo would walk a game back and forth (a game at the bench's action cap)."""
    s = Session("ah_tactics", 2, seed=3)
    seat = s.to_act()[0]
    s.apply(seat, bots.make("ah_tactics", "hard", seat, 1).choose(s.view(seat)))
    view = s.view(seat)
    assert {"type": "undo"} in view["private"]["legal"]["actions"]
    # search_limit 0: every decision is answered on the advice, which is empty: a sample of the listing
    settings = bots.expert_settings("ah_tactics").but(budget=None, iterations=1, search_limit=0)
    bot = expert.ExpertBot("ah_tactics", seat, 5, settings, make_bot=lambda *_: _NoAdvice())
    picks = [bot.choose(view) for _ in range(200)]
    assert all(legal.contains(view["private"]["legal"], a) for a in picks)
    assert {"type": "setup_done"} in picks and {"type": "undo"} not in picks


def test_each_game_s_expert_searches_with_its_own_settings_and_a_caller_s_changes_go_over_them():
    from bots.civil_war import EXPERT_SETTINGS
    bot = bots.make("civil_war", "expert", 0, 1, budget=0.25)
    assert bot.settings == EXPERT_SETTINGS.but(budget=0.25) and bot.budget == 0.25
    from bots.risk import EXPERT_SETTINGS as RISK
    assert bots.make("risk", "expert", 0, 1).settings == RISK
    assert bots.expert_settings("situation4") == expert_settings.DEFAULT   # a game that names none: the defaults


def test_a_table_builds_no_view_for_a_bot_still_searching_at_its_rev(monkeypatch):
    """A window polls its bots every frame: a view and its listing for a search that only answers "wait" would
    take the drawing thread's time (and the interpreter) from the frames while the expert thinks."""
    import threading
    from bots.background import ThinkingBot
    from net.local import LocalTable
    release = threading.Event()

    class Searching:   # a search that runs until released
        def choose(self, view):
            release.wait(30)
            return None

    table = LocalTable("risk", [{"kind": "bot", "level": "expert"}, {"kind": "bot", "level": "expert"}], seed=5,
                       bot_delay=0, bot_factory=lambda *_: ThinkingBot(Searching()))
    built = []
    view = table.session.view
    monkeypatch.setattr(table.session, "view", lambda seat: built.append(seat) or view(seat))
    table.poll()   # the search starts on the one view built for it
    asked = list(built)
    for _ in range(5):
        table.poll()
    release.set()
    assert len(asked) == 1 and built == asked
    table.close()


def test_an_expert_on_the_thread_clock_counts_its_budget_in_its_own_cpu_time():
    """On a shared machine the wall's quarter second gives the search a fraction of a core: measured on the
    thread clock, the expert gets what one idle core would give it (bench.bots --cpu-clock)."""
    assert bots.make("risk", "expert", 0, 1, clock="thread").now is time.thread_time
    assert bots.make("risk", "expert", 0, 1).now is time.perf_counter
