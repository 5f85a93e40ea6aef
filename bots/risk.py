"""Computer players for the world-conquest game, deciding from their own seat's view only.

Every action comes from `view["private"]["legal"]`; the board (territories, continents)
is read from the static map and the public view, the dice odds are asked of the rules'
queries (engine.risk.queries).

easy   mostly random legal moves (attacks now and then, ends its turn soon).
normal simple heuristics: trade when it can, reinforce the strongest front, attack
       with a clear edge in armies, fortify from the rear.
hard   picks a continent to take and hold, attacks only with good odds of
       conquest (exact dice odds), weighs breaking others' continents and
       eliminating weak players (for their cards), guards its continents'
       borders, and trades sets that earn the territory bonus and spare wilds.
"""
import random
from typing import NamedTuple

from bots.settings import AnalysisSettings, ExpertSettings
from engine import legal as listing, undo
from engine.risk import queries
from engine.risk.board import WILD, load, per_board

NEUTRAL = -1
EASY_ATTACK_CHANCE = 0.5
EASY_CRUSHING_RATIO = 2     # easy always attacks with this many times the defender's armies
EASY_CRUSHING_MIN = 4
NORMAL_EDGE = 2            # normal attacks while it has this many more armies than the defender
HARD_MIN_CONQUEST_ODDS = 0.6
MAX_ATTACKS_PER_TURN = 200  # a stall guard: every bot stops attacking after this many rolls in a turn
ODDS_TABLE_LIMIT = 80       # larger battles are scaled down to this size (keeps the table small and recursion shallow)


# ----- dice odds: asked of the rules (engine.risk.queries), scaled down for large battles -----

def conquest_odds(attackers: int, defenders: int) -> float:
    """Chance that `attackers` movable armies take a territory held by `defenders` (the rules' odds),
    a battle larger than ODDS_TABLE_LIMIT scaled down to it."""
    largest = max(attackers, defenders)
    if largest > ODDS_TABLE_LIMIT:
        attackers = round(attackers * ODDS_TABLE_LIMIT / largest)
        defenders = round(defenders * ODDS_TABLE_LIMIT / largest)
    return queries.conquest_odds(attackers, defenders)


def _domain_ends(domain) -> tuple:
    """(least, most) value of a count's domain: a range's ends as written, else its values' (not empty); a plain
    value is both."""
    if not listing.is_domain(domain):
        return domain, domain
    if listing.RANGE in domain:
        lo, hi = domain[listing.RANGE]
        return lo, hi
    values = listing.domain_values(domain)
    return min(values), max(values)


class Survey(NamedTuple):
    """A board read for one decision (HardBot.survey): the continent to take next, and each continent's one owner
    (_SHARED where several hold it)."""
    goal: str
    sole_owner: dict


_SHARED = object()   # a continent's sole_owner where more than one owner holds its territories


@per_board
def _continent_of(board) -> dict:
    """territory -> its continent, for a board (one dict lookup where the bot asks at every candidate)."""
    return {t: info["continent"] for t, info in board.territories.items()}


def make(level: str, seat: int, seed: int = 0):
    cls = {"easy": EasyBot, "normal": NormalBot, "hard": HardBot}[level]
    return cls(seat, seed)


class _Bot:
    pace = 0.0

    def __init__(self, seat: int, seed: int):
        self.seat = seat
        self.rng = random.Random(seed * 1000 + seat)
        self.board = load()
        self.adjacent = self.board.adjacent
        self._attacks = (None, 0)  # (turn_number, attacks made) for the stall guard
        self._enemies = {}

    # ----- the one entry point ---------------------------------------------------------
    def choose(self, view: dict):
        pub = view["public"]
        legal = undo.without(view["private"].get("legal"))  # a bot never takes back its own move
        if self.seat not in pub.get("to_act", ()) or not listing.size(legal):
            return None
        return self.decide(pub, legal, view["private"].get("cards", []))

    def decide(self, pub: dict, legal: dict, cards: list):
        """The choice from the public board `pub` (its territories, phase, pending attack, ...), the listing
        `legal` and the seat's own cards."""
        self.pub, self.legal = pub, legal
        self.terr = pub["territories"]
        self.cards = cards
        self._enemies = {}   # enemy_neighbours of this decision's board, read once a territory
        phase = pub["phase"]
        if phase == "attack":
            turn, made = self._attacks
            made = made if turn == pub["turn_number"] else 0
            action = self.attack() if made < MAX_ATTACKS_PER_TURN else None
            if action is None:
                return {"type": "end_attack"}
            self._attacks = (pub["turn_number"], made + 1)
            return action
        return getattr(self, phase)()

    # ----- what legal allows ------------------------------------------------------------
    def attacks(self) -> dict:
        """(from, to) -> the most dice legal allows for that attack, in the order legal first lists each."""
        out = {}
        get = out.get
        for a in self.legal.get("actions", ()):
            if a.get("type") == "attack":
                key, dice = (a["from"], a["to"]), a["dice"]
                if get(key, 0) < dice:
                    out[key] = dice
        return out

    def trades(self) -> list:
        return [a["cards"] for a in listing.of_type(self.legal, "trade")[0]]

    def place_options(self):
        """(territories a reinforcement may go to, most armies one placement may hold)."""
        _, templates = listing.of_type(self.legal, "place")
        if templates:
            t = templates[0]
            return list(listing.domain_values(t["territory"])), _domain_ends(t["count"])[1]
        actions = listing.of_type(self.legal, "place")[0]
        return [a["territory"] for a in actions], max((a["count"] for a in actions), default=0)

    def count_span(self, kind: str) -> tuple:
        """(least, most) of the `count` field legal allows for `kind`: read off its domains' ends, not every value
        written out (an occupation's span runs to hundreds)."""
        actions, templates = listing.of_type(self.legal, kind)
        spans = [(a["count"], a["count"]) for a in actions]
        spans += [_domain_ends(t["count"]) for t in templates]
        return min(lo for lo, _ in spans), max(hi for _, hi in spans)

    def fortify_moves(self) -> dict:
        """source -> (territories it may fortify, most armies it may move)."""
        out = {}
        for t in listing.of_type(self.legal, "fortify")[1]:
            out[t["from"]] = (list(listing.domain_values(t["to"])), _domain_ends(t["count"])[1])
        return out

    # ----- shared reading of the board -------------------------------------------------
    def hand_counts(self) -> list[int]:
        """How many cards each seat holds (the view shows the sizes of hands, not the cards)."""
        return self.pub["hand_counts"]

    def mine(self) -> list[str]:
        return [t for t, v in self.terr.items() if v["owner"] == self.seat]

    def enemy_neighbours(self, t: str) -> list[str]:
        """(Asked of one territory several times a decision, as its front, its threat and its guard are weighed.)"""
        found = self._enemies.get(t)
        if found is None:
            owner = self.terr[t]["owner"]
            found = self._enemies[t] = [n for n in self.adjacent[t] if self.terr[n]["owner"] != owner]
        return found

    def threat(self, t: str) -> int:
        """Enemy armies next to `t` (the neutral never attacks, so it is no threat)."""
        return sum(self.terr[n]["armies"] for n in self.enemy_neighbours(t) if self.terr[n]["owner"] != NEUTRAL)

    # ----- phases every level handles alike --------------------------------------------
    def best_attack(self, score):
        """The legal attack (with the most dice) whose `score(src, dst, armies)` is highest; None scores are skipped."""
        best, best_score = None, None
        for (src, dst), dice in self.attacks().items():
            value = score(src, dst, self.terr[src]["armies"])
            if value is not None and (best_score is None or value > best_score):
                best, best_score = {"type": "attack", "from": src, "to": dst, "dice": dice}, value
        return best

    def defend(self):
        return max(listing.of_type(self.legal, "defend")[0], key=lambda a: a["dice"])

    def reinforce(self):
        trade = self.pick_trade()
        if trade is not None:
            return {"type": "trade", "cards": trade}
        territories, most = self.place_options()
        target = self.reinforce_target()
        if target not in territories:
            target = territories[0]
        return {"type": "place", "territory": target, "count": max(1, min(most, self.reinforce_count(most)))}

    def reinforce_count(self, most: int) -> int:
        return most

    def fortify(self):
        move = self.pick_fortify()
        return move or {"type": "end_turn"}

    def claim(self):
        return self.rng.choice(listing.all_actions(self.legal))

    def setup(self):
        return self.rng.choice(listing.all_actions(self.legal))

    def occupy(self):
        return {"type": "occupy", "count": self.count_span("occupy")[1]}

    def pending(self) -> tuple:
        """(from, to) of the attack that awaits its occupation."""
        p = self.pub["pending"]
        return p["from"], p["to"]


class EasyBot(_Bot):
    _last_target = None

    def pick_trade(self):
        sets = self.trades()
        if sets and (self.pub["must_trade"] or self.rng.random() < 0.5):
            return self.rng.choice(sets)
        return None

    def reinforce_target(self):
        return self.rng.choice([t for t in self.mine() if self.enemy_neighbours(t)])

    def attack(self):
        attacks = self.attacks()
        if not attacks:
            return None
        # Press on with a battle it is winning, so even two easy players' huge stacks get resolved.
        last = self._last_target
        if last in attacks and self.terr[last[0]]["armies"] > self.terr[last[1]]["armies"]:
            return {"type": "attack", "from": last[0], "to": last[1], "dice": attacks[last]}
        # Even a beginner sees a crushing edge: without it, easy tables pile armies up and never end.
        crushing = sorted(k for k in attacks
                          if self.terr[k[0]]["armies"] >= max(EASY_CRUSHING_MIN, EASY_CRUSHING_RATIO * self.terr[k[1]]["armies"]))
        if crushing:
            pick = max(crushing, key=lambda k: self.terr[k[0]]["armies"] - self.terr[k[1]]["armies"])
        elif self.rng.random() > EASY_ATTACK_CHANCE:
            return None
        else:
            pick = self.rng.choice(sorted(attacks))
        self._last_target = pick
        return {"type": "attack", "from": pick[0], "to": pick[1], "dice": attacks[pick]}

    def occupy(self):
        lo, hi = self.count_span("occupy")
        src, _ = self.pending()
        if not self.enemy_neighbours(src):
            return {"type": "occupy", "count": hi}   # nothing left to guard: the army marches on
        return {"type": "occupy", "count": self.rng.randint(lo, hi)}

    def pick_fortify(self):
        if self.rng.random() < 0.5:
            return None
        moves = listing.of_type(self.legal, "fortify")[1]
        if not moves:
            return None
        return listing.sample({"actions": [], "templates": moves}, self.rng)


class NormalBot(_Bot):
    def pick_trade(self):
        sets = self.trades()
        return sets[0] if sets else None

    def frontier(self) -> list[str]:
        return [t for t in self.mine() if self.enemy_neighbours(t)]

    def reinforce_target(self):
        # The front territory with the best edge over its weakest enemy neighbour.
        def edge(t):
            weakest = min(self.terr[n]["armies"] for n in self.enemy_neighbours(t))
            return self.terr[t]["armies"] - weakest
        return max(self.frontier(), key=edge)

    def setup(self):
        places = listing.values_of(self.legal, "place", "territory")
        if self.pub["setup_step"] == "neutral":
            # Strengthen the neutral where it blocks the opponent most.
            return {"type": "place", "territory": max(places, key=self._opponent_neighbours), "count": 1}
        target = self.reinforce_target()
        return {"type": "place", "territory": target if target in places else places[0], "count": 1}

    def _opponent_neighbours(self, t):
        return sum(1 for n in self.adjacent[t] if self.terr[n]["owner"] not in (self.seat, NEUTRAL))

    def attack(self):
        def edge(src, dst, armies):
            value = armies - self.terr[dst]["armies"]
            return value if value >= NORMAL_EDGE else None
        return self.best_attack(edge)

    def occupy(self):
        src, dst = self.pending()
        lo, hi = self.count_span("occupy")
        # Leave only the minimum behind unless the old territory still faces enemies.
        if self.enemy_neighbours(src) and not self.enemy_neighbours(dst):
            return {"type": "occupy", "count": lo}
        if self.enemy_neighbours(src):
            return {"type": "occupy", "count": max(lo, (hi + lo) // 2)}
        return {"type": "occupy", "count": hi}

    def pick_fortify(self):
        moves = self.fortify_moves()
        interior = [t for t in moves if not self.enemy_neighbours(t)]
        if not interior:
            return None
        src = max(interior, key=lambda t: self.terr[t]["armies"])
        targets, most = moves[src]
        front = [t for t in targets if self.enemy_neighbours(t)]
        if not front:
            return None
        return {"type": "fortify", "from": src, "to": max(front, key=self.threat), "count": most}


class HardBot(NormalBot):
    def pick_trade(self):
        sets = self.trades()
        if not sets:
            return None
        by_id = {c["id"]: c for c in self.cards}

        def worth(s):
            wilds = sum(1 for i in s if by_id[i]["symbol"] == WILD)
            bonus = any(by_id[i]["territory"] and self.terr[by_id[i]["territory"]]["owner"] == self.seat for i in s)
            return (bonus, -wilds)
        return max(sets, key=worth)

    # ----- the plan: which continent to take next --------------------------------------
    def survey(self) -> Survey:
        """The board read once for a decision, in one pass over the territories: the continent to take next and the
        continents held whole (the bot decides at every roll of a playout, and each reading was its own pass)."""
        seat, terr, continents = self.seat, self.terr, self.board.continents
        goal, goal_score = None, None
        sole_owner = {}
        for c, members in self.board.continent_members.items():
            mine = enemy = 0
            first = terr[members[0]]["owner"]
            shared = False
            for t in members:
                v = terr[t]
                owner = v["owner"]
                if owner == seat:
                    mine += 1
                else:
                    enemy += v["armies"]
                if owner != first:
                    shared = True
            sole_owner[c] = _SHARED if shared else first
            # the plan: the share of it held, its bonus against the armies in the way, its size
            size = len(members)
            score = (mine / size) * 3 + continents[c]["bonus"] / (1 + enemy / 4) - size / 6
            if goal is None or score > goal_score:   # (the first of the best, as max)
                goal, goal_score = c, score
        return Survey(goal, sole_owner)

    def target_continent(self, survey: Survey | None = None) -> str:
        """The continent to take next (`survey`: the board already read for this decision)."""
        return (survey or self.survey()).goal

    def claim(self):
        goal = self.target_continent()
        free = listing.values_of(self.legal, "claim", "territory")
        in_goal = [t for t in free if self.board.territories[t]["continent"] == goal]
        pool = in_goal or free
        return {"type": "claim", "territory": max(pool, key=lambda t: sum(
            1 for n in self.adjacent[t] if self.terr[n]["owner"] == self.seat))}

    def reinforce_target(self):
        survey = self.survey()
        held = set(self._held_continents(survey))
        # First guard a held continent's border that is outnumbered.
        guards = [t for t in self.mine() if self.board.territories[t]["continent"] in held
                  and self.threat(t) > self.terr[t]["armies"]]
        if guards:
            return max(guards, key=lambda t: self.threat(t) - self.terr[t]["armies"])
        goal = self.target_continent(survey)
        stage = [t for t in self.mine() if any(self.board.territories[n]["continent"] == goal
                                               for n in self.enemy_neighbours(t))]
        if stage:
            return max(stage, key=lambda t: self.terr[t]["armies"])
        return super().reinforce_target()

    def reinforce_count(self, most: int) -> int:
        held = set(self._held_continents())
        guard_needed = any(self.board.territories[t]["continent"] in held and self.threat(t) > self.terr[t]["armies"]
                           for t in self.mine())
        return min(most, 3) if guard_needed else most

    def _held_continents(self, survey: Survey | None = None) -> list:
        """The continents the seat holds whole, in the board's order (`survey`: the board already read)."""
        return [c for c, owner in (survey or self.survey()).sole_owner.items() if owner == self.seat]

    def hopeful_attacks(self) -> dict:
        """(from, to) -> (the most dice, the odds of conquest) of the legal attacks, in the order of `attacks`, whose
        odds are those the hard bot asks (HARD_MIN_CONQUEST_ODDS)."""
        terr = self.terr
        out = {}
        for (src, dst), dice in self.attacks().items():
            odds = conquest_odds(terr[src]["armies"] - 1, terr[dst]["armies"])
            if odds >= HARD_MIN_CONQUEST_ODDS:
                out[src, dst] = dice, odds
        return out

    def attack(self):
        hopeful = self.hopeful_attacks()
        if not hopeful:
            return None   # (nothing to weigh: the board need not be read)
        survey = self.survey()
        goal = self.target_continent(survey)
        hand_counts = self.hand_counts()
        enemy_continents = {c for c, owner in survey.sole_owner.items()
                            if owner is not _SHARED and owner not in (self.seat, NEUTRAL)}
        continent_of = _continent_of(self.board)
        terr = self.terr
        first_conquest = not self.pub["conquered_this_turn"]
        owners = None   # every territory's owner, read where a hopeful attack meets a player with cards
        best, best_worth = None, None
        for (src, dst), (dice, odds) in hopeful.items():
            owner = terr[dst]["owner"]
            value = 1.0
            cont = continent_of[dst]
            if cont == goal:
                value += 2.0
            if cont in enemy_continents:
                value += 1.5
            if owner != NEUTRAL and hand_counts[owner] > 0:
                if owners is None:
                    owners = [v["owner"] for v in terr.values()]
                if owners.count(owner) <= 2:
                    value += 2.0  # an elimination in reach wins their cards
            if first_conquest:
                value += 1.0  # the first conquest earns a card
            worth = odds * value
            if best_worth is None or worth > best_worth:   # (the first of equals, as best_attack)
                best, best_worth = (src, dst, dice), worth
        src, dst, dice = best
        return {"type": "attack", "from": src, "to": dst, "dice": dice}

    def occupy(self):
        src, dst = self.pending()
        lo, hi = self.count_span("occupy")
        src_threat = self.threat(src) if self.enemy_neighbours(src) else 0
        if not self.enemy_neighbours(src):
            return {"type": "occupy", "count": hi}
        if not self.enemy_neighbours(dst):
            return {"type": "occupy", "count": lo}
        total = hi + 1
        keep = min(total - lo, max(1, src_threat // 2))
        return {"type": "occupy", "count": max(lo, min(hi, total - keep))}


class Rollout(HardBot):
    """The expert's playout policy (its EXPERT_SETTINGS, below): the hard bot's own choices, read off the playout's
    sampled state instead of a view built for it at every step. That state is the search's own draw of what the
    seat cannot see, never the real one; the hard bot reads only what the public view copies from it (the
    territories, the phase, the pending attack, the hands' sizes) and its own cards, so it chooses as from the
    view (tests/bots/test_rollout.py holds it to that).

    Its listing is made only where a phase's choice reads it (`lazy_listing`: the playout hands `allowed` as the
    function that makes it): an attack is chosen off the rules' `attack_options` (`hopeful_attacks`), and two
    decisions in three of a playout are attacks, each of which a listing would write out again."""

    lazy_listing = True
    _legal = None      # this decision's listing, once made (`legal`)

    def choose(self, state: dict, allowed):
        """`allowed`: the rules' `legal` for the seat, or a function that makes it. None where it lists nothing
        (never the case in the attack phase, whose listing always holds end_attack for the seat to act)."""
        self._listed = allowed if callable(allowed) else (lambda: allowed)
        self.legal = None
        # (the state read as the public view: no copy a step; cards are traded only while reinforcing, and read
        # only to choose a trade)
        phase = state["phase"]
        if phase != "attack" and not listing.size(self.legal):
            return None
        cards = [self.board.cards[i] for i in state["hands"][self.seat]] if phase == "reinforce" else []
        return self.decide(state, self._legal, cards)   # (None in the attack phase: made if read)

    @property
    def legal(self) -> dict:
        """This decision's listing, made the first time it is read."""
        if self._legal is None:
            self._legal = self._listed()
        return self._legal

    @legal.setter
    def legal(self, value) -> None:
        self._legal = value

    def hand_counts(self) -> list[int]:
        return [len(hand) for hand in self.pub["hands"]]

    def hopeful_attacks(self) -> dict:
        """HardBot's, with the attacks read from the rules' `attack_options` (what the listing is made of) instead of
        the listing's actions (an attack is chosen at every roll: tests/risk/test_fast_paths.py holds the two equal);
        the odds asked at once, so only a hopeful attack is kept."""
        terr = self.terr
        rules_odds = queries.conquest_odds   # (asked directly where no scaling is due: see conquest_odds)
        out = {}
        for src, dst, dice in queries.attack_options(terr, self.seat):
            movable, defenders = terr[src]["armies"] - 1, terr[dst]["armies"]
            odds = rules_odds(movable, defenders) if movable <= ODDS_TABLE_LIMIT >= defenders \
                else conquest_odds(movable, defenders)
            if odds >= HARD_MIN_CONQUEST_ODDS:
                out[src, dst] = dice, odds
        return out


# The expert's playouts played by the hard bot's choices without a view a step (docs/bots.md, "Where a
# playout's time goes")
EXPERT_SETTINGS = ExpertSettings(rollout="bots.risk:Rollout", hard_replies=0)
# The analysis of a finished game (docs/hint_and_analysis.md): an army is about 0.01 of the evaluation.
ANALYSIS_SETTINGS = AnalysisSettings(inaccuracy=0.02, mistake=0.05, blunder=0.1)
