"""The games' rules, by id: each game's rules package, as its catalog entry names it.

Only the rules: what else a game has (bots, a board, help) the catalog names for the packages that
use it, so the engine never learns of them. A game is offered only once its rules package is present:
the menu and the command line ask `available()` and never show a game that cannot be played.
"""
import importlib

import catalog
from engine.canonical import copy_plain


def available() -> list[str]:
    """The ids of the games whose rules are installed, in the menus' order."""
    return [gid for gid in catalog.game_ids() if catalog.present(catalog.spec(gid).rules)]


# rules package name -> its module once its import has finished. Every Session asks: a club process taking a
# thousand tables over asks a thousand times. Not sys.modules: it holds a module from the moment its import
# starts, and a window's network thread may be importing one while the drawing thread asks for it.
_LOADED: dict = {}


def rules(game_id: str):
    """The rules module of `game_id`; KeyError with a sentence if there is none."""
    try:
        name = catalog.spec(game_id).rules
    except KeyError:
        name = None
    module = _LOADED.get(name)
    if module is None:
        if game_id not in available():
            raise KeyError(f"There is no game called {game_id!r}; games here: {', '.join(available())}.")
        # import_module waits for an import another thread has begun and hands back the finished module
        module = _LOADED[name] = importlib.import_module(name)
    return module


def prepare(game_id: str) -> None:
    """Work a game can do ahead of its first use (its optional rules hook `prepare`: Tactics (1954) loads and
    compiles its searches), so that no player waits on it later. Safe on any thread; a table starts it on one."""
    hook = getattr(rules(game_id), "prepare", None)
    if hook is not None:
        hook()


def cloner(game_id: str):
    """The game's copy of a state for search (its rules' `clone`: engine/clone.py), or a deep copy of plain data
    for a game without one. Either way the rules may change the copy without touching the original."""
    return getattr(rules(game_id), "clone", copy_plain)


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
