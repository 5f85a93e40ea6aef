"""Real positions from bot games, shown on a board as a player at one seat would see them.

`positions(game_id)` plays a few seeded games of bots on a Session and keeps, for every seat asked to act,
its view at that moment: the positions a window really meets, in every phase and prompt the games reached.
They are thinned to at most `PER_KIND` of each kind (the phase or stage, the prompt and the kinds of action
the seat may take), spread over the games, about `MOST` in all, and kept on disk under the digest of the
sources that decide them (`kept`): a test run plays each game's bot games once, whatever its workers.

`PositionLink` is a TableLink that shows one position at a time (`show`), so one board scene steps through
hundreds of positions without a table: it answers each action sent with an `ok` and keeps it in `sent`.
"""
import copy
import hashlib
import os
import pickle
import tempfile
from dataclasses import dataclass
from pathlib import Path
from functools import lru_cache

import bots
from engine import games, legal
from engine.canonical import copy_plain
from engine.session import TABLE_SEAT, Session
from tests.own_games import table_seats

LEVELS = ("normal", "easy")   # the quicker bots: their games still reach every phase, step and prompt
SEEDS = (11, 12)
ACTIONS_PER_GAME = 1500   # bound on each bot game
PER_KIND = 24
MOST = 300
COMMANDERS = ("Ada", "Guderian", "Montgomery", "Zhukov")
ROOT = Path(__file__).resolve().parents[2]


@dataclass
class Position:
    game: str
    seat: int             # the seat the window plays, asked to act now
    seats: list           # the table's seats as a link shows them
    view: dict            # the seat's own view
    public: dict          # a spectator's view
    kind: tuple           # what sort of moment it is (the thinning key)
    rev: int
    action: dict | None   # what the seat's bot chose there (None: it let the moment pass)
    plain: frozenset = frozenset()    # the types of the listed actions with no choice in them (no field) ...
    enders: frozenset = frozenset()   # ... and those of them that end the seat's moment here


def kind_of(view: dict) -> tuple:
    """A moment's sort: its phase or stage, the prompt's kind, the steps pending, the action types listed."""
    pub = view["public"]
    steps = pub.get("steps") or pub.get("pending")
    step = steps[0].get("step") if isinstance(steps, list) and steps and isinstance(steps[0], dict) else \
        steps.get("step") if isinstance(steps, dict) else None
    prompt = pub.get("prompt") or {}
    return (pub.get("phase") or pub.get("stage"), prompt.get("kind"), step,
            tuple(sorted(legal.types(view["private"].get("legal")))))


def moment_enders(session: Session, seat: int, view: dict) -> tuple[frozenset, frozenset]:
    """The types of the actions `view` lists with no field to choose (end_movement, pass, decline, a step...), and
    those of them that would end the seat's moment if sent: the seat no longer asked, the phase or the prompt
    changed, or the game over. Each is tried on a copy of the session."""
    def moment(s):
        pub = s.view(None)["public"]
        return seat in s.to_act(), pub.get("phase") or pub.get("stage"), (s.prompt() or {}).get("kind"), s.result()
    plain, out = set(), set()
    for action in legal.all_actions(view["private"].get("legal"), 200):
        if len(action) == 1 and action["type"] != "undo":
            plain.add(action["type"])
            twin = copy.deepcopy(session)
            before = moment(twin)
            twin.apply(seat, action)
            if moment(twin) != before:
                out.add(action["type"])
    return frozenset(plain), frozenset(out)


@lru_cache(maxsize=None)
def positions(game_id: str) -> tuple[Position, ...]:
    """Up to MOST positions of `game_id` from bot games (SEEDS), at most PER_KIND of each kind, in game order:
    played once for as long as the sources that decide them stay the same (`kept`)."""
    return kept(game_id, lambda: played(game_id))


SOURCES = ("engine", "bots", "catalog")   # what decides the positions (with this module)


def kept(game_id: str, make):
    """`make()`'s positions, kept on disk under the digest of the sources that decide them, so the test
    processes of one run (and the next runs) play the bot games once; a file lock makes the others wait for
    the one that plays them."""
    digest = hashlib.sha256(Path(__file__).read_bytes())
    for folder in SOURCES:
        for path in sorted((ROOT / folder).rglob("*.py")):
            digest.update(path.read_bytes())
    for path in sorted((ROOT / "assets" / "boards").glob("*.json")):
        digest.update(path.read_bytes())
    store = Path(tempfile.gettempdir()) / f"sandtable-positions-{game_id}-{digest.hexdigest()[:20]}.pickle"
    with open(store.with_suffix(".lock"), "a+") as lock:
        try:
            import fcntl
            fcntl.flock(lock, fcntl.LOCK_EX)
        except ImportError:   # no POSIX locks (Windows): each process may play them itself
            pass
        if store.exists():
            try:
                return pickle.loads(store.read_bytes())
            except Exception:   # a damaged file: played again
                pass
        found = make()
        partial = store.with_suffix(f".{os.getpid()}.part")
        partial.write_bytes(pickle.dumps(found))
        os.replace(partial, store)
        for older in store.parent.glob(f"sandtable-positions-{game_id}-*"):   # from sources since changed
            if older.stem != store.stem:
                older.unlink(missing_ok=True)
        return found


def played(game_id: str) -> tuple[Position, ...]:
    """The positions of `game_id`'s bot games (see the module's docstring)."""
    n = table_seats(game_id)
    found: list[Position] = []
    counts: dict[tuple, int] = {}
    for seed in SEEDS:
        seats = [{"name": COMMANDERS[i % len(COMMANDERS)], "kind": "human" if i == 0 else "bot", "connected": True}
                 for i in range(n)]
        session = Session(game_id, n, seed=seed, seats=[{"name": s["name"], "kind": "bot"} for s in seats])
        players = [bots.make(game_id, LEVELS[(i + seed) % len(LEVELS)], i, seed + i) for i in range(n)]
        for _ in range(ACTIONS_PER_GAME):
            if session.result() is not None:
                break
            for seat in session.to_act():   # as tests/bot_games.bot_step, each seat's view kept on the way
                view = session.view(seat)
                action = players[seat].choose(view)
                if legal.size(view["private"].get("legal")):
                    kind = kind_of(view)
                    counts[kind] = counts.get(kind, 0) + 1
                    # the first few of a kind, then one in every few: a kind's positions spread over the game
                    if counts[kind] <= 3 or counts[kind] % 5 == 0:
                        found.append(Position(game_id, seat, seats, copy_plain(view), copy_plain(session.view(None)),
                                              kind, session.rev, action, *moment_enders(session, seat, view)))
                if action is not None:
                    session.apply(seat, action)
                    break
            else:
                session.apply(TABLE_SEAT, session.timer()["action"])
        found.append(Position(game_id, 0, seats, copy_plain(session.view(0)), copy_plain(session.view(None)),
                              ("over",), session.rev, None))
    by_kind: dict[tuple, list] = {}
    for p in found:
        by_kind.setdefault(p.kind, []).append(p)
    share = max(1, MOST // len(by_kind))
    kept = {id(p) for group in by_kind.values() for p in spread(group, min(PER_KIND, share))}
    return tuple(p for p in found if id(p) in kept)


def spread(items: list, n: int) -> list:
    """`n` of `items` (all when fewer) spaced evenly from the first to the last."""
    if len(items) <= n:
        return list(items)
    return [items[round(i * (len(items) - 1) / (n - 1))] for i in range(n)] if n > 1 else items[:1]


class PositionLink:
    """A TableLink showing one position at a time to the window that plays its seat."""

    def __init__(self, game_id: str):
        self.game = game_id
        self.table_name = "Positions"
        self.error = None
        self.status = "connected"
        self.position: Position | None = None
        self.rev = 0
        self.sent: list[tuple] = []       # (seat, action) for every action the window sent
        self._inbox: list[dict] = []
        self._seq = 0

    def show(self, position: Position) -> None:
        self.position = position
        self.rev += 1

    @property
    def seats(self) -> list[dict]:
        return self.position.seats if self.position else []

    @property
    def my_seats(self) -> list[int]:
        return [self.position.seat] if self.position else []

    @property
    def phase(self) -> str:
        return "over" if self.position and self.position.public["public"].get("result") else "play"

    def view(self, seat):
        if self.position is None:
            return None
        p = self.position
        v = copy_plain(p.view if seat == p.seat else p.public)
        v["public"].update(table_phase=self.phase, seats=p.seats, rev=self.rev)
        return v

    def send(self, action: dict, seat=None) -> int:
        self._seq += 1
        self.sent.append((seat, action))
        self._inbox.append({"t": "ok", "seq": self._seq, "rev": self.rev})
        return self._seq

    def chat(self, text: str) -> None:
        pass

    def poll(self) -> list[dict]:
        out, self._inbox = self._inbox, []
        return out

    def close(self) -> None:
        self.status = "closed"


def undoable(game_id: str) -> set[str]:
    """The action types a seat may take back in `game_id` (its rules' UNDOABLE)."""
    return set(getattr(games.rules(game_id), "UNDOABLE", ()))


class FixedChoice:
    """A bot that chooses what a recorded bot chose at a position (scripted players carry it out by clicks)."""

    def __init__(self, action: dict | None):
        self.action = action

    def choose(self, view):
        return self.action


class Stage:
    """A board scene on `app` stepping through positions of one game: one scene per seat shown (a board is
    built for the seat its window plays), each position read as a new revision of the table."""

    def __init__(self, app, game_id: str):
        self.app, self.game = app, game_id
        self.links: dict[int, PositionLink] = {}
        self.boards: dict[int, object] = {}
        self.board = None

    def show(self, position: Position):
        """The board of `position`'s seat on top, showing it as the window would on its first frame there."""
        from game import boards
        seat = position.seat
        if seat not in self.boards:
            self.links[seat] = PositionLink(self.game)
            self.links[seat].show(position)
            self.boards[seat] = boards.board_scene(self.app, self.links[seat])
        board = self.boards[seat]
        if self.app.stack.top is not board:
            if self.board is not None:
                self.app.pop()
            self.app.push(board)
        self.board = board
        self.links[seat].show(position)
        board.reset_input()
        board.confirm.close()
        for kept, empty in (("standing", {}), ("guarding", []), ("guard_passes", 0)):   # orders that run on
            if hasattr(board, kept):
                setattr(board, kept, type(empty)(empty))
        board.pending_seq = None
        board.game_over_shown = True     # the board as it stands at the end, not the game-over scene
        board.update(1 / 60)
        return board
