"""A loopback TCP relay that carries at most `rate` bytes a second each way: a slow link in front of a server
(tests/club/test_slow_link.py). It counts the connections it made and the bytes it carried."""
import socket
import time

from tests.game.proxy import Relay

CHUNK = 1024   # bytes sent at once: small, so the pace is smooth rather than bursty


class ThrottledRelay(Relay):
    def __init__(self, target: tuple[str, int], rate: int):
        self.rate = rate
        self.carried = {"up": 0, "down": 0}
        super().__init__(target)

    def _carry(self, src: socket.socket, dst: socket.socket, way: str) -> None:
        due = time.monotonic()   # when the next chunk may leave, at `rate` bytes a second
        while True:
            data = src.recv(CHUNK)
            if not data:
                break
            due = max(due, time.monotonic()) + len(data) / self.rate
            time.sleep(max(0.0, due - time.monotonic()))
            dst.sendall(data)
            self.carried[way] += len(data)
