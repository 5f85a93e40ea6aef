"""The Situation 4 racer: builds its side's puzzle from its own view, as fast as its level allows.

Levels differ in pace (seconds between moves, for the driver) and in sense:
  easy   — slow; lays any piece that fits, often forgets to flag at once, ignores tanks.
  normal — steady; flags at once, lays bridges, prefers pieces that grow its squares.
  hard   — fast; flags at once, grabs objectives and bridges, completes its bases first,
           spoils enemy squares, guards its front with tanks and drops paratroopers
           where a beachhead pays.
Every move comes from `view["private"]["legal"]`; the board's geometry (slots, squares,
objectives, bridges) is read from the static layout, and how much a move is worth is
judged from the public view.
"""
import random

from engine import legal as listing, undo
from engine.situation4.board import load as load_board

TANK = "tank"

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
        self.board = load_board()
        self._ignored_windows = set()  # objectives an easy racer failed to notice in time

    # ----- the one entry point ------------------------------------------------------
    def choose(self, view: dict):
        pub, private = view["public"], view["private"]
        self.legal = undo.without(private.get("legal"))  # a bot never takes back its own move
        if pub.get("result") is not None or not listing.size(self.legal):
            return None
        side = private["side"]
        for pick in (self._flag, self._bridge, self._tank, self._build):
            action = pick(pub, private, side)
            if action is not None:
                return action
        # Nothing it wanted, but a racer never sits out while it may still move (the race would stall).
        return self.rng.choice(listing.all_actions(self.legal))

    # ----- flags and bridges ---------------------------------------------------------
    def _flag(self, pub, private, side):
        flags = listing.values_of(self.legal, "flag", "slot")
        slot = pub["flag_windows"][side]
        if slot in flags and slot not in self._ignored_windows:
            if self.level != "easy" or self.rng.random() < EASY_FLAG_CHANCE:
                return {"type": "flag", "slot": slot}
            self._ignored_windows.add(slot)
        if self.level == "easy":
            return None
        for slot in flags:
            if slot != pub["flag_windows"][side]:
                return {"type": "flag", "slot": slot}
        return None

    def _bridge(self, pub, private, side):
        if self.level == "easy" and self.rng.random() < 0.7:
            return None
        positions = listing.values_of(self.legal, "bridge", "position")
        return {"type": "bridge", "position": positions[0]} if positions else None

    # ----- tanks ---------------------------------------------------------------------
    def _tank(self, pub, private, side):
        if self.level == "easy":
            return None
        board, owner, forces = self.board, pub["owner"], pub["forces"]
        enemy = 1 - side
        best, best_value = None, 0
        for slot in listing.values_of(self.legal, "tank", "slot"):
            value = 0
            for n in board.neighbours[slot]:
                if owner[n] is None and not self._shielded(forces, n, side):
                    # Shield an empty space the enemy could take next, more so inside our own square.
                    if self._enemy_reaches(pub, n, enemy):
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

    def _shielded(self, forces, slot, side) -> bool:
        """One of our tanks already touches `slot` (a second one there adds nothing)."""
        return any(forces[n] is not None and forces[n]["kind"] == TANK and forces[n]["side"] == side
                   for n in self.board.neighbours[slot])

    def _enemy_reaches(self, pub, slot, enemy) -> bool:
        """Our guess whether the enemy could build on `slot` soon: its base line or next to its pieces."""
        return slot in self.board.base_line[enemy] or any(pub["owner"][n] == enemy for n in self.board.neighbours[slot])

    # ----- laying pieces -------------------------------------------------------------
    def _square_counts(self, owner, slot, side):
        slots = self.board.squares[self.board.square_of[slot]]
        own = sum(1 for s in slots if owner[s] == side)
        theirs = sum(1 for s in slots if owner[s] == 1 - side)
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
        places = listing.of_type(self.legal, "place")[0]
        if self.level == "easy":
            return self.rng.choice(places) if places else None
        noise = 30.0 if self.level == "normal" else 2.0
        best, best_value = None, float("-inf")
        for place in places:
            value = self._value(pub, side, place["slot"]) + self.rng.uniform(0, noise)
            if value > best_value:
                best, best_value = place, value
        if self.level == "hard" or best is None:
            drop, drop_value = self._best_paradrop(pub, side)
            if drop is not None and drop_value > best_value:
                return drop
        return best

    def _best_paradrop(self, pub, side):
        board, owner = self.board, pub["owner"]
        best, best_value = None, float("-inf")
        for drop in listing.of_type(self.legal, "paradrop")[0]:
            slot = drop["slot"]
            near_objective = max((board.objectives.get(n, 0) for n in board.neighbours[slot] if owner[n] is None),
                                 default=0)
            value = self._value(pub, side, slot) + BEACHHEAD_BONUS + near_objective / 2
            if value > best_value:
                best, best_value = drop, value
        return best, best_value


def make(level: str, seat: int, seed: int = 0) -> Racer:
    return Racer(level, seat, seed)
