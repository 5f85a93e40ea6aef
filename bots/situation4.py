"""The Situation 4 racer: builds its side's puzzle from its own view, as fast as its level allows.

Levels differ in pace (seconds between moves, for the driver) and in sense:
  easy   — slow; lays any piece that fits, often forgets to flag at once, ignores tanks.
  normal — steady; flags at once, lays bridges, prefers pieces that grow its squares.
  hard   — fast; flags at once, grabs objectives and bridges, completes its bases first,
           spoils enemy squares, guards its front with tanks and drops paratroopers
           where a beachhead pays.
Every judgement of what is allowed comes from engine.situation4.legality, the
same code the rules use, applied to the public view.
"""
import random

from engine.situation4 import get_board
from engine.situation4.legality import (PARATROOP, TANK, anchored, bridge_problem, guarded_against, other,
                                        paradrop_moves, placeable_slots)

PACE = {"easy": 6.0, "normal": 3.0, "hard": 1.2}
EASY_FLAG_CHANCE = 0.5      # an easy racer notices its own objective this often
BASE_BONUS = 45             # unlocking tanks or paratroopers early pays all game
BEACHHEAD_BONUS = 25        # a foothold in enemy country opens new squares and objectives
GUARD_THRESHOLD = 3         # a tank is worth placing when it shields at least this much


class Racer:
    def __init__(self, level: str, seat: int, seed: int):
        if level not in PACE:
            raise ValueError(f"unknown level {level!r}")
        self.level, self.seat = level, seat
        self.pace = PACE[level]
        self.rng = random.Random(seed)
        self.board = get_board()
        self._ignored_windows = set()  # objectives an easy racer failed to notice in time

    # ----- the one entry point ------------------------------------------------------
    def choose(self, view: dict):
        pub, private = view["public"], view["private"]
        if pub.get("result") is not None or self.seat not in pub.get("to_act", [self.seat]):
            return None
        side = private["side"]
        for pick in (self._flag, self._bridge, self._tank, self._build):
            action = pick(pub, private, side)
            if action is not None:
                return action
        return None

    # ----- flags and bridges ---------------------------------------------------------
    def _flag(self, pub, private, side):
        slot = pub["flag_windows"][side]
        if slot is not None and slot not in self._ignored_windows:
            if self.level != "easy" or self.rng.random() < EASY_FLAG_CHANCE:
                return {"type": "flag", "slot": slot}
            self._ignored_windows.add(slot)
        if self.level == "easy":
            return None
        for slot in pub["open_objectives"]:
            if pub["lapsed_flag"] == "either_side" or pub["owner"][slot] != side:
                return {"type": "flag", "slot": slot}
        return None

    def _bridge(self, pub, private, side):
        if self.level == "easy" and self.rng.random() < 0.7:
            return None
        in_hand = pub["in_hand"]["bridge"][side]
        for p in range(len(self.board.bridge_positions)):
            if bridge_problem(self.board, pub["owner"], pub["bridges"], side, in_hand, p) is None:
                return {"type": "bridge", "position": p}
        return None

    # ----- tanks ---------------------------------------------------------------------
    def _tank(self, pub, private, side):
        if self.level == "easy" or pub["in_hand"][TANK][side] <= 0:
            return None
        board, owner, forces = self.board, pub["owner"], pub["forces"]
        enemy = other(side)
        best, best_value = None, 0
        for slot in pub["tank_reach"][side]:
            if forces[slot] is not None:
                continue
            value = 0
            for n in board.neighbours[slot]:
                if owner[n] is None and not guarded_against(board, forces, n, side):
                    # Shield an empty space the enemy could take next, more so inside our own square.
                    if anchored(board, owner, forces, n, enemy):
                        value += 2
                    own, theirs = self._square_counts(owner, n, side)
                    if own and not theirs:
                        value += 1
            if value > best_value:
                best, best_value = slot, value
        threshold = GUARD_THRESHOLD if self.level == "hard" else GUARD_THRESHOLD + 1
        if best is not None and best_value >= threshold:
            return {"type": "tank", "slot": best}
        return None

    # ----- laying pieces -------------------------------------------------------------
    def _square_counts(self, owner, slot, side):
        slots = self.board.squares[self.board.square_of[slot]]
        own = sum(1 for s in slots if owner[s] == side)
        theirs = sum(1 for s in slots if owner[s] == other(side))
        return own, theirs

    def _value(self, pub, side, slot) -> float:
        """How much laying our piece in `slot` is worth to us, roughly in points."""
        board, owner = self.board, pub["owner"]
        value = float(board.objectives.get(slot, 0))
        own, theirs = self._square_counts(owner, slot, side)
        size = board.square * board.square
        if theirs == 0:
            value += 50 * (own + 1) / size              # towards a square of our own
        elif own == 0:
            value += 40 * theirs / size                  # spoils the enemy's square
        square = board.square_of[slot]
        base = board.base_of_square.get(square)
        if base is not None and base[0] == side and not pub["bases_ready"][base[1]][side]:
            value += BASE_BONUS
        for a, b in board.bridge_positions:
            if slot in (a, b) and pub["in_hand"]["bridge"][side] > 0 and owner[b if slot == a else a] is not None:
                value += 60                              # opens a bridge for us
        return value

    def _build(self, pub, private, side):
        board, owner, forces = self.board, pub["owner"], pub["forces"]
        slots = placeable_slots(board, owner, forces, side)
        if self.level == "easy":
            return self._place(self.rng.choice(slots)) if slots else None
        noise = 30.0 if self.level == "normal" else 2.0
        best, best_value = None, float("-inf")
        for slot in slots:
            value = self._value(pub, side, slot) + self.rng.uniform(0, noise)
            if value > best_value:
                best, best_value = self._place(slot), value
        if self.level == "hard" or best is None:
            drop, drop_value = self._best_paradrop(pub, side)
            if drop is not None and drop_value > best_value:
                return drop
        return best

    def _best_paradrop(self, pub, side):
        board, owner, forces = self.board, pub["owner"], pub["forces"]
        best, best_value = None, float("-inf")
        for target, slot in paradrop_moves(board, owner, forces, side, pub["in_hand"][PARATROOP][side]):
            near_objective = max((board.objectives.get(n, 0) for n in board.neighbours[slot] if owner[n] is None),
                                 default=0)
            value = self._value(pub, side, slot) + BEACHHEAD_BONUS + near_objective / 2
            if value > best_value:
                best = {"type": "paradrop", "target": target, "piece": slot, "slot": slot}
                best_value = value
        return best, best_value

    @staticmethod
    def _place(slot):
        return {"type": "place", "piece": slot, "slot": slot}


def make(level: str, seat: int, seed: int = 0) -> Racer:
    return Racer(level, seat, seed)
