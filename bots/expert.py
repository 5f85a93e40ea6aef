"""The `expert` level: a search over sampled states, the same code for every turn-based game.

How it decides (docs/bots.md, "The expert"):
  1. **Candidates** at the root: every action the view's `legal` lists when they are few (at most
     `max_candidates`, bots/settings.py); else the hard bot's choice, the other levels' choices, the hard bot's own
     next-best where it ranks them (`shortlist`), every action with no fields (ending the attack or the
     turn: stopping is always weighed) and a seeded uniform sample of the listing, up to
     `max_candidates`. The hard bot's choice is first: the answer short of evidence.
  2. **Determinization**: each round draws a full state from the view with the game's
     `sample_state(view, seat, rng)` (the information set: the seat's own secrets as they are, the
     others' redrawn from what is still possible), so the search never looks at what it cannot see.
  3. **Rounds on common random numbers**: in a round every candidate still running is played out from
     the same sample with the same chance, so their scores differ by what they did, not by the dice;
     every `HALVING_EVERY` rounds the worse half drops out (the hard bot's choice never), and any candidate
     whose paired advantage can no longer reach `min_gain` (`_hopeful`): once none is left the search answers,
     leaving the turn's time to the decisions that are close. Where the
     playout bots draw nothing of their own (`deterministic_policy`), a playout that drew no chance is
     exact and its score is reused rather than played again.
  4. **Playout**: the candidate is applied to the sample and the game is played on by the game's fast
     `rollout` policy where its settings name one (choosing from the rules' `legal` on the sampled state,
     no view built; the other seats' first `hard_replies` decisions still by hard bots), else by fresh `hard`
     bots for every seat, each choosing from the view the rules build for it (`view` + the fields
     the session adds, `legal` included), chance drawn from a seeded `engine.rng.Rng`, until the other
     seats' next turn is over (the seat to act again after another took a turn of its own; a game's
     settings may stop it at the end of the seat's own turn, `horizon="own"`), or at most `depth`
     actions (fewer under a time budget when the game's steps are slow).
  5. **Evaluation**: a finished playout scores 1 for a winner (shared among co-winners), 0 otherwise;
     an unfinished one the game's own `evaluate(state, seat)` query (engine/<game>/queries.py: what
     wins that game, by the rules' own functions), or the material share for a game without one.
  6. **Answer**: the candidate with the largest paired advantage over the hard bot's choice, if that
     advantage is at least `min_gain` and `evidence` standard errors above nothing over at least
     `MIN_VISITS` rounds; else the hard bot's choice.
  7. **A deeper look** (a game's `deepen`, where time is left): the hard bot's choice, the answer and the best by
     mean are searched again, each playout run on through the seat's own next turn and the other seats' after
     it; that answer stands if all of them were judged in the time left (`_deepened`).

Anytime: `stop()` (from any thread) or the time budget ends the search between playouts and the
answer is chosen from the rounds played. Repeatable: with `iterations=N` and no time budget, one
seed and one view give one action; with a time budget the number of rounds depends on the machine,
so only iteration budgets repeat.

It uses the public contract only: `engine.games.rules(game)` for `sample_state`, `legal`, `apply`,
`to_act`, `view`, `result`, `timer`, `prompt`, `sides`; `engine.legal` to read listings;
`evaluate` among the game's `QUERIES`; `engine.rng` for chance; `engine.games.cloner` for the game's own
copy of a state (each round's sample is drawn once and cloned for every candidate). Never a rules module's
internals.
"""
import copy
import importlib
import json
import math
import time
from dataclasses import dataclass
from functools import partial

from engine import games
from engine import legal as listing, undo
from engine.errors import RuleError
from engine.rng import Rng
from bots import cycles
from bots.settings import DEFAULT, ExpertSettings

TURN_RESERVE = 0.1          # share of the turn budget kept for the decisions played on advice
MIN_VISITS = 4              # rounds a candidate is played beside the hard bot's choice before it may be judged
HALVING_EVERY = 4           # rounds between two halvings of the candidates still running
HOPELESS = 2.5              # standard errors short of `min_gain` that drop a candidate for good (`_hopeful`)
MIN_DEPTH = 4               # the fewest actions a playout runs, however slow the game's steps
ADVISORS = ("hard", "normal", "easy")  # levels whose choices are candidates when the listing is large
SAMPLE_SEARCH_LIMIT = 2000  # a listing larger than this is sampled, never expanded whole
OWNER_KEYS = ("owner", "side")
WEIGHT_KEYS = ("armies", "factor", "strength")


ABANDONED = object()  # a playout given up when the time or a stop came


@dataclass(frozen=True)
class Weighing:
    """A decision weighed (`ExpertBot.weigh`, a planner's `weigh`): the candidates (actions, or a planner's whole
    plans), each one's score in each round it was played (round k of every candidate on the same sample and
    chance), and the index of the one the expert sends."""
    candidates: list
    scores: list
    chosen: int

    def mean(self, i: int) -> float:
        return sum(self.scores[i]) / len(self.scores[i]) if self.scores[i] else float("nan")

    def paired(self, i: int, j: int) -> list[float]:
        """Candidate i's score less candidate j's, round by round where both were played."""
        return [a - b for a, b in zip(self.scores[i], self.scores[j])]


def _key(action: dict) -> str:
    return json.dumps(action, sort_keys=True)


def _named(thing):
    """A settings value given as "module:name", imported; anything else as it is."""
    if isinstance(thing, str):
        module, name = thing.split(":")
        return getattr(importlib.import_module(module), name)
    return thing


class ExpertBot:
    pace = 0.0

    def __init__(self, game_id: str, seat: int, seed: int = 0, settings: ExpertSettings = DEFAULT, *,
                 make_bot=None):
        """`settings`: how it searches (bots/settings.py; the game's own by `bots.make`). `make_bot(game_id,
        level, seat, seed)`: the game's heuristic bots (advisors and playout policy); None for a game with none
        (a test's small game), which is then searched with uniform random playouts."""
        if settings.budget is None and settings.iterations is None:
            raise ValueError("an expert needs a time budget or an iteration budget")
        self.game_id, self.seat, self.settings = game_id, seat, settings
        self._make = make_bot or RandomBot
        self.rules = games.rules(game_id)
        self.clone = games.cloner(game_id)   # a position copied for each candidate of a round (engine/clone.py)
        if self.rules.GAME_TYPE.realtime:
            raise ValueError("the expert searches turn-based games only")
        self.budget, self.iterations, self.turn_budget = settings.budget, settings.iterations, settings.turn_budget
        self.now = time.thread_time if settings.clock == "thread" else time.perf_counter   # what its budgets count
        self.evaluate = _named(settings.evaluate)
        self.rollout = _named(settings.rollout)   # the fast playout policy's factory (None: views and bots)
        self.planner = None if settings.planner is None else \
            importlib.import_module(settings.planner).PlanSearch(self, **settings.plan_options)
        self._turn = (None, 0.0)  # (the rev our last decision was made at, seconds spent this turn)
        self._step_cost = None    # seconds a playout step took, averaged over the decisions so far
        self._turn_key = None     # the planner's name for the turn of our last decision (`turn_of`)
        self.rng = Rng(seed)
        self.advisors = [] if self._make is RandomBot else \
            [self._make(game_id, level, seat, seed + i + 1) for i, level in enumerate(ADVISORS)]
        self._stopping = False
        self.earlier: tuple = ()   # positions (bots/cycles.py keys) a caller says the seat stood in this turn, never
                                   # led back to: a hint's window (bots/hint.py)
        self.turn = cycles.Turn(seat)   # the positions it stood in this turn, as its own views went by
        self._stood: set = set()        # ... those before this decision's: its searched candidates never lead back
        self.last_search = None  # (iterations, seconds, candidates) of the last decision, for the bench
        self.last_scores = None  # per candidate of the last search, its score in each round it was played
        self.departures = 0      # decisions answered with another action than the hard bot's, for the docs
        self.playout_steps = 0       # actions played in its playouts so far, and the seconds of them spent choosing
        self.choosing_seconds = 0.0  # (views built, bots' and rollouts' choices): what the playout policy costs,
                                     # for the bench, beside the rules' own work and the scoring

    # ----- anytime -----------------------------------------------------------------------------
    def stop(self) -> None:
        """Ask a running search to answer now (safe from another thread)."""
        self._stopping = True

    # ----- deciding ----------------------------------------------------------------------------
    def choose(self, view: dict):
        self._stopping = False
        began = self.now()  # the advisors' time counts against the budget too
        allowed = undo.without(view.get("private", {}).get("legal"))  # a bot never takes back its own move
        if self.seat not in view["public"].get("to_act", ()) or not listing.size(allowed):
            return None
        self._stood = set(self.turn.see(view)[:-1])
        view, allowed = self._onward(view, allowed)
        rev = view["public"].get("rev")
        last_rev, spent = self._turn
        turn_of = getattr(self.planner, "turn_of", None)
        if turn_of is not None:  # the game's planner names the turn (another seat may act inside ours)
            turn, self._turn_key = self._turn_key, turn_of(view)
            if turn != self._turn_key:
                spent = 0.0
        elif last_rev is None or rev is None or rev != last_rev + 1:
            spent = 0.0  # someone else acted since our last decision: a new turn
        budget = self.budget
        if self.planner is not None:
            planned = self._planned(view, rev, spent, began)
            if planned is not None:
                return planned
        if self.settings.search_limit is not None and listing.size(allowed) > self.settings.search_limit:
            return self._on_advice(view, rev, spent, began)
        if self.turn_budget is not None and self.budget is not None:
            budget = min(self.budget, self.turn_budget * (1 - TURN_RESERVE) - spent)
            if budget <= 0:  # the turn's time is spent: the rest of it is played on the hard bot's advice
                return self._on_advice(view, rev, spent, began)
        advice = self._advice(view, self.advisors)
        if listing.size(allowed) == 1:
            return listing.nth(allowed, 0)
        candidates = self._onward_candidates(view, self._candidates(allowed, advice))
        if len(candidates) == 1:
            return candidates[0]
        if budget is not None:
            budget -= self.now() - began
        searched = self.now()
        action = self._search(view, candidates, budget)
        if self.settings.deepen:
            action = self._deepened(view, candidates, action,
                                    None if budget is None else budget - (self.now() - searched))
        self.departures += action is not candidates[0]
        self._turn = (rev, spent + self.now() - began)
        return action

    def _deepened(self, view: dict, candidates: list[dict], first: dict, budget: float | None) -> dict:
        """The search's answer looked at again a turn deeper (`deepen`): the hard bot's choice, the first look's
        answer and its best by mean, each played on through one more of the other seats' turns (the seat's own
        turn between them played by the playout bots), with the time the first look left. A one-turn playout
        scores the position before the seat's own next turn: it cannot see a move that wins now and loses the
        turn after. The deeper answer stands where every one of them was judged; else the first look's."""
        scores = self.last_scores
        judged = [i for i in range(1, len(candidates)) if len(scores[i]) >= MIN_VISITS]
        best = sorted(judged, key=lambda i: (-sum(scores[i]) / len(scores[i]), i))[:self.settings.deepen]
        picked = list(dict.fromkeys([0, candidates.index(first)] + best))[:1 + self.settings.deepen]
        if len(picked) < 2 or (budget is not None and budget <= 0) or self._stopping:
            return first
        first_done, first_seconds, _ = self.last_search
        deeper = self._search(view, [candidates[i] for i in picked], budget, turns=2)
        done, seconds, _ = self.last_search
        self.last_search = (first_done + done, first_seconds + seconds, len(candidates))   # both looks, for the bench
        if any(len(s) < MIN_VISITS for s in self.last_scores):
            return first   # cut short by the clock: a half-judged deeper look is no better evidence
        return deeper

    def _onward(self, view: dict, allowed: dict) -> tuple[dict, dict]:
        """The view and its listing less every action that would bring the seat back to a position it stood in
        this turn (bots/cycles.py), unless nothing else is listed: what the rest of the decision chooses from."""
        earlier = set(self.earlier)
        if not earlier:
            return view, allowed
        onward = cycles.without_returns(self.rules, self.clone, view, self.seat, allowed, earlier)
        if onward is allowed:
            return view, allowed
        return {**view, "private": {**view["private"], "legal": onward}}, onward

    def _onward_candidates(self, view: dict, candidates: list[dict]) -> list[dict]:
        """The candidates less those that would bring the seat back to a position it stood in this turn (its own
        memory, bots/cycles.py), unless every one would."""
        back = cycles.returning(self.rules, self.clone, view, self.seat, candidates, self._stood)
        return [c for c in candidates if c not in back] or candidates

    def _planned(self, view: dict, rev, spent: float, began: float):
        """The game's plan search's answer (None: not a decision it plans). The decision it plans at gets
        `plan_share` of the turn's time (at least a decision's budget), the turn's other decisions the rest."""
        budget = None
        if self.budget is not None:
            budget = self.budget if self.turn_budget is None else \
                max(self.budget, self.settings.plan_share * self.turn_budget - spent)
        action = self.planner.choose(view, budget)
        if action is not None:
            self._turn = (rev, spent + self.now() - began)
        return action

    def _on_advice(self, view: dict, rev, spent: float, began: float):
        """The hard bot's choice, unsearched (the turn's time counted as for a searched one)."""
        advice = self._advice(view, self.advisors[:1])
        self._turn = (rev, spent + self.now() - began)
        return advice[0] if advice else listing.sample(undo.without(view["private"]["legal"]), self.rng)

    def _advice(self, view: dict, advisors: list) -> list[dict]:
        """The levels' own choices (each advisor keeps its memory of the game, as it would playing)."""
        out = []
        for advisor in advisors:
            action = advisor.choose(view)
            if action is not None and listing.contains(view["private"]["legal"], action):
                out.append(action)
        return out

    def _candidates(self, allowed: dict, advice: list[dict]) -> list[dict]:
        chosen = listing.FirstSeen(_key)
        add = chosen.add
        for action in advice:
            add(action)
        # A policy that ranks its options (`shortlist(k)`: its k best, after its last `choose`) names the
        # likeliest contenders, before any uniform sample of the listing.
        shortlist = getattr(self.advisors[0], "shortlist", None) if self.advisors else None
        for action in shortlist(self.settings.max_candidates) if shortlist is not None else ():
            if len(chosen) >= self.settings.max_candidates:
                break
            if listing.contains(allowed, action):
                add(action)
        n = listing.size(allowed)
        if n <= self.settings.max_candidates:
            for action in listing.all_actions(allowed):
                add(action)
            return list(chosen)
        for action in listing.all_actions(allowed) if n <= SAMPLE_SEARCH_LIMIT else ():
            if len(action) == 1:  # an action with no fields (end the attack, end the turn, pass): stopping is
                add(action)       # always a candidate, it is the decision most often worth weighing
        for _ in range(4 * self.settings.max_candidates):
            if len(chosen) >= self.settings.max_candidates:
                break
            add(listing.nth(allowed, self.rng.below(n)))
        return list(chosen)

    def weigh(self, view: dict, actions: list[dict]) -> "Weighing | None":
        """Its decision at `view` as `choose` searches it, with `actions` (each listed in the view's legal) added
        to its candidates and kept to the end, played on the same samples with the same chance; for the hint
        and the analysis of a finished game (bots/hint.py, bots/analysis.py). None where it would not search:
        its seat not to act, or fewer than two actions listed. The turn's budget is not counted."""
        self._stopping = False
        began = self.now()
        allowed = undo.without(view.get("private", {}).get("legal"))
        if self.seat not in view["public"].get("to_act", ()) or listing.size(allowed) < 2:
            return None
        candidates = self._candidates(allowed, self._advice(view, self.advisors))
        keys = [_key(c) for c in candidates]
        for action in actions:
            if _key(action) not in keys:
                candidates.append(action)
                keys.append(_key(action))
        keep = {keys.index(_key(action)) for action in actions}
        budget = None if self.budget is None else self.budget - (self.now() - began)
        chosen = self._search(view, candidates, budget, keep)
        return Weighing(candidates, self.last_scores, keys.index(_key(chosen)))

    def _search(self, view: dict, candidates: list[dict], budget: float | None, keep: set = frozenset(),
                turns: int = 1):
        """Rounds of playouts: in each round every candidate still in the running is played out from the
        same sampled state with the same chance (common random numbers), so two candidates' scores in one
        round differ by what the candidates did, not by the dice. Every HALVING_EVERY rounds the worse half
        (by mean) drops out, the hard bot's choice never (nor those in `keep`); the answer is chosen by `_best`.
        Each candidate's scores are left in `last_scores`. `turns`: the other seats' turns a playout runs through."""
        start = self.now()
        scores = [[] for _ in candidates]  # per candidate, its score in each round it was played
        exact = {}  # candidate -> its score, once a playout of it drew no chance (deterministic_policy only)
        running = list(range(len(candidates)))
        done, rounds, finished = 0, 0, False
        deadline = None if budget is None else start + budget  # no playout step begun that would end past it
        depth = self._depth(budget, len(candidates))
        while not finished and not self._stopping and len(running) > 1:
            seed = self.rng.below(2 ** 31)
            sample = None   # this round's sampled state and chance, drawn at its first playout
            for i in list(running):
                if i in exact:  # played again it would give the same score: reused, at no cost
                    scores[i].append(exact[i])
                    continue
                if (self.iterations is not None and done >= self.iterations) or \
                        (deadline is not None and self.now() >= deadline):
                    finished = True
                    break
                if sample is None:
                    sample = self._sample(view, seed)
                score, chanceless = self._iterate(sample, candidates[i], deadline, depth, seed, turns)
                if score is ABANDONED:
                    finished = True
                    break
                if score is None:  # the sample refused it (a listed action always applies: a guard)
                    running.remove(i)
                    if i == 0:
                        finished = True
                        break
                    continue
                scores[i].append(score)
                done += 1
                if chanceless and self.settings.deterministic_policy:
                    exact[i] = score
            else:
                rounds += 1
                if all(i in exact for i in running):
                    break  # every contender is known exactly: more rounds would only repeat them
                if rounds % HALVING_EVERY == 0 and len(running) > 2:
                    running = _halve(running, scores, rounds, keep)
                if rounds >= MIN_VISITS:
                    running = _hopeful(running, scores, keep, self.settings.min_gain)
        for i, known in exact.items():  # a score known exactly stands for every round, played or not
            scores[i] += [known] * (MIN_VISITS - len(scores[i]))
        self.last_search = (done, self.now() - start, len(candidates))
        self.last_scores = scores
        chosen = _best(scores, self.settings.evidence, self.settings.min_gain)
        return candidates[chosen]

    def _depth(self, budget: float | None, n_candidates: int) -> int:
        """Playout length cap: `depth`, cut (never below MIN_DEPTH) so that under a time budget every
        candidate can be played out MIN_VISITS times at the step cost seen so far. Without a clock it stays
        `depth`, so iteration budgets repeat exactly. A playout ends sooner at the end of the other seats'
        next turn (`Playout.run`)."""
        if budget is None or self._step_cost is None or self.settings.deterministic_policy:
            return self.settings.depth  # (a playout known exactly is worth more whole, for fewer candidates, than cut)
        fits = int(budget / (MIN_VISITS * n_candidates * self._step_cost))
        return max(MIN_DEPTH, min(self.settings.depth, fits))

    def _sample(self, view: dict, seed: int) -> tuple:
        """A round's determinization: the state `sample_state` draws from the view with chance `seed`, and that
        chance as it stands after the draw (its checkpoint set before it, so a playout can tell whether it
        drew anything at all). Every candidate of the round is played from a clone of both."""
        rng = Rng(seed)
        rng.checkpoint()
        return self.rules.sample_state(view, self.seat, rng), rng

    def _iterate(self, sample: tuple, action: dict, deadline: float | None, depth: int, seed: int,
                 turns: int = 1):
        """One determinized playout after `action` from a clone of the round's `sample` (`_sample`): its
        score for this seat (None if the sample refused the action, ABANDONED if time ran out or a stop
        came), and whether it drew nothing from chance (sample and dice alike)."""
        state, rng = self.clone(sample[0]), copy.deepcopy(sample[1])
        try:
            self.rules.apply(state, self.seat, action, rng)
        except RuleError:
            return None, False
        score = Playout(self, state, rng, seed).run(deadline, depth, turns)
        return score, not rng.drew_since_checkpoint()


def _paired(scores: list, i: int) -> list[float]:
    """Candidate i's score less the hard bot's choice's (candidate 0), round by round where both were played."""
    return [a - b for a, b in zip(scores[i], scores[0])]


def _halve(running: list[int], scores: list, rounds: int, kept=frozenset()) -> list[int]:
    """The better half of the candidates still running, by their mean over the rounds all of them played
    (the last `rounds`), the hard bot's choice always kept, and those in `kept`."""
    def mean(i):
        return sum(scores[i][-rounds:]) / rounds
    keep = sorted(running, key=lambda i: (-mean(i), i))[:max(2, (len(running) + 1) // 2)]
    return sorted(set(keep) | {0} | (set(kept) & set(running)))


def _hopeful(running: list[int], scores: list, kept=frozenset(), min_gain: float = DEFAULT.min_gain) -> list[int]:
    """The candidates still running that may yet be sent: the hard bot's choice, those in `kept`, and every other
    whose paired advantage over the hard bot's choice could still reach `min_gain` (its mean less than HOPELESS
    standard errors short of it). Once none is left the search answers at once: the decision was not close, and
    the turn's time is left to the decisions that are."""
    out = []
    for i in running:
        if i != 0 and i not in kept:
            diffs = _paired(scores, i)
            n = len(diffs)
            if n >= MIN_VISITS:
                gain = sum(diffs) / n
                spread = math.sqrt(sum((d - gain) ** 2 for d in diffs) / (n - 1))
                if gain + HOPELESS * spread / math.sqrt(n) < min_gain:
                    continue
        out.append(i)
    return out


def _best(scores: list, evidence: float = DEFAULT.evidence, min_gain: float = DEFAULT.min_gain) -> int:
    """The candidate to send: the one whose paired advantage over the hard bot's choice (candidate 0) is
    largest, among those played at least MIN_VISITS rounds beside it whose advantage is at least
    `evidence` standard errors above nothing and at least `min_gain`. Short of that evidence the expert plays
    as hard does: a few noisy playouts never overturn the hard bot's judgement."""
    best, best_gain = 0, 0.0
    for i in range(1, len(scores)):
        diffs = _paired(scores, i)
        n = len(diffs)
        if n < MIN_VISITS:
            continue
        gain = sum(diffs) / n
        spread = math.sqrt(sum((d - gain) ** 2 for d in diffs) / (n - 1))
        if gain >= min_gain and gain > evidence * spread / math.sqrt(n) and gain > best_gain:
            best, best_gain = i, gain
    return best


class Playout:
    """The game played on from one sampled state, scored for the searching seat: by the game's fast `rollout`
    policy where its settings name one (choosing from the rules' `legal` on the sampled state, no view built),
    and by fresh `playout_level` bots choosing from views built for them where they do not (or for the other
    seats' first `hard_replies` decisions: the root's reply)."""

    def __init__(self, expert: ExpertBot, state: dict, rng: Rng, seed: int):
        self.expert, self.rules, self.state, self.rng = expert, expert.rules, state, rng
        self.bots = {}
        self.policies = {}
        self.seed = seed
        self.rev = 0
        self.replies = 0   # decisions of the other seats made so far by the `playout_level` bots

    def bot(self, seat: int):
        if seat not in self.bots:
            self.bots[seat] = self.expert._make(self.expert.game_id, self.expert.settings.playout_level, seat,
                                                (self.seed * 31 + seat) & 0x7FFFFFFF)
        return self.bots[seat]

    def policy(self, seat: int):
        """The fast policy that makes `seat`'s next decision, or None where a bot is to make it from a view."""
        make = self.expert.rollout
        if make is None:
            return None
        if seat != self.expert.seat:
            limit = self.expert.settings.hard_replies
            if limit is None or self.replies < limit:
                return None
        if seat not in self.policies:
            self.policies[seat] = make(seat, (self.seed * 31 + seat) & 0x7FFFFFFF)
        return self.policies[seat]

    def view(self, seat: int, to_act: list, allowed: dict | None = None) -> dict:
        """What a Session would hand `seat` (engine/session.py `view`), built from the contract; `allowed`: the
        rules' `legal` for the seat there, where already listed."""
        rules, state = self.rules, self.state
        v = rules.view(state, seat)
        public = v["public"]
        public["to_act"] = to_act
        public["result"] = None
        public["rev"] = self.rev
        prompt = getattr(rules, "prompt", None)
        public["prompt"] = prompt(state) if prompt is not None else None
        sides = getattr(rules, "sides", None)
        public["sides"] = sides(state) if sides is not None else None
        v["private"]["legal"] = rules.legal(state, seat) if allowed is None else allowed
        return v

    def step(self) -> bool:
        """Play one action (a seat's or the table's timed step); False when nobody can."""
        rules, state, expert = self.rules, self.state, self.expert
        to_act = sorted(rules.to_act(state))
        for seat in to_act:
            policy = self.policy(seat)
            if policy is not None and getattr(policy, "lazy_listing", False):
                # the policy lists only where it must (its own cost, listing included, counted for the bench)
                began = expert.now()
                allowed = partial(rules.legal, state, seat)
            else:
                allowed = rules.legal(state, seat)   # (the rules list no undo: the Session adds it)
                if not listing.size(allowed):
                    continue
                began = expert.now()   # the policy's own cost, from here to its choice (for the bench)
            if policy is None:
                v = self.view(seat, to_act, allowed)
                action = self.bot(seat).choose(v)
                asked = v["public"]["prompt"] is not None
            else:
                action = policy.choose(state, allowed)
                prompt = getattr(rules, "prompt", None)
                asked = prompt is not None and prompt(state) is not None
            expert.choosing_seconds += expert.now() - began
            if action is None:
                continue
            whose = self._whose_turn(seat)   # read before the action moves it on
            if not self.applied(seat, action):
                continue
            expert.playout_steps += 1
            if seat != expert.seat:
                self.replies += policy is None
                if not asked and whose in (None, seat):
                    self.others_moved = True  # another seat's own turn, not an answer asked of it out of turn
            return True
        timer = getattr(rules, "timer", None)
        step = timer(state) if timer is not None else None
        if step is None:
            return False
        rules.apply(state, None, step["action"], self.rng)
        self.rev += 1
        return True

    def _whose_turn(self, seat: int):
        """The seat the public `turn_field` names (None where the game's settings name no such field). The
        public view copies it from the state, so it is read there when the state holds it (no view built)."""
        field = self.expert.settings.turn_field
        if field is None:
            return None
        if field in self.state:
            return self.state[field]
        return self.rules.view(self.state, seat)["public"].get(field)

    def applied(self, seat: int, action: dict) -> bool:
        """Apply a playout bot's `action` for `seat`; False if the rules refuse it (the state is as it was)."""
        try:
            self.rules.apply(self.state, seat, action, self.rng)
        except RuleError:
            return False
        self.rev += 1
        return True

    def _own_turn(self) -> bool:
        """The searching seat is to act, in a turn of its own (not a step asked of it in another's turn)."""
        seat = self.expert.seat
        if seat not in self.rules.to_act(self.state):
            return False
        whose = self._whose_turn(seat)
        return whose is None or whose == seat

    def run(self, deadline: float | None, depth: int, turns: int = 1):
        """Play on until the other seats' next `turns` turns are over — the searching seat to act again after
        another seat took a turn of its own, that many times — or the game ends, or `depth` actions; then score
        the position."""
        start, steps = self.expert.now(), 0
        self.others_moved = False
        for _ in range(depth):
            # a step is never interrupted, so none is begun that would end past the deadline (at the cost seen)
            if self.expert._stopping or (deadline is not None and
                                         self.expert.now() + (self.expert._step_cost or 0.0) >= deadline):
                return ABANDONED  # a playout cut short would be scored at another depth than the rest
            if self.rules.result(self.state) is not None:
                break
            if self.others_moved and self._own_turn():
                turns -= 1
                if not turns:
                    break
                self.others_moved = False   # the seat's own turn is played on, then the others' next
            if self.expert.settings.horizon == "own" and self.expert.seat not in self.rules.to_act(self.state):
                break
            if not self.step():
                break
            steps += 1
        value = score(self.rules, self.state, self.expert.seat, self.expert.evaluate)
        if steps:
            cost = (self.expert.now() - start) / steps
            old = self.expert._step_cost
            self.expert._step_cost = cost if old is None else 0.8 * old + 0.2 * cost
        return value


def score(rules, state: dict, seat: int, evaluate=None) -> float:
    """The seat's worth of a position in 0..1: a result's share of the win; else `evaluate(state, seat)`
    where a game's settings name one; else the game's own evaluation (its public query
    `evaluate(state, seat)`, which knows what wins that game); else, for a game without one, the seat's
    share of the material on the public board."""
    result = rules.result(state)
    if result is not None:
        winners = result.get("winners") or []
        return 1.0 / len(winners) if seat in winners else 0.0
    if evaluate is not None:
        return evaluate(state, seat)
    if "evaluate" in getattr(rules, "QUERIES", ()):
        return rules.queries.evaluate(state, seat)
    public = rules.view(state, None)["public"]
    sides = getattr(rules, "sides", None)
    names = [s["name"] for s in sides(state)] if sides is not None else []
    return material_share(public, seat, names)


def material_share(public: dict, seat: int, side_names: list[str]) -> float:
    """The seat's share of what stands on the public board: every map in the public view that names an
    owner (`owner` / `side`, as a seat number or a side's name) counts for its armies or combat factor
    (1 at least), unless it is marked out of play (`disabled`, a `status` other than active). A game
    whose view names no owners scores 0.5 (no opinion)."""
    own_names = {seat}
    if seat < len(side_names):
        own_names.add(str(side_names[seat]).lower())
    mine = total = 0.0

    def walk(node):
        nonlocal mine, total
        if isinstance(node, dict):
            owner = next((node[k] for k in OWNER_KEYS if k in node), None)
            if owner is not None and not isinstance(owner, (dict, list)):
                out_of_play = node.get("disabled") is True or node.get("status", "active") != "active"
                if not out_of_play:
                    weight = next((node[k] for k in WEIGHT_KEYS if isinstance(node.get(k), int)), 0)
                    weight = max(1, weight if not isinstance(weight, bool) else 1)
                    total += weight
                    if owner in own_names or (isinstance(owner, str) and owner.lower() in own_names):
                        mine += weight
            for value in node.values():
                if isinstance(value, (dict, list)):
                    walk(value)
        elif isinstance(node, list):
            for value in node:
                if isinstance(value, (dict, list)):
                    walk(value)

    walk(public)
    return mine / total if total else 0.5


class RandomBot:
    """The playout policy where a game has no bots: an action drawn uniformly from the view's legal."""
    pace = 0.0

    def __init__(self, game_id: str, level: str, seat: int, seed: int = 0):
        self.seat, self.rng = seat, Rng(seed)

    def choose(self, view: dict):
        return listing.sample(undo.without(view["private"].get("legal")), self.rng)
