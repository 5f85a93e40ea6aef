"""The tutorials there are: one TOML file per game in game/tutorials/, each naming its game.

A file is found by what it says (its `game`), not by its name; a game without a file simply has no
tutorial, and a file whose game is not here is left out.
"""
from functools import lru_cache

from engine import games
from engine.resources import package_path
from engine.tutorial import Tutorial, parse

FOLDER = ("game", "tutorials")


@lru_cache(maxsize=1)
def tutorials() -> dict[str, Tutorial]:
    """game id -> its tutorial, in the games' menu order."""
    found = {}
    for path in sorted(package_path(*FOLDER).glob("*.toml")):
        tutorial = parse(path.read_text(encoding="utf-8"), source=path.name)
        found[tutorial.game] = tutorial
    return {game: found[game] for game in games.available() if game in found}


def tutorial_for(game_id: str) -> Tutorial | None:
    return tutorials().get(game_id)
