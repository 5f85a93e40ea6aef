"""The bots' levels as fixed marks on the club's rating scale (docs/club.md, "Ratings"), from bot-vs-bot games.

For every game in `engine.games.available()` whose catalog entry names bots, at the smallest seat count that makes
two sides (bench.bots.seats_for_two_sides), each pair of neighbouring levels plays seeded games in pairs, the same
seed twice with the sides swapped (the ladder's pairs: hard v normal, normal v easy, hard v easy; and expert v hard
in turn-based games, the expert at the game's own settings on its thread's CPU clock, as an idle core runs it).
Every game's result is kept, a line each, in a JSON-lines file (`--games-file`), so a run can be stopped, taken up
again and added to (`--first-seed`); already-played deals are not played again. Each record names the checkout's
commit that played it, and a game still running at ACTION_CAP actions is saved as the ladder saves one (`kept`:
`python run.py replay PATH`), since an expert's game on the clock cannot be played again to see why.

The marks are OpenSkill's own numbers: every level starts at the library's default rating (where a new player
starts), and the games are fed to the model the club uses (club.ratings.MODEL), one at a time, the side holding
the winner ranked first (a draw ties them); this is done over ORDERS seeded orders of the games and the levels'
final ratings averaged (a sequence's last games weigh most; the average takes the order out). Each mark's interval
is a bootstrap's: the games drawn again with replacement BOOTSTRAP times, each draw rated in one seeded order, the
2.5th and 97.5th percentiles of the level's shown rating (the ordinal). A level that has played fewer than MIN_GAMES
games gets no mark (its games still count for the others', and the file lists it under `unmarked`). The marks are
written to the file the game's catalog entry names (`bot_marks`), with how they were measured.

The kept games of expert v hard are also the bench's rows of the expert's strength at its game's own settings
(issue 44: "expert v hard at 1 s"), read from the file without playing: `python -m bench.bot_marks --report`, and a
section of `python run.py bench` (and `--bots`). With `--budget SECONDS` the expert's games are played at that
budget a decision (five times it a turn, thread CPU) instead of its game's own, each record naming it (`budget`):
the rows of the expert at a quarter second (issue 44: ">= 70 % at 0.25 s"). Such an expert is not the one a club
table seats, so its games count in no mark.

    nice -n 19 python -m bench.bot_marks [--game ID] [--games N] [--expert-games N] [--budget S] [--workers 1]
                                         [--report]
"""
import argparse
import json
import random
import subprocess
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import catalog
from bench.bots import keep, matches, play, wilson
from bench.playing import play_turns
from bench.runner import Row, print_table
from bots import expert_settings, make
from club.ratings import MODEL, shown
from engine import games
from engine.session import Session

ORDERS = 50          # seeded orders of the games whose final ratings are averaged into the marks
MIN_GAMES = 20       # a level with fewer games gets no mark: its sigma would hold its shown rating far below its mu
BOOTSTRAP = 200      # resamples of the games for each mark's interval
GAMES = 40           # games per pair of heuristic levels (even: each seed twice, sides swapped)
EXPERT_GAMES = 10    # games of expert v hard
ACTION_CAP = 40_000
GAMES_FILE = Path("bench/results/bot_games.jsonl")
ROOT = Path(__file__).resolve().parent.parent
EXPERT_GOAL, GOAL_GAMES = 0.80, 100   # issue 44: the expert beats hard in at least 80 % of 100 games at 1 s a decision
QUARTER_GOAL = 0.70                   # ... and in at least 70 % at a quarter second (0.25 s a decision)


def deals(game_id: str, n_games: int, n_expert: int, first_seed: int = 0) -> list[tuple[list, int]]:
    """(levels per seat, seed) of every game the marks of `game_id` are measured from."""
    plan = [m for m in matches(game_id, n_games, mirrors=False, first_seed=first_seed) if m.kind == "pair"]
    if n_expert:
        plan += [m for m in matches(game_id, n_expert, expert=True, mirrors=False, first_seed=first_seed)
                 if m.kind == "pair"]
    return [(levels, seed) for m in plan for levels, seed in m.deals]


def play_deal(job) -> dict:
    """One game; each side's level and whether it won (the side holding every winner; none: a draw). `job`:
    (game, levels, seed) or (game, levels, seed, budget): an expert's budget a decision other than its game's own."""
    game_id, levels, seed, *budget = job
    budget = budget[0] if budget else None
    began = time.monotonic()
    kept = None
    if "expert" in levels:   # the expert at its game's own settings, its budgets on its thread's CPU clock
        s = Session(game_id, len(levels), seed=seed)
        own = {"clock": "thread", **({"budget": budget, "turn_budget": 5 * budget} if budget is not None else {})}
        players = [make(game_id, level, seat, seed * 1009 + seat, **(own if level == "expert" else {}))
                   for seat, level in enumerate(levels)]
        finished = play_turns(s, lambda seat, view: players[seat].choose(view), ACTION_CAP)
        winners = list(s.result()["winners"]) if finished else []
        side_seats = [side["seats"] for side in s.sides()]
        actions = s.rev
        if not finished:   # saved, as the ladder saves one: on the clock, the game cannot be played again to see it
            kept = keep(s, game_id, levels, seed)
    else:
        g = play(game_id, levels, seed)
        finished, winners, side_seats, actions, kept = g.finished, g.winners, g.side_seats, g.actions, g.kept
    sides = [{"level": levels[seats[0]], "won": bool(set(seats) & set(winners))} for seats in side_seats]
    record = {"game": game_id, "levels": list(levels), "seed": seed, "sides": sides, "finished": finished,
              "actions": actions, "seconds": round(time.monotonic() - began, 1), "commit": commit(),
              **({"budget": budget} if budget is not None else {}), **({"kept": kept} if kept else {})}
    won = [s["level"] for s in sides if s["won"]]
    print(f"… {game_id} seed {seed} {' v '.join(levels)}{f' at {budget:g} s' if budget else ''}: {'/'.join(won) or 'no winner'} ({actions} actions, "
          f"{record['seconds']} s{', unfinished, kept: ' + kept if kept else ''})", file=sys.stderr, flush=True)
    return record


def commit() -> str | None:
    """The checkout's commit (the bots' games depend on their code; an expert's cannot be played again), or None."""
    done = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"], capture_output=True, text=True)
    return done.stdout.strip() or None


# ----- the marks from the games ----------------------------------------------------------------
def rate_in_order(records: list[dict], levels: list[str]) -> dict[str, tuple[float, float]]:
    """Every level from the library's default, the games fed to the model in this order: each level's rating."""
    now = {level: MODEL.rating() for level in levels}
    for r in records:
        sides = r["sides"]
        ranks = [1 if s["won"] else 2 for s in sides] if any(s["won"] for s in sides) else [1] * len(sides)
        rated = MODEL.rate([[now[s["level"]]] for s in sides], ranks=ranks)
        for s, [after] in zip(sides, rated):
            now[s["level"]] = after
    return {level: (r.mu, r.sigma) for level, r in now.items()}


def marks(records: list[dict], seed: int = 0) -> dict[str, dict]:
    """Each level's mark (mu, sigma: averages over ORDERS orders) and the 95 % interval of its shown rating."""
    levels = sorted({s["level"] for r in records for s in r["sides"]})
    rand = random.Random(seed)
    totals = {level: [0.0, 0.0] for level in levels}
    for _ in range(ORDERS):
        order = records[:]
        rand.shuffle(order)
        for level, (mu, sigma) in rate_in_order(order, levels).items():
            totals[level][0] += mu / ORDERS
            totals[level][1] += sigma / ORDERS
    drawn = {level: [] for level in levels}
    for _ in range(BOOTSTRAP):
        sample = [rand.choice(records) for _ in records]
        for level, (mu, sigma) in rate_in_order(sample, levels).items():
            drawn[level].append(shown(mu, sigma))
    out = {}
    for level in levels:
        values = sorted(drawn[level])
        mu, sigma = totals[level]
        out[level] = {"mu": round(mu, 3), "sigma": round(sigma, 3), "rating": shown(mu, sigma),
                      "interval": [values[int(0.025 * len(values))], values[int(0.975 * len(values)) - 1]],
                      "games": sum(1 for r in records for s in r["sides"] if s["level"] == level)}
    return out


def tallies(records: list[dict]) -> list[dict]:
    """Per pair of levels: games, wins of each, draws, seeds."""
    pairs: dict[tuple, dict] = {}
    for r in records:
        key = tuple(sorted(s["level"] for s in r["sides"]))
        entry = pairs.setdefault(key, {"levels": list(key), "games": 0, "wins": {k: 0 for k in key}, "draws": 0,
                                       "seeds": set()})
        entry["games"] += 1
        entry["seeds"].add(r["seed"])
        winners = [s["level"] for s in r["sides"] if s["won"]]
        if len(winners) == 1:
            entry["wins"][winners[0]] += 1
        else:
            entry["draws"] += 1
    return [dict(e, seeds=f"{min(e['seeds'])}-{max(e['seeds'])}") for e in pairs.values()]


def write_marks(game_id: str, records: list[dict]) -> Path:
    path = ROOT / catalog.spec(game_id).bot_marks
    n_seats = len(records[0]["levels"])
    data = {"game": game_id,
            "how": (f"bench/bot_marks.py: {len(records)} bot-vs-bot games at {n_seats} seats, each seed twice with the "
                    f"sides swapped; OpenSkill {type(MODEL).__name__} from the library's default, averaged over "
                    f"{ORDERS} orders of the games; intervals: {BOOTSTRAP} bootstrap resamples (95 %)"),
            "pairs": tallies(records)}
    measured = marks(records)
    data["marks"] = {level: m for level, m in measured.items() if m["games"] >= MIN_GAMES}
    data["unmarked"] = {level: m for level, m in measured.items() if m["games"] < MIN_GAMES}
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    return path


# ----- the expert's strength, as the bench's rows ---------------------------------------------
def expert_rows(records: list[dict], only: list[str] | None = None) -> list[Row]:
    """Per turn-based game, the expert's share of its kept games against hard (a draw or an unfinished game is not
    won), with its Wilson interval: at the game's own settings (the budgets named), and at each other budget its
    games were played at (`--budget`)."""
    rows = []
    for game_id in measured_games(only):
        if games.is_realtime(game_id):
            continue
        settings = expert_settings(game_id)
        against_hard = [r for r in records if r["game"] == game_id and sorted(r["levels"]) == ["expert", "hard"]]
        budgets = sorted({r["budget"] for r in against_hard if r.get("budget") is not None})
        for budget in [None, *budgets]:
            rows.append(_expert_row(game_id, settings, budget,
                                    [r for r in against_hard if r.get("budget") == budget]))
    return rows


def _expert_row(game_id: str, settings, budget: float | None, kept: list[dict]) -> Row:
    """One game's row of the expert against hard at one budget (None: its game's own settings)."""
    if budget is None:
        name = f"{game_id}: expert v hard, {settings.budget:g} s / {settings.turn_budget:g} s a turn (thread CPU)"
        goal_share, more = EXPERT_GOAL, ""
    else:
        name = f"{game_id}: expert v hard, {budget:g} s / {5 * budget:g} s a turn (thread CPU)"
        goal_share, more = (QUARTER_GOAL if budget <= 0.25 else EXPERT_GOAL), f" --budget {budget:g}"
    goal = f">= {100 * goal_share:.0f} % of {GOAL_GAMES}"
    if not kept:
        return Row(name, "no games", goal, False,
                   f"none kept: python -m bench.bot_marks --game {game_id} --games 0 --expert-games 20{more}")
    [pair] = tallies(kept)
    n, wins = pair["games"], pair["wins"]["expert"]
    low, high = wilson(wins, n)
    names = [side["name"] for side in Session(game_id, len(kept[0]["levels"]), seed=0).sides()]
    by_side = {side_name: [0, 0] for side_name in names}
    for r in kept:
        for side_name, side in zip(names, r["sides"]):
            if side["level"] == "expert":
                by_side[side_name][0] += side["won"]
                by_side[side_name][1] += 1
    unfinished = sum(1 for r in kept if not r["finished"])
    note = (f"95 % interval {100 * low:.1f}-{100 * high:.1f} % (Wilson); seeds {pair['seeds']}, each twice, "
            f"sides swapped; hard {pair['wins']['hard']}, draws {pair['draws']}"
            + (f" ({unfinished} unfinished at {ACTION_CAP} actions)" if unfinished else "") + "; "
            + ", ".join(f"as {side_name} {w}/{m}" for side_name, (w, m) in by_side.items())
            + f"; code of {_commits(kept)}; {round(sum(r['seconds'] for r in kept) / 60)} min of wall in all "
            f"({GAMES_FILE})")
    return Row(name, f"{wins} of {n} ({100 * wins / n:.0f} %)", goal, n >= GOAL_GAMES and wins / n >= goal_share,
               note)


def _commits(records: list[dict]) -> str:
    """Which code played the games: each commit kept with them and how many games it played."""
    return ", ".join(f"{name} ({n})" for name, n in Counter(r.get("commit") or "unrecorded" for r in records).items())


def rows(quick: bool) -> list[Row]:
    """The bench's section: the kept games, none played."""
    return expert_rows(played(ROOT / GAMES_FILE))


# ----- the run --------------------------------------------------------------------------------
def played(games_file: Path) -> list[dict]:
    if not games_file.exists():
        return []
    return [json.loads(line) for line in games_file.read_text(encoding="utf-8").splitlines() if line.strip()]


def marked_games(records: list[dict], game_id: str) -> list[dict]:
    """The kept games `game_id`'s marks are made from: those that ended, every level at the settings a club table
    seats it at (an expert's game at another budget, `--budget`, is not one)."""
    return [r for r in records if r["game"] == game_id and r["finished"] and "budget" not in r]


def measured_games(only: list[str] | None) -> list[str]:
    return [g for g in games.available() if catalog.spec(g).bot_marks and catalog.present(catalog.spec(g).bots)
            and (not only or g in only)]


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m bench.bot_marks", description=__doc__.split("\n")[0])
    p.add_argument("--game", action="append", default=None, help="only this game (repeatable)")
    p.add_argument("--games", type=int, default=GAMES, help="games per pair of heuristic levels (even)")
    p.add_argument("--expert-games", type=int, default=EXPERT_GAMES, help="games of expert v hard (even; 0: none)")
    p.add_argument("--budget", type=float, default=None,
                   help="the expert's seconds a decision (thread CPU; five times it a turn) instead of its game's own")
    p.add_argument("--first-seed", type=int, default=0, help="seeds from this one on (more games, no repeats)")
    p.add_argument("--workers", type=int, default=1, help="processes playing at once")
    p.add_argument("--games-file", type=Path, default=GAMES_FILE, help="where every game's result is kept")
    p.add_argument("--marks-only", action="store_true", help="play nothing: the marks from the games kept")
    p.add_argument("--report", action="store_true", help="play nothing: the expert's rows from the games kept")
    args = p.parse_args(argv)
    if args.report:
        print_table(expert_rows(played(args.games_file), args.game))
        return 0
    args.games_file.parent.mkdir(parents=True, exist_ok=True)
    for game_id in measured_games(args.game):
        done = {(tuple(r["levels"]), r["seed"], r.get("budget")) for r in played(args.games_file)
                if r["game"] == game_id}
        games_now = 0 if args.budget is not None else args.games   # the ladder's games are the same at any budget
        todo = [] if args.marks_only else [
            (game_id, levels, seed, args.budget) for levels, seed in
            deals(game_id, games_now + games_now % 2, args.expert_games + args.expert_games % 2, args.first_seed)
            if (tuple(levels), seed, args.budget) not in done]
        print(f"… marks: {game_id}: {len(todo)} games to play, {len(done)} kept", file=sys.stderr, flush=True)
        with ProcessPoolExecutor(args.workers) if args.workers > 1 else _Here() as pool:
            for record in pool.map(play_deal, todo):
                with args.games_file.open("a", encoding="utf-8") as f:
                    f.write(json.dumps(record) + "\n")
        records = marked_games(played(args.games_file), game_id)
        if records:
            path = write_marks(game_id, records)
            written = json.loads(path.read_text())
            print(f"{game_id}: " + ", ".join(f"{level} {m['rating']} ({m['interval'][0]} to {m['interval'][1]}, "
                                             f"{m['games']} games)" for level, m in written["marks"].items())
                  + "".join(f"; {level} unmarked ({m['games']} games: {m['rating']}, {m['interval'][0]} to "
                            f"{m['interval'][1]})" for level, m in written["unmarked"].items()))
    return 0


class _Here:
    """One process: the games played here, one after another."""

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

    @staticmethod
    def map(fn, jobs):
        return map(fn, jobs)


if __name__ == "__main__":
    sys.exit(main())
