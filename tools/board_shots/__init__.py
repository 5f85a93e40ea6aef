"""Saving what the window shows: the logical 1280x800 surface, drawn fresh, as a PNG."""
from pathlib import Path

import pygame


def save(app, path) -> Path:
    """Draw one frame of `app` and write its logical surface to `path`; returns the path."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    app.draw()
    pygame.image.save(app.surface, str(path))
    return path


def done_with(app, own_app: bool) -> None:
    """After a board's shots: close the app it made itself, or leave a caller's app as it was."""
    if own_app:
        app.close()
    else:
        app.pop()


def main(shoot) -> None:
    """`python -m game.<board>.screenshots [DIR]`: take that board's shots (default docs/screenshots)."""
    import sys
    for p in shoot(sys.argv[1] if len(sys.argv) > 1 else "docs/screenshots"):
        print(p)
