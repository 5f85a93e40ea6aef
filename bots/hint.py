"""The expert's hint: what it would play for a seat now, and why, thought on a thread of its own.

`Hint(game_id, seat, view)` asks a fresh expert (the game's own settings, the caller's budget) for the seat's
next action from the seat's own view — the expert samples what the seat cannot see, never looks at it — on a
daemon thread, and returns at once: `progress()` says how much of the budget is spent, `cancel()` stops it,
`action` is its answer once `done`. Then the reason is worked out, in the game's own terms
(engine.evaluation, bots/reasons.py), on a few samples of the seat's information set:

  1. the terms after the hinted action less the terms before it ("takes Stonebridge");
  2. where that changes nothing the evaluation weighs (most single moves), after the rest of the expert's
     plan where its planner made one (Tactics (1954)'s movement: "with the rest of the plan: ...");
  3. and else after the other seats' next turn, played on by the expert's playout bots ("after the reply: ...");
  4. where none of those changes anything, that it keeps the position (KEEPS): every hint has a reason.

The answer is the expert's own: at one seed and one budget it is the action `choose` gives.
"""
import threading
import time

import bots
from bots import reasons
from bots.expert import ABANDONED, Playout
from engine import games
from engine.canonical import copy_plain
from engine.errors import RuleError
from engine.rng import Rng

SAMPLES = 4            # positions of the seat's information set the reason is read on
REASON_SECONDS = 1.0   # the most the reason may take after the answer (its playouts are cut there, the first aside)
# The reason where nothing the evaluation weighs changes, through the reply either: the move keeps what there is
# (where the expert found a better move, that one would have been hinted)
KEEPS = "keeps the position: nothing is won or lost through the reply"


class Hint:
    def __init__(self, game_id: str, seat: int, view: dict, seed: int = 0, *, reason_seconds: float = REASON_SECONDS,
                 stood=(), **search):
        """`search`: changes to the game's expert settings (`budget` seconds, `iterations`, ...);
        `reason_seconds`: the most the reason's playouts may take after the answer (0: only what the action and
        the rest of the plan change at once); `stood`: the positions (bots.cycles keys) the seat stood in earlier
        this turn, as its window saw them: the hint never leads back to one (bots/cycles.py)."""
        self.game_id, self.seat, self.seed, self.stood = game_id, seat, seed, tuple(stood)
        self.reason_seconds = reason_seconds
        self.view = view
        self.expert = expert_for(game_id, seat, seed, **search)
        self.budget = self.expert.budget
        self.action: dict | None = None
        self.reason = ""
        self.seconds = None        # how long the answer took
        self.done = False          # the answer and its reason are ready (or the hint was cancelled)
        self.answered = False      # the answer is ready (the reason may still be worked out)
        self.cancelled = False
        self.error = None
        self._began = None
        self._thread = None

    def start(self) -> "Hint":
        self._began = time.perf_counter()
        self._thread = threading.Thread(target=self._think, name="hint", daemon=True)
        self._thread.start()
        return self

    def progress(self) -> float:
        """The share of the budget spent so far, 0..1 (1 once answered; 0 without a clock)."""
        if self.answered or self.done:
            return 1.0
        if self._began is None or not self.budget:
            return 0.0
        return min(1.0, (time.perf_counter() - self._began) / self.budget)

    def cancel(self) -> None:
        """Stop thinking: nothing is answered."""
        self.cancelled = True
        self.expert.stop()

    def wait(self, timeout: float | None = None) -> bool:
        self._thread.join(timeout)
        return self.done

    def _think(self) -> None:
        try:
            action, self.seconds, plan = answer(self.expert, self.view, self.stood)
            if self.cancelled:
                return
            self.action, self.answered = action, True
            if action is not None:
                self.reason = why(self.game_id, self.seat, self.view, action, plan, self.seed,
                                  time.perf_counter() + self.reason_seconds)
        except Exception as e:   # noqa: BLE001 - the window says the hint failed rather than losing it
            self.error = f"The hint failed: {e!r}"
        finally:
            self.done = True


def expert_for(game_id: str, seat: int, seed: int, **search):
    """A fresh expert for a hint: the game's settings, no turn budget (a hint is one decision), the caller's changes."""
    return bots.make(game_id, "expert", seat, seed, **{"turn_budget": None, **search})


def answer(expert, view: dict, stood=()) -> tuple:
    """(the expert's action at `view`, seconds it took, the rest of its plan where its planner made one); `stood`:
    the positions the seat stood in earlier this turn (bots/cycles.py keys), never led back to."""
    began = time.perf_counter()
    expert.earlier = tuple(stood)
    action = expert.choose(view)
    seconds = time.perf_counter() - began
    planner = expert.planner
    plan = list(getattr(planner, "moves", ()) or ()) if planner is not None else []
    return action, seconds, plan


def think(game_id: str, seat: int, view: dict, seed: int, search: dict, stood=()) -> tuple:
    """`answer` with a fresh expert, as plain data, for a helper process (game/board_kit/hint_helper.py)."""
    return answer(expert_for(game_id, seat, seed, **search), view, stood)


def explain(game_id: str, seat: int, view: dict, action: dict, plan: list, seed: int) -> str:
    """`why`, within REASON_SECONDS from now, for a helper process."""
    return why(game_id, seat, view, action, plan, seed, time.perf_counter() + REASON_SECONDS)


class Adviser:
    """The hint's two pieces of work, `think` then `explain`, held in a helper process (bots/helper.py) by a window
    (game/board_kit/hint_helper.py)."""
    think = staticmethod(think)
    explain = staticmethod(explain)


def why(game_id: str, seat: int, view: dict, action: dict, plan: list, seed: int, deadline: float) -> str:
    """The reason for `action` at `view`, worded from the game's evaluation terms ("" where it names none)."""
    rules = games.rules(game_id)
    if not reasons.available(rules):
        return ""
    befores, afters, planned, replies = [], [], [], []
    for k in range(SAMPLES):
        rng = Rng(seed * 7919 + k)
        state = rules.sample_state(view, seat, rng)
        before = _copy(state)
        try:
            rules.apply(state, seat, action, rng)
        except RuleError:
            continue
        befores.append(before)
        afters.append(_copy(state))
        for step in plan:
            if seat not in rules.to_act(state):
                break
            try:
                rules.apply(state, seat, step, rng)
            except RuleError:
                continue
        planned.append(_copy(state))
        replies.append((state, rng, k))
    if not befores:
        return ""
    before = reasons.mean_terms(rules, befores, seat)
    said = reasons.reason(rules, before, reasons.mean_terms(rules, afters, seat))
    if said:
        return said
    if plan:
        said = reasons.reason(rules, before, reasons.mean_terms(rules, planned, seat))
        if said:
            return "with the rest of the plan: " + said
    expert = bots.make(game_id, "expert", seat, seed, budget=None, iterations=1, turn_budget=None, horizon="others")
    played = []
    # where any time is given, the first reply is played whatever it takes: on a loaded machine none would be,
    # and the hint would say nothing
    free = time.perf_counter() < deadline
    for state, rng, k in replies:
        if Playout(expert, state, rng, seed * 31 + k).run(None if free and not played else deadline,
                                                          expert.settings.depth) is ABANDONED:
            break
        played.append(state)
    if not played:
        return ""   # no time was given for the reply
    said = reasons.reason(rules, before, reasons.mean_terms(rules, played, seat))
    return "after the reply: " + said if said else KEEPS


def _copy(state: dict) -> dict:
    return copy_plain(state)
