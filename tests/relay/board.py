"""Relay's track (tests/relay/track.json), as the rules and the window read it: the squares a pawn runs along,
each with its name and the point the board draws it at. Validated on load, once a process."""
import json
from dataclasses import dataclass
from functools import lru_cache

from engine import resources
from engine.errors import BoardError

TRACK_FILE = ("tests", "relay", "track.json")


@dataclass(frozen=True)
class Track:
    names: tuple[str, ...]           # square -> its name (square 0 is the start)
    places: tuple[tuple[int, int], ...]   # square -> where the board draws it


@lru_cache(maxsize=None)
def load() -> Track:
    try:
        data = json.loads(resources.package_path(*TRACK_FILE).read_text(encoding="utf-8"))
        squares = data["squares"]
        track = Track(tuple(s["name"] for s in squares), tuple((int(s["at"][0]), int(s["at"][1])) for s in squares))
    except (OSError, ValueError, KeyError, TypeError, IndexError) as e:
        raise BoardError(f"relay's track cannot be read: {e}") from None
    if len(set(track.names)) != len(track.names) or len(set(track.places)) != len(track.places):
        raise BoardError("relay's track names a square, or places one, twice")
    return track
