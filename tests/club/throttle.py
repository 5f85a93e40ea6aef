"""A loopback TCP relay that carries at most `rate` bytes a second each way: a slow link in front of a server
(tests/club/test_slow_link.py). It counts the connections it made and the bytes it carried."""
import socket
import threading
import time

CHUNK = 1024   # bytes sent at once: small, so the pace is smooth rather than bursty


class ThrottledRelay:
    def __init__(self, target: tuple[str, int], rate: int):
        self.target, self.rate = target, rate
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.connections = 0
        self.carried = {"up": 0, "down": 0}
        self._socks: list[socket.socket] = []
        self._closed = False
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while not self._closed:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            try:
                upstream = socket.create_connection(self.target, timeout=5)
            except OSError:
                client.close()
                continue
            upstream.settimeout(None)
            self.connections += 1
            self._socks += [client, upstream]
            for src, dst, way in ((client, upstream, "up"), (upstream, client, "down")):
                threading.Thread(target=self._pipe, args=(src, dst, way), daemon=True).start()

    def _pipe(self, src: socket.socket, dst: socket.socket, way: str) -> None:
        due = time.monotonic()   # when the next chunk may leave, at `rate` bytes a second
        try:
            while True:
                data = src.recv(CHUNK)
                if not data:
                    break
                due = max(due, time.monotonic()) + len(data) / self.rate
                time.sleep(max(0.0, due - time.monotonic()))
                dst.sendall(data)
                self.carried[way] += len(data)
        except OSError:
            pass
        for s in (src, dst):
            try:
                s.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass

    def close(self) -> None:
        self._closed = True
        self.listener.close()
        for s in self._socks:
            s.close()
