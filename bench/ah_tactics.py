"""Bench rows for Tactics (1954): a whole bot game, and how long a bot takes over one whole turn.

A bot's turn is every `choose` call of its seat from the moment its side's turn starts until the
other side's starts: the movement plan (30 squares), each action sent, the battle plan and the
fall-backs it chooses. Times are thread CPU seconds (the bot's own work, not the machine's load);
the game row also gives wall time. Views are built by the Session as the host would build them.

The ladder (every pair of levels over 100 seeded games) is the generic one: `python run.py bench --bots`.
"""
import time
from collections import defaultdict

from bench.playing import p95, play_turns
from bench.runner import Row
from bots import make
from engine import Session

TURN_GOAL_S = 1.0
EXPERT_TURN_GOAL_S = 2.0   # issue 44: a person does not wait longer on the expert's turn
EXPERT_ROUNDS = 5
EXPERT_SEED = 3
ACTION_LIMIT = 20000
LEVELS = ("hard", "easy")


def bot_game(seed: int, levels=LEVELS, clock=time.thread_time, rounds: int | None = None) -> tuple[Session, dict]:
    """A game between bots, each deciding from its own seat's view, whole or for its first `rounds`. Returns the
    session and, per level, the seconds (of `clock`: the bot's CPU, or the wall for a bot on the clock) its seat
    spent on each of its side's turns."""
    s = Session("ah_tactics", len(levels), seed=seed)
    players = [make("ah_tactics", level, seat, seed * 31 + seat) for seat, level in enumerate(levels)]
    turns: dict[tuple, float] = defaultdict(float)   # (seat, round, active side) -> seconds

    def decide(seat, view):
        start = clock()
        action = players[seat].choose(view)
        turns[seat, view["public"]["round"], view["public"]["active"]] += clock() - start
        return action

    until = None if rounds is None else (lambda s: s.view(None)["public"]["round"] > rounds)
    if not play_turns(s, decide, ACTION_LIMIT, until) and s.rev < ACTION_LIMIT and until is None:
        raise AssertionError(f"no bot acts at rev {s.rev}")
    per_level: dict[str, list[float]] = defaultdict(list)
    for (seat, _, _), spent in turns.items():
        per_level[levels[seat]].append(spent)
    return s, per_level


def rows(quick: bool) -> list[Row]:
    cpu, walls, actions, rounds, turns = [], [], [], [], defaultdict(list)
    for seed in range(1 if quick else 3):
        start, wall = time.process_time(), time.perf_counter()
        s, spent = bot_game(seed)
        cpu.append(time.process_time() - start)
        walls.append(time.perf_counter() - wall)
        assert s.result() is not None, "an ah_tactics bot game did not finish"
        actions.append(s.rev)
        rounds.append(s.view(None)["public"]["round"])
        for level, values in spent.items():
            turns[level].extend(values)
    every = [t for values in turns.values() for t in values]
    by_level = ", ".join(f"{level} {p95(v):.2f} s (max {max(v):.2f})" for level, v in turns.items())
    return [Row("ah_tactics: full bot game (hard/easy), Session + views + bots, CPU", f"{max(cpu):.1f} s",
                note=f"worst of {len(cpu)} seeded games; {min(actions)}-{max(actions)} actions, rounds "
                     f"{min(rounds)}-{max(rounds)}; wall worst {max(walls):.1f} s"),
            Row("ah_tactics: bot turn p95 (30 squares + battle plan, thread CPU)", f"{p95(every):.2f} s",
                f"<= {TURN_GOAL_S:g} s", p95(every) <= TURN_GOAL_S,
                f"{len(every)} side-turns; by level: {by_level}"),
            _expert_turn_row(quick)]


def _expert_turn_row(quick: bool) -> Row:
    """How long a person waits on the expert's turn (issue 44): the wall time of every decision of the expert's
    seat in one of its side's turns, at its own settings, over the first rounds of a game against hard."""
    _, spent = bot_game(EXPERT_SEED, ("expert", "hard"), time.perf_counter, 2 if quick else EXPERT_ROUNDS)
    waits = spent["expert"]
    return Row("ah_tactics: a turn against the expert, wall", f"{max(waits):.2f} s",
               f"<= {EXPERT_TURN_GOAL_S:g} s", max(waits) <= EXPERT_TURN_GOAL_S,
               f"the longest of its {len(waits)} side-turns in the first {2 if quick else EXPERT_ROUNDS} rounds "
               f"against hard (seed {EXPERT_SEED}), p95 {p95(waits):.2f} s; the expert at its own settings")
