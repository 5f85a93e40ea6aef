"""The bot ladder: seeded headless games between bot levels, for every registered game.

For each game in `engine.games.available()` (asked through the game contract only):
  - at the smallest seat count that makes exactly two sides, every pair of levels
    (hard v normal, normal v easy, hard v easy) plays seeded games in pairs, the same
    seed twice with the sides swapped, so the first mover's edge and the dice cancel;
    each side's seats all get that side's level;
  - equal levels (hard v hard, ...), one game per seed, to show whether a side is favoured;
  - where the default seat count makes more than two sides, one stronger bot against the
    weaker level on every other side, the stronger side rotating (baseline 1/sides).
Turn-based games are played action by action (a seat in `to_act` whose bot has nothing
to do is passed over; the rules' timer acts when no bot does). Real-time games run on a
simulated clock: every racer counts the game's START_COUNTDOWN (plus a seeded part of its
pace, as no two racers' clocks tick together), then moves every `pace` seconds of its
level, as the table paces them.

`--expert SECONDS`: instead, the expert against hard (sides swapped per seed) in every turn-based
game, the expert searching SECONDS per decision (and five times that per whole turn), and equal
experts; the expert's decision times are those of its own clock (the wall's, or with `--cpu-clock` its CPU time).

Decision times are CPU time of the deciding thread (`time.thread_time`), per action a bot
chose. `python -m bench.bots [--games N] [--game ID]` prints the table on its own;
`python run.py bench --bots` adds it to the suite's table.
"""
import argparse
import heapq
import math
import os
import random
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from bench.playing import play_turns
from bench.runner import Row, print_table
from bots import make
from engine import games
from engine.session import TABLE_SEAT, Session

PAIRS = (("hard", "normal"), ("normal", "easy"), ("hard", "easy"))
MIRRORS = (("hard", "hard"), ("normal", "normal"), ("easy", "easy"))
EXPERT_PAIRS = (("expert", "hard"),)
EXPERT_MIRRORS = (("expert", "expert"),)
EXPERT_BUDGET = 1.0          # seconds per expert decision unless --expert says otherwise
GAMES_PER_PAIR = 100         # full run, per pair of levels (an even number: seeds are played twice)
QUICK_GAMES_PER_PAIR = 10
ACTION_CAP = 40_000          # a game still running after this many actions is counted unfinished
KEEP_DIR = Path(tempfile.gettempdir()) / "sandtable-bench"   # where unfinished games are saved
# Goals of issue 16.
LADDER_GOAL = {("hard", "normal"): 0.70, ("normal", "easy"): 0.70, ("hard", "easy"): 0.90,
               ("expert", "hard"): 0.70}  # issue 22
ONE_VS_REST_GOAL = 0.40      # hard against the rest normal, 4 or more sides
SIDE_BAND = (0.35, 0.65)     # equal levels: each side's share of decided games
DECISION_P95_GOAL_MS = 50.0


@dataclass
class Game:
    """One finished (or capped) game: what the ladder needs to know about it."""
    levels: list            # level per seat
    side_names: list        # side name per side index
    side_seats: list        # seats per side index
    winners: list           # winning seats ([] for a draw)
    finished: bool          # False: stopped at ACTION_CAP or nobody could act
    limit: bool             # the result's reason names a limit (a turn limit reached)
    actions: int
    times: dict = field(default_factory=dict)  # level -> [seconds per decision]
    kept: str | None = None  # where an unfinished game's save was written (`python run.py replay PATH`)

    def winning_side(self) -> int | None:
        """The one side whose seats hold every win; None for a draw, a shared win or no result."""
        sides = {i for i, seats in enumerate(self.side_seats) for s in seats if s in self.winners}
        return sides.pop() if len(sides) == 1 else None


def seats_for_two_sides(rules) -> int | None:
    """The smallest seat count whose sides are exactly two (None: the game never has two)."""
    for n in range(rules.MIN_SEATS, rules.MAX_SEATS + 1):
        if _valid(rules, n) and len(_sides(rules.GAME_ID, n)) == 2:
            return n
    return None


def _valid(rules, n) -> bool:
    try:
        rules.validate_options(rules.default_options(), n)
        return True
    except ValueError:
        return False


def _sides(game_id: str, n_seats: int) -> list:
    return Session(game_id, n_seats, seed=0).sides()


def play(game_id: str, levels: list, seed: int, options: dict | None = None, budget: float = EXPERT_BUDGET,
         keep_dir: Path | None = None, clock: str = "wall") -> Game:
    """One seeded game, each seat played by its level's bot from its own view (the game's default options
    unless `options` are given); an expert searches `budget` seconds a decision, five times that a turn, of
    `clock` (bots/settings.py: "wall", or "thread" for its own CPU time). A game that does not end is saved in
    `keep_dir` (KEEP_DIR unless given)."""
    s = Session(game_id, len(levels), seed=seed, options=options)
    bots = [make(game_id, level, seat, seed * 1009 + seat,
                 **({"budget": budget, "turn_budget": 5 * budget, "clock": clock} if level == "expert" else {}))
            for seat, level in enumerate(levels)]
    times = {level: [] for level in levels}
    if s.rules.GAME_TYPE.realtime:
        finished = _race(s, bots, levels, times, random.Random(seed))
    else:
        finished = _turns(s, bots, levels, times)
    sides = s.sides()
    result = s.result()
    finished = finished and result is not None
    return Game(levels=list(levels), side_names=[x["name"] for x in sides], side_seats=[x["seats"] for x in sides],
                winners=list(result["winners"]) if result else [], finished=finished,
                limit=bool(result) and "limit" in str(result.get("reason", "")), actions=s.rev, times=times,
                kept=None if finished else keep(s, game_id, levels, seed, keep_dir))


def keep(s: Session, game_id: str, levels: list, seed: int, folder: Path | None = None) -> str:
    """Save a game that did not end: a bot that loops (or waits forever) shows itself in the replay, and an
    expert's game, which depends on the clock, could not be played again to find it."""
    folder = Path(folder or KEEP_DIR)
    folder.mkdir(parents=True, exist_ok=True)
    stem = f"{game_id}-seed{seed}-{'-'.join(levels)}"
    path = folder / f"{stem}.sandtable"
    again = 2
    while path.exists():   # a rerun keeps the earlier game too: on the clock, the same seed plays differently
        path = folder / f"{stem}-{again}.sandtable"
        again += 1
    s.save(path)
    return str(path)


def _decide(bot, view, level, times):
    clock = bot.now if level == "expert" else time.thread_time   # the expert's own clock: the wall's, or its CPU
    start = clock()
    action = bot.choose(view)
    if action is not None:
        times[level].append(clock() - start)
    return action


def _turns(s: Session, bots, levels, times) -> bool:
    return play_turns(s, lambda seat, view: _decide(bots[seat], view, levels[seat], times), ACTION_CAP)


def _race(s: Session, bots, levels, times, rand) -> bool:
    """Every racer moves at its own pace on a simulated clock, after the game's countdown; each starts
    a seeded fraction of its pace late, as racers' clocks never tick together."""
    start = float(getattr(s.rules, "START_COUNTDOWN", 0.0))
    clock = [(start + rand.random() * bots[seat].pace, seat) for seat in range(len(bots))]  # (next move, seat)
    heapq.heapify(clock)
    idle = set()   # seats that had nothing to do since the last move
    while s.rev < ACTION_CAP and s.result() is None:
        now, seat = heapq.heappop(clock)
        action = _decide(bots[seat], s.view(seat), levels[seat], times)
        if action is not None:
            s.apply(seat, action)  # the view was fresh, so no race can have been lost
            idle.clear()
        else:
            idle.add(seat)
            if len(idle) == len(bots):
                timer = s.timer()
                if timer is None:
                    return False  # every racer is stuck: a stall the game should never reach
                s.apply(TABLE_SEAT, timer["action"])
                idle.clear()
        heapq.heappush(clock, (now + max(bots[seat].pace, 0.01), seat))
    return s.result() is not None


# ----- which games to play --------------------------------------------------------------

@dataclass
class Match:
    game_id: str
    kind: str            # "pair", "mirror" or "one_vs_rest"
    strong: str
    weak: str
    n_seats: int
    deals: list          # (levels per seat, seed)


def matches(game_id: str, n_games: int, expert: bool = False, mirrors: bool = True, first_seed: int = 0) -> list[Match]:
    rules = games.rules(game_id)
    out = []
    two = seats_for_two_sides(rules)
    if expert and rules.GAME_TYPE.realtime:
        return out  # no expert in a race (bots/__init__.py)
    if two is not None:
        sides = _sides(game_id, two)
        plan = (("pair", EXPERT_PAIRS), ("mirror", EXPERT_MIRRORS)) if expert else (("pair", PAIRS), ("mirror", MIRRORS))
        plan = plan if mirrors else plan[:1]
        for kind, pairs in plan:
            for strong, weak in pairs:
                deals = []
                for i in range(n_games):
                    # A pair plays each seed twice, sides swapped; equal levels need no swap, so every seed differs.
                    seed, swapped = (i // 2, i % 2) if kind == "pair" else (i, 0)
                    seed += first_seed
                    first, second = (weak, strong) if swapped else (strong, weak)
                    levels = [None] * two
                    for seat in sides[0]["seats"]:
                        levels[seat] = first
                    for seat in sides[1]["seats"]:
                        levels[seat] = second
                    deals.append((levels, seed))
                out.append(Match(game_id, kind, strong, weak, two, deals))
    n = rules.DEFAULT_SEATS
    if not expert and _valid(rules, n) and len(_sides(game_id, n)) > 2:
        sides = _sides(game_id, n)
        for strong, weak in PAIRS:
            deals = []
            for i in range(n_games):
                seed, turn = i // len(sides), i % len(sides)
                levels = [weak] * n
                for seat in sides[turn]["seats"]:
                    levels[seat] = strong
                deals.append((levels, seed))
            out.append(Match(game_id, "one_vs_rest", strong, weak, n, deals))
    return out


def _play_deal(args):
    game_id, levels, seed, budget, clock = args
    game = play(game_id, levels, seed, budget=budget, clock=clock)
    side = game.winning_side()
    won = "-" if side is None else "/".join(sorted({game.levels[s] for s in game.side_seats[side]}))
    kept = f", unfinished, kept: {game.kept}" if game.kept else ""
    print(f"… {game_id} seed {seed} {' v '.join(levels)}: won by {won} ({game.actions} actions{kept})",
          file=sys.stderr, flush=True)  # a long run can be read (and judged) while it goes on
    return game


# ----- what the table says ----------------------------------------------------------------

def _percent(part, whole) -> str:
    return f"{100 * part / whole:.0f} %" if whole else "-"


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of the share `wins` of `n` (95 % at z = 1.96), the intervals of docs/bots.md."""
    if not n:
        return 0.0, 1.0
    share, spread = wins / n, z * z / n
    centre = (share + spread / 2) / (1 + spread)
    half = z * math.sqrt(share * (1 - share) / n + spread / (4 * n)) / (1 + spread)
    return max(0.0, centre - half), min(1.0, centre + half)


def _pctl(values, q) -> float:
    if not values:
        return 0.0
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def match_rows(match: Match, played: list[Game]) -> list[Row]:
    n = len(played)
    unfinished = sum(1 for g in played if not g.finished)
    limits = sum(1 for g in played if g.limit)
    mean_actions = sum(g.actions for g in played) / n
    length = f"{mean_actions:.0f} actions/game (max {max(g.actions for g in played)})"
    ends = []
    if unfinished:
        ends.append(f"{unfinished} unfinished at {ACTION_CAP} actions")
    if limits:
        ends.append(f"{limits} ended at a turn limit")
    tail = ("; " + ", ".join(ends)) if ends else "; every game ended on its own"
    seats_word = f"{match.n_seats} seats"
    if match.kind == "mirror":
        names = played[0].side_names
        wins = [0] * len(names)
        for g in played:
            side = g.winning_side()
            if side is not None:
                wins[side] += 1
        decided = sum(wins)
        draws = n - decided
        shares = [w / decided if decided else 0.0 for w in wins]
        met = bool(decided) and all(SIDE_BAND[0] <= x <= SIDE_BAND[1] for x in shares) and not limits and not unfinished
        value = " / ".join(f"{name} {_percent(w, decided)}" for name, w in zip(names, wins))
        return [Row(f"{match.game_id}: {match.strong} v {match.strong}, {seats_word}", value,
                    f"each side {SIDE_BAND[0]:.0%}-{SIDE_BAND[1]:.0%}", met,
                    f"share of decided games; {n} games, {draws} draws{tail}; {length}")]
    strong_wins = weak_wins = draws = 0
    by_side = {}   # side name -> [strong wins there, games strong played there]
    for g in played:
        strong_sides = [i for i, seats in enumerate(g.side_seats) if g.levels[seats[0]] == match.strong]
        won = g.winning_side()
        if won is None:
            draws += 1
        elif won in strong_sides:
            strong_wins += 1
        else:
            weak_wins += 1
        for i in strong_sides:
            entry = by_side.setdefault(g.side_names[i], [0, 0])
            entry[1] += 1
            entry[0] += won == i
    share = strong_wins / n
    sides_note = ", ".join(f"as {name} {w}/{m}" for name, (w, m) in by_side.items())
    if match.kind == "pair":
        goal = LADDER_GOAL[(match.strong, match.weak)]
        goal_text = f">= {goal:.0%}"
        name = f"{match.game_id}: {match.strong} v {match.weak}, {seats_word}"
        how = "sides swapped per seed"
    else:
        # Issue 16 sets hard against the rest normal; any stronger level should at least beat an even share.
        if (match.strong, match.weak) == ("hard", "normal"):
            goal, goal_text = ONE_VS_REST_GOAL, f">= {ONE_VS_REST_GOAL:.0%}"
        else:
            baseline = 1 / len(played[0].side_seats)
            goal, goal_text = baseline + 1e-9, f"> {baseline:.0%}"
        name = f"{match.game_id}: 1 {match.strong} v {match.n_seats - 1} {match.weak}"
        how = f"the {match.strong} seat rotating; baseline {_percent(1, len(played[0].side_seats))}"
    low, high = wilson(strong_wins, n)
    return [Row(name, f"{_percent(strong_wins, n)} {match.strong}", goal_text, share >= goal,
                f"{n} games ({how}): {match.strong} {strong_wins} (95 % interval {low:.0%}-{high:.0%}), "
                f"{match.weak} {weak_wins}, draws {draws}; "
                f"{match.strong} {sides_note}{tail}; {length}")]


def timing_rows(game_id: str, played: list[Game]) -> list[Row]:
    by_level = {}
    for g in played:
        for level, ts in g.times.items():
            by_level.setdefault(level, []).extend(ts)
    rows = []
    for level in ("easy", "normal", "hard", "expert"):
        ts = by_level.get(level, [])
        if not ts:
            continue
        p50, p95 = _pctl(ts, 0.50) * 1000, _pctl(ts, 0.95) * 1000
        if level == "expert":  # its goal is its own budget, measured in wall time
            rows.append(Row(f"{game_id}: expert decision p50 / p95", f"{p50:.0f} / {p95:.0f} ms",
                            "p95 within its budget", None,
                            f"its own clock's time (the wall's unless --cpu-clock) per action chosen, {len(ts)} "
                            f"decisions, max {max(ts) * 1000:.0f} ms"))
            continue
        rows.append(Row(f"{game_id}: {level} decision p50 / p95", f"{p50:.2f} / {p95:.2f} ms",
                        f"p95 <= {DECISION_P95_GOAL_MS:g} ms", p95 <= DECISION_P95_GOAL_MS,
                        f"CPU time per action chosen, {len(ts)} decisions, max {max(ts) * 1000:.1f} ms"))
    return rows


def ladder(n_games: int, only: list | None = None, workers: int | None = None,
           expert_budget: float | None = None, mirrors: bool = True, first_seed: int = 0,
           clock: str = "wall") -> list[Row]:
    """The ladder; with `expert_budget` (seconds a decision, of `clock`), the expert's rows instead."""
    workers = workers or min(2, os.cpu_count() or 1)
    rows = []
    for game_id in games.available():
        if only and game_id not in only:
            continue
        plan = matches(game_id, n_games, expert=expert_budget is not None, mirrors=mirrors, first_seed=first_seed)
        if not plan:
            continue
        print(f"… bots: {game_id} ({sum(len(m.deals) for m in plan)} games)", file=sys.stderr, flush=True)
        jobs = [(game_id, levels, seed, expert_budget or EXPERT_BUDGET, clock) for m in plan for levels, seed in m.deals]
        if workers > 1:
            with ProcessPoolExecutor(workers) as pool:
                results = list(pool.map(_play_deal, jobs, chunksize=2))
        else:
            results = [_play_deal(j) for j in jobs]
        at = 0
        everything = []
        for m in plan:
            played = results[at:at + len(m.deals)]
            at += len(m.deals)
            everything += played
            rows += match_rows(m, played)
        rows += timing_rows(game_id, everything)
    return rows


def rows(quick: bool) -> list[Row]:
    return ladder(QUICK_GAMES_PER_PAIR if quick else GAMES_PER_PAIR)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m bench.bots", description=__doc__.split("\n")[0])
    p.add_argument("--games", type=int, default=GAMES_PER_PAIR, help="games per pair of levels (even)")
    p.add_argument("--game", action="append", default=None, help="only this game (repeatable)")
    p.add_argument("--workers", type=int, default=None, help="processes (default: up to 2)")
    p.add_argument("--expert", type=float, default=None, metavar="SECONDS",
                   help="the expert's rows instead (expert v hard, equal experts), SECONDS per decision")
    p.add_argument("--no-mirrors", action="store_true", help="the pairs only, no games between equal levels")
    p.add_argument("--first-seed", type=int, default=0, help="seeds from this one on (more games, no repeats)")
    p.add_argument("--cpu-clock", action="store_true",
                   help="the expert's seconds counted in its own CPU time, not the wall's (a shared machine)")
    args = p.parse_args(argv)
    print_table(ladder(args.games + args.games % 2, args.game, args.workers, args.expert, not args.no_mirrors,
                       args.first_seed, "thread" if args.cpu_clock else "wall"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
