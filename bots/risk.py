"""Computer players for the world-conquest game, deciding from their own seat's view only.

easy   mostly random legal moves (attacks now and then, ends its turn soon).
normal simple heuristics: trade when it can, reinforce the strongest front, attack
       with a clear edge in armies, fortify from the rear.
hard   picks a continent to take and hold, attacks only with good odds of
       conquest (exact dice odds), weighs breaking others' continents and
       eliminating weak players (for their cards), guards its continents'
       borders, and trades sets that earn the territory bonus and spare wilds.

Legality comes from engine.risk.legal (the rules' own checks, applied to the view).
"""
import random
from functools import lru_cache

from engine.risk.board import WILD, load
from engine.risk.cards import tradeable_sets
from engine.risk.combat import max_attack_dice, max_defend_dice, outcome_odds
from engine.risk.legal import legal_actions, reachable

NEUTRAL = -1
EASY_ATTACK_CHANCE = 0.5
NORMAL_EDGE = 2            # normal attacks while it has this many more armies than the defender
HARD_MIN_CONQUEST_ODDS = 0.6
MAX_ATTACKS_PER_TURN = 200  # a stall guard: every bot stops attacking after this many rolls in a turn


ODDS_TABLE_LIMIT = 80  # larger battles are scaled down to this size (keeps the table small and recursion shallow)


def conquest_odds(attackers: int, defenders: int) -> float:
    """Chance that `attackers` movable armies take a territory held by `defenders`,
    both sides always rolling as many dice as they may."""
    largest = max(attackers, defenders)
    if largest > ODDS_TABLE_LIMIT:
        attackers = round(attackers * ODDS_TABLE_LIMIT / largest)
        defenders = round(defenders * ODDS_TABLE_LIMIT / largest)
    return _exact_conquest_odds(attackers, defenders)


@lru_cache(maxsize=None)
def _exact_conquest_odds(attackers: int, defenders: int) -> float:
    if defenders <= 0:
        return 1.0
    if attackers <= 0:
        return 0.0
    a, d = min(3, attackers), min(2, defenders)
    return sum(float(p) * _exact_conquest_odds(attackers - al, defenders - dl)
               for (al, dl), p in outcome_odds(a, d).items())


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

    # ----- the one entry point ---------------------------------------------------------
    def choose(self, view: dict):
        pub = view["public"]
        if self.seat not in pub.get("to_act", ()) or pub["phase"] == "over":
            return None
        self.pub = pub
        self.terr = pub["territories"]
        self.card_ids = [c["id"] for c in view["private"].get("cards", [])]
        self.cards = view["private"].get("cards", [])
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

    # ----- shared reading of the board -------------------------------------------------
    def mine(self) -> list[str]:
        return [t for t, v in self.terr.items() if v["owner"] == self.seat]

    def enemy_neighbours(self, t: str) -> list[str]:
        owner = self.terr[t]["owner"]
        return [n for n in self.adjacent[t] if self.terr[n]["owner"] != owner]

    def threat(self, t: str) -> int:
        """Enemy armies next to `t` (the neutral never attacks, so it is no threat)."""
        return sum(self.terr[n]["armies"] for n in self.enemy_neighbours(t) if self.terr[n]["owner"] != NEUTRAL)

    def legal(self) -> list[dict]:
        return legal_actions(self.pub, self.card_ids, self.seat)

    # ----- phases every level handles alike --------------------------------------------
    def best_attack(self, score):
        """The attack (with the most dice) whose `score(src, dst, armies)` is highest; None scores are skipped."""
        best, best_score = None, None
        for src in self.mine():
            armies = self.terr[src]["armies"]
            if armies < 2:
                continue
            for dst in self.enemy_neighbours(src):
                value = score(src, dst, armies)
                if value is not None and (best_score is None or value > best_score):
                    best, best_score = (src, dst, armies), value
        if best is None:
            return None
        src, dst, armies = best
        return {"type": "attack", "from": src, "to": dst, "dice": max_attack_dice(armies)}

    def defend(self):
        return {"type": "defend", "dice": max_defend_dice(self.terr[self.pub["pending"]["to"]]["armies"])}

    def reinforce(self):
        trade = self.pick_trade()
        if trade is not None:
            return {"type": "trade", "cards": trade}
        return {"type": "place", "territory": self.reinforce_target(), "count": self.reinforce_count()}

    def reinforce_count(self) -> int:
        return self.pub["armies_to_place"]

    def fortify(self):
        move = self.pick_fortify()
        return move or {"type": "end_turn"}

    def claim(self):
        return self.rng.choice(self.legal())

    def setup(self):
        return self.rng.choice(self.legal())

    def occupy(self):
        return {"type": "occupy", "count": self.pub["pending"]["max"]}


class EasyBot(_Bot):
    _last_target = None

    def pick_trade(self):
        sets = tradeable_sets(self.card_ids) if self._may_trade() else []
        if sets and (self.pub["must_trade"] or self.rng.random() < 0.5):
            return self.rng.choice(sets)
        return None

    def _may_trade(self) -> bool:
        return self.pub["must_trade"] or not self.pub["mid_turn"]

    def reinforce_target(self):
        return self.rng.choice([t for t in self.mine() if self.enemy_neighbours(t)])

    def attack(self):
        attacks = [a for a in self.legal() if a["type"] == "attack"]
        if not attacks:
            return None
        # Press on with a battle it is winning, so even two easy players' huge stacks get resolved.
        pressing = [a for a in attacks if (a["from"], a["to"]) == self._last_target
                    and a["dice"] == max_attack_dice(self.terr[a["from"]]["armies"])]
        if pressing and self.terr[pressing[0]["from"]]["armies"] > self.terr[pressing[0]["to"]]["armies"]:
            return pressing[0]
        if self.rng.random() > EASY_ATTACK_CHANCE:
            return None
        src, dst = self.rng.choice([(a["from"], a["to"]) for a in attacks])
        action = {"type": "attack", "from": src, "to": dst, "dice": max_attack_dice(self.terr[src]["armies"])}
        self._last_target = (action["from"], action["to"])
        return action

    def occupy(self):
        p = self.pub["pending"]
        return {"type": "occupy", "count": self.rng.randint(p["min"], p["max"])}

    def pick_fortify(self):
        if self.rng.random() < 0.5:
            return None
        moves = [a for a in self.legal() if a["type"] == "fortify"]
        return self.rng.choice(moves) if moves else None


class NormalBot(_Bot):
    def pick_trade(self):
        if not (self.pub["must_trade"] or not self.pub["mid_turn"]):
            return None
        sets = tradeable_sets(self.card_ids)
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
        if self.pub["setup_step"] == "neutral":
            # Strengthen the neutral where it blocks the opponent most.
            neutral = [t for t, v in self.terr.items() if v["owner"] == NEUTRAL]
            return {"type": "place", "territory": max(neutral, key=lambda t: self._opponent_neighbours(t)), "count": 1}
        return {"type": "place", "territory": self.reinforce_target(), "count": 1}

    def _opponent_neighbours(self, t):
        return sum(1 for n in self.adjacent[t] if self.terr[n]["owner"] not in (self.seat, NEUTRAL))

    def attack(self):
        def edge(src, dst, armies):
            value = armies - self.terr[dst]["armies"]
            return value if value >= NORMAL_EDGE else None
        return self.best_attack(edge)

    def occupy(self):
        p = self.pub["pending"]
        # Leave only the minimum behind unless the old territory still faces enemies.
        if self.enemy_neighbours(p["from"]) and not self.enemy_neighbours(p["to"]):
            return {"type": "occupy", "count": p["min"]}
        if self.enemy_neighbours(p["from"]):
            return {"type": "occupy", "count": max(p["min"], (p["max"] + p["min"]) // 2)}
        return {"type": "occupy", "count": p["max"]}

    def pick_fortify(self):
        interior = [t for t in self.mine() if self.terr[t]["armies"] > 1 and not self.enemy_neighbours(t)]
        if not interior:
            return None
        src = max(interior, key=lambda t: self.terr[t]["armies"])
        targets = [t for t in reachable(self.pub, self.seat, src) if self.enemy_neighbours(t)]
        if not targets:
            return None
        dst = max(targets, key=self.threat)
        return {"type": "fortify", "from": src, "to": dst, "count": self.terr[src]["armies"] - 1}


class HardBot(NormalBot):
    def pick_trade(self):
        if not (self.pub["must_trade"] or not self.pub["mid_turn"]):
            return None
        sets = tradeable_sets(self.card_ids)
        if not sets:
            return None
        by_id = {c["id"]: c for c in self.cards}

        def worth(s):
            wilds = sum(1 for i in s if by_id[i]["symbol"] == WILD)
            bonus = any(by_id[i]["territory"] and self.terr[by_id[i]["territory"]]["owner"] == self.seat for i in s)
            return (bonus, -wilds)
        best = max(sets, key=worth)
        # Territory-bonus order: put a card showing an own territory first, so the bonus lands there.
        return sorted(best, key=lambda i: not (by_id[i]["territory"]
                                               and self.terr[by_id[i]["territory"]]["owner"] == self.seat))

    # ----- the plan: which continent to take next --------------------------------------
    def target_continent(self) -> str:
        def score(c):
            members = self.board.continent_members[c]
            owned = sum(1 for t in members if self.terr[t]["owner"] == self.seat)
            enemy_armies = sum(self.terr[t]["armies"] for t in members if self.terr[t]["owner"] != self.seat)
            bonus = self.board.continents[c]["bonus"]
            return (owned / len(members)) * 3 + bonus / (1 + enemy_armies / 4) - len(members) / 6
        return max(self.board.continent_members, key=score)

    def claim(self):
        goal = self.target_continent()
        free = [t for t, v in self.terr.items() if v["owner"] is None]
        in_goal = [t for t in free if self.board.territories[t]["continent"] == goal]
        pool = in_goal or free
        return {"type": "claim", "territory": max(pool, key=lambda t: sum(
            1 for n in self.adjacent[t] if self.terr[n]["owner"] == self.seat))}

    def reinforce_target(self):
        held = set(self._held_continents())
        # First guard a held continent's border that is outnumbered.
        guards = [t for t in self.mine() if self.board.territories[t]["continent"] in held
                  and self.threat(t) > self.terr[t]["armies"]]
        if guards:
            return max(guards, key=lambda t: self.threat(t) - self.terr[t]["armies"])
        goal = self.target_continent()
        stage = [t for t in self.mine() if any(self.board.territories[n]["continent"] == goal
                                               for n in self.enemy_neighbours(t))]
        if stage:
            return max(stage, key=lambda t: self.terr[t]["armies"])
        return super().reinforce_target()

    def reinforce_count(self):
        held = set(self._held_continents())
        guard_needed = any(self.board.territories[t]["continent"] in held and self.threat(t) > self.terr[t]["armies"]
                             for t in self.mine())
        if guard_needed:
            return max(1, min(self.pub["armies_to_place"], 3))
        return self.pub["armies_to_place"]

    def _held_continents(self):
        return [c for c, members in self.board.continent_members.items()
                if all(self.terr[t]["owner"] == self.seat for t in members)]

    def attack(self):
        goal = self.target_continent()
        hand_counts = self.pub["hand_counts"]
        enemy_continents = {c for c, members in self.board.continent_members.items()
                            if len({self.terr[t]["owner"] for t in members}) == 1
                            and self.terr[next(iter(members))]["owner"] not in (self.seat, NEUTRAL)}
        territory_counts = {}
        for v in self.terr.values():
            territory_counts[v["owner"]] = territory_counts.get(v["owner"], 0) + 1

        def worth(src, dst, armies):
            odds = conquest_odds(armies - 1, self.terr[dst]["armies"])
            if odds < HARD_MIN_CONQUEST_ODDS:
                return None
            owner = self.terr[dst]["owner"]
            value = 1.0
            cont = self.board.territories[dst]["continent"]
            if cont == goal:
                value += 2.0
            if cont in enemy_continents:
                value += 1.5
            if owner != NEUTRAL and territory_counts.get(owner, 0) <= 2 and hand_counts[owner] > 0:
                value += 2.0  # an elimination in reach wins their cards
            if not self.pub["conquered_this_turn"]:
                value += 1.0  # the first conquest earns a card
            return odds * value
        return self.best_attack(worth)

    def occupy(self):
        p = self.pub["pending"]
        src_threat = self.threat(p["from"]) if self.enemy_neighbours(p["from"]) else 0
        dst_front = len(self.enemy_neighbours(p["to"]))
        if not self.enemy_neighbours(p["from"]):
            return {"type": "occupy", "count": p["max"]}
        if not dst_front:
            return {"type": "occupy", "count": p["min"]}
        total = p["max"] + 1
        keep = min(total - p["min"], max(1, src_threat // 2))
        return {"type": "occupy", "count": max(p["min"], min(p["max"], total - keep))}
