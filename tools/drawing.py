"""What the drawing tools share (make_ah_tactics_art, make_civil_war_map, make_tactics1940_art, make_icon):
they draw with no window and no sound, and write their picture into the tree.

A tool runs as `python tools/<tool>.py`: it puts the tree on sys.path, then imports this module before pygame,
so that pygame starts headless.
"""
import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
import pygame  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]


def start() -> None:
    """pygame as the tools draw with it: started, with a one-pixel display so that surfaces can convert."""
    pygame.init()
    pygame.display.set_mode((1, 1))


def save(surface: pygame.Surface, path: Path) -> None:
    """Write `surface` as the PNG `path` (its folder made if need be) and say so."""
    path.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(surface, str(path))
    print(f"wrote {path.relative_to(ROOT)} ({surface.get_width()}x{surface.get_height()})")
