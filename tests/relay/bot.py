"""Relay's bot: a seeded pick among what its own view's legal lists, never an undo (bots need none)."""
import random

from engine import legal


class RelayBot:
    pace = 0.0

    def __init__(self, seat, seed):
        self.seat = seat
        self.rng = random.Random(seed)

    def choose(self, view):
        if self.seat not in view["public"]["to_act"]:
            return None
        actions = [a for a in legal.all_actions(view["private"]["legal"]) if a["type"] != "undo"]
        return self.rng.choice(actions) if actions else None


def make(level, seat, seed):
    return RelayBot(seat, seed)
