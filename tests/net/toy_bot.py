"""A bot for the toy pile game (tests only): takes a seeded 1-3 counters, from its own view."""
import random


class ToyBot:
    pace = 0.0

    def __init__(self, level, seat, seed):
        self.seat = seat
        self.rng = random.Random(seed)

    def choose(self, view):
        public = view["public"]
        if self.seat not in public["to_act"]:
            return None
        return {"type": "take", "count": self.rng.randint(1, min(3, public["pile"]))}


def make(level, seat, seed):
    return ToyBot(level, seat, seed)
