"""A player on a slow link (64 KB/s) plays a whole Tactics (1954) game: with patches and compact reaches
the host never has a MiB waiting for it, so it is never closed `too_slow`."""
import socket
import struct
import time

import msgpack

import bots
from engine import legal
from net import patches

RATE = 64 * 1024          # bytes a second the player reads
GAME_SECONDS = 240        # bound on the whole game (a seeded easy-vs-easy game is ~330 actions)


class SlowPlayer:
    """Seat 0, read through a 64 KB/s budget, written from docs/protocol.md: patches applied here."""

    def __init__(self, address):
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 64 * 1024)   # the kernel holds no more for us
        self.sock.connect(address)
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.started, self.read, self.buf = time.monotonic(), 0, b""
        self.view, self.largest = None, 0

    def send(self, msg):
        body = msgpack.packb(msg, use_bin_type=True)
        self.sock.sendall(struct.pack(">I", len(body)) + body)

    def _fill(self, n):
        while len(self.buf) < n:
            ahead = self.read / RATE - (time.monotonic() - self.started)
            if ahead > 0:
                time.sleep(ahead)
            self.sock.settimeout(30)
            chunk = self.sock.recv(min(8192, n - len(self.buf)))
            assert chunk, "the host closed the connection"
            self.read += len(chunk)
            self.buf += chunk

    def recv(self):
        self._fill(4)
        (n,) = struct.unpack(">I", self.buf[:4])
        self._fill(4 + n)
        body, self.buf = self.buf[4:4 + n], self.buf[4 + n:]
        self.largest = max(self.largest, n)
        msg = msgpack.unpackb(body, raw=False)
        if msg["t"] in ("welcome", "update"):
            self.view = msg["view"] if "view" in msg else patches.apply(self.view, msg["patch"])
        return msg


def test_a_player_reading_64_kb_a_second_plays_a_whole_tactics_1954_game_without_too_slow(start_host):
    h = start_host("ah_tactics", 2, bots=["easy"], seed=3, bot_delay=0)
    me = SlowPlayer(h.address)
    brain = bots.make("ah_tactics", "easy", 0, 5)
    try:
        me.send({"t": "hello", "proto": 1, "name": "slow", "want": "play", "seat": 0, "views": "patches"})
        assert me.recv()["views"] == "patches"
        seq, waiting, deadline = 0, False, time.monotonic() + GAME_SECONDS
        while me.view["public"]["result"] is None:
            assert time.monotonic() < deadline, "the game did not end in time"
            public, lg = me.view["public"], me.view["private"].get("legal")
            if not waiting and 0 in public["to_act"] and legal.size(lg):
                action = brain.choose(me.view)
                if action is not None:
                    seq += 1
                    me.send({"t": "act", "seq": seq, "a": action})
                    waiting = True
            msg = me.recv()
            assert not (msg["t"] == "err" and msg["code"] == "too_slow"), msg
            if msg["t"] in ("ok", "err") and msg.get("seq") == seq:
                waiting = False
        assert me.view["public"]["table_phase"] == "over" and seq > 20
        assert me.read < 8 * 1024 * 1024 and me.largest < 1_048_576
    finally:
        me.sock.close()
