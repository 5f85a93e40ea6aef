"""The expert at a table thinks in a helper process of its own (bots/background.py over bots/helper.py): it answers
there as it would here, stops when asked, says when its search failed, and ends with the table."""
import functools
import os
import time

import bots
from bots.background import ThinkingBot
from bots.helper import Helper, HelperFailed
from engine import legal
from engine.session import Session
from tests.bot_games import bot_step


def _position(game_id: str = "risk"):
    s = Session(game_id, 2, seed=11)
    players = [bots.make(game_id, "hard", seat, 3 + seat) for seat in range(2)]
    while s.rev < 90 or legal.size(s.legal(s.to_act()[0])) < 3:
        bot_step(s, players)
    return s, s.to_act()[0]


def _answer(bot, view, seconds: float = 60):
    """Ask as a table does, frame after frame, until the search answers (bounded in time)."""
    deadline = time.monotonic() + seconds
    action = bot.choose(view)
    while action is None and time.monotonic() < deadline:
        time.sleep(0.01)
        action = bot.choose(view)
    return action


def test_an_expert_thinking_in_a_helper_process_answers_what_it_answers_here_for_one_seed_and_iteration_budget():
    s, seat = _position()
    view = s.view(seat)
    here = bots.make("risk", "expert", seat, 3, budget=None, iterations=12).choose(view)
    make = functools.partial(bots.make, budget=None, iterations=12)
    helper = Helper(make, "risk", "expert", seat, 3)
    try:
        bot = ThinkingBot(helper=helper, seat=seat)
        assert bot.choose(view) is None and bot.thinking and helper.pid != os.getpid()
        assert _answer(bot, view) == here
        assert not bot.thinking
    finally:
        helper.close()


def test_a_search_in_a_helper_process_stops_when_the_table_moves_on():
    """Asked at a newer rev while it searches, the bot stops its search (anytime: it answers with what it has)."""
    s, seat = _position()
    view = s.view(seat)
    helper = Helper(functools.partial(bots.make, budget=120.0, turn_budget=None), "risk", "expert", seat, 3)
    try:
        bot = ThinkingBot(helper=helper, seat=seat)
        assert bot.choose(view) is None
        deadline = time.monotonic() + 60   # the helper has begun searching once it is busy past its start
        while not bot.busy_at(view["public"]["rev"]) and time.monotonic() < deadline:
            time.sleep(0.01)
        newer = dict(view, public=dict(view["public"], rev=view["public"]["rev"] + 1))
        began = time.monotonic()
        assert bot.choose(newer) is None   # stale: stopped, not waited on
        while bot.busy_at(view["public"]["rev"]) and time.monotonic() - began < 60:
            time.sleep(0.01)
        assert not bot.busy_at(view["public"]["rev"]), "the search never stopped"
        assert time.monotonic() - began < 60 < 120
    finally:
        helper.close()


def test_a_call_that_raises_in_the_helper_is_said_to_the_caller():
    helper = Helper(dict)
    try:
        ticket = helper.call("no_such_method")
        try:
            helper.result(ticket, timeout=60)
        except HelperFailed as failed:
            assert "no_such_method" in str(failed)
        else:
            raise AssertionError("the failure was lost")
        assert helper.result(helper.call("get", "x", 7), timeout=60) == 7   # and it answers on
    finally:
        helper.close()


def test_closing_a_table_ends_the_helper_processes_of_its_experts():
    from net.local import LocalTable
    table = LocalTable("risk", [{"kind": "bot", "level": "expert"}, {"kind": "bot", "level": "hard"}], seed=5,
                       bot_delay=0, bot_factory=bots.make_for_table)
    expert = table.table.bot_for(0)
    helper = expert._helper
    assert helper.alive and helper.pid != os.getpid()
    table.close()
    assert not helper.alive
