"""What the expert (bots/expert.py) may be tuned by: one `ExpertSettings` per game, documented here once; and
how the analysis of a finished game (bots/analysis.py) weighs and marks a game's decisions: `AnalysisSettings`,
named likewise by the game's catalog entry (`analysis`).

A game's bots module holds its own as `EXPERT_SETTINGS`, and its catalog entry names them (`expert`); a game
that names none is searched with the defaults (`bots.expert_settings(game_id)` answers either). Why each game's
values are what they are is measured in docs/bots.md ("The expert" and each game's section). A caller's own
values win (`bots.make(game, "expert", seat, seed, budget=0.25)` replaces the budget, nothing else).
"""
from dataclasses import dataclass, field, replace


@dataclass(frozen=True)
class ExpertSettings:
    # ----- the clock (the caller's, the same in every game) -----
    budget: float | None = 1.0          # seconds a decision, the advisors' time included (None: no clock)
    turn_budget: float | None = 5.0     # seconds a turn: a run of the seat's own decisions with nobody acting
                                        # between; once 90 % are spent the rest is played on the hard bot's advice
    iterations: int | None = None       # playouts a decision (None: no count); with no clock one seed and one
                                        # view give one action. At least one of budget and iterations is given
    clock: str = "wall"                 # what the budgets count: "wall" seconds (what a person waits), or
                                        # "thread", the searching thread's CPU seconds (what one idle core gives,
                                        # whatever else the machine runs: for measuring on a shared machine)
    # ----- the root -----
    max_candidates: int = 8             # root actions searched; more would spread a decision too thin
    search_limit: int | None = None     # a view listing more actions than this is answered by the hard bot,
                                        # unsearched (single steps too many and too slow to weigh)
    # ----- when to depart from the hard bot's choice -----
    min_gain: float = 0.01              # the mean paired advantage over the hard bot's choice needed ...
    evidence: float = 1.5               # ... standing this many standard errors above nothing
    # ----- the playouts -----
    playout_level: str = "hard"         # the heuristic level that plays every seat in a playout
    rollout: str | None = None          # "module:name" of the game's fast playout policy, `name(seat, seed)` with
                                        # `choose(state, allowed)`: it reads the playout's own sampled state (never
                                        # the real one) and chooses from the rules' `legal` there, with no view built
                                        # for it (a policy whose `lazy_listing` is true is handed a function
                                        # that makes that `legal`, lists only where it must, and answers None
                                        # where nothing is listed). None: the `playout_level` bots play every
                                        # playout decision
    hard_replies: int | None = None     # with a `rollout`: the other seats' first decisions in a playout (the root's
                                        # reply) the `playout_level` bot still makes from a view built for it; the
                                        # rest, and the searching seat's own, the rollout's. None: all of theirs
    depth: int = 200                    # most actions a playout runs before it is scored
    horizon: str = "others"             # where a playout stops: "others" once the other seats' next turn is
                                        # over, "own" as soon as this seat is not to act
    deepen: int = 0                     # > 0: when the search has judged its candidates with time left, it looks
                                        # again at the hard bot's choice and its `deepen` best, each playout run on
                                        # through one more of the other seats' turns; that answer stands if every
                                        # one of them was judged in the time left (0: one look)
    turn_field: str | None = None       # for a game whose steps list another seat inside a turn (a retreat or
                                        # losses owed, a window to react in): the public field naming whose turn
                                        # it is; only that seat's actions count as its turn
    deterministic_policy: bool = False  # the playout bots draw nothing of their own, so a playout that drew no
                                        # chance is exact: its score is reused, and playouts are never cut short
    evaluate: object = None             # a `(state, seat) -> 0..1` (or its "module:name") scoring an unfinished
                                        # playout instead of the game's `evaluate` query (a worth its bots know)
    # ----- a game's own search over whole plans -----
    planner: str | None = None          # module of a `PlanSearch(expert, **plan_options)` whose
                                        # `choose(view, budget)` answers the decisions it plans (None: the rest)
    plan_share: float = 0.6             # share of the turn's time the decision it plans at may take
    plan_options: dict = field(default_factory=dict)

    def but(self, **changes) -> "ExpertSettings":
        """These settings with `changes` (a caller's own budget, a test's iteration count)."""
        return replace(self, **changes) if changes else self


DEFAULT = ExpertSettings()


@dataclass(frozen=True)
class AnalysisSettings:
    """How a game's decisions are weighed after the game and marked; drops are in the game's evaluation (0..1).
    Each game's values (its bots module's `ANALYSIS_SETTINGS`) are set from the drops measured on known blunders
    planted in bot games and on the hard bot's own decisions (docs/hint_and_analysis.md)."""
    iterations: int = 32        # playouts a decision: the expert's own search, the action played beside it
    max_candidates: int = 8     # root actions weighed (a game's expert may search more on its clock: at a fixed
                                # number of playouts, more would leave each too few rounds to judge)
    plan_rounds: int = 4        # rounds a decision its planner makes whole (each plan weighed, played and lacking
                                # each of its moves, one playout of two turns a round)
    inaccuracy: float = 0.02    # the least drop marked ...
    mistake: float = 0.05
    blunder: float = 0.1
    evidence: float = 1.5       # ... and only when it stands this many standard errors above nothing
    seed: int = 0               # the analysis's own chance (each decision's expert is seeded by it and its place)

    def mark(self, drop: float, error: float) -> str | None:
        """"inaccuracy", "mistake" or "blunder" for a drop measured with that standard error, or None."""
        if drop < self.inaccuracy or drop <= self.evidence * error:
            return None
        return "blunder" if drop >= self.blunder else "mistake" if drop >= self.mistake else "inaccuracy"


DEFAULT_ANALYSIS = AnalysisSettings()
