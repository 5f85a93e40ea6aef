"""The table without any I/O: one Session, its seats, tokens, connections, bots and lobby.

The asyncio host (`net.host`) and the in-process `net.local.LocalTable` both drive
this class, so seat handling, per-receiver updates and redaction exist once.
Each method takes what arrived and returns an `Out`: the (connection, message)
pairs to send, in order, and the connections to close. A connection is any
hashable the driver picks.
"""
import hashlib
import hmac
import logging
import random
import secrets
import threading

from engine import games, legal, saves, undo
from engine.errors import BAD_ACTION, NOT_YOUR_TURN, RuleError
from engine.session import TABLE_SEAT, RulesFailure, Session
from net import answers, crashpoint, frames, names, patches
from net.frames import MAX_NAME, PROTO, SEQ_LIMIT, err

log = logging.getLogger(__name__)

LOBBY, PLAY, OVER = "lobby", "play", "over"
TOKEN_BYTES = 32  # 256-bit seat tokens (the protocol asks for at least 128)
TABLE_FIELDS = ("table_phase", "seats")   # the table's own fields in every view's public part, beside the game's
HASH_EVERY = 16   # every 16th update a patch carries the hash of the view it makes (docs/protocol.md)
HISTORY_CHUNK = 200   # events a `history` frame carries at most (docs/protocol.md, "History": well under a frame)
PATCHES = patches.PATCHES   # hello "views": "patches" (any other value, or none: whole views)


def token_digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


class Out:
    """What a table step asks its driver to do, in order."""

    __slots__ = ("sends", "closes", "deferred")   # one or two a frame read: made and read fast

    def __init__(self):
        self.sends: list[tuple] = []   # (conn, message dict); one dict may go to several conns
        self.closes: list = []
        self.deferred: list = []       # callables returning an Out, run after the above are sent

    def send(self, conn, msg: dict) -> None:
        self.sends.append((conn, msg))

    def close(self, conn) -> None:
        self.closes.append(conn)

    def defer(self, make) -> None:
        """`make()` builds more to send once what is queued so far has gone (an ok before its updates)."""
        self.deferred.append(make)

    def extend(self, other: "Out") -> "Out":
        self.sends.extend(other.sends)
        self.closes.extend(other.closes)
        self.deferred.extend(other.deferred)
        return self

    def flat(self) -> "Out":
        """Everything, deferred parts built now, in order."""
        out = Out()
        out.sends, out.closes = list(self.sends), list(self.closes)
        for make in self.deferred:
            out.extend(make().flat())
        return out


def _merged(bases: list) -> list:
    """(base, members) groups, those whose bases hold the same view made one (connections welcomed
    apart share a patch from their first update on; after it they share one base object)."""
    if len(bases) == 1:
        return bases
    out: list = []
    for base, members in bases:
        for kept, others in out:
            if kept.same(base):
                others.extend(members)
                break
        else:
            out.append((base, members))
    return out


def _as_is(value):
    """`share` that leaves a value as it is: a host's patched updates (which it only encodes) share the seats'
    list from one update to the next while the seats do not change (`Table._shared_seats`)."""
    return value


class _Conn:
    __slots__ = ("seat", "name", "welcomed", "patches", "base")
    changes = 0   # times any connection's seat, welcome or kind of view was set (Table._receivers' memo)

    def __setattr__(self, name, value):
        object.__setattr__(self, name, value)
        if name != "base" and name != "name":   # a base changes at every patched update; neither sorts receivers
            _Conn.changes += 1

    def __init__(self):
        self.seat = None
        self.name = None
        self.welcomed = False
        self.patches = False   # asked for patches (hello "views": "patches")
        self.base = None       # patches.Snapshot of the last view this connection was sent, when it takes patches


_PREPARED: set = set()


def _prepare_once(game: str) -> None:
    """The game's work ahead (engine.games.prepare) on a thread of its own, once a process: what Tactics (1954)
    compiles is ready before its first movement, and the table's loop never waits on it."""
    if game not in _PREPARED:
        _PREPARED.add(game)
        threading.Thread(target=games.prepare, args=(game,), name=f"prepare {game}", daemon=True).start()


class Table:
    """`bot_factory(game, level, seat, seed) -> bot` makes the table's bots (bots.make in the product);
    a table given none can seat no bot. `max_watchers`: spectators welcomed at once (None: no limit)."""

    owner_starts = False   # True: a full table waits for its owner's `start` (a window hosting it)

    def __init__(self, session, *, name: str, bot_factory=None, takeover_after: float | None = None,
                 save_path=None, now: float = 0.0, max_watchers: int | None = None):
        self.session = session
        self.game = session.game_id
        _prepare_once(self.game)
        self.name = name
        self.make_bot = bot_factory
        self.takeover_after = takeover_after
        self.save_path = save_path
        self.journal = None
        self.conns: dict = {}
        self.seat_conn: dict[int, object] = {}
        self.bots: dict[int, object] = {}       # seats a bot owns
        self.standins: dict[int, object] = {}   # dropped human seats a bot plays for now
        self.dropped_at: dict[int, float] = {}
        self.max_watchers = max_watchers
        # seat -> last_seq and the last answers; rebuilt from the journal's seqs for a resumed game
        self.answers: dict[int, answers.SeatAnswers] = answers.from_log(session.log, session.log_seqs)
        self.realtime = session.rules.GAME_TYPE.realtime
        self._unsent: list = []                 # events of accepted actions no update has carried yet
        self._sent_rev = session.rev            # the rev the last update carried: any other rev is owed to all
        self._actors: set = set()               # seats whose accepted actions those are
        self._fallback = random.Random(session.seed)
        self._bot_passed: tuple[int, set] = (-1, set())  # (rev, bot seats that chose nothing at that rev)
        self.rules_failures = 0                 # actions the rules failed on (bugs), each refused and logged
        self._update_count = 0                  # updates built, for the hash every HASH_EVERY
        self._seats_memo = None                 # what `public_seats` was built from, and it shared (_shared_seats)
        self._receivers_memo = None             # (_Conn.changes, connections, receivers by seat, patching)
        self._history: list = []                # every event of the game, unredacted (`past_events`)
        self._history_length = 0 if not session.log else -1   # log entries it covers (-1: to be replayed)
        for seat, info in enumerate(session.seats):
            if info.get("kind") == "bot":
                self.bots[seat] = self._new_bot(seat, info.get("level", "normal"))
            elif info.get("kind") == "human":
                self.dropped_at[seat] = now     # a resumed seat waits for its token
        self.started = all(s.get("kind") != "open" for s in session.seats)
        self._rewrite_journal()

    # ----- reading ------------------------------------------------------------------
    @property
    def phase(self) -> str:
        return self.session.phase if self.started else LOBBY

    @property
    def rev(self) -> int:
        return self.session.rev

    def open_seats(self) -> list[int]:
        return [i for i, s in enumerate(self.session.seats) if s.get("kind") == "open"]

    def public_seats(self) -> list[dict]:
        out = []
        for i, s in enumerate(self.session.seats):
            kind = s.get("kind", "open")
            entry = {"name": s.get("name"), "kind": kind,
                     "connected": kind == "bot" or (kind == "human" and self.seat_conn.get(i) is not None)}
            if i in self.standins:
                entry["standin"] = True
            out.append(entry)
        return out

    def _shared_seats(self, share):
        """`share(public_seats())`, made again only when what it is made of changed: the session's seat
        entries (compared with a copy, by value), who holds each seat and the stand-ins. Most updates
        (after an act) find them as they were, and the comparison costs far less than the list."""
        entries, held, standins = self.session.seats, self.seat_conn, self.standins
        memo = self._seats_memo
        if (memo is None or memo[0] is not share or memo[1] != entries or memo[2] != held
                or memo[3] != standins.keys()):
            memo = self._seats_memo = (share, [dict(e) for e in entries], dict(held), set(standins),
                                       share(self.public_seats()))
        return memo[4]

    def view(self, seat: int | None, _seats: list | None = None, _phase: str | None = None) -> dict:
        v = self.session.view(seat)
        v["public"].update(self._table_fields(_seats, _phase))
        return v

    def _table_fields(self, seats: list | None, phase: str | None) -> dict:
        """What the table adds to every view's public part (docs/protocol.md): TABLE_FIELDS, and before the start
        an empty `to_act`."""
        fields = {"table_phase": phase or self.phase, "seats": seats if seats is not None else self.public_seats()}
        if not self.started:
            fields["to_act"] = []
        return fields

    def views(self, seats: list, _seats: list | None = None, _phase: str | None = None) -> dict:
        """`view` for each of `seats`, the public part built once (Session.views) and shared."""
        build = self.view_builder(_seats, _phase)
        return {seat: build(seat) for seat in seats}

    def view_builder(self, _seats: list | None = None, _phase: str | None = None, share=None):
        """`view` as a function of the seat, what the views share built once (Session.view_builder), the
        table's fields added in the same step as the session's (one layer less for each view)."""
        return self.session.view_builder(self._table_fields(_seats, _phase), share)

    def welcomed_conns(self):
        return [c for c, st in self.conns.items() if st.welcomed]

    def watchers(self) -> int:
        return sum(1 for st in self.conns.values() if st.welcomed and st.seat is None)

    def seat_of(self, conn):
        """The seat `conn` plays (None: a spectator, or not welcomed yet)."""
        state = self.conns.get(conn)
        return None if state is None else state.seat

    def is_welcomed(self, conn) -> bool:
        state = self.conns.get(conn)
        return state is not None and state.welcomed

    def status(self) -> dict:
        """How the table stands, for the host's operator: phase, rev and the rules failures so far."""
        return {"phase": self.phase, "rev": self.rev, "rules_failures": self.rules_failures}

    def last_seq(self, seat: int) -> int:
        memory = self.answers.get(seat)
        return 0 if memory is None else memory.last_seq

    # ----- connections ----------------------------------------------------------------
    def connect(self, conn) -> None:
        self.conns[conn] = _Conn()

    def receive(self, conn, msg: dict, now: float = 0.0) -> Out:
        """One checked message (see net.frames) from `conn`."""
        state = self.conns.get(conn)
        if state is None:
            return Out()
        t = msg["t"]
        if t == "act" and state.welcomed:
            return self._act(conn, state, msg)
        if not state.welcomed and t != "hello":
            return self._refuse(conn, "bad_frame", "The first message must be 'hello'.")
        if t == "hello":
            if state.welcomed:
                return self._refuse(conn, "bad_frame", "'hello' comes once, as the first message.")
            return self._hello(conn, state, msg, now)
        # Anything else is answered after every update owed so far (a ping is a barrier a client can trust).
        out = self.flush_updates()
        if t == "view":   # a patching client lost its way: a whole view, and patches from it
            out.send(conn, self._whole_view(state))
        elif t == "ping":
            out.send(conn, {"t": "pong", "n": msg["n"]})
        elif t == "chat":
            line = {"t": "chat", "from": self._speaker(state), "seat": state.seat, "text": msg["text"]}
            for c in self.welcomed_conns():
                out.send(c, line)
        elif t == "bye":
            out.close(conn)
            out.extend(self.drop(conn, now))
        return out

    def drop(self, conn, now: float = 0.0) -> Out:
        """`conn` is gone (closed, silent, replaced). Its seat stays reserved for its token."""
        state = self.conns.pop(conn, None)
        if state is None or state.seat is None or self.seat_conn.get(state.seat) is not conn:
            return Out()
        del self.seat_conn[state.seat]
        self.dropped_at[state.seat] = now
        return self._seat_update()

    def attach_local(self, conn, seat: int | None) -> None:
        """An in-process viewer or hot-seat player (net.local): no hello, no token."""
        state = _Conn()
        state.seat, state.welcomed = seat, True
        self.conns[conn] = state
        if seat is not None:
            self.seat_conn[seat] = conn
            self.dropped_at.pop(seat, None)

    def _refuse(self, conn, code: str, msg: str) -> Out:
        out = Out()
        out.send(conn, err(code, msg))
        out.close(conn)
        self.conns.pop(conn, None)
        return out

    def _speaker(self, state) -> str:
        if state.seat is not None:
            return self.session.seats[state.seat].get("name") or f"Seat {state.seat + 1}"
        return state.name or "Spectator"

    def _hello(self, conn, state, msg, now) -> Out:
        if msg["proto"] != PROTO:
            return self._refuse(conn, "proto", f"This table speaks protocol {PROTO}, not {msg['proto']}.")
        name = (msg.get("name") or "").strip()[:MAX_NAME] or None
        state.name = name
        out = self.flush_updates()  # the others hear of earlier moves first; the welcome's view holds them
        token = None
        if (msg.get("want") or "play") == "play":
            if msg.get("token") is not None:
                seat = self._seat_of_token(msg["token"])
                if seat is None:
                    return out.extend(self._refuse(conn, "bad_token", "That token holds no seat at this table."))
                token = msg["token"]
                old = self.seat_conn.get(seat)
                if old is not None and old is not conn:
                    out.send(old, err("replaced", "Your seat was reclaimed by a new connection with its token."))
                    out.close(old)
                    self.conns.pop(old, None)
                _let_go(self.standins.pop(seat, None))
                self.dropped_at.pop(seat, None)
            else:
                open_seats = self.open_seats()
                if not open_seats:
                    return out.extend(self._refuse(conn, "full",
                                                   "Every seat at this table is taken; you can watch instead."))
                seat = msg.get("seat") if msg.get("seat") in open_seats else open_seats[0]
                token = secrets.token_urlsafe(TOKEN_BYTES)
                self.session.seats[seat] = {"name": name or f"Player {seat + 1}", "kind": "human",
                                            "token_sha256": token_digest(token)}
                if not self.open_seats() and not self.owner_starts:
                    self.started = True
                self._rewrite_journal()
            state.seat = seat
            self.seat_conn[seat] = conn
        elif self.max_watchers is not None and self.watchers() >= self.max_watchers:
            return out.extend(self._refuse(conn, "full", f"This table already has {self.max_watchers} "
                                                         "spectators, its limit; try again later."))
        state.welcomed = True
        welcome = {"t": "welcome", "proto": PROTO, "game": self.game, "table": self.name,
                   "seat": state.seat, "token": token,
                   "last_seq": None if state.seat is None else self.last_seq(state.seat),
                   "seats": self.public_seats(), "rev": self.rev, "view": self.view(state.seat)}
        if msg.get("views") == PATCHES:
            state.patches, welcome["views"] = True, PATCHES
            state.base = patches.snapshot(welcome["view"])
        out.send(conn, welcome)
        if msg.get("history") is True:
            for part in self.history_frames(state.seat):
                out.send(conn, part)
        if state.seat is not None:
            out.extend(self._seat_update(skip=conn))
        return out

    def whole_views(self) -> Out:
        """An update holding each welcomed connection's whole view as it is now (no events): what a driver sends
        when what it sent lately may have been lost on the way (the club's nats-server restarted)."""
        out = self.flush_updates()
        for conn, state in self.conns.items():
            if state.welcomed:
                out.send(conn, self._whole_view(state))
        return out

    def _whole_view(self, state) -> dict:
        """An update holding the connection's whole view as it is now (no events); patches follow from it."""
        v = self.view(state.seat)
        if state.patches:
            state.base = patches.snapshot(v)
        return {"t": "update", "rev": self.rev, "events": [], "view": v}

    def _seat_of_token(self, token: str):
        digest = token_digest(token)
        for i, s in enumerate(self.session.seats):
            if s.get("kind") == "human" and hmac.compare_digest(s.get("token_sha256") or "", digest):
                return i
        return None

    # ----- acting -------------------------------------------------------------------
    def _act(self, conn, state, msg) -> Out:
        out = Out()
        seq, seat, action = msg["seq"], state.seat, msg["a"]
        if seat is None:
            out.send(conn, err(NOT_YOUR_TURN, "Spectators cannot act.", seq))
            return out
        if not 0 < seq < SEQ_LIMIT:   # refused before anything is kept or stored: a database holds it in 32 bits
            out.send(conn, err(BAD_ACTION, f"An act's seq is a whole number from 1 to {SEQ_LIMIT - 1}.", seq))
            return out
        memory = self.answers.get(seat)
        if memory is None:
            memory = self.answers[seat] = answers.SeatAnswers()
        if memory.is_resend(seq):  # never applied again: its first answer, or stale_seq
            out.send(conn, memory.resend(seq, action))
            return out
        if crashpoint.AT is not None:   # a test's kill point (one comparison on the usual path)
            crashpoint.reached("act_received")
        events = None
        if not self.started:
            answer = err(NOT_YOUR_TURN, "The game has not started: seats are still open.", seq)
        else:
            try:
                events = self._apply(seat, action, seq)
                answer = {"t": "ok", "seq": seq, "rev": self.session.rev}
                if crashpoint.AT is not None:
                    crashpoint.reached("act_journaled")
            except RuleError as e:
                answer = err(e.code, e.message, seq, e.rule)
        memory.remember(seq, answer, action)
        out.send(conn, answer)
        if events is not None:  # the actor's ok leaves before the updates are built
            self._unsent.extend(events)
            self._actors.add(seat)
            out.defer(self.flush_updates)
        return out

    def _apply(self, seat, action, seq=None) -> list:
        """Apply through the Session, then journal it with its seq (before anyone is told ok).

        A rules bug (RulesFailure) has left the session as it was before the action: it is logged with
        the action and its traceback, counted in `status()`, and refused like a bad action; play goes on."""
        try:
            events = self.session.apply(seat, action, seq=seq)
        except RulesFailure as e:
            self.rules_failures += 1
            log.error("the rules failed on %s's action %r at rev %d; nothing was changed and play goes on",
                      "the table" if seat is TABLE_SEAT else f"seat {seat}", action, self.rev, exc_info=e.__cause__)
            raise
        if self._history_length == len(self.session.log) - 1:   # kept for `history` frames
            self._history.extend(events)
            self._history_length += 1
        if crashpoint.AT is not None:
            crashpoint.reached("act_applied")
        if self.journal is not None:
            self.journal.append(seat, action, seq)
            if self.session.result() is not None:
                self.journal.checkpoint(self.rev, self.session.state_hash())
        return events

    def past_events(self) -> list:
        """Every event of the game so far, unredacted, in order: kept as actions are applied here, and replayed
        from the log once where the table did not see them all (a resumed save, a club table taken over)."""
        if self._history_length != len(self.session.log):
            replay = Session.from_header(self.session.header())
            self._history = [e for seat, action in self.session.log for e in replay.apply(seat, action)]
            self._history_length = len(self.session.log)
        return self._history

    def history_frames(self, seat) -> list[dict]:
        """What `seat` (None: a spectator) would have received of the game so far, as `history` frames (asked for
        in hello: a window that opens on a game under way, Rejoin, fills its log as it was)."""
        seen = self.session.events_for(self.past_events(), seat)
        parts = [seen[i:i + HISTORY_CHUNK] for i in range(0, len(seen), HISTORY_CHUNK)] or [[]]
        return [{"t": "history", "rev": self.rev, "events": part, "more": i < len(parts) - 1}
                for i, part in enumerate(parts)]

    def flush_updates(self) -> Out:
        """The update owed for accepted actions, if no update has carried their rev yet (with their events,
        or none: a step the rules take silently still moves every view).

        A driver may run this late (after answering several actions): the actions since
        the last update then go out in one update, events in order, view and rev as now.
        """
        return self.updates([]) if self.owes_update() else Out()

    def updates(self, events: list) -> Out:
        """An `update` for every welcomed connection, built and redacted for its seat.

        It carries every event not yet sent (earlier accepted actions first), then `events`.
        """
        out = Out()
        for conns, msg in self.iter_updates(events):
            for conn in conns:
                out.send(conn, msg)
        return out

    def iter_updates(self, events: list = (), spliced: bool = False):
        """`updates`, one message at a time: (connections, message) per distinct message, each built only
        when asked for, so a driver can send one before the next is built. Seats that moved come first
        (`_build_order`); spectators share one message.

        Connections that take patches get the change from the view they were last sent (computed
        once per distinct last view), the view's hash every HASH_EVERY updates, the whole view when
        that is smaller, and nothing at all when nothing they see changed.

        `spliced`: the messages are for net.frames' `encode` only (the fields every whole view shares
        may be `msgspec.Raw`, packed once for all the frames)."""
        if self._unsent:
            events = self._unsent + list(events) if events else self._unsent
            self._unsent = []
        actors, self._actors = self._actors, set()
        self._sent_rev = self.session.rev
        self._update_count += 1
        with_hash = self._update_count % HASH_EVERY == 0
        groups, patching = self._receivers()
        order = self._build_order(groups, actors)
        # Each view built when its turn comes (the first is sent sooner). Whole views only, for a caller
        # that encodes with net.frames' `encode` (`spliced`): what the views share is packed once.
        share = frames.spliced if spliced and not patching else None
        seats = self.public_seats() if not spliced else self._shared_seats(_as_is if share is None else share)
        phase, rev = self.phase, self.session.rev   # the same for every receiver
        build = self.view_builder(seats, phase, share)
        differ = patches.Differ() if patching else None   # the shared public part packed and diffed once
        events_for = self.session.events_for
        for seat in order:
            view, seen = build(seat), events_for(events, seat)
            if not patching:   # every receiver takes whole views (raw protocol clients): nothing else to do
                yield groups[seat], {"t": "update", "rev": rev, "events": seen, "view": view}
                continue
            whole, by_base = [], {}
            for conn in groups[seat]:
                st = self.conns[conn]
                if st.patches and st.base is not None:
                    by_base.setdefault(id(st.base), (st.base, []))[1].append((conn, st))   # one base, one patch
                else:
                    whole.append(conn)
            if whole:
                yield whole, {"t": "update", "rev": rev, "events": seen, "view": view}
            if by_base:
                yield from self._patched(differ, _merged(list(by_base.values())), view, seen, rev, with_hash, spliced)

    def _receivers(self) -> tuple[dict, bool]:
        """The welcomed connections by seat (None: spectators) and whether any takes patches, made again
        only when a connection came or went or one's seat, welcome or kind of view was set (every one
        is a new `_Conn` or a set attribute, counted by `_Conn.changes`; a connection that left makes
        the table smaller): an update after an act finds them as they were. Callers do not change them."""
        memo = self._receivers_memo
        if memo is not None and memo[0] == _Conn.changes and memo[1] == len(self.conns):
            return memo[2], memo[3]
        groups: dict = {}
        patching = False
        for conn, st in self.conns.items():
            if st.welcomed:
                groups.setdefault(st.seat, []).append(conn)
                patching = patching or st.patches
        self._receivers_memo = (_Conn.changes, len(self.conns), groups, patching)
        return groups, patching

    @staticmethod
    def _build_order(groups: dict, actors: set) -> list:
        """The seats whose updates are built first: those that acted. An actor's client waits on this
        update to see its own move (act -> update, the latency a player feels); the others asked for
        nothing, and one fan-out step sends every update before the host reads again, so they lose
        nothing (docs/bench.md, "Host CPU per update")."""
        if not actors:
            return list(groups)
        return sorted(groups, key=actors.__contains__, reverse=True)   # stable: each part in the table's order

    @staticmethod
    def _patched(differ, bases, view, seen, rev, with_hash, spliced=False):
        now = differ.snapshot(view)
        digest = now.hash() if with_hash else None
        for base, members in bases:
            for _, st in members:
                st.base = now
            ops = differ.diff(base, now)
            if not ops and not seen and not with_hash:
                continue   # nothing new for these connections
            ops, size = patches.encoded(ops, spliced)
            msg = {"t": "update", "rev": rev, "events": seen, "patch": ops}
            if size >= now.size:
                msg = {"t": "update", "rev": rev, "events": seen, "view": view}
            elif digest is not None:
                msg["hash"] = digest
            yield [conn for conn, _ in members], msg

    def owes_update(self) -> bool:
        """Whether the state moved (a rev, or events) since the last update: every receiver is owed one."""
        return self.session.rev != self._sent_rev or bool(self._unsent)

    def _seat_update(self, skip=None) -> Out:
        out = self.updates([])
        out.sends = [(c, m) for c, m in out.sends if c is not skip]
        return out

    # ----- lobby and bots -------------------------------------------------------------------
    def start(self, level: str = "normal") -> Out:
        """The owner starts now: bots take every open seat."""
        if self.started:
            return Out()
        for seat in self.open_seats():
            self.session.seats[seat] = {"name": names.bot_name(seat, self.session.seats), "kind": "bot",
                                        "level": level}
            self.bots[seat] = self._new_bot(seat, level)
        self.started = True
        self._rewrite_journal()
        return self._seat_update()

    def stand_in(self, seat: int, level: str = "normal") -> Out:
        """The owner gives a human seat whose player left to a bot now (its player may still take it back)."""
        if seat not in self.dropped_at or seat in self.standins or not self.make_bot:
            return Out()
        self.standins[seat] = self._new_bot(seat, level)
        return self._seat_update()

    def _new_bot(self, seat: int, level: str):
        if self.make_bot is None:
            raise ValueError("This table was given no bots, so it cannot seat one.")
        return self.make_bot(self.game, level, seat, (self.session.seed * 1_000_003 + seat) & 0xFFFFFFFF)

    def bot_for(self, seat: int):
        return self.bots.get(seat) or self.standins.get(seat)

    def due_bot(self):
        """A seat a bot should move for now, or None: a bot's seat in `to_act` with something it may do
        that has not already passed at this rev (in a reaction window several bots are asked at once,
        most with nothing to do; one that declines must not hold up the others)."""
        if not self.started or (not self.bots and not self.standins) or self.session.result() is not None:
            return None   # (a table without bots has none due: nothing more to ask)
        passed = self._bot_passed[1] if self._bot_passed[0] == self.rev else set()
        for seat in self.session.to_act():
            bot = self.bot_for(seat)
            if bot is not None and seat not in passed and (_busy(bot, self.rev) or legal.size(self.session.legal(seat))):
                return seat
        return None

    def due_bots(self) -> list[int]:
        """Every seat a bot should move for now (real time: each bot at its own pace)."""
        if not self.started or (not self.bots and not self.standins) or self.session.result() is not None:
            return []
        return [seat for seat in self.session.to_act() if self.bot_for(seat) is not None]

    def bot_move(self, seat: int) -> Out:
        """Let the bot of `seat` choose and act (a refused choice falls back to a legal action)."""
        bot = self.bot_for(seat)
        if bot is None or seat not in self.session.to_act() or _busy(bot, self.rev):
            return Out()   # (a bot still searching at this rev is asked again later, no view built for it)
        action = bot.choose(self.view(seat))
        if action is None and getattr(bot, "thinking", False):
            return Out()  # a bot searching in a worker thread (bots/background.py): ask again later
        if action is None:
            if self._bot_passed[0] != self.rev:
                self._bot_passed = (self.rev, set())
            self._bot_passed[1].add(seat)
            return Out()
        try:
            events = self._apply(seat, action)
        except RuleError:
            allowed = undo.without(self.session.legal(seat))  # a bot's fallback never takes back its own move
            if not legal.size(allowed):
                return Out()
            try:
                events = self._apply(seat, legal.sample(allowed, self._fallback))
            except RulesFailure:  # logged and counted; the driver asks the bot again later
                return Out()
        return self.updates(events)

    # ----- timers ---------------------------------------------------------------------
    def timer(self):
        """The host-driven step the rules ask for now ({"after", "action"}), or None. The driver fires it
        with `fire_timer(rev)` once `after` seconds have passed with the table still at `rev`."""
        if not self.started:
            return None
        return self.session.timer()

    def timer_delay(self) -> float | None:
        """Seconds until the rules' timed step is due, or None when there is none. A reaction window that
        asks only bots closes as soon as none of them has anything left to do: nobody can hesitate, so
        its length tells nothing; a window that asks a person lasts its full time."""
        timer = self.timer()
        if timer is None:
            return None
        prompt = self.session.prompt()
        asked = prompt["seats"] if prompt else self.session.to_act()
        if asked and all(self.bot_for(seat) is not None for seat in asked) and self.due_bot() is None:
            return 0.0
        return float(timer["after"])

    def fire_timer(self, rev: int) -> Out:
        """Apply the rules' timed step, if the table is still where it was when the timer was set."""
        if rev != self.rev:
            return Out()
        timer = self.timer()
        if timer is None:
            return Out()
        try:
            events = self._apply(TABLE_SEAT, timer["action"])
        except RuleError:
            return Out()
        return self.updates(events)

    def tick(self, now: float) -> Out:
        """Hand a dropped human seat to a stand-in bot once `takeover_after` seconds have passed."""
        if self.takeover_after is None or not self.started:
            return Out()
        changed = False
        for seat, since in list(self.dropped_at.items()):
            if seat not in self.standins and now - since >= self.takeover_after:
                self.standins[seat] = self._new_bot(seat, "normal")
                changed = True
        return self._seat_update() if changed else Out()

    # ----- saving -------------------------------------------------------------------
    def _rewrite_journal(self) -> None:
        """Write the whole save again (seats changed), then go on appending one action per write."""
        if self.save_path is None:
            return
        if self.journal is not None:
            self.journal.close()
        s = self.session
        self.journal = saves.Journal(self.save_path, s.header(), s.log, s.rev, s.state_hash(), s.log_seqs)

    def close(self) -> None:
        if self.journal is not None:
            self.journal.close()
            self.journal = None
        for bot in [*self.bots.values(), *self.standins.values()]:
            _let_go(bot)


def _let_go(bot) -> None:
    """A bot the table no longer asks: one that thinks in a helper process of its own ends it (bots/background.py)."""
    close = getattr(bot, "close", None)
    if close is not None:
        close()


def _busy(bot, rev) -> bool:
    """A bot searching in a worker thread (bots/background.py) that is still at it for `rev`."""
    busy_at = getattr(bot, "busy_at", None)
    return busy_at is not None and busy_at(rev)
