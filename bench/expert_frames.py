"""Bench row: the window's frame rate while the expert thinks (issue 44).

The Tactics (1954) map with every counter on it (bench.boards.ah_tactics) is stepped at the window's own pace
(`App.step()`, 60 frames a second at most) in alternating blocks: nobody thinking; an expert searching in a
helper process, as behind the New Game form (bots.make_for_table); and the same search on a thread of the
window's process, as before it, for comparison. The search is a Risk decision with a budget longer than the
block (stopped at the block's end): what matters is a Python search beside the drawing. The blocks alternate so
that each sees the same machine.
"""
import functools
import statistics
import time

import bots
from bench.boards import bench_app, still_board
from bench.boards.ah_tactics import deployed
from bench.playing import bots_play_until
from bench.runner import Row

GOAL_SHARE = 0.9   # frames a second while the expert thinks in its helper, as a share of the idle window's


def _risk_decision():
    """(view, seat) at a Risk position where the seat to act has a choice the expert searches."""
    from engine import legal
    from engine.session import Session
    s = Session("risk", 2, seed=3)
    players = [bots.make("risk", "hard", seat, seat) for seat in range(2)]
    s = bots_play_until(s, players, lambda s: s.rev >= 120 and legal.size(s.legal(s.to_act()[0])) >= 3, 2000)
    seat = s.to_act()[0]
    return s.view(seat), seat


def _block(app, seconds: float, bot=None, view=None) -> list[float]:
    """Frame intervals over `seconds` of `app.step()`, `bot` searching `view` meanwhile (stopped at the end)."""
    if bot is not None:
        bot.choose(view)
    intervals, last = [], time.perf_counter()
    end = last + seconds
    while last < end:
        app.step()
        now = time.perf_counter()
        intervals.append(now - last)
        last = now
    if bot is not None:
        bot.stop()
        rev, deadline = view["public"]["rev"], time.monotonic() + 60
        while bot.busy_at(rev) and time.monotonic() < deadline:
            time.sleep(0.01)
        bot.choose(view)   # take its answer, so the next block starts a search afresh
    return intervals


def _figures(intervals: list[float]) -> tuple:
    ordered = sorted(intervals)
    return (len(intervals) / sum(intervals), statistics.median(ordered) * 1000,
            ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))] * 1000)


def rows(quick: bool) -> list[Row]:
    from bots.background import ThinkingBot
    from bots.helper import Helper
    seconds, rounds = (1.0, 1) if quick else (3.0, 3)
    view, seat = _risk_decision()
    make = functools.partial(bots.make, budget=10 * seconds, turn_budget=None)
    helper = Helper(make, "risk", "expert", seat, 1, name="bench expert")
    helper.result(helper.call("choose", {"public": {}, "private": {}}), timeout=120)   # built: its imports done
    in_helper = ThinkingBot(helper=helper, seat=seat)
    on_thread = ThinkingBot(make("risk", "expert", seat, 1))
    blocks = {"idle": [], "helper": [], "thread": []}
    with bench_app(quick) as (app, _, _):
        scene, link = still_board(app, "ah_tactics", session=deployed())
        for _ in range(rounds):
            blocks["idle"] += _block(app, seconds)
            blocks["helper"] += _block(app, seconds, in_helper, view)
            blocks["thread"] += _block(app, seconds, on_thread, view)
        link.close()
    helper.close()
    (idle, idle50, idle95), (helped, helped50, helped95), (threaded, thread50, thread95) = (
        _figures(blocks[k]) for k in ("idle", "helper", "thread"))
    return [Row("window frame rate: idle / expert thinking in its helper process / on a thread of the window",
                f"{idle:.0f} / {helped:.0f} / {threaded:.0f} fps", f"thinking >= {GOAL_SHARE:.0%} of idle",
                helped >= GOAL_SHARE * idle,
                f"Tactics (1954) map, every counter on it; {rounds} x {seconds:g} s blocks of each; frame interval "
                f"p50 / p95: idle {idle50:.1f} / {idle95:.1f} ms, helper {helped50:.1f} / {helped95:.1f} ms, thread "
                f"{thread50:.1f} / {thread95:.1f} ms")]
