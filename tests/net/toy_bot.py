"""A bot for the toy pile game (tests only): takes a seeded pick of what its own view's legal allows."""
import random

from engine import legal


class ToyBot:
    pace = 0.0

    def __init__(self, level, seat, seed):
        self.seat = seat
        self.rng = random.Random(seed)

    def choose(self, view):
        if self.seat not in view["public"]["to_act"]:
            return None
        return legal.sample(view["private"].get("legal"), self.rng)


def make(level, seat, seed):
    return ToyBot(level, seat, seed)
