"""A club client written from docs/club.md ("Writing a client") and PROTOCOL.md alone, with nats-py and msgpack:
it shares no code with club/ or net/. Names, subjects and rules are spelled out here as the page gives them."""
import asyncio
import itertools
import time

import msgpack
import nats

HELLO_EVERY = 0.5   # "say hello every 0.5 s until a welcome comes"
RESEND_EVERY = 1.0  # "send an act still unanswered after 1 s again, same seq"


def pack(msg: dict) -> bytes:
    return msgpack.packb(msg, use_bin_type=True)


def unpack(data: bytes) -> dict:
    return msgpack.unpackb(data, raw=False, strict_map_key=True)


async def _quiet(error) -> None:
    """Reconnecting is this client's business (the reconnect rule): nats-py's failed attempts are not told."""


async def sign_up(url: str, name: str, secret: str, bound: float = 10.0) -> None:
    """As the guest (user and password `guest`, inbox prefix `_INBOX_guest`), then until the account signs in."""
    guest = await nats.connect(url, user="guest", password="guest", inbox_prefix=b"_INBOX_guest",
                               allow_reconnect=False, error_cb=_quiet)
    try:
        reply = unpack((await guest.request("st.club.signup", pack({"name": name, "secret": secret}), timeout=5)).data)
    finally:
        await guest.close()
    assert list(reply) == ["ok"] and reply["ok"] is True, reply
    deadline = time.monotonic() + bound
    while True:   # "the new account can sign in once the server has reloaded its accounts"
        try:
            nc = await signed_in(url, name, secret, allow_reconnect=False)
            await nc.close()
            return
        except Exception:
            assert time.monotonic() < deadline, f"{name} could not sign in within {bound:g} s of signing up"
            await asyncio.sleep(0.1)


async def signed_in(url: str, name: str, secret: str, **kw):
    """A player's connection: user = name, password = secret, inbox prefix `_INBOX_<name>`."""
    return await nats.connect(url, user=name, password=secret, inbox_prefix=f"_INBOX_{name}".encode(),
                              error_cb=_quiet, **kw)


async def lobby(nc, name: str, verb: str, body: dict):
    reply = unpack((await nc.request(f"st.lobby.{name}.{verb}", pack(body), timeout=5)).data)
    assert "ok" in reply, reply
    return reply["ok"]


class DocClient:
    """One player at one table: its welcome, view, answers, following the reconnect rule."""

    def __init__(self, url: str, name: str, secret: str, table: int, want: str = "play"):
        self.url, self.name, self.secret, self.table, self.want = url, name, secret, table, want
        self.nc = None
        self.welcome = self.view = None
        self.welcomed = asyncio.Event()
        self.changed = asyncio.Event()
        self.answers: dict[int, dict] = {}
        self.unanswered: dict[int, dict] = {}
        self.resent: set[int] = set()
        self.acked_rev = 0
        self.seqs = None
        self.welcomes = 0
        self._hellos = None

    async def connect(self, bound: float = 15.0) -> dict:
        self.nc = await signed_in(self.url, self.name, self.secret, max_reconnect_attempts=-1,
                                  reconnect_time_wait=0.2, reconnected_cb=self._reconnected)
        await self.nc.subscribe(f"st.t.{self.table}.out.{self.name}", cb=self._heard)   # first: then hello
        await self.nc.flush()
        await asyncio.wait_for(self._hello_until_welcomed(), bound)
        return self.welcome

    async def send(self, msg: dict) -> None:
        await self.nc.publish(f"st.t.{self.table}.in.{self.name}", pack(msg))

    async def _hello_until_welcomed(self) -> None:
        while not self.welcomed.is_set():
            await self.send({"t": "hello", "proto": 1, "name": self.name, "want": self.want})
            try:
                await asyncio.wait_for(self.welcomed.wait(), HELLO_EVERY)
            except asyncio.TimeoutError:
                pass

    async def _reconnected(self) -> None:
        self.welcomed.clear()   # "and again after every NATS reconnect"
        self._hellos = asyncio.get_running_loop().create_task(self._hello_until_welcomed())

    async def _heard(self, raw) -> None:
        msg = unpack(raw.data)
        t = msg["t"]
        if t == "welcome":
            self.welcome, self.view, self.welcomes = msg, msg["view"], self.welcomes + 1
            if self.seqs is None:   # "numbered on from the welcome's last_seq"
                self.seqs = itertools.count((msg["last_seq"] or 0) + 1)
            self.welcomed.set()
            for seq, action in sorted(self.unanswered.items()):   # "on every welcome, send again ..."
                self.resent.add(seq)
                await self.send({"t": "act", "seq": seq, "a": action})
        elif t == "err" and msg.get("seq") is None and not self.welcomed.is_set():
            raise AssertionError(f"{self.name} was refused: {msg}")
        elif t in ("ok", "err"):
            seq = msg["seq"]
            if self.unanswered.pop(seq, None) is not None:
                self.answers[seq] = msg
                if t == "ok":
                    self.acked_rev = max(self.acked_rev, msg["rev"])
                    if seq in self.resent and self.view["public"]["rev"] < msg["rev"]:
                        await self.send({"t": "ping", "n": 0})   # "if the ok to a resend names a rev past your view"
        elif t == "update":
            self.view = msg["view"]
        elif t == "pong" and self.view["public"]["rev"] < self.acked_rev:
            await self.send({"t": "view"})
        self.changed.set()

    async def request(self, action: dict, bound: float = 20.0) -> dict:
        seq = next(self.seqs)
        self.unanswered[seq] = action
        deadline = time.monotonic() + bound
        await self.send({"t": "act", "seq": seq, "a": action})
        while seq not in self.answers:
            assert time.monotonic() < deadline, f"{self.name}'s act {seq} unanswered for {bound:g} s"
            try:
                await asyncio.wait_for(self._answer(seq), RESEND_EVERY)
            except asyncio.TimeoutError:
                if seq in self.unanswered:
                    self.resent.add(seq)
                    await self.send({"t": "act", "seq": seq, "a": action})
        return self.answers[seq]

    async def _answer(self, seq: int) -> None:
        while seq not in self.answers:
            self.changed.clear()
            await self.changed.wait()

    async def until(self, what: str, done, bound: float = 20.0) -> None:
        """Until `done(view)` is true, waiting on what arrives (an AssertionError naming `what` after `bound`)."""
        deadline = time.monotonic() + bound
        while not done(self.view):
            left = deadline - time.monotonic()
            assert left > 0, f"{self.name}: {what}, not within {bound:g} s"
            self.changed.clear()
            try:
                await asyncio.wait_for(self.changed.wait(), min(left, 1.0))
            except asyncio.TimeoutError:
                pass

    async def close(self) -> None:
        if self._hellos is not None:
            self._hellos.cancel()
        await self.send({"t": "bye"})
        await self.nc.close()
