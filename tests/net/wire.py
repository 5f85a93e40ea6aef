"""A client written from PROTOCOL.md alone (raw socket + msgpack), to hold the host to the page.

It shares no code with net/: framing, hello and every message are spelled out here.
"""
import socket
import struct
import time

import msgpack


class Closed(Exception):
    pass


class RawClient:
    def __init__(self, address, timeout=5.0):
        self.sock = socket.create_connection(address, timeout=timeout)
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.raw_frames: list[bytes] = []   # every frame body received, for secrecy scans
        self.seat = self.token = None
        self.view = None   # the newest view received

    # framing: 4-byte big-endian length, then one msgpack map
    def send(self, msg: dict) -> None:
        body = msgpack.packb(msg, use_bin_type=True)
        self.sock.sendall(struct.pack(">I", len(body)) + body)

    def send_bytes(self, data: bytes) -> None:
        self.sock.sendall(data)

    def _exactly(self, n: int) -> bytes:
        buf = b""
        while len(buf) < n:
            chunk = self.sock.recv(n - len(buf))
            if not chunk:
                raise Closed(f"closed after {len(buf)} of {n} bytes")
            buf += chunk
        return buf

    def recv(self, timeout: float = 5.0) -> dict:
        self.sock.settimeout(timeout)
        (n,) = struct.unpack(">I", self._exactly(4))
        assert 1 <= n <= 1_048_576, f"host frame length {n} out of range"
        body = self._exactly(n)
        self.raw_frames.append(body)
        msg = msgpack.unpackb(body, raw=False, strict_map_key=True)
        assert isinstance(msg, dict) and isinstance(msg.get("t"), str)
        if msg["t"] in ("update", "welcome") and "view" in msg:   # (a patch when asked for: tests apply it)
            self.view = msg["view"]
        return msg

    def recv_until(self, pred, timeout: float = 5.0, limit: int = 10_000) -> dict:
        deadline = time.monotonic() + timeout
        for _ in range(limit):
            msg = self.recv(max(0.01, deadline - time.monotonic()))
            if pred(msg):
                return msg
        raise AssertionError("message not seen")

    def hello(self, name="Raw", want="play", seat=None, token=None, proto=1) -> dict:
        msg = {"t": "hello", "proto": proto, "name": name, "want": want}
        if seat is not None:
            msg["seat"] = seat
        if token is not None:
            msg["token"] = token
        self.send(msg)
        reply = self.recv()
        if reply["t"] == "welcome":
            self.seat, self.token = reply["seat"], reply["token"]
        return reply

    def request(self, seq: int, action) -> dict:
        """Send an act and return its answer (ok/err with our seq), skipping updates in between."""
        self.send({"t": "act", "seq": seq, "a": action})
        return self.recv_until(lambda m: m["t"] in ("ok", "err") and m.get("seq") == seq)

    def request_within_limits(self, seq: int, action, tries: int = 100) -> dict:
        """`act`, sent again with the same seq after each `slow_down` (the host's rate limit), as a
        well-behaved client does; returns the first other answer."""
        for _ in range(tries):
            answer = self.request(seq, action)
            if answer.get("code") != "slow_down":
                return answer
            time.sleep(0.05)
        raise AssertionError(f"seq {seq} was refused slow_down {tries} times")

    def is_closed(self, timeout: float = 3.0) -> bool:
        """True once the host has closed (EOF or reset); frames still arriving are kept."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                self.recv(max(0.01, deadline - time.monotonic()))
            except (Closed, ConnectionResetError):
                return True
            except socket.timeout:
                return False
        return False

    def close(self) -> None:
        try:
            self.sock.close()
        except OSError:
            pass
