"""The data files the program reads, found the same way in a source checkout, an installed
wheel and a bundle (tools/build_bundle.py).

Board data, art, sounds, fonts and music live in the `assets` package (an empty
`__init__.py`; the files are package data, see pyproject.toml); help texts live
beside the code that shows them. Both are found through `importlib.resources`,
never from `__file__` or the working folder, so `sandtable` runs from any folder.

    board_path(name)               -> Path of assets/boards/<name>.json
    read_board(name)               -> its JSON, or BoardError with a sentence
    asset_path("sounds", "dice.wav") -> Path of any asset (pygame wants file names)
    package_path("game", "help", "keys") -> a file or folder shipped inside another package
"""
import atexit
import contextlib
import json
from importlib import resources
from pathlib import Path

from engine.errors import BoardError

ASSETS = "assets"
BOARDS = "boards"

# Files of a package that is not a folder on disk (a zip on sys.path) are copied out once,
# for libraries that need a file name, and removed when the process ends.
_extracted = contextlib.ExitStack()
atexit.register(_extracted.close)


def package_path(package: str, *parts: str) -> Path:
    """A file or folder shipped inside `package`, as a file system path."""
    where = resources.files(package).joinpath(*parts)
    if isinstance(where, Path):
        return where
    return _extracted.enter_context(resources.as_file(where))


def asset_path(*parts: str) -> Path:
    """A file under assets/ (e.g. `asset_path("art", "risk_map.png")`)."""
    return package_path(ASSETS, *parts)


def board_path(name: str) -> Path:
    """The board file assets/boards/<name>.json."""
    return asset_path(BOARDS, f"{name}.json")


def read_board(name: str):
    """The JSON of assets/boards/<name>.json; BoardError naming the file if it is missing or not JSON."""
    try:
        return json.loads(board_path(name).read_text(encoding="utf-8"))
    except (OSError, ValueError) as e:
        raise BoardError(f"board file {name}.json cannot be read: {e}") from None
