"""The analysis of a finished game: for each decision of the seats asked for, the expert weighs the action played
against its own best, from that seat's view then (what the seat could see: never the whole state), and marks an
inaccuracy, a mistake or a blunder by how far the evaluation drops.

  1. **Decisions** come as (place in the log, seat, the view the seat had, the action it took): engine.decisions
     replays a save and hands out exactly those. A run of actions the game's expert plans whole (Tactics (1954)'s
     movement phase: `planner.covers(view)`) is one decision, judged as a plan: every action the seat took in it,
     against the expert's plan. A decision with one action listed is no choice and is left out.
  2. **Weighing**: a fresh expert, seeded by the decision's place and with an iteration budget (no clock, so one
     game always gives one analysis), searches the decision as it would in play with the action played added
     to its candidates and kept to the end (`ExpertBot.weigh`; the planner's `weigh` for a plan): every round
     plays each candidate on the same sample of the seat's information set with the same dice.
  3. **The drop** is the expert's answer's score less the played action's, round by round, averaged (a plan is
     also weighed without each of its moves, and the move whose absence would gain most, if more, is named: the
     verdict's `culprit`); the seat's **worth** at that decision is its answer's mean score (the chart's line).
     A drop is marked when it reaches a threshold of the game's `AnalysisSettings` and stands `evidence`
     standard errors above nothing.

`Analysis` spreads the decisions over worker processes (the search is pure Python: threads would share one
core), reports progress and stops when asked. Every worker result is plain data (JSON-ready).
"""
import json
import math
import multiprocessing
import threading
import time
from dataclasses import asdict, dataclass, field

import bots
import catalog
from bots.settings import DEFAULT_ANALYSIS, AnalysisSettings
from engine import legal as listing, undo

MARKS = ("inaccuracy", "mistake", "blunder")
POLL = 0.2   # seconds between two looks at whether the analysis was stopped


def settings_for(game_id: str) -> AnalysisSettings:
    """The game's analysis settings: those its catalog entry names (`analysis`), or the defaults."""
    name = catalog.spec(game_id).analysis
    return catalog.load(name) if name is not None else DEFAULT_ANALYSIS


@dataclass
class Unit:
    """One decision to judge: `played` is the action taken, or every action of a plan (`planned`), each taken at
    its place in the log (`places`; the first is `index`, where `view` was seen)."""
    index: int
    seat: int
    view: dict
    played: list
    planned: bool = False
    places: list = field(default_factory=list)

    def __post_init__(self):
        if not self.places:
            self.places = [self.index + k for k in range(len(self.played))]


def units(game_id: str, decisions) -> list[Unit]:
    """The decisions worth judging, in order: a run its expert plans whole folded into one (its first view, every
    action the seat took in it), a decision with a single action listed left out."""
    planners = {}
    out, open_plan = [], {}   # seat -> the Unit of its plan being gathered, and that plan's turn
    for d in decisions:
        if d.seat not in planners:
            planners[d.seat] = bots.make(game_id, "expert", d.seat, 0, budget=None, iterations=1,
                                         turn_budget=None).planner
        planner = planners[d.seat]
        if planner is not None and planner.covers(d.view):
            turn = planner.turn_of(d.view)
            gathering = open_plan.get(d.seat)
            if gathering is not None and gathering[1] == turn:
                gathering[0].played.append(d.action)
                gathering[0].places.append(d.index)
            else:
                unit = Unit(d.index, d.seat, d.view, [d.action], planned=True, places=[d.index])
                open_plan[d.seat] = (unit, turn)
                out.append(unit)
            continue
        open_plan.pop(d.seat, None)
        if listing.size(undo.without(d.view["private"].get("legal"))) >= 2:
            out.append(Unit(d.index, d.seat, d.view, [d.action]))
    return out


def judge(game_id: str, unit: Unit, settings: AnalysisSettings) -> dict:
    """The expert's verdict on one decision (plain data): its answer, the drop from it to the action played, the
    worth of both, and the mark. A plan is weighed whole and also without each of its moves in turn, so the move
    that cost most is named (`culprit`: its place in the log, and what leaving it out would have gained)."""
    seed = settings.seed * 1_000_003 + unit.index
    expert = bots.make(game_id, "expert", unit.seat, seed, budget=None, iterations=settings.iterations,
                       turn_budget=None, max_candidates=settings.max_candidates)
    verdict = {"index": unit.index, "seat": unit.seat, "planned": unit.planned, "played": unit.played,
               "places": unit.places, "best": unit.played, "worth": None, "worth_played": None, "drop": 0.0,
               "error": 0.0, "rounds": 0, "mark": None, "culprit": None}
    if unit.planned:
        weighing, played, without = _weigh_plan(expert, unit, settings)
    else:
        weighing = expert.weigh(unit.view, unit.played)
        played = weighing.candidates.index(unit.played[0]) if weighing is not None else None
        without = {}
    if weighing is None or not weighing.scores[played]:
        return verdict
    best = weighing.chosen
    verdict["best"] = weighing.candidates[best] if unit.planned else [weighing.candidates[best]]
    verdict["worth"], verdict["worth_played"] = weighing.mean(best), weighing.mean(played)
    verdict["rounds"] = len(weighing.scores[played])
    drop, error = _drop(weighing.paired(best, played))
    for k, i in without.items():   # the plan without its k-th move: how much better, and how surely
        gain, spread = _drop(weighing.paired(i, played))
        if gain > drop and gain > settings.evidence * spread:
            drop, error = gain, spread
            verdict["culprit"] = {"place": unit.places[k], "action": unit.played[k], "gain": gain}
    if best == played and verdict["culprit"] is None:
        verdict["worth"] = verdict["worth_played"]
        return verdict
    verdict["drop"], verdict["error"] = max(0.0, drop), error
    verdict["mark"] = settings.mark(drop, error)
    return verdict


def _weigh_plan(expert, unit: Unit, settings: AnalysisSettings):
    """The planner's weighing of its own plans, the plan played, and the plan played less each of its moves (but
    its last, the end of the movement): (Weighing, the played plan's index, {move k: its plan's index})."""
    planner = expert.planner
    lacking = {k: unit.played[:k] + unit.played[k + 1:] for k in range(len(unit.played) - 1)}
    plans = [unit.played, *lacking.values()]
    keys = {_as_set(p) for p in planner.plans(unit.view)} | {_as_set(p) for p in plans}
    expert.iterations = settings.plan_rounds * len(keys)
    weighing = planner.weigh(unit.view, plans)
    if weighing is None:
        return None, None, {}
    where = {_as_set(plan): i for i, plan in enumerate(weighing.candidates)}
    return weighing, where[_as_set(unit.played)], {k: where[_as_set(p)] for k, p in lacking.items()}


def _drop(diffs: list) -> tuple[float, float]:
    """The mean of paired differences and its standard error (infinite from one round)."""
    n = len(diffs)
    if not n:
        return 0.0, float("inf")
    mean = sum(diffs) / n
    error = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1)) / math.sqrt(n) if n > 1 else float("inf")
    return mean, error


def _as_set(plan: list) -> tuple:
    """A plan's moves without their order (a planner counts two plans of the same moves as one)."""
    return tuple(sorted(json.dumps(action, sort_keys=True) for action in plan))


def _judge_task(task):
    game_id, unit, settings = task
    began = time.process_time()
    verdict = judge(game_id, unit, settings)
    verdict["cpu"] = time.process_time() - began   # the worker's own seconds (the bench sums them)
    return verdict


def _worker_start(game_id: str) -> None:
    """Each worker process: the game's work ahead done once (Tactics (1954)'s compiled searches loaded)."""
    from engine import games
    games.prepare(game_id)


@dataclass
class Progress:
    """What a running analysis has done, read from any thread."""
    total: int = 0
    done: int = 0
    verdicts: list = field(default_factory=list)
    cancelled: bool = False
    finished: bool = False
    error: str | None = None


class Unreadable(Exception):
    """The decisions could not be read (a club that refused or could not be reached): its text is the sentence
    to show, as it is."""


class Analysis:
    """An analysis running in the background: `start()` returns at once; `progress` says how far it is;
    `cancel()` stops the workers; `result()` is the report once `progress.finished`."""

    def __init__(self, game_id: str, decisions, seats, settings: AnalysisSettings | None = None, workers: int = 2,
                 n_seats: int | None = None):
        """`seats`: the seats judged (None: those the decisions are of, once read). `n_seats`: the game's seats, for
        the report (a chart draws the other side of a two-seat game too)."""
        self.game_id, self.seats, self.n_seats = game_id, None if seats is None else sorted(seats), n_seats
        self.settings = settings or settings_for(game_id)
        self.workers = workers
        self._decisions = decisions
        self.progress = Progress()
        self._thread = None

    def start(self) -> "Analysis":
        self._thread = threading.Thread(target=self._run, name="analysis", daemon=True)
        self._thread.start()
        return self

    def wait(self, timeout: float | None = None) -> bool:
        self._thread.join(timeout)
        return not self._thread.is_alive()

    def run(self) -> dict:
        """The whole analysis on this thread; the report."""
        self._run()
        if self.progress.error:
            raise RuntimeError(self.progress.error)
        return self.result()

    def cancel(self) -> None:
        """Stop: the workers are ended within POLL seconds, on the analysis's own thread."""
        self.progress.cancelled = True

    def _run(self) -> None:
        progress = self.progress
        try:
            decisions = list(self._decisions)   # (a club game's: fetched here, off the window's thread)
            if self.seats is None:
                self.seats = sorted({d.seat for d in decisions})
            todo = units(self.game_id, decisions)
            progress.total = len(todo)
            tasks = [(self.game_id, unit, self.settings) for unit in todo]
            if self.workers <= 1:
                for task in tasks:
                    if progress.cancelled:
                        return
                    progress.verdicts.append(_judge_task(task))
                    progress.done += 1
                return
            context = multiprocessing.get_context("spawn")   # never fork a process that holds a window
            with context.Pool(self.workers, initializer=_worker_start, initargs=(self.game_id,)) as pool:
                answers = pool.imap_unordered(_judge_task, tasks)
                while progress.done < len(tasks):   # leaving the block ends the workers (a cancel among them)
                    if progress.cancelled:
                        return
                    try:
                        verdict = answers.next(timeout=POLL)
                    except multiprocessing.TimeoutError:
                        continue
                    progress.verdicts.append(verdict)
                    progress.done += 1
        except Unreadable as e:
            if not progress.cancelled:
                progress.error = str(e)
        except Exception as e:   # noqa: BLE001 - said to whoever waits, not lost in a thread
            if not progress.cancelled:
                progress.error = f"The analysis failed: {e!r}"
        finally:
            progress.finished = True

    def result(self) -> dict:
        """The report: every verdict in the game's order, each seat's worth over the game, and its marks."""
        verdicts = sorted(self.progress.verdicts, key=lambda v: v["index"])
        summary = {}
        for seat in self.seats:
            mine = [v for v in verdicts if v["seat"] == seat]
            summary[str(seat)] = {"decisions": len(mine), **{m: sum(v["mark"] == m for v in mine) for m in MARKS}}
        return {"game": self.game_id, "seats": self.seats, "n_seats": self.n_seats, "settings": asdict(self.settings),
                "verdicts": verdicts,
                "summary": summary, "complete": self.progress.done == self.progress.total}
