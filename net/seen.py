"""`SeenGame`: a LAN game as one connection saw it, kept so that a guest can watch it again and have its own
decisions analysed, as the host can from its save.

A guest has no save: the seed and the actions stay on the host's disk (docs/protocol.md). What it has is every
frame the host sent it: its seat's view at each rev, with the events, and the answers to its own actions. Those
are recorded here, as they arrive, and nothing else, so the record can hold no secret the seat was not shown.
`record()` turns them into the shape the club sends for a finished game (club.replays: `moves[i]`, the game after
move i, each `{"rev", "events", "view"}` with only the view's public part) plus the seat's decisions (each
`{"index", "seat", "view", "action"}`: the view the seat had when it acted, as engine.decisions gives them).
Revs the connection did not see (it was away) show the board as it last saw it, with no events.

`write` and `read` keep a record in one file: msgpack, compressed. A file that cannot be read, or whose record
is not of this shape, is refused with a SaveError saying why.
"""
import threading
import zlib

import msgpack

from engine.errors import SaveError
from net.table import TABLE_FIELDS

SUFFIX = ".seen"
FORMAT = 1
RECENT = 32   # whole views kept for the decisions: an answer names a rev a little behind the newest view


def _pack(value) -> bytes:
    return zlib.compress(msgpack.packb(value), 1)


def _unpack(blob: bytes):
    return msgpack.unpackb(zlib.decompress(blob), raw=False, strict_map_key=False)


class SeenGame:
    """Fed by a link's client thread (`saw`, `answered`) and its window's (`sent`); thread-safe."""

    def __init__(self):
        self._lock = threading.Lock()
        self.seat: int | None = None
        self._public: dict[int, bytes] = {}    # rev -> the view's public part, packed
        self._events: dict[int, bytes] = {}    # rev -> the events that led to it, packed
        self._whole: dict[int, bytes] = {}     # rev -> the whole view, msgpack (the last RECENT revs)
        self._sent: dict[int, tuple] = {}      # seq -> (seat, action), until answered
        self._taken: list[tuple] = []          # (index, seat, action, whole view) of each action accepted, in order

    def saw(self, seat: int | None, rev: int, view: dict, events: list | None) -> None:
        """A view the host sent this connection (a welcome or an update)."""
        if not isinstance(view, dict) or not isinstance(rev, int):
            return
        public = view.get("public", {})
        with self._lock:
            self.seat = seat
            self._public[rev] = _pack({"public": public, "private": {}})
            if events or rev not in self._events:
                self._events[rev] = _pack(list(events or []))
            self._whole[rev] = msgpack.packb(view)   # (not compressed: few are kept, and most are never read)
            for old in [r for r in self._whole if r <= rev - RECENT]:
                del self._whole[old]

    def sent(self, seq: int, seat: int | None, action: dict) -> None:
        """An action this connection sent under `seq`."""
        with self._lock:
            self._sent[seq] = (seat, action)

    def answered(self, msg: dict) -> None:
        """The host's answer to one of our actions: `ok` names the rev the action made (its place: rev - 1)."""
        with self._lock:
            sent = self._sent.pop(msg.get("seq"), None)
            if sent is None or msg.get("t") != "ok" or not isinstance(msg.get("rev"), int):
                return
            seat, action = sent
            index = msg["rev"] - 1
            view = self._whole.get(index)
            self._taken.append((index, self.seat if seat is None else seat, action, view))

    def record(self, game: str, name: str, seats: list) -> dict:
        """What was seen, as a finished game's record: {"game", "name", "seats", "seat", "moves", "decisions"}."""
        from engine import decisions
        from engine.resign import RESIGN
        with self._lock:
            if not self._public:
                raise ValueError("Nothing of that game was seen.")
            shown = min(self._public)   # before the first rev seen: the board as first seen
            moves = []
            for rev in range(max(self._public) + 1):
                if rev in self._public:
                    shown = rev
                events = _unpack(self._events[rev]) if shown == rev and rev in self._events else []
                moves.append({"rev": rev, "events": events, "view": _unpack(self._public[shown])})
            log = [(seat, action) for _, seat, action, _ in self._taken]
            dropped = decisions.taken_back(log)
            kept = [{"index": index, "seat": seat, "view": _game_view(msgpack.unpackb(view, strict_map_key=False)),
                     "action": action}
                    for i, (index, seat, action, view) in enumerate(self._taken)
                    if i not in dropped and view is not None and action.get("type") != RESIGN]
        return {"format": FORMAT, "game": game, "name": name, "seats": list(seats), "seat": self.seat,
                "moves": moves, "decisions": kept}


def _game_view(view: dict) -> dict:
    """The seat's view as its game gave it, without the table's own fields (who sits where, the table's phase): a
    decision's view is the rules' (engine.decisions), as the host's save and the club give it."""
    public = view.get("public")
    if isinstance(public, dict):
        view = {**view, "public": {k: v for k, v in public.items() if k not in TABLE_FIELDS}}
    return view


def write(path, record: dict) -> None:
    """Keep `record` at `path` (written whole, then moved into place: a file is never half a record)."""
    from pathlib import Path
    path = Path(path)
    part = path.with_name(path.name + ".part")
    part.write_bytes(_pack(record))
    part.replace(path)


def read(path) -> dict:
    """The record at `path`; SaveError (one sentence) when it cannot be used."""
    try:
        with open(path, "rb") as f:
            record = _unpack(f.read())
    except OSError as e:
        raise SaveError(f"The file cannot be read: {e.strerror or e}.") from e
    except (zlib.error, ValueError, msgpack.UnpackException) as e:
        raise SaveError("The file is damaged: it is not a game seen at a table.") from e
    problem = _problem(record)
    if problem is not None:
        raise SaveError(f"The file is damaged: {problem}.")
    return record


def _problem(record) -> str | None:
    """What is wrong with a record's shape, or None."""
    from engine import games
    if not isinstance(record, dict) or record.get("format") != FORMAT:
        return "it is not a game seen at a table"
    if record.get("game") not in games.available():
        return f"it is of a game this version does not have ({record.get('game')!r})"
    if not isinstance(record.get("name"), str) or not isinstance(record.get("seats"), list):
        return "its table's name or seats are missing"
    moves = record.get("moves")
    if not isinstance(moves, list) or not moves:
        return "it holds no moves"
    for i, move in enumerate(moves):
        if not isinstance(move, dict) or move.get("rev") != i or not isinstance(move.get("view"), dict) \
                or not isinstance(move.get("events"), list):
            return f"its move {i} is not a move"
    found = record.get("decisions")
    if not isinstance(found, list):
        return "its decisions are missing"
    for d in found:
        if not isinstance(d, dict) or set(d) != {"index", "seat", "view", "action"} \
                or not isinstance(d["index"], int) or not 0 <= d["index"] < len(moves) \
                or not isinstance(d["view"], dict) or not isinstance(d["action"], dict):
            return "one of its decisions is not a decision"
    return None
