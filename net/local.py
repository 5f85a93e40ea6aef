"""`LocalTable`: a TableLink over a Session in this process (hot-seat, vs bots).

It drives the same `net.table.Table` the LAN host drives, through in-process
connections: one per human seat (to act for it) and one viewer, whose updates
are what `poll` returns. The viewer is the human seat when there is exactly one,
else a spectator, so hot-seat play never shows one player's secrets in events.
"""
import secrets
import time
from collections import deque

import msgpack

from engine.session import Session
from net import names
from net.link import InProcessLink
from net.table import Table

MAX_BOT_MOVES_PER_POLL = 1000  # bound on a bot_delay=0 poll (bots finishing a game among themselves)


class LocalTable(InProcessLink):
    """`bot_factory` makes the bots (bots.make in the product: the table imports no bots of its own).
    `timer_scale` multiplies the rules' timed steps (0: they fire as soon as nothing else moves)."""

    def __init__(self, game: str, seats: list[dict], options: dict | None = None, seed: int | None = None,
                 save_path=None, bot_delay: float = 0.6, table_name: str = "Local game", bot_factory=None,
                 timer_scale: float = 1.0):
        seed = secrets.randbits(32) if seed is None else seed
        session_seats = []
        for i, s in enumerate(seats):
            kind = s.get("kind", "human")
            if kind not in ("human", "bot"):
                raise ValueError(f"seat {i + 1} must be a human or a bot, not {kind!r}")
            entry = {"name": s.get("name") or (names.bot_name(i, seats) if kind == "bot" else f"Player {i + 1}"),
                     "kind": kind}
            if kind == "bot":
                entry["level"] = s.get("level", "normal")
            session_seats.append(entry)
        session = Session(game, len(seats), seed=seed, options=options, seats=session_seats)
        self._setup(Table(session, name=table_name, bot_factory=bot_factory, save_path=save_path), bot_delay,
                    timer_scale)

    @classmethod
    def from_session(cls, session: Session, *, save_path=None, bot_delay: float = 0.6,
                     table_name: str = "Local game", bot_factory=None, timer_scale: float = 1.0) -> "LocalTable":
        """Continue a loaded game (e.g. `Session.load` of an autosave) with its recorded seats."""
        self = cls.__new__(cls)
        self._setup(Table(session, name=table_name, bot_factory=bot_factory, save_path=save_path), bot_delay,
                    timer_scale)
        return self

    def _setup(self, table: Table, bot_delay: float, timer_scale: float) -> None:
        self.table = table
        self.game = table.game
        self.table_name = table.name
        self.bot_delay = bot_delay
        self.timer_scale = timer_scale
        self._timer_seen = None  # (rev, when) the current rules timer was first seen
        self.error = None
        self._closed = False
        self._inbox: deque = deque()
        # A resumed table remembers each seat's last seq (exactly-once): number on from the highest of ours.
        self._seq = max((table.last_seq(seat) for seat in range(len(table.session.seats))), default=0)
        self._last_move = time.monotonic()
        self._racer_moved: dict[int, float] = {}  # real time: when each bot seat last moved
        self._human = [i for i, s in enumerate(table.session.seats) if s.get("kind") == "human"]
        for seat in self._human:
            table.attach_local(("seat", seat), seat)
        self._viewer_seat = self._human[0] if len(self._human) == 1 else None
        self._viewer = ("seat", self._viewer_seat) if self._viewer_seat is not None else ("viewer", None)
        if self._viewer_seat is None:
            table.attach_local(self._viewer, None)

    # ----- TableLink ------------------------------------------------------------------
    @property
    def session(self) -> Session:
        return self.table.session

    @property
    def seats(self) -> list[dict]:
        return self.table.public_seats()

    @property
    def my_seats(self) -> list[int]:
        return list(self._human)

    @property
    def answering(self) -> Table:
        return self.table

    def view(self, seat: int | None) -> dict:
        return self.table.view(seat)

    def send(self, action: dict, seat: int | None = None) -> int:
        self._seq += 1
        seq = self._seq
        if self._closed:
            self._inbox.append({"t": "err", "seq": seq, "code": "game_over", "msg": "This table is closed."})
            return seq
        if seat is None:
            if len(self._human) != 1:
                raise ValueError("name the seat to act for: this table has several human seats")
            seat = self._human[0]
        if seat not in self._human:
            self._inbox.append({"t": "err", "seq": seq, "code": "not_your_turn",
                                "msg": f"Seat {seat} is not played from this window."})
            return seq
        try:  # the same plain data a LAN client would send, so a save holds exactly what was played
            action = msgpack.unpackb(msgpack.packb(action, use_bin_type=True), raw=False)
        except (TypeError, ValueError, OverflowError):
            self._inbox.append({"t": "err", "seq": seq, "code": "bad_action",
                                "msg": "An action must be plain data (maps, lists, strings, numbers)."})
            return seq
        self._deliver(self.table.receive(("seat", seat), {"t": "act", "seq": seq, "a": action}))
        self._last_move = time.monotonic()
        return seq

    def chat(self, text: str) -> None:
        if not self._closed:
            self._deliver(self.table.receive(self._viewer, {"t": "chat", "text": str(text)[:500]}))

    def start(self) -> None:
        """Fill any open seat with a bot (a table made here has none, so this is for resumed saves)."""
        self._deliver(self.table.start())

    def poll(self) -> list[dict]:
        if not self._closed:
            for _ in range(MAX_BOT_MOVES_PER_POLL if self.bot_delay <= 0 else 1):
                rev = self.table.rev
                self._run_bots()
                self._run_timer()
                if self.table.rev == rev or self.bot_delay > 0:
                    break
        out = list(self._inbox)
        self._inbox.clear()
        return out

    def close(self) -> None:
        if not self._closed:
            self._closed = True
            self.table.close()
            self._inbox.append({"t": "status", "status": "closed", "msg": "The table was closed."})

    # ----- inside -------------------------------------------------------------------
    def _run_bots(self) -> None:
        if self.table.realtime:
            self._run_racers()
            return
        moves = 1 if self.bot_delay > 0 else MAX_BOT_MOVES_PER_POLL
        for _ in range(moves):
            seat = self.table.due_bot()
            if seat is None:
                return
            wait = max(self.bot_delay, getattr(self.table.bot_for(seat), "pace", 0.0) or 0.0)
            now = time.monotonic()
            if wait > 0 and now - self._last_move < wait:
                return
            rev = self.table.rev
            self._deliver(self.table.bot_move(seat))
            self._last_move = now
            if self.table.rev == rev:  # the bot passed: let time go by before asking again
                return

    def _run_timer(self) -> None:
        """The rules' timed step (a reaction window closing) fires once its time has passed at one rev."""
        delay = self.table.timer_delay()
        if delay is None:
            self._timer_seen = None
            return
        rev, now = self.table.rev, time.monotonic()
        if self._timer_seen is None or self._timer_seen[0] != rev:
            self._timer_seen = (rev, now)
        if now - self._timer_seen[1] >= delay * self.timer_scale:
            self._timer_seen = None
            self._deliver(self.table.fire_timer(rev))
            self._last_move = now

    def _run_racers(self) -> None:
        """Real time: every bot seat moves on its own clock, once per its pace (bot_delay at least)."""
        moves = 1 if self.bot_delay > 0 else MAX_BOT_MOVES_PER_POLL
        for _ in range(moves):
            moved = False
            for seat in self.table.due_bots():
                wait = max(self.bot_delay, getattr(self.table.bot_for(seat), "pace", 0.0) or 0.0)
                now = time.monotonic()
                last = self._racer_moved.setdefault(seat, now)
                if wait > 0 and now - last < wait:
                    continue
                rev = self.table.rev
                self._deliver(self.table.bot_move(seat))
                self._racer_moved[seat] = now
                moved = moved or self.table.rev != rev
            if not moved:
                return

    def _deliver(self, out) -> None:
        """Keep what this program should see: the viewer's updates and chat, and every answer to our acts."""
        for conn, msg in out.flat().sends:
            if conn == self._viewer or (msg["t"] in ("ok", "err") and conn[0] == "seat"):
                self._inbox.append(msg)
