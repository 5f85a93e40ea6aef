"""Board screenshots for docs/screenshots/: one module per game (`shoot(out_dir, app=None)`), and
what they share: a window, an in-process table with the product's bots, putting a board on screen,
saving the logical 1280x800 surface as a PNG, and the hot-seat cover shot.

`python tools/screenshots.py` takes every game's shots (engine.games decides which games there are);
`python -m tools.board_shots.<game_id> [DIR]` takes one board's.
"""
from pathlib import Path

import pygame

FRAME = 1 / 60


def window(**settings):
    """An App at the logical size (the dummy video driver's), with a player called Ada."""
    from game.app import App
    from game.settings import Settings
    return App(settings=Settings(player_name="Ada", **settings))


def table(game_id: str, seats: list[dict], seed: int, **options):
    """A local table of `game_id` whose bot seats are the product's bots, moving at once."""
    import bots
    from net.local import LocalTable
    return LocalTable(game_id, seats, options=options or None, seed=seed, bot_delay=0, bot_factory=bots.make)


def put(app, scene) -> None:
    """Show `scene` (over the last board, or first on the stack) as the game on screen."""
    if app.stack.top is not None:
        app.replace(scene)
    else:
        app.push(scene)
    app.active_link = scene.link


def save(app, path, *, after: int = 0) -> Path:
    """Step `app` `after` frames (for what moves to settle), draw one and write its logical surface to `path`;
    returns the path."""
    for _ in range(after):
        app.step(FRAME)
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    app.draw()
    pygame.image.save(app.surface, str(path))
    return path


def cover_shot(app, scene, path, *, until=None, player=None) -> Path:
    """The hot-seat cover of `scene` (a board over a table of two humans), once `until()` holds (default: the
    cover is up); the table is closed afterwards."""
    from game.board_kit.autoplay import run_until
    put(app, scene)
    run_until(app, scene, until or (lambda: scene.cover.up), player=player)
    app.step(FRAME)
    shot = save(app, path)
    scene.link.close()
    return shot


def done_with(app, own_app: bool, saved: list) -> list:
    """After a board's shots: close the app it made itself, or leave a caller's app as it was."""
    if own_app:
        app.close()
    else:
        app.pop()
    return saved


def main(shoot) -> None:
    """`python -m tools.board_shots.<game_id> [DIR]`: take that board's shots (default docs/screenshots)."""
    import os
    import sys
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    for p in shoot(sys.argv[1] if len(sys.argv) > 1 else "docs/screenshots"):
        print(p)
