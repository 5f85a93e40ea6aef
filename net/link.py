"""`TableLink`: what a window (or any frame-loop program) holds to play at a table.

Two implementations share this surface, so the window never knows which it has:
  - `net.local.LocalTable`  — a Session in this process (hot-seat, vs bots, replays);
  - `net.client.RemoteTable` — a table on a host, over the wire (LAN play).

Nothing here blocks: `act` queues and returns at once; `poll` returns what has
arrived since the last call. Call `poll` once per frame.
"""
from typing import Protocol


class TableLink(Protocol):
    game: str                 # game id, e.g. "risk"
    table_name: str

    @property
    def seats(self) -> list[dict]:
        """[{"name": str|None, "kind": "human"|"bot"|"open", "connected": bool}, ...], updated live."""

    @property
    def my_seats(self) -> list[int]:
        """Seats this program may act for: every human seat in hot-seat, [seat] on a LAN, [] watching."""

    @property
    def phase(self) -> str:
        """`connecting`, `lobby`, `play` or `over`."""

    @property
    def rev(self) -> int: ...

    @property
    def status(self) -> str:
        """`connected`, `reconnecting` or `closed` (with `error` set to a sentence)."""

    error: str | None

    def view(self, seat: int | None) -> dict | None:
        """The latest {"public", "private"} view for `seat` (None: public only), or None before any arrived.
        A RemoteTable has views only for its own seat (and None)."""

    def act(self, action: dict, seat: int | None = None) -> int:
        """Send `action` for `seat` (default: the only seat in my_seats). Returns its seq; the
        answer arrives through poll() as {"t": "ok"|"err", "seq": n, ...}."""

    def chat(self, text: str) -> None: ...

    def poll(self) -> list[dict]:
        """Messages since the last call, in order, each a protocol message dict:
        {"t": "update", "rev", "events", "view"}  (events redacted for this program's viewer),
        {"t": "ok"|"err", "seq", ...}, {"t": "chat", "from", "seat", "text"},
        and link notices {"t": "status", "status": "connected"|"reconnecting"|"closed", "msg": str}."""

    def close(self) -> None: ...
