"""The LAN host: one Table behind a TCP port, on asyncio.

Each client socket is a `net.connection.Connection` (exact reads on readiness callbacks, writes
that never block, `too_slow`); this module accepts them and schedules what the table asks for.
The loop is built for latency and throughput:
  - answers (`ok`/`err`) go out before any update is built: the first frame's at
    once, those of frames queued behind it together;
  - updates are coalesced: everything accepted since the last update goes out as
    one `update` per receiver, its view built once per seat, encoded once however
    many receive it (and, for connections that take patches, each distinct patch
    computed and encoded once), and sent as soon as it is built (receivers whose
    seat did not move first). A lone act gets its updates at once; a burst (several
    frames in one wake-up) waits for the end of the loop turn, so every socket's
    frames of that turn share one update — and while players' sockets still hold
    frames of the burst, for up to BURST_HOLD (2 ms) more, so a race's answers are
    not held up behind views that the next frames would make stale at once.

The limits of PROTOCOL.md live here and in net.connection (numbers in net.limits): chat and act
rates, the 1 MiB of unsent frames after which a connection that does not read is closed
(`too_slow`), the spectator cap, at most 4 connections per address that have not said hello, and
a budget of file descriptors that always keeps room for every seat's holder to come back. A
connection is alive while it completes frames: bytes of an unfinished frame do not reset its
silence clock.
"""
import asyncio
import logging
import secrets
import select
import socket
import threading
import time
from collections import deque

from engine import games
from engine.session import Session
from net import frames, limits, names
from net.connection import CLOSE_FLUSH_SECONDS, Connection
from net.frames import err
from net.table import Table

log = logging.getLogger(__name__)

BURST_HOLD = 0.002                    # a burst's update waits at most this long while players' frames still arrive


class Host:
    """Serves `table` on (host, port). Timeouts are attributes so tests can shorten them."""

    def __init__(self, table: Table, *, host: str = "127.0.0.1", port: int = 0, hello_timeout: float = 5.0,
                 silence_timeout: float = 15.0, bot_delay: float = 0.5, countdown: float | None = None,
                 advertise=None, timer_scale: float = 1.0, max_watchers: int = limits.MAX_WATCHERS,
                 max_connections: int | None = None):
        """`countdown`: seconds this host's bots wait, in a real-time game, from the moment the race
        starts before they first move (None: the game's own count, as windows keep it).
        `timer_scale` multiplies the rules' timed steps (0: at once, for bot-only tables and tests).
        `max_connections`: client sockets held at once (None: the file descriptor limit less a spare)."""
        self.table = table
        self.max_connections = max_connections
        self.max_watchers = max_watchers
        self._act_buckets: dict = {}       # seat -> limits.Bucket
        self.bind = (host, port)
        self.hello_timeout = hello_timeout
        self.silence_timeout = silence_timeout
        self.bot_delay = bot_delay
        self.countdown = games.start_countdown(table.game) if countdown is None else max(0.0, countdown)
        self._race_began = None            # loop time at which this host first saw its race under way
        self.advertise = advertise  # callable(port) -> an Advertiser, or None for no discovery
        self.advertiser = None
        self.address = None
        self.loop = None
        self.connections: set[Connection] = set()
        self.over = None  # asyncio.Event, set once the game has a result
        self._sock = None
        self._tasks: list[asyncio.Task] = []
        self._bot_timers: dict = {}        # seat (or "turn") -> TimerHandle
        self.timer_scale = timer_scale
        self._rules_timer = None           # (rev, due time, TimerHandle) of the rules' timed step
        self._advertised = None
        self._dirty_conns: list = []       # connections with frames queued since the last flush
        self._flush_handle = None
        self._deferred: list = []          # update builders waiting for the answers to go first
        self._fan_out_handle = None
        self._burst_since = None           # loop time the update owed to a burst was first put off
        self._in_step = False              # inside a read or fan-out step, which flushes at its end
        self._stopping = False
        self.too_slow_frame = frames.encode(err("too_slow", "You are not reading what the table sends "
                                                            f"(over {limits.MAX_UNSENT_BYTES} bytes wait for "
                                                            "you); the connection is closed."))
        self._slow_chat = frames.encode(err("slow_down", f"At most {limits.CHAT_PER_SECOND:g} chat lines a "
                                                         f"second (bursts of {limits.CHAT_BURST}); that line "
                                                         "was dropped."))
        self.reads_of_closed = deque(maxlen=256)  # (peer, bytes read) of closed connections, for checks

    # ----- life ---------------------------------------------------------------------
    async def start(self) -> tuple[str, int]:
        self.loop = asyncio.get_running_loop()
        self.over = asyncio.Event()
        if self.max_connections is None:
            self.max_connections = limits.connection_budget()
        # Room for every seat is kept: spectators get what is left after the seats and some pending hellos.
        room = self.max_connections - self.table.session.n_seats - 2 * limits.MAX_PENDING_PER_ADDRESS
        self.table.max_watchers = max(0, min(self.max_watchers, room))
        family = socket.AF_INET6 if ":" in self.bind[0] else socket.AF_INET
        self._sock = socket.create_server(self.bind, family=family, backlog=128)
        self._sock.setblocking(False)
        self.address = self._sock.getsockname()[:2]
        self.loop.add_reader(self._sock.fileno(), self._accept)
        self._tasks = [self.loop.create_task(self._watchdog())]
        if self.advertise is not None:
            port = self.address[1]
            self.advertiser = await self.loop.run_in_executor(None, self.advertise, port)
        self._after_change()
        return self.address

    async def stop(self) -> None:
        self._stopping = True
        for task in self._tasks:
            task.cancel()
        for timer in self._bot_timers.values():
            timer.cancel()
        self._bot_timers.clear()
        if self._rules_timer is not None:
            self._rules_timer[2].cancel()
            self._rules_timer = None
        if self._sock is not None:
            self.loop.remove_reader(self._sock.fileno())
        for c in list(self.connections):
            c.close()
        deadline = time.monotonic() + CLOSE_FLUSH_SECONDS + 1
        while self.connections and time.monotonic() < deadline:
            await asyncio.sleep(0.01)
        for c in list(self.connections):
            c._shut()
        for handle in (self._fan_out_handle, self._flush_handle):
            if handle is not None:
                handle.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        if self._sock is not None:
            self._sock.close()
            self._sock = None
        if self.advertiser is not None:
            await self.loop.run_in_executor(None, self.advertiser.close)
            self.advertiser = None
        self.table.close()

    async def run_until_over(self, grace: float = 3.0) -> None:
        """Serve until the game has a result, then give clients `grace` seconds to leave."""
        await self.over.wait()
        deadline = time.monotonic() + grace
        while self.connections and time.monotonic() < deadline:
            await asyncio.sleep(0.05)

    def start_game(self) -> None:
        """The owner's "start now": bots take the open seats."""
        self._dispatch(self.table.start())
        self._settle()

    def stand_in(self, seat: int) -> None:
        """The owner gives the seat of a player who left to a bot (net.table.Table.stand_in)."""
        self._dispatch(self.table.stand_in(seat))
        self._settle()

    # ----- connections ------------------------------------------------------------------
    def _accept(self) -> None:
        for _ in range(64):
            try:
                sock, peer = self._sock.accept()
            except (BlockingIOError, InterruptedError):
                return
            except OSError as e:  # e.g. out of file descriptors: stop listening a moment, then go on
                log.warning("accept failed: %s", e)
                self.loop.remove_reader(self._sock.fileno())
                self.loop.call_later(0.1, self._resume_accepting)
                return
            sock.setblocking(False)
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            conn = Connection(self, sock, peer)
            self.connections.add(conn)
            self.table.connect(conn)
            self.loop.add_reader(conn.fd, conn.readable)
            conn.readable()  # a hello sent with the connect is read now: that connection is pending no more
            if not conn.closed:
                self._limit_pending(conn)
            self._keep_room(conn)

    def _pending(self, conn: Connection) -> bool:
        return not conn.closed and not self.table.is_welcomed(conn)

    def _refuse_full(self, conn: Connection, sentence: str) -> None:
        conn.send(frames.encode(err("full", sentence)))
        conn.close()

    def _limit_pending(self, newest: Connection) -> None:
        """At most MAX_PENDING_PER_ADDRESS connections from one address without a hello: beyond that the
        oldest of them is refused, so a fresh connection (perhaps a seat holder) always gets its chance."""
        if not self._pending(newest):
            return
        mine = sorted((c for c in self.connections if c.peer[0] == newest.peer[0] and self._pending(c)),
                      key=lambda c: c.opened)
        for old in mine[:max(0, len(mine) - limits.MAX_PENDING_PER_ADDRESS)]:
            self._refuse_full(old, f"Too many connections from {old.peer[0]} have not said hello yet.")

    def _keep_room(self, newest: Connection) -> None:
        """Keep the sockets held within the budget, with room for every seat: connections that hold no
        seat give way, those closing first, then the oldest that has not said hello."""
        spare = self.max_connections - self.table.session.n_seats
        others = [c for c in self.connections if c.closed or self.table.seat_of(c) is None]
        if len(others) <= spare:
            return
        closing = sorted((c for c in others if c.closed and not c.gone), key=lambda c: c.opened)
        waiting = sorted((c for c in others if self._pending(c)), key=lambda c: c.opened)
        excess = len(others) - spare
        for c in closing[:excess]:
            c._shut()
        excess -= min(excess, len(closing))
        for c in waiting[:excess]:
            self._refuse_full(c, "This table has no room for another connection now.")
            c._shut()
        excess -= min(excess, len(waiting))
        if excess and not newest.gone and self.table.seat_of(newest) is None:
            self._refuse_full(newest, "This table has no room for another connection now.")
            newest._shut()

    def _within_limits(self, conn: Connection, msg: dict, now: float) -> bool:
        """Chat: 5 lines a second per connection (bursts of 10); act: 50 a second per seat (real time 200).
        Beyond that the frame is answered `slow_down` and dropped: nothing applied, nothing remembered."""
        if msg["t"] == "chat":
            if conn.chat.take(now):
                return True
            conn.send(self._slow_chat)
            return False
        seat = self.table.seat_of(conn)
        if seat is None:
            return True  # the table answers a spectator's act
        bucket = self._act_buckets.get(seat)
        if bucket is None:
            bucket = self._act_buckets[seat] = limits.act_bucket(self.table.realtime)
        if bucket.take(now):
            return True
        conn.send(frames.encode(err("slow_down", f"At most {bucket.rate:g} actions a second; this one was "
                                                 "not applied. Send it again in a moment (same seq).",
                                    msg["seq"])))
        return False

    def _resume_accepting(self) -> None:
        if self._sock is not None:
            self.loop.add_reader(self._sock.fileno(), self._accept)

    def _closing(self, conn: Connection) -> None:
        """`conn` stopped reading: its seat is kept for its token, the others are told — after the
        step under way, so a connection failing mid-fan-out never interleaves a seat update with it."""
        self.reads_of_closed.append((conn.peer, conn.bytes_read))
        now = time.monotonic()
        self._deferred.append(lambda: self.table.drop(conn, now))
        if not self._in_step and self._fan_out_handle is None:
            self._fan_out_handle = self.loop.call_soon(self._fan_out)

    def _gone(self, conn: Connection) -> None:
        self.connections.discard(conn)

    def _bad_frame(self, conn: Connection, e: frames.BadFrame) -> None:
        conn.send(frames.encode(err("bad_frame", str(e))))
        conn.close()

    # ----- sending ---------------------------------------------------------------------
    def _dirty(self, conn: Connection) -> None:
        self._dirty_conns.append(conn)
        if self._flush_handle is None and not self._in_step:  # sends made outside a step still go out soon
            self._flush_handle = self.loop.call_soon(self._settle)

    def _flush(self) -> None:
        conns, self._dirty_conns = self._dirty_conns, []
        for conn in conns:
            if conn.out:
                conn.flush()

    def _settle(self, now: bool = False) -> None:
        """End of a step: send what is queued; updates are built after the answers have gone,
        at once (`now`: a lone act, latency first) or at the next turn of the loop (a burst:
        everything read in this turn, from every socket, shares one coalesced update)."""
        self._in_step = False
        if self._flush_handle is not None:
            self._flush_handle.cancel()
            self._flush_handle = None
        self._flush()
        if self._deferred and now and self._fan_out_handle is None:
            self._fan_out()
            return
        if self._deferred and self._fan_out_handle is None:
            if self._burst_since is None:
                self._burst_since = self.loop.time()
            self._fan_out_handle = self.loop.call_soon(self._fan_out)
        self._after_change()

    def _players_have_more(self) -> bool:
        """Whether a seat holder's socket holds unread bytes (its next frames are on their way)."""
        poll = select.poll()
        for conn in self.connections:
            if not conn.closed and self.table.seat_of(conn) is not None:
                poll.register(conn.fd, select.POLLIN)
        return bool(poll.poll(0))

    def _fan_out(self) -> None:
        self._fan_out_handle = None
        if (self._burst_since is not None and self.table.owes_update()
                and self.loop.time() - self._burst_since < BURST_HOLD and self._players_have_more()):
            # A burst is still arriving: answer it first (after the readers of this turn), update once.
            self._fan_out_handle = self.loop.call_later(0, self._fan_out)
            return
        self._burst_since = None
        self._in_step = True
        try:
            if self.table.owes_update():
                # One coalesced update per receiver, each sent as soon as it is built: the first
                # receivers read while the next views are being made.
                encode = frames.encode
                for conns, msg in self.table.iter_updates(spliced=True):
                    try:
                        data = encode(msg)
                    except ValueError:
                        log.exception("a message too large for a frame was not sent")
                        continue
                    for conn in conns:
                        conn.write(data)
            deferred, self._deferred = self._deferred, []
            for make in deferred:  # the table's own update builders now find nothing left to send
                out = make()
                if out.sends or out.closes or out.deferred:
                    self._dispatch(out)
            self.table.session.prepare_undo()   # the updates have gone: the next act's undo copy, made ahead
        finally:
            self._settle()

    def _dispatch(self, out) -> None:
        encoded: dict[int, bytes] = {}  # one encoding per message, however many receive it
        encode = frames.encode
        for conn, msg in out.sends:
            data = encoded.get(id(msg))
            if data is None:
                try:
                    data = encoded[id(msg)] = encode(msg)
                except ValueError:
                    log.exception("a message too large for a frame was not sent")
                    continue
            conn.send(data)
        for conn in out.closes:
            conn.close()
        self._deferred.extend(out.deferred)

    async def _watchdog(self) -> None:
        period = max(0.02, min(0.5, self.hello_timeout / 5, self.silence_timeout / 5))
        while True:
            await asyncio.sleep(period)
            now = time.monotonic()
            for conn in list(self.connections):
                if conn.closed:
                    continue
                state = self.table.conns.get(conn)
                welcomed = state is not None and state.welcomed
                if not welcomed and now - conn.opened > self.hello_timeout:
                    conn.send(frames.encode(err("timeout", f"No hello within {self.hello_timeout:g} seconds.")))
                    conn.close()
                elif welcomed and now - conn.last_heard > self.silence_timeout:
                    conn.send(frames.encode(err("timeout", f"Nothing heard for {self.silence_timeout:g} "
                                                           "seconds; your seat is kept for your token.")))
                    conn.close()
            self._dispatch(self.table.tick(now))
            self._settle()

    # ----- after every step ---------------------------------------------------------
    def _after_change(self) -> None:
        if self._stopping:
            return
        self._schedule_bots()
        self._schedule_rules_timer()
        if self.advertiser is not None:
            state = (len(self.table.open_seats()), self.table.phase)
            if state != self._advertised:
                self._advertised = state
                self.advertiser.update(open_seats=state[0], phase=state[1])
        if self.table.phase == "over" and self.over is not None:
            self.over.set()

    def _schedule_bots(self) -> None:
        """Turn-based: one timer for the bot due to move. Real time: one timer per bot seat, each at its pace."""
        if self.table.realtime:
            for seat in self.table.due_bots():
                if seat not in self._bot_timers:
                    delay = self._count_left() + self._pace(seat)
                    self._bot_timers[seat] = self.loop.call_later(delay, self._bot_step, seat)
            return
        if "turn" in self._bot_timers:
            return
        seat = self.table.due_bot()
        if seat is not None:
            self._bot_timers["turn"] = self.loop.call_later(self._pace(seat), self._bot_step, None)

    def _schedule_rules_timer(self) -> None:
        """The rules' timed step (a reaction window closing): set when a rev first asks for it and fired
        if nothing changed since; brought forward when it becomes due sooner (the bots it waited on passed)."""
        rev, now = self.table.rev, self.loop.time()
        delay = self.table.timer_delay()
        if self._rules_timer is not None:
            old_rev, due, handle = self._rules_timer
            if old_rev == rev and delay is not None and due <= now + delay * self.timer_scale:
                return
            handle.cancel()
            self._rules_timer = None
        if delay is not None:
            due = now + max(0.0, delay * self.timer_scale)
            if self._rules_timer is None or self._rules_timer[0] != rev:
                self._rules_timer = (rev, due, self.loop.call_at(due, self._fire_rules_timer, rev))

    def _fire_rules_timer(self, rev: int) -> None:
        self._rules_timer = None
        self._dispatch(self.table.fire_timer(rev))
        self._settle()

    def _count_left(self) -> float:
        """Real time: what is left of the start count. A race that has seen moves (a resumed one) has none."""
        if self._race_began is None:
            self._race_began = self.loop.time() if self.table.session.rev == 0 else float("-inf")
        return max(0.0, self._race_began + self.countdown - self.loop.time())

    def _pace(self, seat: int) -> float:
        return max(self.bot_delay, getattr(self.table.bot_for(seat), "pace", 0.0) or 0.0)

    def _bot_step(self, seat) -> None:
        key = "turn" if seat is None else seat
        self._bot_timers.pop(key, None)
        if seat is None:
            seat = self.table.due_bot()
        elif seat not in self.table.due_bots():
            seat = None
        if seat is None:
            self._settle()
            return
        rev = self.table.rev
        self._dispatch(self.table.bot_move(seat))
        if self.table.rev == rev and (self.table.realtime or self.table.due_bot() is not None):
            # the bot passed; ask again after a pause, not in a busy loop
            self._bot_timers[key] = self.loop.call_later(max(self._pace(seat), 0.1), self._bot_step,
                                                         None if key == "turn" else seat)
        self._settle()


def new_session(game: str, n_seats: int, *, bots=(), options=None, seed=None) -> Session:
    """A fresh Session whose last len(bots) seats are bots of those levels; the others are open."""
    bots = list(bots)
    if len(bots) > n_seats:
        raise ValueError(f"{len(bots)} bots do not fit at a table of {n_seats} seats.")
    seats = [{"name": None, "kind": "open"} for _ in range(n_seats - len(bots))]
    named = names.bot_names(n_seats)
    seats += [{"name": named[n_seats - len(bots) + i], "kind": "bot", "level": level} for i, level in enumerate(bots)]
    return Session(game, n_seats, seed=secrets.randbits(32) if seed is None else seed, options=options, seats=seats)


class HostHandle:
    """A host running on its own thread (the window hosting a LAN game, tests)."""

    def __init__(self, host: Host, loop: asyncio.AbstractEventLoop, thread: threading.Thread):
        self.host = host
        self._loop = loop
        self._thread = thread
        bound, port = host.address
        self.address = ("127.0.0.1" if bound in ("0.0.0.0", "") else "::1" if bound == "::" else bound, port)

    def start_game(self) -> None:
        asyncio.run_coroutine_threadsafe(_call(self.host.start_game), self._loop).result(5)

    def stand_in(self, seat: int) -> None:
        asyncio.run_coroutine_threadsafe(_call(lambda: self.host.stand_in(seat)), self._loop).result(5)

    @property
    def phase(self) -> str:
        return self.host.table.phase

    def stop(self) -> None:
        if self._thread.is_alive():
            asyncio.run_coroutine_threadsafe(self.host.stop(), self._loop).result(10)
            self._loop.call_soon_threadsafe(self._loop.stop)
            self._thread.join(10)


async def _call(fn):
    return fn()


def start_in_thread(game: str, n_seats: int, *, bots=(), options=None, name: str = "Sandtable",
                    port: int = 0, discovery: bool = True, save_path=None, seed=None, host: str = "0.0.0.0",
                    bot_delay: float = 0.6, takeover_after: float | None = None, session: Session | None = None,
                    bot_factory=None, **host_options) -> HostHandle:
    """Start a host on a background thread; returns once it accepts connections.

    `bots` lists bot levels for the last seats. `session` continues a loaded game instead.
    Raises what binding raises (e.g. OSError for a port in use) or ValueError for bad settings.
    """
    session = session or new_session(game, n_seats, bots=bots, options=options, seed=seed)
    table = Table(session, name=name, bot_factory=bot_factory, takeover_after=takeover_after,
                  save_path=save_path, now=time.monotonic())
    the_host = Host(table, host=host, port=port, bot_delay=bot_delay,
                    advertise=advertiser_for(table) if discovery else None, **host_options)
    loop = asyncio.new_event_loop()
    outcome: dict = {}
    started = threading.Event()

    def run():
        asyncio.set_event_loop(loop)
        try:
            loop.run_until_complete(the_host.start())
        except BaseException as e:  # noqa: BLE001 - handed to the caller's thread
            outcome["error"] = e
            started.set()
            loop.close()
            return
        started.set()
        loop.run_forever()
        loop.close()

    thread = threading.Thread(target=run, name=f"sandtable-host-{name}", daemon=True)
    thread.start()
    if not started.wait(15):
        raise TimeoutError("The host did not start within 15 seconds.")
    if "error" in outcome:
        raise outcome["error"]
    return HostHandle(the_host, loop, thread)


def advertiser_for(table: Table):
    """A factory `port -> Advertiser` announcing `table` (imported late: zeroconf only when used)."""
    def make(port: int):
        from net.discovery import Advertiser
        return Advertiser(name=table.name, game=table.game, port=port, seats=table.session.n_seats,
                          open_seats=len(table.open_seats()), phase=table.phase)
    return make
