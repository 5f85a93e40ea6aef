"""The LAN host: one Table behind a TCP port, on asyncio.

Reading follows PROTOCOL.md to the byte: the host asks the kernel for exactly the
4 length bytes, checks the length, and only then for exactly that many body bytes,
so an out-of-range length is refused without reading one byte past it.
Writing tries the socket at once and queues only what the kernel would not take.
"""
import asyncio
import logging
import secrets
import socket
import threading
import time
from collections import deque

from engine.session import Session
from net import frames
from net.table import Table, err

log = logging.getLogger(__name__)

MAX_PENDING_BYTES = 8 * 1024 * 1024   # a receiver this far behind is dropped, not buffered forever
CLOSE_FLUSH_SECONDS = 2.0


class _Connection:
    """One client socket: the host reads it in its own task; `send` never blocks."""

    def __init__(self, host: "Host", sock: socket.socket, peer):
        self.host = host
        self.sock = sock
        self.peer = peer
        self.opened = self.last_heard = time.monotonic()
        self.bytes_read = 0
        self.closed = False
        self.pending: deque = deque()
        self.pending_bytes = 0
        self.writer: asyncio.Task | None = None
        self.reader: asyncio.Task | None = None

    def send(self, data: bytes) -> None:
        if self.closed:
            return
        if self.pending:
            self._queue(data)
            return
        try:
            n = self.sock.send(data)
        except (BlockingIOError, InterruptedError):
            n = 0
        except OSError:
            self.close()
            return
        if n < len(data):
            self._queue(memoryview(data)[n:])
            self.writer = asyncio.get_running_loop().create_task(self._flush())

    def _queue(self, data) -> None:
        self.pending.append(data)
        self.pending_bytes += len(data)
        if self.pending_bytes > MAX_PENDING_BYTES:
            log.info("dropping %s: it does not read what it is sent", self.peer)
            self.pending.clear()
            self.close()

    async def _flush(self) -> None:
        loop = asyncio.get_running_loop()
        try:
            while self.pending:
                chunk = self.pending[0]
                await loop.sock_sendall(self.sock, chunk)
                self.pending.popleft()
                self.pending_bytes -= len(chunk)
        except OSError:
            self.pending.clear()
            self.close()

    def close(self) -> None:
        """Stop reading; the reader task sends what is queued, then closes the socket."""
        if self.closed:
            return
        self.closed = True
        if self.reader is not None and self.reader is not asyncio.current_task():
            self.reader.cancel()

    async def recv_exactly(self, n: int) -> bytes | None:
        loop = asyncio.get_running_loop()
        buf = bytearray()
        while len(buf) < n:
            chunk = await loop.sock_recv(self.sock, n - len(buf))
            if not chunk:
                return None
            buf += chunk
            self.bytes_read += len(chunk)
        return bytes(buf)


class Host:
    """Serves `table` on (host, port). Timeouts are attributes so tests can shorten them."""

    def __init__(self, table: Table, *, host: str = "127.0.0.1", port: int = 0, hello_timeout: float = 5.0,
                 silence_timeout: float = 15.0, bot_delay: float = 0.5, advertise=None):
        self.table = table
        self.bind = (host, port)
        self.hello_timeout = hello_timeout
        self.silence_timeout = silence_timeout
        self.bot_delay = bot_delay
        self.advertise = advertise  # callable(port) -> an Advertiser, or None for no discovery
        self.advertiser = None
        self.address = None
        self.connections: set[_Connection] = set()
        self.over = None  # asyncio.Event, set once the game has a result
        self._sock = None
        self._tasks: list[asyncio.Task] = []
        self._bot_timer = None
        self._advertised = None
        self.reads_of_closed = deque(maxlen=256)  # (peer, bytes read) of closed connections, for checks

    # ----- life ---------------------------------------------------------------------
    async def start(self) -> tuple[str, int]:
        self.over = asyncio.Event()
        family = socket.AF_INET6 if ":" in self.bind[0] else socket.AF_INET
        self._sock = socket.create_server(self.bind, family=family, backlog=128)
        self._sock.setblocking(False)
        self.address = self._sock.getsockname()[:2]
        loop = asyncio.get_running_loop()
        self._tasks = [loop.create_task(self._accept_loop()), loop.create_task(self._watchdog())]
        if self.advertise is not None:
            port = self.address[1]
            self.advertiser = await loop.run_in_executor(None, self.advertise, port)
        self._after_change()
        return self.address

    async def stop(self) -> None:
        for task in self._tasks:
            task.cancel()
        if self._bot_timer is not None:
            self._bot_timer.cancel()
        readers = [c.reader for c in list(self.connections) if c.reader is not None]
        for c in list(self.connections):
            c.close()
        if readers:
            await asyncio.wait(readers, timeout=CLOSE_FLUSH_SECONDS + 1)
        await asyncio.gather(*self._tasks, return_exceptions=True)
        if self._sock is not None:
            self._sock.close()
            self._sock = None
        if self.advertiser is not None:
            await asyncio.get_running_loop().run_in_executor(None, self.advertiser.close)
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
        self._after_change()

    # ----- connections ------------------------------------------------------------------
    async def _accept_loop(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            try:
                sock, peer = await loop.sock_accept(self._sock)
            except OSError as e:  # e.g. out of file descriptors: wait, then go on
                log.warning("accept failed: %s", e)
                await asyncio.sleep(0.1)
                continue
            sock.setblocking(False)
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            conn = _Connection(self, sock, peer)
            self.connections.add(conn)
            self.table.connect(conn)
            conn.reader = loop.create_task(self._serve(conn))

    async def _serve(self, conn: _Connection) -> None:
        try:
            while not conn.closed:
                header = await conn.recv_exactly(frames.HEADER)
                if header is None:
                    break
                try:
                    size = frames.length_ok(header, frames.MAX_CLIENT_FRAME)
                except frames.BadFrame as e:
                    self._bad_frame(conn, e)  # not one byte more is read from this connection
                    break
                body = await conn.recv_exactly(size)
                if body is None:
                    break
                conn.last_heard = time.monotonic()
                try:
                    msg = frames.decode_client(body)
                except frames.BadFrame as e:
                    self._bad_frame(conn, e)
                    break
                self._dispatch(self.table.receive(conn, msg, conn.last_heard))
                self._after_change()
        except (OSError, asyncio.CancelledError):
            pass
        finally:
            conn.closed = True
            await self._finish(conn)

    async def _finish(self, conn: _Connection) -> None:
        if conn.writer is not None and conn.pending:
            try:
                await asyncio.wait_for(asyncio.shield(conn.writer), CLOSE_FLUSH_SECONDS)
            except (asyncio.TimeoutError, asyncio.CancelledError, OSError):
                pass
        try:
            conn.sock.close()
        except OSError:
            pass
        self.connections.discard(conn)
        self.reads_of_closed.append((conn.peer, conn.bytes_read))
        self._dispatch(self.table.drop(conn, time.monotonic()))
        self._after_change()

    def _bad_frame(self, conn: _Connection, e: frames.BadFrame) -> None:
        conn.send(frames.encode(err("bad_frame", str(e))))
        conn.close()

    def _dispatch(self, out) -> None:
        encoded: dict[int, bytes] = {}  # one encoding per message, however many receive it
        for conn, msg in out.sends:
            data = encoded.get(id(msg))
            if data is None:
                try:
                    data = encoded[id(msg)] = frames.encode(msg)
                except ValueError:
                    log.exception("a message too large for a frame was not sent")
                    continue
            conn.send(data)
        for conn in out.closes:
            conn.close()
        for make in out.deferred:
            self._dispatch(make())

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
                    conn.send(frames.encode(err("timeout", f"Nothing heard for {self.silence_timeout:g} seconds; "
                                                           "your seat is kept for your token.")))
                    conn.close()
            self._dispatch(self.table.tick(now))
            self._after_change()

    # ----- after every step ---------------------------------------------------------
    def _after_change(self) -> None:
        self._schedule_bot()
        if self.advertiser is not None:
            state = (len(self.table.open_seats()), self.table.phase)
            if state != self._advertised:
                self._advertised = state
                self.advertiser.update(open_seats=state[0], phase=state[1])
        if self.table.phase == "over" and self.over is not None:
            self.over.set()

    def _schedule_bot(self) -> None:
        if self._bot_timer is not None:
            return
        seat = self.table.due_bot()
        if seat is None:
            return
        delay = max(self.bot_delay, getattr(self.table.bot_for(seat), "pace", 0.0) or 0.0)
        self._bot_timer = asyncio.get_running_loop().call_later(delay, self._bot_step)

    def _bot_step(self) -> None:
        self._bot_timer = None
        seat = self.table.due_bot()
        if seat is None:
            return
        rev = self.table.rev
        self._dispatch(self.table.bot_move(seat))
        if self.table.rev == rev:  # the bot passed; ask again after a pause, not in a busy loop
            self._bot_timer = asyncio.get_running_loop().call_later(max(self.bot_delay, 0.1), self._bot_step)
            return
        self._after_change()


def new_session(game: str, n_seats: int, *, bots=(), options=None, seed=None) -> Session:
    """A fresh Session whose last len(bots) seats are bots of those levels; the others are open."""
    bots = list(bots)
    if len(bots) > n_seats:
        raise ValueError(f"{len(bots)} bots do not fit at a table of {n_seats} seats.")
    seats = [{"name": None, "kind": "open"} for _ in range(n_seats - len(bots))]
    seats += [{"name": f"Bot {n_seats - len(bots) + i + 1}", "kind": "bot", "level": level}
              for i, level in enumerate(bots)]
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
