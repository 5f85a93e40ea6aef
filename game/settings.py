"""The player's settings, kept as JSON between runs.

A missing file means defaults. A damaged file (bad JSON, wrong types) also
means defaults for whatever is unusable, with one notice line for the player;
the damaged file is kept beside as settings.json.bad so nothing is lost.
"""
import json
import os
from dataclasses import asdict, dataclass, fields
from pathlib import Path

from engine.saves import atomic_write
from game import paths

ANIMATION_SPEEDS = ("slow", "normal", "fast", "instant")
UI_SCALES = (100, 125, 150)   # percent: the window's largest size on a big screen, and the maps' opening zoom


@dataclass
class Settings:
    player_name: str = "Player"
    volume: float = 0.7               # sound effects
    music_volume: float = 0.4
    fullscreen: bool = False
    animation_speed: str = "normal"
    colour_blind: bool = False
    ui_scale: int = 100
    name_chosen: bool = True          # False only on the very first run: the title asks for a name
    last_game: str = ""               # the game last started from the new-game form: the form opens on it

    @property
    def scale(self) -> float:
        """The interface's scale as a factor (1.25 for 125 %)."""
        return self.ui_scale / 100

    def animation_factor(self) -> float:
        """Multiplier for animation durations (0: skip animations)."""
        return {"slow": 1.6, "normal": 1.0, "fast": 0.5, "instant": 0.0}[self.animation_speed]


def _valid(name: str, value) -> bool:
    if name == "player_name":
        return isinstance(value, str) and 0 < len(value.strip()) <= 24
    if name in ("volume", "music_volume"):
        return isinstance(value, (int, float)) and not isinstance(value, bool) and 0 <= value <= 1
    if name in ("fullscreen", "colour_blind", "name_chosen"):
        return isinstance(value, bool)
    if name == "animation_speed":
        return value in ANIMATION_SPEEDS
    if name == "ui_scale":
        return value in UI_SCALES and not isinstance(value, bool)
    if name == "last_game":
        return isinstance(value, str) and len(value) <= 64
    return False


def load(path: Path | None = None) -> tuple[Settings, str | None]:
    """(settings, notice): notice is one line for the player when the file was damaged, else None."""
    path = path or paths.settings_file()
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return Settings(name_chosen=False), None   # a first run: nobody has told us their name yet
    except (OSError, UnicodeDecodeError, json.JSONDecodeError):
        _keep_damaged(path)
        return Settings(), f"Your settings file could not be read, so defaults are in use (old file kept as {path.name}.bad)."
    if not isinstance(raw, dict):
        _keep_damaged(path)
        return Settings(), f"Your settings file was damaged, so defaults are in use (old file kept as {path.name}.bad)."
    good = {f.name: raw[f.name] for f in fields(Settings) if f.name in raw and _valid(f.name, raw[f.name])}
    bad = [f.name for f in fields(Settings) if f.name in raw and f.name not in good]
    settings = Settings(**good)
    if bad:
        _keep_damaged(path)
        return settings, f"Some settings were unusable ({', '.join(bad)}) and were reset to defaults."
    return settings, None


def _keep_damaged(path: Path) -> None:
    try:
        os.replace(path, path.with_name(path.name + ".bad"))
    except OSError:
        pass


def save(settings: Settings, path: Path | None = None) -> None:
    path = path or paths.settings_file()
    atomic_write(path, json.dumps(asdict(settings), indent=2).encode("utf-8"))
