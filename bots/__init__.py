"""Computer players. A bot sees only its own seat's view, exactly what a client receives.

Each game has a module `bots.<game_id>` with `make(level, seat, seed) -> Bot`, where
a Bot has:
  - `choose(view: dict) -> dict | None`: the next action for its seat given the
    view `{"public", "private"}` (None: nothing to do now, e.g. not its turn);
  - `pace: float`: seconds a real-time game should let pass between its moves
    (turn-based bots use 0; drivers may add a delay so people can follow).
"""
import importlib

LEVELS = ("easy", "normal", "hard")


def make(game_id: str, level: str, seat: int, seed: int = 0):
    if level not in LEVELS:
        raise ValueError(f"bot level must be one of {', '.join(LEVELS)}")
    module = importlib.import_module(f"bots.{game_id}")
    return module.make(level, seat, seed)
