"""Tactics (1954): the expert's search over whole movement plans, with the enemy's reply played.

A movement phase is twenty-odd moves, each listing tens of thousands of squares: searched move by move, a
second buys one or two playouts (docs/bots.md). But a bot plans the phase whole, so the expert weighs whole
plans instead, once, at the phase's first decision:

  1. **Plans**: the hard bot's own plan, then the plans of hard bots with other knobs (more or fewer
     attacks, allowance weighed otherwise, no stepping out of contact, an eager bot closing in at worse
     odds, a cautious one: `VARIANTS`), all made from the view as the hard bot makes its own; the same
     plan twice counts once. With `base` knobs the first plan is hard's with those knobs, the variants' knobs go
     over them and hard's own plan is one more candidate (`weigh_hard`). The default (EXPERT_SETTINGS in bots/ah_tactics.py) is
     the base alone, `advances` 0, with nothing weighed beside it: the departures measured worse (docs/bots.md).
  2. **Playouts over sampled states**: a round draws a state from the view (`sample_state`: the enemy's
     reserves placed where they may be) and a seed for the dice; each plan still running is played on
     that sample with those dice: its moves applied as they stand (a move the sample refuses, as one
     running onto a hidden reserve, is left out), then the rest of this turn (battle plan, fall-backs)
     and the enemy's whole next turn played by hard bots, and the position is scored by the game's
     `evaluate` (what wins under rule A). The playout bots plan each phase once from a full view and
     their further actions of that phase are applied unchecked (the rules refuse what is not legal), so
     a playout costs a listing a phase, not a step.
  3. **Answer**: the plan with the largest paired advantage over the hard bot's (score less hard's
     score, round by round), if it stands `EVIDENCE` (2) standard errors above nothing over at least four
     rounds and averages `MIN_GAIN` (0.01); else the hard bot's plan. Every two rounds the worse half drops out
     (hard's never). The expert then sends the plan's moves one by one, each checked against its
     view's listing (one no longer legal is skipped), and ends the movement. A plan that stops short of the
     end (the reserves brought back first, rule G) is followed by one made from the view as it then stands.

Only the public contract: `engine.games.rules(game)` (`sample_state`, `view`, `legal`, `apply`,
`to_act`, `prompt`, `sides`, `result`), `engine.legal`, the game's `evaluate` query, the bots of
bots/ah_tactics.py.
"""

from bots.expert import Playout, Weighing, score
from engine import legal as listing
from engine.errors import RuleError
from engine.rng import Rng

# Knobs over the hard bot's (bots/ah_tactics.py KNOBS), and a fixed eagerness (None: the game's),
# one a candidate plan. Hard's own plan comes first and is always played.
VARIANTS = (
    ({"thrift": 0.0}, None),                      # allowance spent freely on attacks
    ({}, 3),                                      # eager: close in to one square, attack at worse odds
    ({"attacks": 2, "thrift": 0.6}, None),        # cautious: two attacks at most, allowance weighed
    ({"disengage": False}, None),                 # stay in every contact
    ({"advances": 24, "cohesion": 0.5}, None),    # bring everyone up, into squares few can attack
    ({"attacks": 0}, None),                       # no attacks: only the line brought up
)
# The variants that keep hard's attacks (all but the cautious and the no-attacks plans): scored after the
# enemy's reply, those two looked good for giving the enemy little to hit while they forgo the mover's gain.
ATTACKING = tuple(v for v in VARIANTS if v[0].get("attacks", 8) >= 8)
VARIANT_SETS = {"all": VARIANTS, "attacking": ATTACKING}
HARD, BASE, WEIGHED = -1, -2, -3   # the plans' sources besides the variants: hard's own plan, the `base` knobs'
                                  # plan, a plan handed to `weigh`
HALVING_EVERY = 2   # rounds between two halvings of the plans still running
MIN_ROUNDS = 4      # rounds a plan is played beside hard's before it can be chosen ...
EVIDENCE = 2.0      # ... its paired advantage that many standard errors above nothing (at 1.0 the search
                    # departed from hard in a third of the turns, about what noise alone gives four candidates)
MIN_GAIN = 0.01     # ... and at least this much of the evaluation (about one division's share)
MAX_REPLANS = 2     # plans made again in one phase when one stops short of its end (a guard against a loop)


class PlanSearch:
    """The expert's answer to Tactics (1954) movement decisions (`choose` gives None for every other)."""

    def __init__(self, expert, evidence: float = EVIDENCE, min_gain: float = MIN_GAIN, variants="all",
                 turns: int = 2, base: dict | None = None, weigh_hard: bool = True):
        """`variants`: the hard-bot variants whose plans are weighed beside hard's, a tuple as VARIANTS or
        the name of one of VARIANT_SETS. `turns`: where a playout is scored, at the beginning of the n-th
        turn after the plan's own: 2 when ours comes again (the enemy's reply played), 3 when the enemy's
        comes again (our next turn, its battles, played as well). `base`: knobs over hard's for the plan
        played short of evidence (the first candidate; None: hard's own), the variants' knobs then applied
        over them, and hard's own plan weighed as one more candidate (unless `weigh_hard` is False)."""
        self.expert, self.rules = expert, expert.rules
        self.turns, self.base, self.weigh_hard = turns, base, weigh_hard
        variants = VARIANT_SETS[variants] if isinstance(variants, str) else variants
        self.evidence, self.min_gain, self.variants = evidence, min_gain, variants
        self.key = None         # (round, active) of the movement phase planned
        self.moves: list = []   # the chosen plan's actions still to send
        self.ended = True       # whether the chosen plan ends the movement
        self.replans = 0        # plans made again within the phase planned
        self.last = None        # (plans, rounds, seconds, chosen index) of the last search, for the docs
        self.last_plans, self.last_scores = [], []   # the last search's plans, and each one's score in each round
        self.cost = 0.0         # seconds a playout took, averaged over the searches so far
        self.sources: list = []  # per plan of the last search, the variant that made it (-1: hard's own)
        self.chosen: dict = {}   # variant index (-1: hard's own) -> plans of it chosen, for the docs

    def covers(self, view: dict) -> bool:
        """Whether it plans the decision at `view`: its seat's movement, made by that seat alone."""
        public = view["public"]
        return public.get("phase") == "move" and self._alone(public)

    def choose(self, view: dict, budget: float | None):
        public = view["public"]
        if not self.covers(view):
            return None
        legal = view["private"]["legal"]
        key = (public["round"], public["active"])
        if key != self.key:
            self.key, self.replans = key, 0
            self.moves = self._search(view, budget)
        while True:
            while self.moves:
                action = self.moves.pop(0)
                if listing.contains(legal, action):
                    return action
            if self.ended or self.replans >= MAX_REPLANS:
                break
            # a plan that stops short of its end (reserves brought back first: the rest is planned with them
            # on the board) is followed by one made from the view as it now stands
            self.replans += 1
            self.moves = self._search(view, budget)
        ends, _ = listing.of_type(legal, "end_movement")  # the plan ran out (its end was refused): end it
        return ends[0] if ends else None

    @staticmethod
    def turn_of(view: dict) -> tuple:
        """The turn a decision belongs to, for the expert's turn budget: the round and the side whose turn it
        is. (The rev would not do: the enemy chooses fall-backs for units of ours beaten inside our turn.)"""
        public = view["public"]
        return public.get("round"), public.get("active")

    def _alone(self, public) -> bool:
        """The seat moves its side alone (two a side, the teammates split the units: not searched)."""
        side = next((s for s in public.get("sides") or () if self.expert.seat in s["seats"]), None)
        return side is not None and len(side["seats"]) == 1

    # ----- the plans ---------------------------------------------------------------------------
    def plans(self, view: dict) -> list[list[dict]]:
        """The base plan first (hard's own, or hard's with the `base` knobs), then hard's own where the base is
        not, then each variant's, each only where it differs from those before it."""
        hard = self.expert.advisors[0]
        own = hard.phase_plan(view)   # made in any case: the advisor's memory of the game moves on with it
        base = self.base or {}
        made = [(HARD, own)] if self.base is None else \
            [(BASE, hard.variant(base).phase_plan(view))] + ([(HARD, own)] if self.weigh_hard else [])
        made += [(n, hard.variant({**base, **knobs}, eager).phase_plan(view))
                 for n, (knobs, eager) in enumerate(self.variants)]
        out, seen = [], set()
        self.sources = []   # per plan, what made it: a variant's index, HARD (hard's own) or BASE
        for source, plan in made:
            if _plan_key(plan) not in seen:
                seen.add(_plan_key(plan))
                out.append(plan)
                self.sources.append(source)
        return out

    def weigh(self, view: dict, plans: list[list[dict]], budget: float | None = None) -> Weighing | None:
        """The movement decision at `view` (None for any other) searched as `choose` searches it, with `plans`
        (whole phases of moves) played beside its own, kept to the end, on the same samples and dice: for the
        analysis of a finished game (bots/analysis.py). The chosen plan is not sent: nothing is remembered."""
        if not self.covers(view):
            return None
        self._search(view, budget, plans)
        return Weighing(self.last_plans, self.last_scores, self.last[3])

    def _search(self, view: dict, budget: float | None, extra: list = ()) -> list[dict]:
        start = self.expert.now()
        plans = self.plans(view)
        keys = [_plan_key(plan) for plan in plans]
        for plan in extra:
            if _plan_key(plan) not in keys:
                plans.append(plan)
                keys.append(_plan_key(plan))
                self.sources.append(WEIGHED)
        kept = {keys.index(_plan_key(plan)) for plan in extra}
        deadline = None if budget is None else start + budget
        scores = [[] for _ in plans]
        running = list(range(len(plans)))
        rounds, done, finished = 0, 0, len(plans) == 1
        iterations = self.expert.iterations
        while not finished and not self.expert._stopping:
            seed = self.expert.rng.below(2 ** 31)
            played = []
            for i in running:
                # no playout begun that would end past the deadline, at the cost seen so far
                if (iterations is not None and done >= iterations) or \
                        (deadline is not None and self.expert.now() + self.cost >= deadline):
                    finished = True
                    break
                began = self.expert.now()
                value = PlanPlayout(self, view, seed).run(plans[i], deadline)
                if value is None:
                    finished = True
                    break
                self.cost = 0.8 * self.cost + 0.2 * (self.expert.now() - began) if self.cost else \
                    self.expert.now() - began
                played.append(value)
                done += 1
            if finished:
                break  # a round not played by all is left out: scores stay paired
            for i, value in zip(running, played):
                scores[i].append(value)
            rounds += 1
            if rounds % HALVING_EVERY == 0 and len(running) > 2:
                running = _halve(running, scores, rounds, kept)
        chosen = _best(scores, self.evidence, self.min_gain)
        self.last = (len(plans), rounds, self.expert.now() - start, chosen)
        self.last_plans, self.last_scores = plans, scores
        self.chosen[self.sources[chosen]] = self.chosen.get(self.sources[chosen], 0) + 1
        self.expert.departures += chosen != 0
        self.ended = any(a["type"] == "end_movement" for a in plans[chosen])
        return list(plans[chosen])


def _plan_key(plan: list[dict]) -> tuple:
    return tuple(sorted(repr(sorted(a.items())) for a in plan))


def _halve(running: list[int], scores: list, rounds: int, kept=frozenset()) -> list[int]:
    def mean(i):
        return sum(scores[i][-rounds:]) / rounds
    keep = sorted(running, key=lambda i: (-mean(i), i))[:max(2, (len(running) + 1) // 2)]
    return sorted(set(keep) | {0} | (set(kept) & set(running)))


def _best(scores: list, evidence: float, min_gain: float) -> int:
    best, best_gain = 0, 0.0
    for i in range(1, len(scores)):
        diffs = [a - b for a, b in zip(scores[i], scores[0])]
        n = len(diffs)
        if n < MIN_ROUNDS:
            continue
        gain = sum(diffs) / n
        spread = (sum((d - gain) ** 2 for d in diffs) / (n - 1)) ** 0.5
        if gain >= min_gain and gain > evidence * spread / n ** 0.5 and gain > best_gain:
            best, best_gain = i, gain
    return best


class PlanPlayout(Playout):
    """One plan played from one sample: the plan's moves, the rest of the turn and the enemy's next turn by
    hard bots, then scored for the searching seat (by the expert's `evaluate` where its settings name one; the
    views its bots read built as the expert's playouts build them, `Playout.view`)."""

    MAX_STEPS = 400   # a guard: two turns are about 60 actions

    def __init__(self, search: PlanSearch, view: dict, seed: int):
        rng = Rng(seed)
        super().__init__(search.expert, search.rules.sample_state(view, search.expert.seat, rng), rng, seed)
        self.search, self.seat = search, self.expert.seat

    def bot(self, seat: int):
        if seat not in self.bots:
            hard = self.expert.advisors[0]
            bot = self.expert._make(self.expert.game_id, "hard", seat, (self.seed * 31 + seat) & 0x7FFFFFFF)
            for name in ("_lost", "_lull", "_lull_round"):  # how long the war has been quiet (public)
                if hasattr(hard, name):
                    setattr(bot, name, getattr(hard, name))
            self.bots[seat] = bot
        return self.bots[seat]

    def run(self, plan: list[dict], deadline: float | None):
        """The plan's score, or None when the deadline or a stop came first."""
        rules, state, seat = self.rules, self.state, self.seat
        for action in plan:
            if seat not in rules.to_act(state) or rules.prompt(state) is not None:
                break  # the plan's end of movement came early, or a reserve was stumbled upon
            try:
                rules.apply(state, seat, action, self.rng)
            except RuleError:
                continue
        turns, last = 0, seat   # turns begun since the plan's own (a turn: a seat acting unprompted)
        for _ in range(self.MAX_STEPS):
            if self.expert._stopping or (deadline is not None and self.expert.now() >= deadline):
                return None
            if rules.result(state) is not None:
                break
            to_act = sorted(rules.to_act(state))
            if rules.prompt(state) is None and to_act and to_act[0] != last:
                turns, last = turns + 1, to_act[0]
                if turns >= self.search.turns:
                    break  # the enemy's turn is over (or, `turns` 3, ours after it)
            if self.step(to_act) is None:
                break
        return score(rules, state, seat, self.expert.evaluate)

    def step(self, to_act: list):
        """One action by the first seat to act that has one (its plan's next, or a fresh plan from a full view);
        the seat that acted, None when nobody could."""
        rules, state = self.rules, self.state
        for seat in to_act:
            bot = self.bot(seat)
            public = rules.view(state, seat)["public"]
            action = bot.planned(public)
            while action is not None:
                if self.applied(seat, action):
                    return seat
                action = bot.planned(public)
            action = bot.choose(self.view(seat, to_act))
            if action is not None and self.applied(seat, action):
                return seat
        timer = rules.timer(state) if hasattr(rules, "timer") else None
        if timer is None:
            return None
        rules.apply(state, None, timer["action"], self.rng)
        self.rev += 1   # the table's step counts as an action, as Playout.step counts it
        return -1
