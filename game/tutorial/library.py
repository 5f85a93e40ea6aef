"""The tutorials there are: each game's catalog entry names its lesson (`tutorial`, a TOML file shipped in
game/tutorials/), and a game that names none has no lesson."""
from functools import lru_cache

import catalog
from engine import games
from engine.resources import package_path
from engine.tutorial import Tutorial, TutorialError, parse


@lru_cache(maxsize=1)
def tutorials() -> dict[str, Tutorial]:
    """game id -> its tutorial, in the menus' order; TutorialError when a file says it is another game's."""
    found = {}
    for game in games.available():
        name = catalog.spec(game).tutorial
        if name is None:
            continue
        tutorial = parse(package_path(*catalog.shipped(name)).read_text(encoding="utf-8"), source=name)
        if tutorial.game != game:
            raise TutorialError(f"{name} is a tutorial of {tutorial.game!r}, and {game!r}'s entry names it.")
        found[game] = tutorial
    return found


def tutorial_for(game_id: str) -> Tutorial | None:
    return tutorials().get(game_id)
