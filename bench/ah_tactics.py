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
ACTION_LIMIT = 20000
LEVELS = ("hard", "easy")


def bot_game(seed: int, levels=LEVELS) -> tuple[Session, dict]:
    """A whole game between bots, each deciding from its own seat's view. Returns the session and, per
    level, the CPU seconds its seat spent on each of its side's turns."""
    s = Session("ah_tactics", len(levels), seed=seed)
    players = [make("ah_tactics", level, seat, seed * 31 + seat) for seat, level in enumerate(levels)]
    turns: dict[tuple, float] = defaultdict(float)   # (seat, round, active side) -> CPU seconds

    def decide(seat, view):
        start = time.thread_time()
        action = players[seat].choose(view)
        turns[seat, view["public"]["round"], view["public"]["active"]] += time.thread_time() - start
        return action

    if not play_turns(s, decide, ACTION_LIMIT) and s.rev < ACTION_LIMIT:
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
                f"{len(every)} side-turns; by level: {by_level}")]
