"""Parse what nats-server sends as it arrives, instead of a loop turn later.

nats-py reads its socket through an asyncio `StreamReader`: the socket's callback puts the bytes in the
reader's buffer and wakes nats-py's reading task, which parses them on a later turn of the event loop
(at both ends of every move: docs/club.md, "Measured"). `install`
has the socket's callback parse them itself when the reading task is idle (waiting for bytes, none
buffered): with `club.deliver_now`, a quiet table's move is stepped, committed and published, and a
client's answer handled, from the callback that read it. When parsing has to wait (a rare message that
makes nats-py wait: an error, a reconnect), a task finishes it, and the reading task parses what comes
next only after it: bytes are still parsed once each, in order. Anything else (bytes that come while the
reading task is busy or has bytes buffered) takes nats-py's own path.

A chunk that is whole plain messages to subscriptions `club.deliver_now` hooked (the moves, the answers and
updates: `MSG <subject> <sid> <size>`, no reply subject, no headers, each complete) is taken apart here and
each message handed over as nats-py's `_process_msg` would (its counts, `_build_message`, the subscription's
pending bytes and queue), without nats-py's regular expressions, buffer and chain of coroutines
(docs/club.md, "Measured"). Anything else in a chunk (a PING, an INFO, an error, a partial
message, a reply subject, another kind of subscription, a slow consumer's limit) leaves the whole chunk to
nats-py's parser.

A new connection (NATS reconnected) has a new socket: call `install` again from the reconnected callback.
Where nats-py's transport is not a plain TCP stream as this expects (TLS, WebSocket), nothing changes.
"""
import asyncio

from nats.protocol.parser import AWAITING_CONTROL_LINE

from club.deliver_now import Rest, hooked


def install(nc) -> bool:
    """Parse `nc`'s incoming bytes from the socket's callback when its reading task is idle; False (nats-py's
    path kept) if `nc` is not shaped as this expects."""
    transport = getattr(nc, "_transport", None)
    reader, writer, parser = (getattr(transport, "_io_reader", None), getattr(transport, "_io_writer", None),
                              getattr(nc, "_ps", None))
    if not (isinstance(reader, asyncio.StreamReader) and isinstance(writer, asyncio.StreamWriter)
            and getattr(transport, "_io_reader", None) is getattr(transport, "_bare_io_reader", None)
            and hasattr(parser, "parse") and hasattr(reader, "_waiter") and hasattr(reader, "_buffer")):
        return False
    protocol = writer.transport.get_protocol()
    if not isinstance(protocol, asyncio.StreamReaderProtocol) or getattr(protocol, "_stream_reader", None) is not reader:
        return False
    if isinstance(getattr(protocol, "data_received", None), _ParseNow):
        return True
    existing = getattr(getattr(parser, "parse", None), "__self__", None)  # installed before, on the last socket
    at_once = existing if isinstance(existing, _ParseNow) else _ParseNow(parser)
    at_once.reader = reader
    parser.parse = at_once.after_unfinished  # nats-py's reading task: what was started here comes first
    protocol.data_received = at_once
    return True


def installed(nc) -> bool:
    transport = getattr(nc, "_transport", None)
    writer = getattr(transport, "_io_writer", None)
    protocol = writer.transport.get_protocol() if isinstance(writer, asyncio.StreamWriter) else None
    return isinstance(getattr(protocol, "data_received", None), _ParseNow)


class _ParseNow:
    """The socket protocol's `data_received` (as an instance attribute) and the parser's `parse` for nats-py's
    reading task (`after_unfinished`)."""

    def __init__(self, parser):
        self.parser = parser
        self.parse = type(parser).parse.__get__(parser)  # nats-py's own
        self.reader = None
        self.unfinished = None  # the task finishing a parse that had to wait
        self.at_once = 0        # chunks parsed from the socket's callback (counted for tests and probes)
        self.waited = 0         # of which parses that had to wait, finished by a task
        self.taken_apart = 0    # of which chunks of plain messages taken apart here (_plain_messages)

    def __call__(self, data: bytes) -> None:
        reader = self.reader
        waiter = reader._waiter
        if (waiter is None or waiter.done() or reader._buffer or reader._exception is not None or reader._eof
                or (self.unfinished is not None and not self.unfinished.done())):
            reader.feed_data(data)  # the reading task is busy or has bytes to read first: its turn, in order
            return
        self.at_once += 1
        parser = self.parser
        if not parser.buf and parser.state == AWAITING_CONTROL_LINE:
            messages = _plain_messages(data, parser.nc._subs)
            if messages is not None:
                self.taken_apart += 1
                _hand_over(parser.nc, messages)
                return
        coro = self.parse(data)
        try:
            waits_on = coro.send(None)
        except StopIteration:
            return
        except Exception as e:  # as when nats-py's reading task parses: it hears the error and handles it
            reader.set_exception(e)
            return
        self.waited += 1
        self.unfinished = asyncio.get_running_loop().create_task(self._finish(Rest(coro, waits_on)))

    async def _finish(self, rest: Rest) -> None:
        try:
            await rest
        except Exception as e:  # heard by nats-py's reading task, as if it had been parsing
            self.reader.set_exception(e)

    async def after_unfinished(self, data: bytes = b"") -> None:
        unfinished = self.unfinished
        if unfinished is not None:
            self.unfinished = None
            await unfinished
        await self.parse(data)


def _plain_messages(data: bytes, subs: dict) -> list | None:
    """The messages `data` is made of, each (subscription, sid, subject, payload), if it is nothing but whole
    `MSG <subject> <sid> <size>` messages to subscriptions `club.deliver_now` hooked, each within its pending
    limits (bytes, and messages queued, counting every message as queued); else None (nats-py's parser takes
    the chunk)."""
    out, pos, end = [], 0, len(data)
    pending: dict = {}
    while pos < end:
        if not data.startswith(b"MSG ", pos):
            return None
        eol = data.find(b"\r\n", pos)
        if eol < 0:
            return None
        fields = data[pos + 4:eol].split()
        if len(fields) != 3 or not fields[1].isdigit() or not fields[2].isdigit():
            return None  # a reply subject, or not a message this expects
        start = eol + 2
        stop = start + int(fields[2])
        if data[stop:stop + 2] != b"\r\n":
            return None  # not all here yet
        sid = int(fields[1])
        sub = subs.get(sid)
        if sub is None or not hooked(sub) or sub._future is not None or sub._jsi is not None or sub._max_msgs > 0:
            return None
        size, count = pending.get(sid, (sub._pending_size, sub._pending_queue.qsize()))
        size, count = size + stop - start, count + 1
        if 0 < sub._pending_bytes_limit <= size or 0 < sub._pending_queue.maxsize < count:
            return None  # nats-py reports the slow consumer
        pending[sid] = (size, count)
        out.append((sub, sid, fields[0], data[start:stop]))
        pos = stop + 2
    return out


def _hand_over(nc, messages: list) -> None:
    """Each message to its subscription's queue, as nats-py's `_process_msg` does for a plain subscription (the
    hooked queue runs its handler at once when it is idle)."""
    stats = nc.stats
    for sub, sid, subject, payload in messages:
        stats["in_msgs"] += 1
        stats["in_bytes"] += len(payload)
        sub._received += 1
        sub._pending_size += len(payload)
        sub._pending_queue.put_nowait(nc._build_message(sid, subject, b"", payload, None))
