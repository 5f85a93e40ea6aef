"""The saves folder as a player sees it: which games can be watched, which continued, which are damaged.

Every game this window plays (locally or hosted on the LAN) is journalled to the saves folder
after each move (game.tables.autosave_path), so a game is never lost by leaving it or by closing
the window. A game played at another machine's table is kept when it ends as what this window saw of
it (net.seen, `keep_seen`): it can be watched and its player's decisions analysed, not continued. Here each
file becomes a `SavedGame`: its game, players and moves from the save's records, whether it is finished
from replaying it (engine.session.Session.load, which also checks its hashes), and for a file that cannot
be used, the sentence saying why. A replay is cheap (well under a tenth of a second for a long game), and
results are remembered per file version, so the menus can ask often.
"""
import time
from dataclasses import dataclass, field
from pathlib import Path

from engine import games, saves
from engine.errors import SaveError
from engine.session import Session
from game import paths
from net import seen

SUFFIX = ".sandtable"


@dataclass
class SavedGame:
    path: Path
    mtime: float
    game: str | None = None
    players: list[str] = field(default_factory=list)
    moves: int = 0
    finished: bool | None = None    # None while the file cannot be replayed
    problem: str | None = None      # a damaged file: one sentence saying what is wrong
    seen: bool = False              # a game played at another machine's table, as this window saw it (net.seen)

    @property
    def title(self) -> str:
        """The game's name as the menus show it."""
        if self.game in games.available():
            return games.rules(self.game).TITLE
        return self.game or "Unknown game"

    @property
    def date(self) -> str:
        return time.strftime("%Y-%m-%d %H:%M", time.localtime(self.mtime))

    @property
    def status(self) -> str:
        if self.problem is not None:
            return "damaged"
        return "finished" if self.finished else "in progress"

    @property
    def can_watch(self) -> bool:
        return self.problem is None and self.moves > 0

    @property
    def can_continue(self) -> bool:
        from game import boards
        return (self.problem is None and self.finished is False and not self.seen and self.game is not None
                and boards.has_board(self.game))

    def describe(self) -> str:
        """One line for a menu: 'World Conquest · 34 moves · 5 min ago'."""
        moves = f"{self.moves} move" + ("" if self.moves == 1 else "s")
        return f"{self.title} · {moves} · {ago(self.mtime)}"


def ago(when: float, now: float | None = None) -> str:
    """'just now', '5 min ago', '3 h ago', 'yesterday', or the date."""
    seconds = max(0.0, (now if now is not None else time.time()) - when)
    if seconds < 60:
        return "just now"
    if seconds < 3600:
        return f"{int(seconds // 60)} min ago"
    if seconds < 86400:
        return f"{int(seconds // 3600)} h ago"
    if seconds < 2 * 86400:
        return "yesterday"
    return time.strftime("%d %b %Y", time.localtime(when))


# (path, size, mtime_ns) -> what `_per_version`'s work found: a file read once is not read again until it changes.
_replayed: dict[tuple, tuple] = {}   # a save's (finished, problem)
_seen: dict[tuple, tuple] = {}       # a seen game's (game, players, moves, problem)


def _per_version(memory: dict, path: Path, stat, work):
    """`work()` for this version of the file at `path`, remembered in `memory` (at most 512 files)."""
    key = (str(path), stat.st_size, stat.st_mtime_ns)
    if key not in memory:
        memory[key] = work()
        if len(memory) > 512:
            memory.pop(next(iter(memory)))
    return memory[key]


def _finished(path: Path, stat) -> tuple[bool | None, str | None]:
    def replay():
        try:
            return Session.load(path).result() is not None, None
        except SaveError as e:
            return None, str(e)
    return _per_version(_replayed, path, stat, replay)


def read(path: Path) -> SavedGame | None:
    """The saved game at `path` (damaged ones with their problem); None for a table that never got a move
    (a lobby nobody started: there is nothing to watch or continue)."""
    path = Path(path)
    try:
        stat = path.stat()
    except OSError:
        return None
    saved = SavedGame(path=path, mtime=stat.st_mtime)
    if path.suffix == seen.SUFFIX:
        return _read_seen(saved, stat)
    try:
        header, log, _ = saves.read_records(path)
    except SaveError as e:
        saved.problem = str(e)
        return saved
    if not log:
        return None
    saved.game = header["game"]
    saved.moves = len(log)
    saved.players = [player_name(s, i) for i, s in enumerate(header["seats"])]
    saved.finished, saved.problem = _finished(path, stat)
    return saved


def _read_seen(saved: SavedGame, stat) -> SavedGame:
    def summary():
        try:
            record = seen.read(saved.path)
        except SaveError as e:
            return None, [], 0, str(e)
        players = [player_name(s, i) for i, s in enumerate(record["seats"])]
        return record["game"], players, len(record["moves"]) - 1, None
    saved.seen, saved.finished = True, True
    saved.game, saved.players, saved.moves, saved.problem = _per_version(_seen, saved.path, stat, summary)
    return saved


def keep_seen(link) -> Path | None:
    """Keep what `link` (a guest's net.client.RemoteTable) saw of its finished game in the saves folder, once;
    the file's path, or None when there is nothing to keep or it could not be written."""
    record_of = getattr(link, "seen", None)
    if record_of is None or getattr(link, "seen_path", None) is not None or link.game is None:
        return getattr(link, "seen_path", None)
    try:
        record = record_of.record(link.game, link.table_name, link.seats)
    except ValueError:
        return None
    from game.tables import autosave_path
    try:
        path = autosave_path(link.game, f"-seen{seen.SUFFIX}")
        seen.write(path, record)
    except OSError:
        return None
    link.seen_path = path
    return path


def replay_link(path: Path):
    """The replay scene's link for the file at `path`: a save replayed (game.replay_link), or a guest's record of a
    LAN game stepped through (game.recorded_replay). SaveError (or ValueError) when it cannot be shown."""
    from game import recorded_replay
    from game.replay_link import ReplayLink
    path = Path(path)
    if path.suffix == seen.SUFFIX:
        return recorded_replay.of_seen(seen.read(path), path)
    return ReplayLink(path)


def player_name(seat: dict, index: int) -> str:
    if not isinstance(seat, dict):
        return f"seat {index + 1}"
    return seat.get("name") or ("bot" if seat.get("kind") == "bot" else f"seat {index + 1}")


def listing(folder: Path | None = None) -> list[SavedGame]:
    """Every saved game in the folder, newest first (damaged files too, so none vanishes silently)."""
    folder = folder or paths.saves_dir()
    found = [read(p) for suffix in (SUFFIX, seen.SUFFIX) for p in folder.glob(f"*{suffix}")] if folder.exists() else []
    return sorted((s for s in found if s is not None), key=lambda s: s.mtime, reverse=True)


def latest_unfinished(folder: Path | None = None) -> SavedGame | None:
    """The newest game that can be continued, or None."""
    return next((s for s in listing(folder) if s.can_continue), None)
