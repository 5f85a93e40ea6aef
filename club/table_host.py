"""One club table: `net.table.Table` (the I/O-free host logic, used as it is) kept in PostgreSQL.

Connections are players: NATS proved who published on `st.t.<id>.in.<player>`, so the player's
name is the connection, and the seat token (which the club keeps for its holder) is put into the
player's `hello` here. After every step, what it changed (accepted actions with their seqs, new
refusals, new seat holders, seats, phase, the seats to act) is written in one transaction, and only
then are its messages handed back to be published: an `ok` never leaves before its action is in
the database. A table rebuilt from the database (another process taking it over) replays the
actions through a Session and knows every seat's `last_seq` and its recent answers as before.
"""
import copy
import sys
import time

from club import db, ratings
from engine.errors import RuleError
from engine.session import TABLE_SEAT, Session
from net import answers
from net.table import OVER, PLAY, Table

PUBLIC = ("public",)  # the spectators' connection: its messages go to st.t.<id>.public
SILENCE = 15.0        # seconds without a message before a player counts as gone (PROTOCOL.md's 15 s)


class ClubTable:
    def __init__(self, record: dict, *, bot_factory=None):
        self.id = record["id"]
        session = Session.from_header(record["header"])
        for _rev, seat, action, seq in record["actions"]:
            session.apply(seat, action, seq=seq)
        self.table = Table(session, name=record["name"], bot_factory=bot_factory)
        self.table.answers = rebuilt_answers(session, record["refusals"])
        # names interned: a player's name is its connection, and net.table compares connections by identity
        self.holders = {seat: (sys.intern(player), token) for seat, (player, token) in record["holders"].items()}
        self.written_rev = session.rev
        self.written_seats = copy.deepcopy(session.seats)
        self.written_phase = record["state"]
        self.written_to_act = None  # not loaded: the first step that moves writes it again
        self.table.attach_local(PUBLIC, None)
        self.table.journal = _MoveSender(self)  # a move's statement leaves for PostgreSQL as the rules take it
        self.writing = None  # the db.Batch of the step running, if any: its moves may be sent at once
        self.heard: dict[str, float] = {}   # player -> monotonic time of its last message
        # correspondence: seconds a seat in to_act may take, and the wall-clock time the table last moved
        self.move_deadline = record.get("move_deadline")
        self.on_deadline = record.get("on_deadline")
        self.moved_at = record.get("moved_at")
        self.rated = bool(record.get("rated"))  # its end rates its players, with its last action (club.ratings)

    @property
    def session(self):
        return self.table.session

    def seat_of_player(self, player: str):
        for seat, (holder, _token) in self.holders.items():
            if holder == player:
                return seat
        return None

    # ----- steps (each returns the (conn, message) pairs to publish, after writing) ----------
    def receive(self, conn, player: str, msg: dict, now: float = 0.0) -> list:
        """A message from `player`. `conn` is the database connection to write the step with, or a `db.Batch`
        whose commit the caller awaits before publishing what this returns."""
        return self._writing_through(conn, self._receive, conn, sys.intern(player), msg, now)

    def _receive(self, conn, player: str, msg: dict, now: float) -> list:
        t = self.table
        self.heard[player] = now
        pre = []
        if msg["t"] == "hello":
            if player in t.conns:  # a new hello is a reconnect: the old one goes
                pre.extend(t.drop(player, now).flat().sends)
            msg = self._with_token(player, msg)
            t.connect(player)
        elif player not in t.conns:  # the table moved to this process (a spectator too), or the client skipped hello
            if msg["t"] == "bye":
                return []
            pre.extend(self.rejoin(conn, player, now))
        seat = t.seat_of(player)
        before = t.last_seq(seat) if seat is not None else 0
        out = t.receive(player, msg, now)
        refusals = []
        if msg["t"] == "act" and seat is not None and msg["seq"] > before and t.last_seq(seat) == msg["seq"]:
            for c, m in out.sends:   # a refusal the table keeps for resends (not one of a seq it would not take)
                if c == player and m["t"] == "err" and m.get("seq") == msg["seq"]:
                    refusals.append((seat, msg["seq"], m, msg["a"]))
        self._write(conn, out, refusals=refusals, player=player)
        return pre + out.flat().sends

    def rejoin(self, conn, player: str, now: float = 0.0) -> list:
        """Welcome a seat holder again (this process has just taken the table), or a spectator this process has not
        welcomed (its first message here after a takeover): the welcome carries the view, `rev` and `last_seq`,
        so a seat's client resends whatever is still unanswered."""
        want = "watch" if self.seat_of_player(player) is None else "play"
        return self.receive(conn, player, {"t": "hello", "proto": 1, "name": player, "want": want}, now)

    def views_again(self) -> list:
        """Every player's and the spectators' whole view as it is now: this process's messages of late may have
        died with a nats-server (its connection came back)."""
        return self.table.whole_views().flat().sends

    def drop_silent(self, now: float, silence: float = SILENCE) -> list:
        """Players heard from no more than `silence` seconds ago stay; the others are gone (their seats kept
        for them, shown `connected: false`), as a LAN host closes a silent connection."""
        sends = []
        for player, at in list(self.heard.items()):
            if now - at >= silence:
                del self.heard[player]
                sends.extend(self.table.drop(player, now).flat().sends)
        return sends

    def overdue_seat(self, wall_now: float):
        """A human seat that has let the move deadline pass (a correspondence table), or None."""
        t = self.table
        if self.move_deadline is None or self.on_deadline not in ("bot", "forfeit") or self.moved_at is None \
                or not t.started or self.session.result() is not None:
            return None
        if wall_now - self.moved_at < self.move_deadline or self.session.timer() is not None:
            return None  # a window the rules' timer closes (a reaction) waits on nobody's decision
        for seat in self.session.to_act():
            if t.bot_for(seat) is None and self.session.seats[seat].get("kind") == "human":
                return seat
        return None

    def deadline_step(self, conn, seat: int, wall_now: float) -> list:
        """The deadline passed: the table resigns the seat (`forfeit`: its camp loses, engine.resign), or a bot
        makes this one move for it (`bot`, and a `forfeit` the game refuses now: more than two camps)."""
        if self.on_deadline == "forfeit":
            try:
                events = self.session.apply(TABLE_SEAT, {"type": "resign", "seat": seat})
            except RuleError:
                return self.deadline_move(conn, seat, wall_now)
            out = self.table.updates(events)
            self._write(conn, out)
            return out.flat().sends
        return self.deadline_move(conn, seat, wall_now)

    def deadline_move(self, conn, seat: int, wall_now: float) -> list:
        """The deadline passed: a bot makes this one move for the seat, which stays its holder's."""
        t = self.table
        t.standins[seat] = t.make_bot(t.game, "normal", seat, (self.session.seed * 1_000_003 + seat + self.session.rev)
                                      & 0xFFFFFFFF)
        try:
            out = t.bot_move(seat)
        finally:
            t.standins.pop(seat, None)
        self._write(conn, out)
        return out.flat().sends

    def bot_step(self, conn) -> list:
        seat = self.table.due_bot()
        if seat is None:
            return []
        out = self._writing_through(conn, self.table.bot_move, seat)
        self._write(conn, out)
        return out.flat().sends

    def fire_timer(self, conn, rev: int) -> list:
        out = self._writing_through(conn, self.table.fire_timer, rev)
        self._write(conn, out)
        return out.flat().sends

    def _writing_through(self, conn, step, *args):
        """`step(*args)` with `conn` (the step's database connection or db.Batch) where `send_move` finds it."""
        self.writing = conn
        try:
            return step(*args)
        finally:
            self.writing = None

    def send_move(self) -> None:
        """The rules have just taken a move (the Table journals it): if the step running writes through a batch
        and this is the step's first move, its statement leaves now, with the phase and the seats to act as
        `_write` will find them, while the table answers it and builds its views."""
        batch, session = self.writing, self.session
        if not isinstance(batch, db.Batch) or session.rev != self.written_rev + 1 or not batch.takes_move():
            return  # a busy process's batch: the step is written with the others
        if self.rated and session.result() is not None:
            return  # a rated game's last move goes with its rating, in one transaction at the commit
        phase, to_act = self._turn_changes(moved=True)
        (seat, action), seq = session.log[-1], session.log_seqs[-1]
        batch.send_move(self.id, (session.rev, seat, action, seq), state=phase, to_act=to_act)

    def _with_token(self, player: str, msg: dict) -> dict:
        seat = self.seat_of_player(player)
        if seat is None:
            return {k: v for k, v in msg.items() if k != "token"}  # tokens are the club's business
        return dict(msg, token=self.holders[seat][1], want="play")

    def _turn_changes(self, *, moved: bool, seats_changed: bool = False) -> tuple:
        """(phase, to_act) as a step's write carries them, each None where the database has it already: to_act
        is looked at only after a move, a new phase or new seats, and written only when it changed, so a usual
        move is one INSERT (`_write`, and `send_move` before it, which must send what `_write` will find)."""
        t = self.table
        phase = t.phase if t.phase != self.written_phase else None
        to_act = self.session.to_act() if (moved or phase or seats_changed) and t.started else None
        if to_act is not None and to_act == self.written_to_act:
            to_act = None
        return phase, to_act

    def _write(self, conn, out, *, refusals=(), player=None) -> None:
        session, t = self.session, self.table
        actions = [(rev, seat, action, seq) for rev, ((seat, action), seq)
                   in enumerate(zip(session.log[self.written_rev:], session.log_seqs[self.written_rev:]),
                                start=self.written_rev + 1)]
        new_holders = []
        if player is not None and t.seat_of(player) is not None and t.seat_of(player) not in self.holders:
            for c, m in out.sends:
                if c == player and m["t"] == "welcome" and m.get("token"):
                    new_holders.append((m["seat"], player, m["token"]))
        seats = session.seats if session.seats != self.written_seats else None
        # No seat's last_seq is written: the actions (each ok's seq) and the refusals already say it, and a
        # resumed table rebuilds it from them (rebuilt_answers).
        phase, to_act = self._turn_changes(moved=bool(actions), seats_changed=seats is not None)
        if not (actions or refusals or new_holders or seats is not None or phase or to_act is not None):
            return
        change = dict(actions=actions, refusals=refusals, new_holders=new_holders, seat_list=seats, state=phase,
                      to_act=to_act)
        if self.rated and phase == OVER:  # the game's end, stored with its rating or not at all
            change["rating"] = ratings.outcome(session, {seat: p for seat, (p, _token) in self.holders.items()})
        if isinstance(conn, db.Batch):  # written with other steps; nothing published until it is committed
            conn.add(self.id, change)
        else:
            db.write_step(conn, self.id, **change)
        # Only once written: a failed write leaves this object behind the database, and the process drops it.
        if actions or phase == PLAY:  # a deadline runs from the last move, or from the game's start
            self.moved_at = time.time()
        self.written_rev = session.rev
        if seats is not None:  # copied only when they changed (a copy a move: ~6% of a busy process's CPU)
            self.written_seats = copy.deepcopy(session.seats)
        self.written_phase = t.phase
        if to_act is not None:
            self.written_to_act = to_act
        for seat, holder, token in new_holders:
            self.holders[seat] = (holder, token)


class _MoveSender:
    """A club table's journal (`net.table.Table.journal`, which a LAN host's save is): the database is the club's
    journal, and `append` is told of each move as the rules take it, so it can be sent at once."""

    def __init__(self, club_table: ClubTable):
        self.club_table = club_table

    def append(self, seat, action, seq) -> None:
        self.club_table.send_move()

    def checkpoint(self, rev: int, state_hash) -> None:
        pass  # the database keeps every action: a game's end needs no mark of its own

    def close(self) -> None:
        pass


def rebuilt_answers(session, refusals: list) -> dict:
    """Each seat's `last_seq` and recent answers: the `ok`s of its logged actions and the refusals
    kept in the database, remembered in seq order as they were first given."""
    given: dict[int, list] = {}
    for rev, ((seat, action), seq) in enumerate(zip(session.log, session.log_seqs), start=1):
        if seat is not None and seq is not None:
            given.setdefault(seat, []).append((seq, {"t": "ok", "seq": seq, "rev": rev}, action))
    for seat, seq, answer, action in refusals:
        given.setdefault(seat, []).append((seq, answer, action))
    out = {}
    for seat, entries in given.items():
        memory = out[seat] = answers.SeatAnswers()
        for seq, answer, action in sorted(entries, key=lambda e: e[0]):
            memory.remember(seq, answer, action)
    return out
