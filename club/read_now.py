"""Parse what nats-server sends as it arrives, instead of a loop turn later.

nats-py reads its socket through an asyncio `StreamReader`: the socket's callback puts the bytes in the
reader's buffer and wakes nats-py's reading task, which parses them on a later turn of the event loop
(50 µs a message at the actor's end on this busy machine, and as much in the table process). `install`
has the socket's callback parse them itself when the reading task is idle (waiting for bytes, none
buffered): with `club.deliver_now`, a quiet table's move is stepped, committed and published, and a
client's answer handled, from the callback that read it. When parsing has to wait (a rare message that
makes nats-py wait: an error, a reconnect), a task finishes it, and the reading task parses what comes
next only after it: bytes are still parsed once each, in order. Anything else (bytes that come while the
reading task is busy or has bytes buffered) takes nats-py's own path.

A new connection (NATS reconnected) has a new socket: call `install` again from the reconnected callback.
Where nats-py's transport is not a plain TCP stream as this expects (TLS, WebSocket), nothing changes.
"""
import asyncio

from club.deliver_now import Rest


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
        self.parse = type(parser).parse.__get__(parser)  # nats-py's own
        self.reader = None
        self.unfinished = None  # the task finishing a parse that had to wait
        self.at_once = 0        # chunks parsed from the socket's callback (counted for tests and probes)
        self.waited = 0         # of which parses that had to wait, finished by a task

    def __call__(self, data: bytes) -> None:
        reader = self.reader
        waiter = reader._waiter
        if (waiter is None or waiter.done() or reader._buffer or reader._exception is not None or reader._eof
                or (self.unfinished is not None and not self.unfinished.done())):
            reader.feed_data(data)  # the reading task is busy or has bytes to read first: its turn, in order
            return
        self.at_once += 1
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
