"""`TableLink`: what a window (or any frame-loop program) holds to play at a table.

Two implementations share this surface, so the window never knows which it has:
  - `net.local.LocalTable`  — a Session in this process (hot-seat, vs bots, replays);
  - `net.client.RemoteTable` — a table on a host, over the wire (LAN play).

Nothing here blocks: `act` queues and returns at once; `poll` returns what has
arrived since the last call. Call `poll` once per frame.
"""
import threading
from collections import deque
from typing import Protocol


class TableLink(Protocol):
    game: str                 # the game's id, as the catalog names it
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

    def send(self, action: dict, seat: int | None = None) -> int:
        """Send `action` for `seat` (default: the only seat in my_seats). Returns its seq; the
        answer arrives through poll() as {"t": "ok"|"err", "seq": n, ...}."""

    def chat(self, text: str) -> None: ...

    def poll(self) -> list[dict]:
        """Messages since the last call, in order, each a protocol message dict:
        {"t": "update", "rev", "events", "view"}  (events redacted for this program's viewer),
        {"t": "ok"|"err", "seq", ...}, {"t": "chat", "from", "seat", "text"},
        and link notices {"t": "status", "status": "connected"|"reconnecting"|"closed", "msg": str}."""

    def close(self) -> None: ...


class InProcessLink:
    """The part of a TableLink whose game lives in this process (local play, a replay): connected until closed,
    its phase and rev those of `answering`, what holds the game (a Table; a replay's Session)."""
    _closed = False

    @property
    def answering(self):
        raise NotImplementedError

    @property
    def phase(self) -> str:
        return self.answering.phase

    @property
    def rev(self) -> int:
        return self.answering.rev

    @property
    def status(self) -> str:
        return "closed" if self._closed else "connected"


class ThreadedLink:
    """The part of a TableLink whose client runs on another thread (a LAN host's, a club's): what arrived
    waits in an inbox for `poll`, the seats, phase and rev as the last view said. Subclasses set
    `self._client` (with `seat` and `next_seq()`) and feed `_push`/`_closed` from the client's thread."""

    def __init__(self, table_name: str):
        self.game = None
        self.table_name = table_name
        self.error = None
        self._lock = threading.Lock()
        self._inbox: deque = deque()
        self._seats: list = []
        self._status = "connecting"
        self._phase = "connecting"
        self._rev = 0

    @property
    def seats(self) -> list[dict]:
        with self._lock:
            return list(self._seats)

    @property
    def my_seats(self) -> list[int]:
        seat = self._client.seat
        return [] if seat is None else [seat]

    @property
    def phase(self) -> str:
        return self._phase

    @property
    def rev(self) -> int:
        return self._rev

    def poll(self) -> list[dict]:
        with self._lock:
            out = list(self._inbox)
            self._inbox.clear()
        return out

    def _refused_seat(self, seat: int | None) -> int | None:
        """A seq answered at once with not_your_turn when `seat` is not this link's; else None."""
        if seat is None or seat == self._client.seat:
            return None
        seq = self._client.next_seq()
        self._push({"t": "err", "seq": seq, "code": "not_your_turn", "msg": "That seat is not yours."})
        return seq

    def _closed(self, sentence: str) -> None:
        self.error = sentence
        self._status = "closed"
        self._push({"t": "status", "status": "closed", "msg": sentence})

    def _push(self, msg: dict) -> None:
        with self._lock:
            self._inbox.append(msg)

    def _took_view(self, public: dict, rev: int) -> None:
        """Seats, phase and rev as a newly arrived view says (the caller holds `_lock` for the seats)."""
        self._seats = public.get("seats", self._seats)
        self._rev = rev
        self._phase = public.get("table_phase", self._phase)
