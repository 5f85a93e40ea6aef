"""Where the window keeps its files: settings in the OS's config folder, saved
games and replays in its data folder (both via platformdirs).

SANDTABLE_HOME, when set, puts both under that folder instead: tests and
screenshot runs use it so they never touch the player's real home.
"""
import os
from pathlib import Path

import platformdirs

APP_NAME = "sandtable"
HOME_ENV = "SANDTABLE_HOME"


def _override() -> Path | None:
    home = os.environ.get(HOME_ENV)
    return Path(home) if home else None


def config_dir() -> Path:
    home = _override()
    return home / "config" if home else Path(platformdirs.user_config_dir(APP_NAME))


def data_dir() -> Path:
    home = _override()
    return home / "data" if home else Path(platformdirs.user_data_dir(APP_NAME))


def saves_dir() -> Path:
    """Autosaves of local games; the Replays scene lists this folder."""
    return data_dir() / "saves"


def settings_file() -> Path:
    return config_dir() / "settings.json"
