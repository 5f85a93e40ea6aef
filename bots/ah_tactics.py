"""Bots for Tactics (1954), deciding from their own seat's view only.

A bot plans a whole phase at once from its view and then sends the planned actions one by
one, each checked against view["private"]["legal"] (a step that is no longer legal is dropped;
a plan that runs out is made again from the view as it then stands). What it knows of the
board: the map data, the units it can see, its own reserves; the enemy's reserves are unknown
to it. For reach it reads the move templates and costs in its legal listing; for every rule it
asks its rules' documented queries (engine/ah_tactics/queries.py: the odds, the table, the mountains).

  easy    moves up to eight units at random straight at the enemy, into contact when it comes,
          covers the battles it must fight with any attackers, sends losers back anywhere;
  normal  each turn gathers one group against the enemy division where the forecast of the
          battles it brings about (the rules' table and odds) gains most, kills enemy HQs it can
          reach, brings six units up to a line two squares off the enemy, spreads
          its attackers over the battles for the best expected exchange, and pushes losers back
          towards its own units and away from theirs;
  hard    the same with up to eight groups a turn, allowance weighed lightly, units stepping out
          of contacts whose forced battles would cost more than they bring, fourteen units
          brought up a turn.
The levels differ only in the KNOBS below; the rest of the planning is shared. (The expert's movement is
hard's knobs with nobody brought up and, at the end of each movement, the units the enemy could strike next turn
taken off the board into reserve (rule G), brought back at the start of the next: EXPERT_SETTINGS, below.)
Normal and hard
move their HQs last, only where no enemy division can come next to them next turn (behind their
divisions' screen, bots/ah_tactics_threat.py), never next to an enemy unit; every level's
commander arranges the set-up so that each HQ is as hard to reach on turn one as its area allows.
Two a side, teammates split the moving: the second player's bot moves the side's odd-numbered units, the
commander's the even ones and then whatever of the odd its teammate has left (share_out).
"""
import copy
import random

from engine import grid, legal as shape, undo
from engine.ah_tactics import queries
from engine.ah_tactics.board import load
from bots.ah_tactics_battles import BattlePlanner
from bots.ah_tactics_mover import Mover
from bots.ah_tactics_threat import ALLOWANCE, open_sides, prepare_in_background, threatened
from bots.settings import AnalysisSettings, ExpertSettings

SIDE_NAMES, HQ = queries.SIDE_NAMES, queries.HQ_KIND
# What sets the levels apart (experiments change these):
#   attacks    groups gathered against enemy divisions per turn
#   thrift     how much a square of allowance spent weighs against expected losses inflicted
#   cohesion   preference for squares with few open sides (a line is hard to surround)
#   advances   units brought up per turn besides the attackers
#   disengage  step out of contacts whose forced battles cost more than they bring
#   shelter    thirds a division not attacking may spend stepping back to where the enemy would pay more
#              to strike it next turn (0: none, at every level; screened for the expert's movement and
#              not shown better, docs/bots.md)
#   reserves   send the units the enemy could strike next turn into reserve at the end of the movement and
#              bring them back at the start of the next (rule G; off at every level, on for the expert's movement)
KNOBS = {
    "normal": {"attacks": 1, "thrift": 0.6, "cohesion": 0.0, "advances": 6, "disengage": False, "shelter": 0,
               "reserves": False},
    "hard": {"attacks": 8, "thrift": 0.2, "cohesion": 0.0, "advances": 14, "disengage": True, "shelter": 0,
             "reserves": False},
}


def make(level: str, seat: int, seed: int = 0):
    prepare_in_background()
    return TacticsBot(level, seat, seed)


class TacticsBot:
    pace = 0.0

    def __init__(self, level: str, seat: int, seed: int):
        self.level, self.seat = level, seat
        self.random = random.Random(seed * 7919 + seat)
        self.queue: list[dict] = []
        self.key = None
        self.board = load()
        self.side = None   # an index into SIDE_NAMES, from the first view
        self.knobs = None  # a variant's own knobs (`variant`); None: its level's
        self.eager = None  # a variant's fixed eagerness (`variant`); None: counted from the game

    # ----- the one entry point ---------------------------------------------------------
    def choose(self, view: dict):
        public, private = view["public"], view["private"]
        self.side = queries.side_of(view)
        if public.get("result") is not None:
            return None
        legal = undo.without(private.get("legal")) or {}  # a bot never takes back its own move
        if shape.size(legal) == 0:
            return None
        key = (public["phase"], public["round"], public["active"],
               len(public["retreats"]) if public["phase"] == "retreat" else 0)
        if key != self.key or not self.queue:
            self.key = key
            self.queue = self.share_out(public, self.plan(public, private, legal))
        while self.queue:
            action = self.queue.pop(0)
            if shape.contains(legal, action):
                return action
        # the plan ran out or went stale: finish the phase if this seat may, else wait
        return self.fallback(public, legal)

    # ----- for a search over whole plans (bots/ah_tactics_plans.py) ----------------------
    def phase_plan(self, view: dict) -> list[dict]:
        """The whole plan this bot makes for the phase `view` shows, its first action the one `choose` answers
        (the bot's memory moves on as if it had chosen)."""
        first = self.choose(view)
        return ([first] if first is not None else []) + list(self.queue)

    def planned(self, public) -> dict | None:
        """The next action of the plan made for the phase `public` shows, taken off it unchecked (None: no plan
        for that phase, or it ran out). For a search's forward model, where the rules refuse what is not legal
        and a listing for every step would cost more than the rest of the step."""
        key = (public["phase"], public["round"], public["active"],
               len(public["retreats"]) if public["phase"] == "retreat" else 0)
        if key != self.key or not self.queue:
            return None
        return self.queue.pop(0)

    def variant(self, knobs: dict | None = None, eager: int | None = None) -> "TacticsBot":
        """A copy of this bot planning with other knobs (over its level's) and a fixed eagerness, its memory as
        this bot's now; this bot is left as it was."""
        other = copy.copy(self)
        other.queue, other.key = [], None
        other.knobs = {**KNOBS.get(self.level, KNOBS["normal"]), **(knobs or {})}
        other.eager = eager
        return other

    def planning_knobs(self) -> dict:
        """The knobs its plans are made by: a variant's own, else its level's."""
        return self.knobs or KNOBS.get(self.level, KNOBS["normal"])

    def share_out(self, public, plan: list[dict]) -> list[dict]:
        """Two a side (rule A), both seats move the side's units from one allowance, each as its own view
        shows the board; two bots planning the same moves would race for each unit and the slower one's moves
        would all be refused. So teammates split the units: the second player moves the odd-numbered ones;
        the commander the even ones first, and only then the second player's still unmoved, from the far end
        of its list, so the two meet at most once and a teammate who does not move (a person away, a slow
        window) never leaves half the side standing."""
        side = next((s for s in public.get("sides", ()) if self.seat in s["seats"]), None)
        if side is None or len(side["seats"]) < 2:
            return plan
        commander = side["commander"] == self.seat

        def mine(action):
            return action["type"] not in ("move", "drop") or action["unit"] % 2 == (0 if commander else 1)
        if not commander:
            return [a for a in plan if mine(a)]
        ends = [a for a in plan if a["type"] == "end_movement"]
        theirs = [a for a in plan if not mine(a)]
        return [a for a in plan if mine(a) and a not in ends] + theirs[::-1] + ends

    def fallback(self, public, legal):
        for kind in ("setup_done", "end_movement", "confirm_battles"):
            acts, _ = shape.of_type(legal, kind)
            if acts:
                return acts[0]
        for kind in ("retreat",):
            acts, temps = shape.of_type(legal, kind)
            if temps:
                return shape.nth_of(temps[0], 0)
        acts, _ = shape.of_type(legal, "contact")
        if acts:
            return acts[0]
        if public["phase"] == "battle":
            # cover what must still be fought with whatever fits
            acts, _ = shape.of_type(legal, "assign")
            need = set(public["unengaged"])
            for a in acts:
                if a["defender"] in need:
                    return a
            acts, _ = shape.of_type(legal, "combine")
            for a in acts:
                if a["defender"] in need:
                    return a
        return None

    def eagerness(self, public) -> int:
        """Turns of this side's in a row that saw no unit lost on either side (0-4): the longer the
        lull, the readier the bot is to attack at worse odds and to close in."""
        if self.eager is not None:
            return self.eager
        lost = len(public["eliminated"]) + sum(1 for u in public["units"] if u["status"] == "prisoner")
        if lost != getattr(self, "_lost", None):
            self._lost, self._lull = lost, 0
        elif public["round"] != getattr(self, "_lull_round", None):
            self._lull += 1
        self._lull_round = public["round"]
        return min(self._lull, 4)

    # ----- planning by phase -----------------------------------------------------------
    def plan(self, public, private, legal) -> list[dict]:
        phase = public["phase"]
        if phase == "setup":
            return self.plan_setup(public, private, legal)
        if phase == "move":
            return Mover(self, public, private, legal).plan()
        if phase == "battle":
            return BattlePlanner(self, public, legal).plan()
        if phase == "retreat":
            return self.plan_retreats(public, legal)
        if phase == "contact":
            return [{"type": "contact", "choice": "fight"}]
        return []

    def plan_setup(self, public, private, legal) -> list[dict]:
        """The commander arranges the bivouac areas so that each HQ stands where an enemy division would
        spend the most of its first move to come next to it (none at all, where there is such a square) —
        the enemy's army from anywhere in its bivouac areas, its amphibious division landing on any beach
        (D4) — and with the least open ground around it (parachute drops); then declares the set-up done.
        The second player leaves the arrangement to him."""
        if not shape.of_type(legal, "setup_done")[0]:
            return []
        board = self.board
        side = self.side
        kinds = {u["id"]: u["kind"] for u in public["units"]}
        spots = {int(k): tuple(v) for k, v in private["arrangement"].items()}
        areas = {t["unit"]: [tuple(s) for s in shape.domain_values(t["to"])] for t in shape.of_type(legal, "place")[1]}
        enemy_camp = [sq for (s, _), squares in board.bivouacs.items() if s != side for sq in squares]
        enemy_ports = [c.name for c in board.cities.values() if c.port and c.side != side]
        steps = []

        def exposure(arrangement, hq, danger):
            sq = arrangement[hq]   # the sooner an enemy division could come next to it, the worse
            return (-danger.get(sq, ALLOWANCE + 1), open_sides(board, sq, set(arrangement.values())))

        for hq in sorted(uid for uid in spots if kinds[uid] == HQ):
            # the danger as the areas stand (a swap within an area moves a division by a few squares only)
            danger = threatened(board, enemy_camp, [sq for uid, sq in spots.items() if kinds[uid] != HQ],
                                [sq for uid, sq in spots.items() if kinds[uid] == HQ], enemy_ports, enemy_camp)
            best = (exposure(spots, hq, danger), spots[hq], spots)
            for sq in areas.get(hq, ()):
                trial = dict(spots)
                other = next((uid for uid, at in spots.items() if at == sq), None)
                if other is not None:
                    trial[other] = spots[hq]
                trial[hq] = sq
                score = exposure(trial, hq, danger)
                if score < best[0]:
                    best = (score, sq, trial)
            if best[1] != spots[hq]:
                steps.append({"type": "place", "unit": hq, "to": list(best[1])})
                spots = best[2]
        return steps + [{"type": "setup_done"}]

    def plan_retreats(self, public, legal) -> list[dict]:
        _, temps = shape.of_type(legal, "retreat")
        units = {u["id"]: u for u in public["units"]}
        out = []
        for t in temps:
            options = shape.domain_values(t["to"])
            if self.level == "easy":
                dest = self.random.choice(options)
            else:
                loser_side = units[t["unit"]]["side"]
                friends = [tuple(u["at"]) for u in public["units"] if u["at"] and u["side"] == loser_side
                           and u["id"] != t["unit"]]
                mine = [tuple(u["at"]) for u in public["units"] if u["at"] and u["side"] != loser_side]

                def badness(sq):
                    near_friends = sum(1 for f in friends if grid.chebyshev(f, sq) <= 2)
                    near_mine = sum(1 for m in mine if grid.chebyshev(m, sq) <= 1)
                    return near_mine * 2 - near_friends
                dest = max(options, key=lambda sq: (badness(tuple(sq)), -sq[1], -sq[0]))
            out.append({"type": "retreat", "unit": t["unit"], "to": dest})
        return out


# The expert (docs/bots.md, "Tactics (1954)"): a movement step is answered unsearched (its listing is a raster a
# unit), the movement being the plan of hard's knobs with nobody brought up besides the attack groups and the
# units the enemy could strike next turn taken into reserve (rule G); the battle decisions are searched among 4
# candidates, playouts to the end of its own turn, departing from hard only on firm evidence. A turn's search
# stops at 90 % of 1.5 s, so that a person waits at most 2 s on the expert's turn (bench/ah_tactics.py).
EXPERT_SETTINGS = ExpertSettings(
    turn_budget=1.5, search_limit=300, horizon="own", max_candidates=4, evidence=2.5,
    planner="bots.ah_tactics_plans", plan_share=0.8,
    plan_options={"variants": (), "base": {"advances": 0, "reserves": True}, "weigh_hard": False},
    evaluate="bots.ah_tactics_worth:evaluate")
# The analysis of a finished game (docs/hint_and_analysis.md): a division is about 0.007 of the evaluation, an HQ
# twice that; the hard bot's movement falls up to 0.04 short of the expert's plan, so only a larger drop is a
# blunder.
ANALYSIS_SETTINGS = AnalysisSettings(inaccuracy=0.004, mistake=0.015, blunder=0.05)
