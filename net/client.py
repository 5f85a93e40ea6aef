"""The table client: `Client` on asyncio, and `RemoteTable`, a TableLink for frame loops.

The client trusts nothing before a `welcome` of protocol 1 has arrived. It pings
the host while idle (the host closes connections silent for 15 s), and when the
connection drops it reconnects with its seat token, backing off between tries,
and sends again every action still unanswered with the same seq: the host
answers a resent seq with its first answer and never applies it twice (or
`stale_seq` when it no longer holds that answer). New actions are numbered from
the welcome's `last_seq + 1`, so a client started again with a kept token (a
window or a `bot --token-file` that was killed) never reuses a number the host
has answered.

Updates arrive as patches (docs/protocol.md, "Patches": asked for in hello, applied here to the
client's own copy of its view), so everything above the client — windows, bots — still sees a
whole `view` in every update. A patch that does not fit, or a view whose hash is not the host's,
makes the client ask for a whole view (`{"t": "view"}`) and go on from it.

`expect` (a LAN browser row's {"game", "table"}) makes the client look first as a
spectator and refuse, with a sentence and without taking a seat, a table that is
not the one the row showed: adverts are hints, the welcome is the truth.
"""
import asyncio
import itertools
import socket
import threading
import time

import msgspec

from net import frames, limits, patches, seen
from net.link import ThreadedLink

HELLO_TIMEOUT = 3.0
PING_EVERY = 5.0
BACKOFF = (0.2, 0.5, 1.0, 2.0, 3.0)
RECONNECT_FOR = 30.0  # seconds of failed tries before giving up
# Seconds before an act refused slow_down goes again: the time the host's act bucket takes to refill
# one act at its slowest rate, so a fast bot runs at the protocol's limit instead of a tenth of it.
SLOW_DOWN_RETRY = 1.0 / limits.ACTS_PER_SECOND
CLOSING_CODES = ("replaced", "timeout", "bad_frame", "too_slow", "full")  # errs after which the host closes


def mismatch(welcome: dict, expect: dict | None) -> str | None:
    """A sentence if the table that answered is not the one `expect` (a browser row) named, else None."""
    if not expect:
        return None
    for field, what in (("game", "game"), ("table", "table")):
        want = expect.get(field)
        if want is not None and welcome.get(field) != want:
            return (f"The table at that address is not the one listed: it says its {what} is "
                    f"{str(welcome.get(field))[:60]!r}, the advert said {str(want)[:60]!r}. Not joining.")
    return None


class TableError(Exception):
    """A table refused us or could not be reached; str() is a sentence for a person."""

    def __init__(self, msg: str, code: str | None = None):
        super().__init__(msg)
        self.code = code


class Client:
    """One seat (or a spectator) at a table. Messages go to `on_message` in arrival order."""

    def __init__(self, host: str, port: int, *, name: str | None = None, want: str = "play",
                 seat: int | None = None, token: str | None = None, on_message=None,
                 hello_timeout: float = HELLO_TIMEOUT, reconnect: bool = True, ping_every: float = PING_EVERY,
                 last_seq: int = 0, expect: dict | None = None, views: str = "patches", history: bool = False):
        """`token`/`last_seq`: a seat kept from an earlier run; `expect`: see the module's docstring;
        `views`: "patches" (updates after the welcome carry patches) or "whole" (every view whole); `history`:
        the first welcome is followed by the game's events so far (`history` messages: a window's log)."""
        self.views = views
        self.history = history   # asked once: a reconnect's log already holds what came before
        self._view = None        # our own copy of the last view, which patches apply to
        self._spare = None       # a copy of `_view` made after the last view was handed on: the next one
        self._owed = None        # the patch our own `_view` takes once the view it made has been handed on
        self._patching = False   # the welcome granted patches
        self._awaiting_view = False
        self.resyncs = 0         # whole views asked for after a patch did not fit or a hash differed
        self.address = (host, port)
        self.expect = expect
        self.name, self.want, self.wanted_seat, self.token = name, want, seat, token
        self.on_message = on_message or (lambda msg: None)
        self.hello_timeout = hello_timeout
        self.reconnect = reconnect
        self.ping_every = ping_every
        self.seat = None
        self.welcome = None
        self.closed = False
        self.game_over = False
        self._seq_lock = threading.Lock()
        self._next_seq = max(0, last_seq) + 1   # numbers are taken on any thread (RemoteTable.send)
        self.last_seq = max(0, last_seq)       # the highest seq answered (by the host's welcome or an answer)
        self._unanswered: dict[int, dict] = {}
        self._first_seq: dict[int, int] = {}   # seq of an act sent again after slow_down -> the seq it was given
        self._waiters: dict[int, asyncio.Future] = {}
        self._writer = None
        self._task = None
        self._last_sent = 0.0

    # ----- public -------------------------------------------------------------------
    async def connect(self) -> dict:
        """Connect and say hello; returns the welcome, or raises TableError."""
        if self.expect and self.token is None and self.want == "play":
            await self._look()
        reader, writer = await self._open()
        self._task = asyncio.get_running_loop().create_task(self._run(reader, writer))
        return self.welcome

    def next_seq(self) -> int:
        with self._seq_lock:
            seq = self._next_seq
            self._next_seq += 1
        return seq

    def _numbers_from(self, last_seq: int) -> None:
        """The host has answered up to `last_seq` for this seat: never number a new action at or below it."""
        with self._seq_lock:
            self._next_seq = max(self._next_seq, last_seq + 1)
            self.last_seq = max(self.last_seq, last_seq)

    async def _look(self) -> None:
        """Watch first: a table that is not the expected one is refused before a seat is taken."""
        look = Client(*self.address, name=self.name, want="watch", reconnect=False, hello_timeout=self.hello_timeout)
        try:
            welcome = await look.connect()
        except TableError as e:
            if e.code == "full":  # no room to watch: the play welcome is checked instead
                return
            raise
        finally:
            await look.close()
        problem = mismatch(welcome, self.expect)
        if problem:
            raise TableError(problem, "mismatch")

    def send_act(self, action: dict, seq: int | None = None) -> int:
        seq = self.next_seq() if seq is None else seq
        msg = {"t": "act", "seq": seq, "a": action}
        self._unanswered[seq] = msg
        self._send(msg)
        return seq

    async def request(self, action: dict, timeout: float = 10.0) -> dict:
        """Send an action and wait for its ok or err."""
        seq = self.next_seq()
        future = asyncio.get_running_loop().create_future()
        self._waiters[seq] = future
        self.send_act(action, seq)
        try:
            return await asyncio.wait_for(future, timeout)
        finally:
            self._waiters.pop(seq, None)

    def chat(self, text: str) -> None:
        self._send({"t": "chat", "text": text[:frames.MAX_CHAT]})

    def ping(self, n: int = 0) -> None:
        self._send({"t": "ping", "n": n})

    async def close(self) -> None:
        self.closed = True
        if self._writer is not None:
            self._send({"t": "bye"})
            try:
                self._writer.close()
                await asyncio.wait_for(self._writer.wait_closed(), 1)
            except (OSError, asyncio.TimeoutError):
                pass
        if self._task is not None and self._task is not asyncio.current_task():
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)

    # ----- inside -------------------------------------------------------------------
    def _send(self, msg: dict) -> None:
        if self._writer is None or self._writer.is_closing():
            return  # unanswered actions go again after a reconnect
        self._writer.write(frames.encode(msg, frames.MAX_CLIENT_FRAME))
        self._last_sent = time.monotonic()

    def _resend(self, msg: dict) -> None:
        if msg["seq"] in self._unanswered:
            self._send(msg)

    async def _open(self):
        host, port = self.address
        try:
            reader, writer = await asyncio.wait_for(asyncio.open_connection(host, port), self.hello_timeout)
        except asyncio.TimeoutError:
            raise TableError(f"No table answered at {host}:{port} within {self.hello_timeout:g} seconds.") from None
        except OSError as e:
            raise TableError(f"Could not reach a table at {host}:{port} ({e.strerror or e}).") from None
        sock = writer.get_extra_info("socket")
        if sock is not None:
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        hello = {"t": "hello", "proto": frames.PROTO, "name": self.name, "want": self.want, "views": self.views}
        if self.token is not None:
            hello["token"] = self.token
        elif self.wanted_seat is not None:
            hello["seat"] = self.wanted_seat
        if self.history:
            hello["history"], self.history = True, False
        writer.write(frames.encode(hello, frames.MAX_CLIENT_FRAME))
        try:
            first = await asyncio.wait_for(_read_frame(reader), self.hello_timeout)
        except asyncio.TimeoutError:
            writer.close()
            raise TableError(f"{host}:{port} accepted the connection but did not answer hello within "
                             f"{self.hello_timeout:g} seconds; it is probably not a Sandtable table.") from None
        except (frames.BadFrame, OSError, asyncio.IncompleteReadError):
            writer.close()
            raise TableError(f"{host}:{port} did not answer like a Sandtable table.") from None
        if first["t"] == "err":
            writer.close()
            raise TableError(first.get("msg") or f"The table refused us ({first['code']}).", first["code"])
        if first["t"] != "welcome" or first["proto"] != frames.PROTO:
            writer.close()
            raise TableError(f"{host}:{port} speaks another protocol than Sandtable {frames.PROTO}.")
        problem = mismatch(first, self.expect)
        if problem:
            writer.write(frames.encode({"t": "bye"}, frames.MAX_CLIENT_FRAME))
            writer.close()
            raise TableError(problem, "mismatch")
        self.welcome = first
        if first["seat"] is not None and isinstance(first.get("last_seq"), int):
            self._numbers_from(first["last_seq"])
        self.seat = first["seat"]
        if first["token"] is not None:
            self.token = first["token"]
        self._writer = writer
        self._last_sent = time.monotonic()
        self._handle(first)
        for seq, msg in sorted(self._unanswered.items()):  # resend: answered as the first time, applied once
            self._send(msg)
        return reader, writer

    async def _run(self, reader, writer) -> None:
        while True:
            reason = await self._read_until_closed(reader, writer)
            if self.closed:
                return
            if self.game_over:
                self._give_up(TableError("The game is over and the table has closed.", "over"))
                return
            if not self.reconnect or self.token is None or reason.code in ("replaced", "bad_token", "full"):
                self._give_up(reason)
                return
            self.on_message({"t": "status", "status": "reconnecting", "msg": f"{reason} Reconnecting…"})
            opened = await self._reconnect()
            if opened is None:
                return
            reader, writer = opened
            self.on_message({"t": "status", "status": "connected", "msg": "Back at the table."})

    async def _reconnect(self):
        deadline = time.monotonic() + RECONNECT_FOR
        for attempt in itertools.count():
            await asyncio.sleep(BACKOFF[min(attempt, len(BACKOFF) - 1)])
            if self.closed:
                return None
            try:
                opened = await self._open()
            except TableError as e:
                if e.code in ("bad_token", "proto", "mismatch") or time.monotonic() > deadline:
                    self._give_up(e)
                    return None
                continue
            if self.closed:   # closed meanwhile: close()'s cancel can be lost to a connection made at that moment
                opened[1].close()
                self._writer = None
                return None
            return opened

    def _give_up(self, reason) -> None:
        self.closed = True
        self._writer = None
        for future in self._waiters.values():
            if not future.done():
                future.set_exception(TableError(str(reason), getattr(reason, "code", None)))
        self.on_message({"t": "status", "status": "closed", "msg": str(reason)})

    async def _read_until_closed(self, reader, writer) -> TableError:
        pinger = asyncio.get_running_loop().create_task(self._keepalive())
        try:
            while True:
                msg = await _read_frame(reader)
                self._handle(msg)
                if msg["t"] == "err" and msg.get("seq") is None and msg["code"] in CLOSING_CODES:
                    return TableError(msg.get("msg") or "The table closed the connection.", msg["code"])
        except frames.BadFrame as e:
            return TableError(f"The table sent a bad frame ({e}).", "bad_frame")
        except (asyncio.IncompleteReadError, OSError):
            return TableError("The connection to the table was lost.", "lost")
        finally:
            pinger.cancel()
            writer.close()
            self._writer = None

    def _handle(self, msg: dict) -> None:
        t = msg["t"]
        if t == "ping":
            self._send({"t": "pong", "n": msg["n"]})
            return
        if t == "err" and msg["code"] == "slow_down" and msg.get("seq") in self._unanswered:
            # Over the host's act rate: nothing was applied or remembered, so the act goes again in a
            # moment, under a new number (a later act answered meanwhile would make its old number a
            # stale resend); its answer is reported under the number it was first given.
            refused = self._unanswered.pop(msg["seq"])
            again = {**refused, "seq": self.next_seq()}
            self._first_seq[again["seq"]] = self._first_seq.pop(msg["seq"], msg["seq"])
            self._unanswered[again["seq"]] = again
            asyncio.get_running_loop().call_later(SLOW_DOWN_RETRY, self._resend, again)
            return
        if t in ("ok", "err") and msg.get("seq") is not None:
            self._unanswered.pop(msg["seq"], None)
            self._numbers_from(msg["seq"])
            first = self._first_seq.pop(msg["seq"], None)
            if first is not None:
                msg = {**msg, "seq": first}
            future = self._waiters.get(msg["seq"])
            if future is not None and not future.done():
                future.set_result(msg)
        if t in ("update", "welcome"):
            msg = self._whole(msg)
            if msg is None:
                return
            public = msg["view"].get("public")
            self.game_over = isinstance(public, dict) and public.get("result") is not None
        try:
            if t != "pong":
                self.on_message(msg)
        finally:
            if self._owed is not None:
                self._catch_up()
        if self._spare is None and self._view is not None:
            # The copy the next patch makes into the view handed on, made now that this one has been
            # handed on (not while a player waits for it): from our own copy, which nobody else holds.
            self._spare = _copy(self._view)

    def _catch_up(self) -> None:
        """Our own copy takes the patch whose view was handed on (the same view: the patch fitted that one)."""
        ops, self._owed = self._owed, None
        try:
            self._view = patches.apply(self._view, ops)
        except patches.PatchError:   # cannot be, as the same patch fitted the same view: start again from a whole one
            self._view, self._awaiting_view = None, True
            self.resyncs += 1
            self._send({"t": "view"})

    def _whole(self, msg: dict) -> dict | None:
        """The update or welcome with its whole view (a patch applied to our copy), or None when the
        patch cannot be used: a whole view has been asked for and comes as an update."""
        if msg["t"] == "welcome":
            self._patching = msg.get("views") == patches.PATCHES
        if "patch" not in msg:
            self._view = _copy(msg["view"]) if self._patching else None
            self._spare = None
            self._awaiting_view = False
            return msg
        if self._awaiting_view:
            return None   # patches sent before the host had our request: the whole view follows
        try:
            if self._view is None:
                raise patches.PatchError("no view to patch")
            # The patch applied twice: to a copy of our own view, which is handed on and never patched
            # again, and, once it has been handed on, to our own (`_catch_up`). Each takes its own copy of
            # the patch's values, so the two share nothing.
            handed = self._spare if self._spare is not None else _copy(self._view)
            self._spare = None
            ops = msg["patch"]
            owed = _copy(ops)
            handed = patches.apply(handed, ops)
            if msg.get("hash") is not None and patches.view_hash(handed) != msg["hash"]:
                raise patches.PatchError("the view's hash is not the host's")
            self._owed = owed
        except patches.PatchError:
            self._view, self._awaiting_view = None, True
            self.resyncs += 1
            self._send({"t": "view"})
            return None
        whole = {k: v for k, v in msg.items() if k not in ("patch", "hash")}
        whole["view"] = handed
        return whole

    async def _keepalive(self) -> None:
        n = 0
        while True:
            await asyncio.sleep(self.ping_every / 2)
            if time.monotonic() - self._last_sent >= self.ping_every:
                n += 1
                self.ping(n)


def _copy(view):
    """A deep copy made in C, packed and read back by msgspec (a third of msgpack's time: `packb` makes a
    256 KiB buffer a call): what we hand out is never the copy patches change."""
    return _read_back(_pack(view))


_pack = frames.packer().encode                    # thread-safe (RemoteTable's client runs on a thread)
_read_back = msgspec.msgpack.Decoder().decode     # untyped: maps, lists, str, bytes, numbers as msgpack's


async def _read_frame(reader) -> dict:
    header = await reader.readexactly(frames.HEADER)
    size = frames.length_ok(header, frames.MAX_HOST_FRAME)
    return frames.decode_host(await reader.readexactly(size))


class RemoteTable(ThreadedLink):
    """TableLink for a table on a host: the client runs on a background thread; nothing here blocks."""

    def __init__(self, host: str, port: int, *, name: str | None = None, want: str = "play",
                 seat: int | None = None, token: str | None = None, hello_timeout: float = HELLO_TIMEOUT,
                 last_seq: int = 0, expect: dict | None = None, on_seat=None):
        """`on_seat(welcome, last_seq)` (optional) is called on the client's thread whenever this seat's
        token and last_seq are worth keeping (a welcome, an answer): the window keeps them per table."""
        super().__init__(f"{host}:{port}")
        self.on_seat = on_seat
        self._views: dict = {}
        self._past: list = []        # the game's events before we joined, as the host sends them (`take_past`)
        self._past_whole = False     # its last `history` frame has come
        self.seen = seen.SeenGame()  # what this connection saw and did, for its replay and analysis afterwards
        self._loop = asyncio.new_event_loop()
        self._client = Client(host, port, name=name, want=want, seat=seat, token=token,
                              on_message=self._arrived, hello_timeout=hello_timeout, last_seq=last_seq,
                              expect=expect, history=True)   # a window fills its log with the game so far
        self._thread = threading.Thread(target=self._run, name="sandtable-client", daemon=True)
        self._thread.start()

    # ----- TableLink (the rest in net.link.ThreadedLink) --------------------------------
    @property
    def token(self) -> str | None:
        return self._client.token

    @property
    def status(self) -> str:
        return self._status

    def view(self, seat: int | None) -> dict | None:
        with self._lock:
            if seat is None:
                own = self._views.get(self._client.seat)
                return None if own is None else {"public": own["public"], "private": {}}
            return self._views.get(seat)

    def send(self, action: dict, seat: int | None = None) -> int:
        refused = self._refused_seat(seat)
        if refused is not None:
            return refused
        seq = self._client.next_seq()
        self.seen.sent(seq, seat, action)
        self._loop.call_soon_threadsafe(self._client.send_act, action, seq)
        return seq

    def chat(self, text: str) -> None:
        self._loop.call_soon_threadsafe(self._client.chat, text)

    def take_past(self) -> list[dict]:
        """The game's events from before this link joined it (the host's `history`, docs/protocol.md), once all
        have come, and only once; [] until then and after. Every message `poll` returns came after them."""
        with self._lock:
            if not self._past_whole:
                return []
            past, self._past = self._past, []
            return past

    def close(self) -> None:
        if self._thread.is_alive():
            # The loop thread may finish (and close its loop) at any moment here,
            # e.g. when the table refused us; closing is best effort either way.
            closing = self._client.close()
            future = None
            try:
                future = asyncio.run_coroutine_threadsafe(closing, self._loop)
            except RuntimeError:  # loop already closed: drop it without a "never awaited" warning
                closing.close()
            else:
                try:
                    future.result(3)
                except Exception:
                    pass
            try:
                self._loop.call_soon_threadsafe(self._loop.stop)
            except RuntimeError:  # loop already closed by its thread
                pass
            self._thread.join(5)
            if future is not None and not future.done() and not self._thread.is_alive():
                try:   # the loop ended before it ran the close: no "never awaited" warning
                    closing.close()
                except RuntimeError:
                    pass
        self._status = "closed"

    # ----- inside -------------------------------------------------------------------
    def _run(self) -> None:
        asyncio.set_event_loop(self._loop)
        try:
            self._loop.run_until_complete(self._client.connect())
            self._status = "connected"
            self._push({"t": "status", "status": "connected", "msg": f"Joined {self.table_name}."})
        except TableError as e:
            self._closed(str(e))
            self._loop.close()
            return
        self._loop.run_forever()
        self._loop.close()

    def _arrived(self, msg: dict) -> None:
        t = msg["t"]
        if t == "welcome":
            self.game, self.table_name = msg["game"], msg["table"]
            self._take_view(msg["seat"], msg)
            self._keep_seat()
            return  # the window learns of it through status and view()
        if t == "history":
            with self._lock:
                self._past.extend(msg["events"])
                self._past_whole = not msg["more"]
            return   # the window takes them with take_past, before anything that came after
        if t == "ok":
            self._keep_seat()
        if t in ("ok", "err"):
            self.seen.answered(msg)
        if t == "update":
            self._take_view(self._client.seat, msg)
        elif t == "status":
            self._status = msg["status"]
            if msg["status"] == "closed":
                self.error = msg["msg"]
        self._push(msg)

    def _keep_seat(self) -> None:
        welcome = self._client.welcome
        if self.on_seat is not None and welcome is not None and self._client.seat is not None:
            try:
                self.on_seat(welcome, self._client.last_seq)
            except Exception:  # keeping the seat is a convenience; the game goes on without it
                pass

    def _take_view(self, seat, msg) -> None:
        view = msg["view"]
        self.seen.saw(seat, msg["rev"], view, msg.get("events"))
        public = view.get("public", {}) if isinstance(view, dict) else {}
        with self._lock:
            self._views[seat] = view
            self._took_view(public, msg["rev"])
