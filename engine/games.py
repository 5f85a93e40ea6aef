"""Which games exist, by id, and their rules modules.

A game is offered only once its package is present: the menu and the command
line ask `available()` and never show a game that cannot be played.
"""
import importlib
import importlib.util
import sys

# id -> rules module. Order is the menu order.
_MODULES = {
    "risk": "engine.risk",
    "situation4": "engine.situation4",
    "civil_war": "engine.civil_war",
    "tactics1940": "engine.tactics1940",
    "ah_tactics": "engine.ah_tactics",
}


def available() -> list[str]:
    return [gid for gid, mod in _MODULES.items() if importlib.util.find_spec(mod) is not None]


def rules(game_id: str):
    """The rules module of `game_id`; KeyError with a sentence if there is none."""
    loaded = sys.modules.get(_MODULES.get(game_id, ""))
    if loaded is not None:  # every Session asks: a club process taking a thousand tables over asks a thousand times
        return loaded
    if game_id not in available():
        raise KeyError(f"There is no game called {game_id!r}; games here: {', '.join(available())}.")
    return importlib.import_module(_MODULES[game_id])


def game_type(game_id: str):
    """What the game is (engine.gametype.GameType): dynamics, chance, information, reactions, teams."""
    return rules(game_id).GAME_TYPE


def is_realtime(game_id: str) -> bool:
    """True for a game in which every seat acts at once (a race), not in turns."""
    return game_type(game_id).realtime


def start_countdown(game_id: str) -> float:
    """Seconds every racer of a real-time game counts down before its first move, from the moment
    the table starts (0 for turn-based games). The rules have no clock: the racers keep the count."""
    return float(getattr(rules(game_id), "START_COUNTDOWN", 0.0)) if is_realtime(game_id) else 0.0


def register(game_id: str, module: str) -> None:
    """Add a game by module path (tests use it for small games of their own)."""
    _MODULES[game_id] = module
