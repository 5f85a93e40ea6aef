"""Save files: a versioned msgpack stream, written atomically, replayed on load.

Layout, one msgpack object after another:
  1. header map  {"sandtable": "save", "version": 2, "game", "options", "seed", "n_seats", "seats"}
  2. per accepted action, an array [seat_or_nil, action_map] or, from version 2,
     [seat, action_map, seq]: the client's `seq` that asked for it, so a host that
     resumes knows each seat's `last_seq` and answers a resend with its original `ok`
     (PROTOCOL.md, "Exactly once"). Version 1 saves (no seqs) still load.
  3. anywhere after the header, checkpoint maps {"rev": n, "hash": sha256_hex}:
     replaying the first n actions must give that state hash.

A whole save is written to a temporary file and renamed over the target, so a
reader sees the old file or the new one, never half. The host's autosave is a
`Journal`: it appends one action (with its seq) per write(2), so a killed host
leaves every acknowledged action on disk, and with it the answer it was given.
A save path that cannot be written (a folder, /proc, no permission) is a
SaveError with one sentence, raised before anything is written.
"""
import os
import tempfile
from pathlib import Path

import msgpack

from engine.errors import RuleError, SaveError
from engine.undo import needless_span

MAGIC = "save"
VERSION = 2
MAX_SAVE_BYTES = 256 * 1024 * 1024


def _header_record(header: dict) -> dict:
    return {"sandtable": MAGIC, "version": VERSION, **header}


def _pack(obj) -> bytes:
    return msgpack.packb(obj, use_bin_type=True)


def _action_record(seat, action, seq) -> list:
    return [seat, action] if seq is None else [seat, action, seq]


def write(path, header: dict, log: list, rev: int, final_hash: str, seqs: list | None = None) -> None:
    """The whole save, atomically. `seqs` (one per log entry, None where no client asked) keep last_seq."""
    path = Path(path)
    seqs = seqs if seqs is not None else [None] * len(log)
    chunks = [_pack(_header_record(header))]
    chunks.extend(_pack(_action_record(seat, action, seq)) for (seat, action), seq in zip(log, seqs))
    chunks.append(_pack({"rev": rev, "hash": final_hash}))
    try:
        atomic_write(path, b"".join(chunks))
    except OSError as e:
        raise SaveError(f"The game cannot be saved at {path} ({e.strerror or e}).") from None


def check_writable(path) -> Path:
    """`path` as a Path if a save can be written there, else SaveError with a sentence (nothing written)."""
    path = Path(path)
    if path.is_dir():
        raise SaveError(f"{path} is a folder; give the name of a save file inside it.")
    parent = path.parent
    if parent.exists() and not parent.is_dir():
        raise SaveError(f"{parent} is not a folder, so {path.name} cannot be saved in it.")
    if parent.exists() and not os.access(parent, os.W_OK | os.X_OK):
        raise SaveError(f"The folder {parent} cannot be written to, so the game cannot be saved there.")
    if path.exists() and not path.is_file():
        raise SaveError(f"{path} is not a regular file, so the game cannot be saved there.")
    return path


def atomic_write(path: Path, data: bytes, *, sync: bool = True, mode: int | None = None) -> None:
    """`data` to `path` through a temporary file renamed over it: a reader sees the old file or the new one.
    `sync` also waits for the disk (a save); `mode` sets the file's permissions (e.g. 0o600 for a secret)."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            if sync:
                os.fsync(f.fileno())
        if mode is not None:
            os.chmod(tmp, mode)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise


class Journal:
    """An autosave that grows by appending: the whole file is valid after every append."""

    def __init__(self, path, header: dict, log: list, rev: int, state_hash: str, seqs: list | None = None):
        self.path = check_writable(path)
        write(self.path, header, log, rev, state_hash, seqs)
        try:
            self._fd = os.open(self.path, os.O_WRONLY | os.O_APPEND)
        except OSError as e:
            raise SaveError(f"The game cannot be saved at {self.path} ({e.strerror or e}).") from None

    def append(self, seat, action, seq=None) -> None:
        # One write(2) per record, the action and the seq it answers together: a killed process
        # cannot leave half of it behind, nor an action without the seq a resend is matched by.
        os.write(self._fd, _pack(_action_record(seat, action, seq)))

    def checkpoint(self, rev: int, state_hash: str) -> None:
        os.write(self._fd, _pack({"rev": rev, "hash": state_hash}))

    def close(self) -> None:
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None


def read_records(path) -> tuple[dict, list, list]:
    """(header, log, checkpoints) of a save file, or SaveError with one sentence."""
    header, log, checkpoints, _ = read_save(path)
    return header, log, checkpoints


def read_save(path) -> tuple[dict, list, list, list]:
    """(header, log, checkpoints, seqs): `seqs` holds, per log entry, the client seq that asked for it
    (None for bots, timers and version 1 saves). SaveError with one sentence if unusable."""
    path = Path(path)
    name = path.name
    try:
        size = path.stat().st_size
        if size > MAX_SAVE_BYTES:
            raise SaveError(f"{name} is too large to be a Sandtable save ({size} bytes).")
        data = path.read_bytes()
    except FileNotFoundError:
        raise SaveError(f"There is no save file at {path}.") from None
    except IsADirectoryError:
        raise SaveError(f"{path} is a folder, not a save file.") from None
    except OSError as e:
        raise SaveError(f"{name} could not be read ({e.strerror or e}).") from None
    if not data:
        raise SaveError(f"{name} is empty, so it holds no saved game.")
    unpacker = msgpack.Unpacker(raw=False, strict_map_key=False, max_buffer_size=len(data) + 1)
    unpacker.feed(data)
    records = []
    try:
        for obj in unpacker:
            records.append(obj)
    except Exception:
        raise SaveError(f"{name} is not a Sandtable save file, or it is damaged.") from None
    if not records or not _is_header(records[0]):
        raise SaveError(f"{name} is not a Sandtable save file.")
    header = records[0]
    if not isinstance(header.get("version"), int) or header["version"] > VERSION:
        raise SaveError(f"{name} was written by a newer Sandtable (save format {header.get('version')!r}); "
                        f"this one reads format {VERSION}.")
    if unpacker.tell() != len(data):
        raise SaveError(f"{name} is cut short: it ends in the middle of a record, so it is damaged.")
    log, checkpoints, seqs = [], [], []
    for i, rec in enumerate(records[1:], start=1):
        if isinstance(rec, list) and len(rec) in (2, 3) and _is_seat(rec[0]) and isinstance(rec[1], dict) \
                and (len(rec) == 2 or _is_seq(rec[2])):
            log.append(rec[:2])
            seqs.append(rec[2] if len(rec) == 3 else None)
        elif isinstance(rec, dict) and isinstance(rec.get("rev"), int) and isinstance(rec.get("hash"), str):
            checkpoints.append((rec["rev"], rec["hash"]))
        else:
            raise SaveError(f"{name} is damaged: record {i} is neither an action nor a checkpoint.")
    return header, log, checkpoints, seqs


def _is_seq(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and v > 0


def _is_seat(v) -> bool:
    return v is None or (isinstance(v, int) and not isinstance(v, bool))


def _is_header(rec) -> bool:
    if not isinstance(rec, dict) or rec.get("sandtable") != MAGIC:
        return False
    return (isinstance(rec.get("game"), str) and isinstance(rec.get("options"), dict)
            and isinstance(rec.get("seed"), int) and isinstance(rec.get("n_seats"), int)
            and isinstance(rec.get("seats"), list))


def load(path, session_factory, *, upto: int | None = None):
    """Replay the save at `path` into a new Session made by `session_factory(header)`.

    Every checkpoint within the replayed part is checked. `upto` stops after that
    many actions (for stepping through a replay).
    """
    header, log, checkpoints, seqs = read_save(path)
    name = Path(path).name
    try:
        session = session_factory(header)
    except KeyError:
        raise SaveError(f"{name} holds a game of {header['game']!r}, which this Sandtable does not have.") from None
    except (ValueError, TypeError) as e:
        raise SaveError(f"{name} has settings this game refuses: {e}") from None
    want = {}
    for rev, h in checkpoints:
        want.setdefault(rev, h)
    stop = len(log) if upto is None else max(0, min(upto, len(log)))
    session.replay_skips = needless_span(log[:stop], session.undoable)
    if 0 in want and session.state_hash() != want[0]:
        raise SaveError(f"{name} does not replay to the game it recorded (the state hash differs before the first move).")
    for i, ((seat, action), seq) in enumerate(zip(log[:stop], seqs), start=1):
        try:
            session.apply(seat, action, seq=seq)
        except RuleError as e:
            raise SaveError(f"{name} is damaged: move {i} is refused on replay ({e.message})") from None
        if i in want and session.state_hash() != want[i]:
            raise SaveError(f"{name} does not replay to the game it recorded (the state hash differs at move {i}).")
    session.saved_log_length = len(log)
    session.replay_skips = range(0)
    return session
