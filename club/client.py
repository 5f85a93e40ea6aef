"""A client of a club table over NATS, with the surface of `net.client.Client`, so the bot loop of
`cli.bot` (and anything written for a LAN client) plays through it unchanged.

It signs in as its player (the NATS user and the secret it keeps), listens on its own
`st.t.<id>.out.<player>` and publishes the protocol's messages on `st.t.<id>.in.<player>`.
A table may move between processes, and NATS itself may drop messages while a server restarts:
the client says `hello` again until a `welcome` comes (bounded), and at every later `welcome`
(the table taken over by another process, or NATS reconnected) it sends again every action still
unanswered, with the same seq: the table answers a resend with its first answer, never twice.
"""
import asyncio
import itertools
import time

import msgpack
import nats
import nats.errors

from club import deliver_now, natsauth, read_now, subjects
from club.send_now import flush_in_order, publish_now
from net.client import TableError
from net.frames import PROTO

HELLO_EVERY = 0.5
HELLO_FOR = 15.0
RESEND_EVERY = 1.0
PING_EVERY = 5.0  # the table counts a player silent for 15 s as gone


def _pack(msg: dict) -> bytes:
    return msgpack.packb(msg, use_bin_type=True)


def _unpack(data: bytes) -> dict:
    return msgpack.unpackb(data, raw=False, strict_map_key=True)


HANDSHAKES = 3   # tries at a connection whose handshake the server cut (see connect_player)
SIGN_INS = 3     # tries at a sign-in the server refused (see connect_player)
_BOUNDS = {"cut": HANDSHAKES, "refused": SIGN_INS}   # tries by the trouble (_reload_trouble)


async def connect_player(nats_url: str, name: str, secret: str, **kw):
    """A NATS connection as `name`, with its own reply inbox (the only one it may read). `nats_url` may name
    several servers of a cluster, comma-separated: it connects to any, and reconnects to any.

    A server reloading its accounts (natsauth: every sign-up, by each club process) may cut a connection still in
    its handshake; nats-py then raises rather than reconnects, so such a connection is tried again, HANDSHAKES
    times in all. It may also refuse a sign-in that arrives in the instant of the reload, whatever the account
    (nats-server logs "authentication error" between "Reloaded: authorization users" and "Reloaded server
    configuration"; seen for the guest and for a player signed up before), so a refusal is asked again, SIGN_INS
    times in all, before it is the answer (a wrong secret is then told 0.3 s later)."""
    tried = dict.fromkeys(_BOUNDS, 0)
    while True:
        try:
            return await nats.connect(natsauth.server_urls(nats_url), user=name, password=secret,
                                      inbox_prefix=subjects.inbox(name).encode(), connect_timeout=3, **kw)
        except Exception as e:
            trouble = _reload_trouble(e)
            if trouble is None:
                raise
            tried[trouble] += 1
            if tried[trouble] == _BOUNDS[trouble]:
                raise
            await asyncio.sleep(0.1 * tried[trouble])


def _reload_trouble(error) -> str | None:
    """Which trouble of an accounts reload `error` may be: "cut" (a handshake the server cut), "refused" (a sign-in
    it refused); None for any other error."""
    if isinstance(error, (ConnectionResetError, BrokenPipeError, nats.errors.UnexpectedEOF)):
        return "cut"
    if isinstance(error, nats.errors.Error) and "authorization violation" in str(error).lower():
        return "refused"
    return None


async def once_as(nats_url: str, name: str, secret: str, ask):
    """`await ask(nc)` on a connection of its own as `name`, made for this one request (no reconnecting; a refusal
    is raised to the caller, not logged) and closed after it, whatever happens."""
    async def quiet(_error):
        pass
    nc = await connect_player(nats_url, name, secret, allow_reconnect=False, max_reconnect_attempts=0, error_cb=quiet)
    try:
        return await ask(nc)
    finally:
        await nc.close()


async def sign_up(nats_url: str, name: str, secret: str, timeout: float = 5.0) -> None:
    """Ask the club for an account; returns once the new account can sign in (TableError if refused)."""
    guest = await connect_player(nats_url, natsauth.GUEST, natsauth.GUEST, allow_reconnect=False,
                                 error_cb=_refused_until_reloaded)
    try:
        reply = _unpack((await guest.request(subjects.SIGN_UP, _pack({"name": name, "secret": secret}),
                                             timeout=timeout)).data)
    finally:
        await guest.close()
    if reply.get("err"):
        raise TableError(reply["err"], "sign_up")
    deadline = time.monotonic() + timeout  # the server reloads its accounts file: sign in once it has
    while True:
        try:
            nc = await connect_player(nats_url, name, secret, allow_reconnect=False, error_cb=_refused_until_reloaded)
            await nc.close()
            return
        except Exception:
            if time.monotonic() > deadline:
                raise
            await asyncio.sleep(0.1)


async def _reconnecting(error) -> None:
    """nats-py's error callback for a seat's connection: a server going away is met by reconnecting and saying
    hello again (ClubClient._reconnected), so each failed attempt is not told (nats-py's default callback logs
    each one with its traceback)."""


async def _refused_until_reloaded(error) -> None:
    """nats-py's error callback while a new account waits for the server's reload: a refusal then is expected
    and tried again (nats-py's default callback would log each one as an error with its traceback)."""


async def lobby(nc, player: str, verb: str, body: dict | None = None, timeout: float = 5.0):
    reply = _unpack((await nc.request(subjects.lobby(player, verb), _pack(body or {}), timeout=timeout)).data)
    if reply.get("err"):
        raise TableError(reply["err"], "lobby")
    return reply["ok"]


async def _all_pages(nc, player: str, verb: str, table_id: int, what: str, keys: tuple, items: str,
                     timeout: float, advanced) -> dict:
    """Every page of a finished table's lobby request `verb` (club.replays), from 0 on until `next` is None: the
    first page's `keys`, and the `items` of all pages joined. `what` names the answer in a refusal's sentence;
    `advanced(page, start)` says whether a page moved on from `start` (else it came out of order)."""
    record, start, deadline = None, 0, time.monotonic() + timeout
    while start is not None:
        left = deadline - time.monotonic()
        if left <= 0:
            raise TableError(f"The club did not send {what} within {timeout:.0f} s.", "timeout")
        page = await lobby(nc, player, verb, {"table": table_id, "from": start}, timeout=left)
        if page["from"] != start or not advanced(page, start):
            raise TableError(f"The club sent {what} out of order.", "lobby")
        if record is None:
            record = {k: page[k] for k in keys} | {items: []}
        record[items].extend(page[items])
        start = page["next"]
    return record


async def fetch_game(nc, player: str, table_id: int, timeout: float = 10.0) -> dict:
    """A finished table's game as a spectator saw it, every page of the lobby's `actions` (club.replays):
    {"game", "name", "seats", "moves"}, moves[n] the game after move n (moves[0]: before any)."""
    return await _all_pages(nc, player, "actions", table_id, f"table {table_id}'s game", ("game", "name", "seats"),
                            "moves", timeout, lambda page, start: bool(page["moves"]))


async def fetch_decisions(nc, player: str, table_id: int, timeout: float = 60.0) -> dict:
    """The player's own decisions at a finished table, every page of the lobby's `decisions` (club.replays):
    {"game", "name", "seats", "n_seats", "length", "decisions"}, each decision {"index", "seat", "view", "action"}
    (engine.decisions.Decision's fields): for the post-game analysis of the player's moves. A page may hold none
    (no decision of the player's after `from`), so a page moves on when its `next` does."""
    return await _all_pages(nc, player, "decisions", table_id, f"your decisions at table {table_id}",
                            ("game", "name", "seats", "n_seats", "length"), "decisions", timeout,
                            lambda page, start: page["next"] is None or page["next"] > start)


class ClubClient:
    """One seat (or a spectator) at a club table. Messages go to `on_message` in arrival order."""

    def __init__(self, nats_url: str, name: str, secret: str, table_id: int, *, want: str = "play",
                 seat: int | None = None, on_message=None, hello_for: float = HELLO_FOR):
        self.nats_url, self.name, self.secret, self.table_id = nats_url, name, secret, table_id
        self.want, self.wanted_seat = want, seat
        self.on_message = on_message or (lambda msg: None)
        self.hello_for = hello_for
        self.nc = None
        self._sub = None
        self.welcome = None
        self.seat = None
        self.last_seq = 0
        self.view = None
        self._seqs = itertools.count(1)
        self._unanswered: dict[int, dict] = {}   # seq -> action, until its answer arrives
        self._waiting: dict[int, asyncio.Future] = {}
        self._resent: set[int] = set()   # seqs sent more than once, until answered
        self.acked_rev = 0   # the highest rev an `ok` named: the view owed is at least there
        self._welcomed = asyncio.Event()
        self._hellos = None   # the task saying hello again after a reconnect, until a welcome comes
        self._pinger = None
        self.ping_every = PING_EVERY
        self.answers_repeated = 0   # answers heard again for a seq already answered (dropped, counted)

    async def connect(self) -> dict:
        self.nc = await connect_player(self.nats_url, self.name, self.secret, max_reconnect_attempts=-1,
                                       reconnect_time_wait=0.2, reconnected_cb=self._reconnected,
                                       error_cb=_reconnecting)
        read_now.install(self.nc)  # parsed as it arrives (club.read_now)
        # handled as nats-py reads them, not a loop turn later (club.deliver_now)
        self._sub = await deliver_now.subscribe(self.nc, subjects.table_out(self.table_id, self.name), cb=self._arrived)
        try:
            await flush_in_order(self.nc, timeout=HELLO_EVERY * 4)   # the server has our subscription before our hello
        except (nats.errors.FlushTimeoutError, nats.errors.ConnectionClosedError, asyncio.TimeoutError):
            pass   # the server went meanwhile: nats-py subscribes again on the next, and hellos are said until welcomed
        if not await self._hello_until_welcomed(self.hello_for):   # no process may own the table yet: asked again
            raise TableError(f"No table process answered for table {self.table_id} within "
                             f"{self.hello_for:.0f} s.", "timeout")
        if self.welcome.get("t") == "err":
            raise TableError(self.welcome.get("msg", "refused"), self.welcome.get("code"))
        self._pinger = asyncio.get_running_loop().create_task(self._keepalive())
        return self.welcome

    async def _keepalive(self) -> None:
        for n in itertools.count(1):
            await asyncio.sleep(self.ping_every)
            await self._publish({"t": "ping", "n": n})

    async def _hello_until_welcomed(self, for_seconds: float | None = None) -> bool:
        """Say hello every HELLO_EVERY seconds until a welcome comes (True) or `for_seconds` pass (False; None:
        until the client closes). A hello can reach no one: no process owns the table yet, or nats-server came
        back before the table's process did, whose subscription a hello published meanwhile finds missing."""
        deadline = None if for_seconds is None else time.monotonic() + for_seconds
        while not self._welcomed.is_set():
            if deadline is not None and time.monotonic() > deadline:
                return False
            await self._publish(self._hello())
            try:
                await asyncio.wait_for(self._welcomed.wait(), HELLO_EVERY)
            except asyncio.TimeoutError:
                pass
        return True

    def _hello(self) -> dict:
        hello = {"t": "hello", "proto": PROTO, "name": self.name, "want": self.want}
        if self.wanted_seat is not None:
            hello["seat"] = self.wanted_seat
        return hello

    def next_seq(self) -> int:
        return next(self._seqs)

    def send_act(self, action: dict, seq: int | None = None) -> int:
        seq = self.next_seq() if seq is None else seq
        self._unanswered[seq] = action
        asyncio.get_running_loop().create_task(self._publish({"t": "act", "seq": seq, "a": action}))
        return seq

    async def request(self, action: dict, timeout: float = 10.0) -> dict:
        return await self.request_again(self.next_seq(), action, timeout)

    async def request_again(self, seq: int, action: dict, timeout: float = 10.0) -> dict:
        """Send `action` under `seq` and wait for its answer. Unanswered after RESEND_EVERY seconds (NATS
        dropped it while a server restarted, or no process owned the table yet), it goes again under the
        same seq: the table answers a resend with the answer it first gave and applies nothing."""
        loop = asyncio.get_running_loop()
        future = self._waiting[seq] = loop.create_future()
        self._unanswered[seq] = action
        act = {"t": "act", "seq": seq, "a": action}
        await self._publish(act)  # now, not from a task a loop turn later
        # The answer wakes this task directly (no wait_for and shield between them: two loop turns less);
        # timers resend the act and give up.
        timers = []

        def resend():
            if not future.done():
                self._resent.add(seq)
                loop.create_task(self._publish(act))
                timers.append(loop.call_later(RESEND_EVERY, resend))

        def give_up():
            if not future.done():
                future.set_exception(asyncio.TimeoutError(f"no answer to seq {seq} within {timeout:.0f} s"))

        timers += [loop.call_later(RESEND_EVERY, resend), loop.call_later(timeout, give_up)]
        try:
            return await future
        finally:
            for timer in timers:
                timer.cancel()
            self._waiting.pop(seq, None)

    def chat(self, text: str) -> None:
        asyncio.get_running_loop().create_task(self._publish({"t": "chat", "text": text}))

    async def close(self) -> None:
        for task in (self._pinger, self._hellos):
            if task is not None:
                task.cancel()
        if self.nc is not None and not self.nc.is_closed:
            try:
                await self._publish({"t": "bye"})
                await self.nc.close()
            except (nats.errors.Error, OSError):   # the server went as we left: the table counts us gone anyway
                if self._sub is not None:
                    deliver_now.stop(self._sub)   # what nats-py's close would have ended

    async def _publish(self, msg: dict) -> None:
        if self.nc is not None and not self.nc.is_closed:
            message = (subjects.table_in(self.table_id, self.name), _pack(msg))
            if not publish_now(self.nc, [message]):  # on the socket now, as a LAN client's write
                await self.nc.publish(*message)

    async def _reconnected(self) -> None:
        """Messages may have been lost while NATS was away: hello again until the table's owner welcomes us (its
        welcome holds the view as it is now, and every action still unanswered is sent again on it)."""
        read_now.install(self.nc)  # a new socket
        if self.welcome is None:
            return   # still connecting: connect() is saying hello
        self._welcomed.clear()
        if self._hellos is None or self._hellos.done():
            self._hellos = asyncio.get_running_loop().create_task(self._hello_until_welcomed())

    async def _arrived(self, raw) -> None:
        try:
            msg = _unpack(raw.data)
        except Exception:
            return
        t = msg.get("t")
        if t == "welcome":
            first = self.welcome is None
            self.welcome, self.seat = msg, msg.get("seat")
            self.last_seq = max(self.last_seq, msg.get("last_seq") or 0)
            if first:  # number on from what the table has answered (a seat kept from an earlier run)
                self._seqs = itertools.count(self.last_seq + 1)
            self.view = msg.get("view")
            self._welcomed.set()
            for seq, action in sorted(self._unanswered.items()):
                self._resent.add(seq)
                await self._publish({"t": "act", "seq": seq, "a": action})
        elif t == "err" and self.welcome is None and msg.get("seq") is None:
            self.welcome = msg
            self._welcomed.set()
            return
        elif t in ("ok", "err") and msg.get("seq") is not None:
            seq = msg["seq"]
            if self._unanswered.pop(seq, None) is None:
                # the table's answer to a resend (a slow link held the first answer past RESEND_EVERY): the
                # same answer again, already passed on; whoever listens hears each answer once
                self.answers_repeated += 1
                return
            self.last_seq = max(self.last_seq, seq)
            if t == "ok":
                self.acked_rev = max(self.acked_rev, msg["rev"])
                if seq in self._resent and self._behind():
                    # its update may have been lost with its first answer: a pong with no update before it says so
                    await self._publish({"t": "ping", "n": 0})
            self._resent.discard(seq)
            future = self._waiting.get(seq)
            if future is not None and not future.done():
                future.set_result(msg)
        elif t == "update":
            self.view = msg.get("view")
        elif t == "pong" and self._behind():
            # everything answered before our ping has come, and the view is still short of an ok: lost on the way
            await self._publish({"t": "view"})
        self.on_message(msg)

    def _behind(self) -> bool:
        return self.view is not None and self.view.get("public", {}).get("rev", 0) < self.acked_rev
