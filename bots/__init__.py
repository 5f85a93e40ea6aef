"""Computer players. A bot sees only its own seat's view, exactly what a client receives.

Each game has a module `bots.<game_id>` with `make(level, seat, seed) -> Bot`, where
a Bot has:
  - `choose(view: dict) -> dict | None`: the next action for its seat given the
    view `{"public", "private"}` (None: nothing to do now, e.g. not its turn);
  - `pace: float`: seconds a real-time game should let pass between its moves
    (turn-based bots use 0; drivers may add a delay so people can follow).

The line a bot keeps to (tests/bots/test_legal_only.py checks it):
  - every action it sends is one of `view["private"]["legal"]` (read with engine.legal);
  - it may read the public view, its own private part, and the static board of its game
    (`engine.<game>.board`: geometry, cities, continents); it may keep a model of its
    own to look ahead (dice odds, how far a unit gets in a turn, what a position is worth);
  - from engine/ it imports only engine.legal, engine.grid, engine.sides and the games'
    board modules: never a rules module, so it never asks the rules what is allowed and
    never rebuilds the full state from a view.
"""
import importlib

LEVELS = ("easy", "normal", "hard")
_REGISTERED: dict[str, str] = {}  # game id -> module path of a bot kept elsewhere (a test's own game)


def register(game_id: str, module: str) -> None:
    """Bots for `game_id` come from `module` (tests use it for small games of their own, as engine.games.register)."""
    _REGISTERED[game_id] = module


def make(game_id: str, level: str, seat: int, seed: int = 0):
    if level not in LEVELS:
        raise ValueError(f"bot level must be one of {', '.join(LEVELS)}")
    module = importlib.import_module(_REGISTERED.get(game_id, f"bots.{game_id}"))
    return module.make(level, seat, seed)
