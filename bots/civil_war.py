"""Bots for the Civil War Game, deciding from their own seat's view only.

The view is public and complete, so a bot rebuilds the state from it and asks the
rules for its legal actions; then:
  easy    picks any legal action at random;
  normal  scores each action (captures, winning battles, closing on weak targets)
          with a little noise and ends its turn when nothing scores;
  hard    the same, plus: keeps out of reach of larger enemy stacks, stacks up its
          troops, holds and fortifies threatened cities, and never fights a battle it
          expects to lose on pieces.
"""
import random

from engine import grid, legal as listing
from engine.civil_war import board as board_module, cities
from engine.civil_war import state_from_view
from engine.civil_war.battle import defence
from engine.civil_war.pieces import CAVALRY, GUNBOAT, INFANTRY, enemy, total


class CivilWarBot:
    pace = 0.0

    def __init__(self, level: str, seat: int, seed: int):
        self.level, self.seat = level, seat
        self.random = random.Random(seed)

    def choose(self, view: dict):
        public = view["public"]
        if public.get("result") is not None or public.get("outcome") is not None:
            return None
        state = state_from_view(view)
        actions = considered(view["private"].get("legal"))
        if not actions:
            return None
        if self.level == "easy":
            return self.random.choice(actions)
        return Planner(state, self.seat, careful=self.level == "hard", noise=self.random).best(actions)


def considered(legal) -> list:
    """The actions a bot weighs: every listed action, but of the many ways to split a stack only the
    whole stack, all of one kind, or one unit of a kind (the splits a general thinks of first)."""
    out = [a for a in legal.get(listing.ACTIONS, ())] if legal else []
    whole: dict = {}
    for t in legal.get(listing.TEMPLATES, ()) if legal else ():
        key = tuple(t.get("from") or ())
        if sum(t["units"].values()) > sum(whole.get(key, {}).values()):
            whole[key] = t["units"]
    for t in legal.get(listing.TEMPLATES, ()) if legal else ():
        have, units = whole[tuple(t.get("from") or ())], t["units"]
        kinds = [k for k, n in units.items() if n]
        if units == have or (len(kinds) == 1 and units[kinds[0]] in (1, have.get(kinds[0], 0))):
            out += listing.expand(t)
    return out


class Planner:
    """Scores actions for one decision; everything it needs is read once from the state."""

    def __init__(self, state, side, *, careful: bool, noise: random.Random):
        self.state, self.side, self.careful, self.noise = state, side, careful, noise
        self.board = board_module.load(state["board"])
        self.enemy_stacks = {}
        self.own_stacks = {}
        for u in state["units"]:
            sq = (u["at"][0], u["at"][1])
            stacks = self.own_stacks if u["side"] == side else self.enemy_stacks
            stacks[sq] = stacks.get(sq, 0) + 1
        foe = enemy(side)
        self.targets = []  # (square, strength needed to win, prize in enemy pieces)
        for sq in self.enemy_stacks:
            self.targets.append((sq, defence(self.board, state, sq, foe), 0))
        for city in self.board.cities.values():
            if city.name in state["flags"]:
                continue
            if city.key_side == foe:
                self.targets.append((city.at, defence(self.board, state, city.at, foe), cities.KEY_CITY_LOSS[foe]))
            elif city.capital_side == foe:
                self.targets.append((city.at, defence(self.board, state, city.at, foe), cities.CAPITAL_LOSS[foe]))
        self.own_cities = [c.at for c in self.board.cities.values()
                           if (c.key_side == side or c.capital_side == side) and c.name not in state["flags"]]

    # ----- choosing ----------------------------------------------------------------
    def best(self, actions):
        kind = actions[0]["type"]
        if kind == "battle":
            return max(actions, key=self.battle_score)
        if kind == "retreat":
            return max(actions, key=lambda a: self.safety(tuple(a["to"]), total(a["units"])))
        if kind == "choose_losses":
            return max(actions, key=self.loss_score)
        scored = [(self.turn_score(a) + self.noise.random() * (0.05 if self.careful else 0.6), i)
                  for i, a in enumerate(actions)]
        score, i = max(scored)
        has_end = any(a["type"] == "end_turn" for a in actions)
        if has_end and score <= 0.05:
            return {"type": "end_turn"}
        return actions[i]

    def battle_score(self, a):
        lost = total(a.get("lose", {}))
        killed = total(a["eliminate"])
        # Destroy the whole force when it is cheap enough to leave a real army standing.
        return killed * 2 - lost * (3 if self.careful else 2) + sum(v for k, v in a.get("lose", {}).items()
                                                                    if k == INFANTRY) * 0.1

    def loss_score(self, a):
        sq = tuple(a["at"])
        kind = next(iter(a["units"]))
        value = {INFANTRY: 0.0, CAVALRY: 1.0, GUNBOAT: 0.5}[kind]
        return -value + self.distance_to_enemy(sq) * 0.1 - (1.0 if sq in self.own_cities else 0.0)

    # ----- features ------------------------------------------------------------------
    def distance_to_enemy(self, sq) -> int:
        return min((grid.chebyshev(sq, e) for e in self.enemy_stacks), default=30)

    def threat(self, sq, exclude=None) -> int:
        """The largest enemy stack that could reach `sq` next turn (rough: within two squares)."""
        worst = 0
        for e, n in self.enemy_stacks.items():
            if e != exclude and grid.chebyshev(sq, e) <= 2:
                worst = max(worst, n)
        return worst

    def safety(self, sq, size) -> float:
        after = self.own_stacks.get(sq, 0) + size
        return after - self.threat(sq) * 1.0 - (0 if sq not in self.enemy_stacks else 99)

    def approach(self, start, dest, strength) -> float:
        """How much closer the move brings a group of `strength` to something it could beat or take."""
        best = 0.0
        for sq, need, prize in self.targets:
            if strength <= need and prize == 0:
                continue
            if strength <= need and prize:
                # A city worth fighting for: gather enough first, but a little pull still helps.
                weight = 0.15
            else:
                weight = 0.6 + prize * 0.3
            gain = grid.chebyshev(start, sq) - grid.chebyshev(dest, sq)
            if gain > 0:
                best = max(best, weight * gain / (1 + grid.chebyshev(dest, sq) * 0.15))
        return best

    def turn_score(self, a) -> float:
        kind = a["type"]
        if kind == "end_turn":
            return 0.0
        if kind == "fortify":
            sq = tuple(a["at"])
            return 1.5 if self.threat(sq) > 0 else -0.5
        if kind == "unfortify":
            sq = tuple(a["at"])
            return 0.4 if self.threat(sq) == 0 else -1.0
        start, dest = tuple(a["from"]), tuple(a["to"])
        size = total(a["units"])
        foe = enemy(self.side)
        score = 0.0
        if dest in self.enemy_stacks or self._live_enemy_capital(dest):
            need = defence(self.board, self.state, dest, foe)
            city = self.board.city_at.get(dest)
            prize = 0
            if city is not None and city.name not in self.state["flags"]:
                if city.key_side == foe:
                    prize = cities.KEY_CITY_LOSS[foe]
                elif city.capital_side == foe:
                    prize = cities.CAPITAL_LOSS[foe]
            if size > need:
                score += 3.0 + prize * 1.5 + need * 0.2
            elif size == need:
                # Coin toss: about even on pieces unless a city is at stake.
                score += (prize * 0.6 - 0.3) if self.careful else 0.5 + prize * 0.5
            else:
                # Sacrifice: one unit to stop a larger army next to one of our cities.
                guards = any(grid.chebyshev(dest, c) <= 1 for c in self.own_cities)
                score += 0.8 if guards and self.careful else (-2.0 if self.careful else -0.2)
            return score
        city = self.board.city_at.get(dest)
        if city is not None and city.name not in self.state["flags"] and city.key_side == foe:
            score += 2.5 + cities.KEY_CITY_LOSS[foe]
        score += self.approach(start, dest, size)
        if self.careful:
            here_after = self.own_stacks.get(dest, 0) + size
            danger = self.threat(dest)
            if danger > here_after:
                score -= 1.0 + 0.3 * size
            if start in self.own_cities and self.threat(start) > 0:
                left = self.own_stacks.get(start, 0) - size
                if left <= 0:
                    score -= 1.5
            if self.own_stacks.get(dest, 0):
                score += 0.2  # concentrate force
        return score

    def _live_enemy_capital(self, sq) -> bool:
        city = self.board.city_at.get(sq)
        return (city is not None and city.capital_side == enemy(self.side)
                and city.name not in self.state["flags"])


def make(level: str, seat: int, seed: int = 0) -> CivilWarBot:
    return CivilWarBot(level, seat, seed)
