"""Seats kept on disk, so a program killed mid-game takes its seat back when started again.

A kept seat is the table's address, game and name (as its welcome said), the seat, its token and
the highest seq the host has answered (`last_seq`). `bot --token-file PATH` keeps one in PATH; the
window keeps one per table in its data folder (`SeatBook`) and offers them under "Rejoin".

Files are JSON, replaced atomically (a temporary file renamed over the old one) so a kill never
leaves half a file. A file that cannot be read is treated as holding no seat; the token is a secret,
so the file is made readable by its owner only.
"""
import json
import time
from dataclasses import asdict, dataclass, fields
from pathlib import Path

from engine.saves import atomic_write

MAX_KEPT = 20  # tables a book remembers; the oldest go first


@dataclass
class KeptSeat:
    host: str
    port: int
    game: str
    table: str
    seat: int
    token: str
    last_seq: int = 0
    saved_at: float = 0.0

    @property
    def key(self) -> str:
        return f"{self.host}:{self.port}/{self.table}"

    @classmethod
    def from_welcome(cls, host: str, port: int, welcome: dict, last_seq: int) -> "KeptSeat":
        return cls(host=host, port=port, game=welcome["game"], table=welcome["table"], seat=welcome["seat"],
                   token=welcome["token"], last_seq=last_seq, saved_at=time.time())

    @classmethod
    def from_dict(cls, raw) -> "KeptSeat | None":
        """A kept seat from parsed JSON, or None if it is not one (wrong fields or types)."""
        if not isinstance(raw, dict):
            return None
        types = {"host": str, "port": int, "game": str, "table": str, "seat": int, "token": str,
                 "last_seq": int, "saved_at": (int, float)}
        values = {}
        for f in fields(cls):
            value = raw.get(f.name)
            if not isinstance(value, types[f.name]) or isinstance(value, bool):
                return None
            values[f.name] = value
        if not 0 < values["port"] < 65536 or values["seat"] < 0 or values["last_seq"] < 0 or not values["token"]:
            return None
        return cls(**values)


def _write(path: Path, data) -> None:
    # Replaced whole, never half-written; no fsync (this runs at every answer), owner-readable only.
    atomic_write(path, json.dumps(data, indent=1).encode("utf-8"), sync=False, mode=0o600)


def _read(path: Path):
    try:
        return json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError):
        return None


def load(path) -> KeptSeat | None:
    """The seat kept in `path` (a `bot --token-file`), or None if there is none or it is unreadable."""
    return KeptSeat.from_dict(_read(Path(path)))


def save(path, seat: KeptSeat) -> None:
    _write(Path(path), asdict(seat))


class SeatBook:
    """The window's kept seats, one per table, in one file."""

    def __init__(self, path):
        self.path = Path(path)

    def seats(self) -> list[KeptSeat]:
        """Kept seats, the most recent first."""
        raw = _read(self.path)
        kept = [KeptSeat.from_dict(r) for r in raw] if isinstance(raw, list) else []
        return sorted((k for k in kept if k is not None), key=lambda k: -k.saved_at)

    def keep(self, seat: KeptSeat) -> None:
        others = [k for k in self.seats() if k.key != seat.key]
        _write(self.path, [asdict(k) for k in ([seat] + others)[:MAX_KEPT]])

    def forget(self, key: str) -> None:
        kept = self.seats()
        if any(k.key == key for k in kept):
            _write(self.path, [asdict(k) for k in kept if k.key != key])
