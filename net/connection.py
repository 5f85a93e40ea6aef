"""One client socket of the host (net.host): exact reads on readiness callbacks, writes that never block.

Reading follows PROTOCOL.md to the byte: the connection asks the kernel for the 4 length bytes,
checks the length, and only then for that many body bytes (with, at most, the next frame's 4
length bytes), so an out-of-range length is refused without reading one byte past it. One
wake-up reads every whole frame the kernel holds (up to MAX_FRAMES_PER_WAKE, for fairness); the
first answer leaves at once. Writes try the socket at once and queue only what the kernel would
not take; past limits.MAX_UNSENT_BYTES of queued output the connection is sent `too_slow` and
closed. What a frame means is the host's.
"""
import logging
import socket
import time

from net import crashpoint, frames, limits

log = logging.getLogger("net.host")

CLOSE_FLUSH_SECONDS = 2.0
MAX_FRAMES_PER_WAKE = 64              # frames read from one socket before the others get a turn
IMMEDIATE_FAN_OUT = 1                 # a wake-up with at most this many frames builds its updates at once


class Connection:
    """One client socket. Reads on readiness callbacks; `send` never blocks."""

    def __init__(self, host: "Host", sock: socket.socket, peer):
        self.host = host
        self.sock = sock
        self.fd = sock.fileno()
        self.peer = peer
        self.opened = self.last_heard = time.monotonic()
        self.chat = limits.chat_bucket()
        self.bytes_read = 0
        self.closed = False           # no more reading; the socket closes once its output is sent
        self.gone = False             # the socket is closed
        self.out: list = []           # frames queued since the last flush
        self.pending = bytearray()    # bytes the kernel would not take yet (whole frames after the first)
        self._head_left = 0           # bytes of `pending` that finish a frame the kernel took part of
        self._want = frames.HEADER    # bytes of the current header or body
        self._body = False            # reading a body (else a header)
        self._buf = bytearray()
        self._close_timer = None

    # ----- writing -----------------------------------------------------------------------
    def send(self, data: bytes) -> None:
        if self.closed:
            return  # what was queued before the close still goes; nothing new
        self.out.append(data)
        self.host._dirty(self)

    def write(self, data: bytes) -> None:
        """`send` and `flush` in one step: a fan-out's frame goes out as soon as it is built."""
        if self.out:
            self.send(data)
            self.flush()
        elif not self.closed and not self.gone:
            self._write(data)

    def flush(self) -> None:
        if self.gone or not self.out:
            self.out.clear()
            return
        data = self.out[0] if len(self.out) == 1 else b"".join(self.out)
        self.out.clear()
        self._write(data)

    def _write(self, data: bytes) -> None:
        if self.pending:
            self._queue(data)
            return
        try:
            n = self.sock.send(data)
        except (BlockingIOError, InterruptedError):
            n = 0
        except OSError:
            self._lost()
            return
        if n < len(data):
            self._head_left = _rest_of_frame(data, n)
            self._queue(memoryview(data)[n:])
            self.host.loop.add_writer(self.fd, self._writable)

    def _queue(self, data) -> None:
        self.pending += data
        if len(self.pending) > limits.MAX_UNSENT_BYTES and not self.closed:
            self._too_slow()

    def _too_slow(self) -> None:
        """Over a MiB waits for this reader: drop all but the end of the frame under way, add
        `too_slow` after it (a whole frame, so the client can read why) and close."""
        log.info("closing %s: it does not read what it is sent", self.peer)
        del self.pending[self._head_left:]
        self.pending += self.host.too_slow_frame
        self.close()

    def _writable(self) -> None:
        try:
            n = self.sock.send(self.pending)
        except (BlockingIOError, InterruptedError):
            return
        except OSError:
            self._lost()
            return
        if n >= self._head_left:  # the frame under way is done: where does the next one the kernel took end?
            with memoryview(self.pending) as view:
                self._head_left = _rest_of_frame(view[self._head_left:], n - self._head_left)
        else:
            self._head_left -= n
        del self.pending[:n]
        if not self.pending:
            self.host.loop.remove_writer(self.fd)
            if self.closed:
                self._shut()

    # ----- reading -----------------------------------------------------------------------
    def readable(self) -> None:
        """The kernel holds bytes for us: read every whole frame there is, exactly, and hand them on.

        A body's read also asks for the next frame's 4 length bytes, and never more (PROTOCOL.md lets
        a host read those of a frame it then refuses): in a burst each frame costs one recv, not two,
        and a read that comes back short says the kernel holds nothing more, so a lone act's updates
        go out without a last read that finds nothing."""
        host = self.host
        host._in_step = True
        handled = 0
        sock = self.sock
        buf = self._buf
        drained = False   # the last recv came back short: the kernel held nothing more then
        try:
            while not self.closed:
                want = self._want
                if len(buf) >= want:   # the next frame's length bytes came with the last body
                    whole = bytes(buf[:want])
                    del buf[:want]
                else:
                    if handled >= MAX_FRAMES_PER_WAKE or (handled and drained):
                        break
                    need = want - len(buf)
                    ask = need + frames.HEADER if self._body else need
                    try:
                        chunk = sock.recv(ask)
                    except (BlockingIOError, InterruptedError):
                        break
                    except OSError:
                        self.close()
                        break
                    if not chunk:
                        self.close()
                        break
                    got = len(chunk)
                    self.bytes_read += got
                    drained = got < ask
                    if got < need:
                        buf += chunk
                        break  # the kernel had no more; the rest of this frame comes with the next wake-up
                    if buf:
                        buf += chunk
                        whole = bytes(buf[:want])
                        del buf[:want]
                    elif got == want:
                        whole = chunk
                    else:
                        whole = chunk[:want]
                        buf += chunk[want:]
                if not self._body:
                    try:
                        self._want = frames.length_ok(whole, frames.MAX_CLIENT_FRAME)
                    except frames.BadFrame as e:
                        host._bad_frame(self, e)  # not one byte more is read from this connection
                        break
                    self._body = True
                    continue
                self._body, self._want = False, frames.HEADER
                handled += 1
                try:
                    msg = frames.decode_client(whole)
                except frames.BadFrame as e:
                    host._bad_frame(self, e)
                    break
                now = time.monotonic()
                self.last_heard = now  # a whole frame: the connection is alive (bytes alone are not)
                t = msg["t"]
                if (t == "chat" or t == "act") and not host._within_limits(self, msg, now):
                    continue
                rev = host.table.rev if crashpoint.AT is not None else None
                host._dispatch(host.table.receive(self, msg, now))
                if handled == 1 and self.out:
                    # The first answer leaves now, before we look for more (a read that finds none costs
                    # time); answers to frames that were already queued behind it go out together.
                    self.flush()
                    if rev is not None and t == "act" and host.table.rev != rev:
                        crashpoint.reached("ok_sent")
        finally:
            host._settle(now=handled <= IMMEDIATE_FAN_OUT)

    # ----- closing -----------------------------------------------------------------------
    def close(self) -> None:
        """Stop reading; what is queued is still sent (for up to CLOSE_FLUSH_SECONDS), then the socket closes."""
        if self.closed:
            return
        self.closed = True
        loop = self.host.loop
        loop.remove_reader(self.fd)
        self.host._closing(self)
        self.flush()
        if self.gone:
            return
        if self.pending:
            self._close_timer = loop.call_later(CLOSE_FLUSH_SECONDS, self._shut)
        else:
            self._shut()

    def _lost(self) -> None:
        """The socket failed under us: nothing more can be sent."""
        self.pending.clear()
        self.out.clear()
        if not self.closed:
            self.close()
        self._shut()

    def _shut(self) -> None:
        if self.gone:
            return
        self.gone = True
        if self._close_timer is not None:
            self._close_timer.cancel()
        loop = self.host.loop
        loop.remove_writer(self.fd)
        loop.remove_reader(self.fd)
        try:
            self.sock.close()
        except OSError:
            pass
        self.host._gone(self)


def _rest_of_frame(data, sent: int) -> int:
    """Of `data` (whole frames) with its first `sent` bytes gone, how many finish the frame under way."""
    at = 0
    while at < sent:
        at += frames.HEADER + int.from_bytes(data[at:at + frames.HEADER], "big")
    return at - sent


