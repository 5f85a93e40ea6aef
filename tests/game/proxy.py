"""A loopback TCP relay the tests can cut and restore, to drop a window's connection to its host, or slow
down, to make the window hear its host late."""
import queue
import socket
import threading
import time

from bench.echo import pump


def pump_late(src: socket.socket, dst: socket.socket, delay: float) -> None:
    """`pump`, each chunk written `delay` seconds after it was read, in order (a slow network)."""
    held: queue.Queue = queue.Queue()

    def deliver():
        while True:
            due, data = held.get()
            if data is None:
                return
            time.sleep(max(0.0, due - time.monotonic()))
            try:
                dst.sendall(data)
            except OSError:
                return

    writer = threading.Thread(target=deliver, daemon=True)
    writer.start()
    try:
        while True:
            data = src.recv(65536)
            if not data:
                break
            held.put((time.monotonic() + delay, data))
    finally:
        held.put((time.monotonic() + delay, None))
        writer.join(delay + 5)


class Relay:
    def __init__(self, target: tuple[str, int], delay: float = 0.0):
        """`delay`: how many seconds late what the host sends reaches the window (what the window sends goes
        straight on)."""
        self.target = target
        self.delay = delay
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.cut = threading.Event()
        self._socks: list[socket.socket] = []
        self._lock = threading.Lock()
        self._closed = False
        self.connections = 0
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while not self._closed:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            if self.cut.is_set():
                client.close()  # while cut, connections are refused at once
                continue
            try:
                upstream = socket.create_connection(self.target, timeout=5)
            except OSError:
                client.close()
                continue
            upstream.settimeout(None)   # connected: from now on it waits for the host as long as the window does
            with self._lock:
                self._socks += [client, upstream]
                self.connections += 1
            for a, b, way in ((client, upstream, "up"), (upstream, client, "down")):
                threading.Thread(target=self._pipe, args=(a, b, way), daemon=True).start()

    def _carry(self, src: socket.socket, dst: socket.socket, way: str) -> None:
        """Move bytes one way until `src` closes ("down": from the server, `delay` seconds late)."""
        if way == "down" and self.delay:
            pump_late(src, dst, self.delay)
        else:
            pump(src, dst)

    def _pipe(self, src: socket.socket, dst: socket.socket, way: str) -> None:
        try:
            self._carry(src, dst, way)
        except OSError:
            pass
        for s in (src, dst):
            try:
                s.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass

    def drop(self) -> None:
        """Cut every connection and refuse new ones until `restore`."""
        self.cut.set()
        with self._lock:
            socks, self._socks = self._socks, []
        for s in socks:
            try:
                s.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
            s.close()

    def restore(self) -> None:
        self.cut.clear()

    def close(self) -> None:
        self._closed = True
        self.drop()
        self.listener.close()
