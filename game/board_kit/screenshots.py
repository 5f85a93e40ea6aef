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
