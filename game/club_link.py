"""The window's way into a club (docs/club.md): the account it keeps, the lobby's requests, and
`ClubLink`, a TableLink (net/link.py) over `club.client.ClubClient`, so a club table opens the same
lobby and boards a LAN table does.

Everything NATS is asyncio on a helper thread; the frame loop only ever holds futures it checks
each frame, so a slow or absent club never freezes the window. Failures come back as sentences.
"""
import asyncio
import json
import os
import secrets
import threading
from urllib.parse import urlparse

from game import paths
from net.link import ThreadedLink

DEFAULT_PORT = 4222
ACT_FOR = 120.0  # seconds an action keeps being sent again while unanswered (a club restarting, a long blink)
ACCOUNT_FILE = "club.json"  # beside settings.json, readable by this user only: it holds the secret
DECISIONS_WAIT = 120.0   # seconds for a finished game's decisions: the club replays it and builds a view a decision


# ----- the kept account -------------------------------------------------------------------
def account_path():
    return paths.config_dir() / ACCOUNT_FILE


def load_account() -> dict:
    """{"address", "name", "secret"} kept from the last sign-in (empty strings when none)."""
    try:
        raw = json.loads(account_path().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        raw = {}
    raw = raw if isinstance(raw, dict) else {}
    return {k: raw[k] if isinstance(raw.get(k), str) else "" for k in ("address", "name", "secret")}


def keep_account(address: str, name: str, secret: str) -> None:
    """The club keeps only a hash: the secret is the player's to keep, so it goes in a file only they read."""
    path = account_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    data = json.dumps({"address": address, "name": name, "secret": secret}, indent=2).encode()
    fd = os.open(path.with_suffix(".tmp"), os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "wb") as f:
        f.write(data)
    os.replace(path.with_suffix(".tmp"), path)


def new_secret() -> str:
    return secrets.token_urlsafe(18)  # 24 characters: within the club's 12 to 72 bytes


def club_url(address: str) -> str:
    """`nats://host:port` from what the player typed (`host`, `host:port` or a nats:// URL); ValueError
    with a sentence when it is not an address."""
    text = address.strip()
    if not text:
        raise ValueError("Type the club's address first, for example nats://club.example.org:4222.")
    if "://" not in text:
        text = "nats://" + text
    try:
        url = urlparse(text)
        port = url.port or DEFAULT_PORT
    except ValueError:
        url, port = None, None
    if url is None or url.scheme not in ("nats", "tls") or not url.hostname or url.path not in ("", "/"):
        raise ValueError(f"{address.strip()!r} is not a club address: it looks like nats://HOST:PORT, "
                         f"for example nats://club.example.org:4222.")
    return f"{url.scheme}://{url.hostname}:{port}"


def sentence(error: BaseException, url: str) -> str:
    """What went wrong, for a person."""
    from net.client import TableError
    if isinstance(error, TableError):
        return str(error)
    if isinstance(error, ImportError):
        return ("This Sandtable was installed without the club's libraries (nats-py): "
                "pip install 'sandtable[club]' adds them.")
    text = str(error).lower()
    if "authorization" in text:
        return ("The club did not accept that name and secret. Check the secret you kept, "
                "or sign up if you have no account here.")
    if isinstance(error, asyncio.TimeoutError) or "timeout" in text or "no responders" in text:
        return f"The club at {url} did not answer in time: it may be down or busy. Try again in a moment."
    return f"The club at {url} cannot be reached: check the address, or it is not running."


def rating_text(row: dict | None) -> str:
    """A rating as a player reads it (club.ratings: the library's ordinal): '12.3', with '?' while provisional."""
    if not row or row.get("rating") is None:
        return ""
    return f"{row['rating']:.1f}" + ("?" if row.get("provisional") else "")


# ----- asyncio on a helper thread ---------------------------------------------------------
class LoopThread:
    def __init__(self, name: str):
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, name=name, daemon=True)
        self.thread.start()

    def submit(self, coro):
        """A concurrent.futures.Future of `coro` run on the loop."""
        return asyncio.run_coroutine_threadsafe(coro, self.loop)

    def stop(self, last=None) -> None:
        """Run `last` (a coroutine, e.g. closing a connection) then stop the loop; best effort, bounded."""
        for coro in (last, _cancel_the_rest()):   # nothing left pending on a loop that is going away
            if coro is None:
                continue
            try:
                self.submit(coro).result(3)
            except Exception:  # leaving anyway
                pass
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(3)


async def _cancel_the_rest() -> None:
    rest = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
    for task in rest:
        task.cancel()
    await asyncio.gather(*rest, return_exceptions=True)


class ClubAccount:
    """A signed-in player: its lobby connection and requests. Each call returns a Future (see LoopThread)."""

    def __init__(self, address: str, name: str, secret: str):
        self.url = club_url(address)
        self.address, self.name, self.secret = address.strip(), name.strip(), secret
        self.nc = None
        self.loop = LoopThread("sandtable-club")

    def sign_up(self):
        return self.loop.submit(self._guarded(self._sign_up()))

    def sign_in(self):
        return self.loop.submit(self._guarded(self._sign_in()))

    async def _reachable(self) -> None:
        """NATS's own connect tries again and again; a plain TCP connect says at once that nothing is there."""
        url = urlparse(self.url)
        try:
            _reader, writer = await asyncio.wait_for(asyncio.open_connection(url.hostname, url.port), 5)
        except (OSError, asyncio.TimeoutError) as e:
            raise ConnectionError(f"unreachable: {e}") from e
        writer.close()

    async def _sign_up(self):
        from club import client
        await self._reachable()
        await client.sign_up(self.url, self.name, self.secret)

    async def _sign_in(self):
        from club import client
        await self._reachable()

        async def quiet(_error):   # a refusal is told as a sentence, not logged
            pass
        probe = await client.connect_player(self.url, self.name, self.secret, allow_reconnect=False,
                                            max_reconnect_attempts=1, error_cb=quiet)
        await probe.close()
        # the lobby's own connection comes back by itself after a network hiccup or a server restart
        self.nc = await client.connect_player(self.url, self.name, self.secret, max_reconnect_attempts=-1,
                                              reconnect_time_wait=0.5, error_cb=quiet)
        return True

    def request(self, verb: str, body: dict | None = None):
        """One of the lobby's requests (club.lobby): `create` (-> table id), `list` (-> open tables), `mine` (-> your
        tables, your move first), `join`/`leave` (-> a seat), `finished` (-> games over)."""
        from club import client
        return self.loop.submit(self._guarded(client.lobby(self.nc, self.name, verb, body)))

    def fetch_game(self, table_id: int):
        """A finished table's game as a spectator saw it (club.client.fetch_game), for a RecordedReplayLink."""
        from club import client
        return self.loop.submit(self._guarded(client.fetch_game(self.nc, self.name, table_id)))

    def fetch_decisions(self, table_id: int):
        """The player's own decisions at a finished table, each with its seat's view then (club.client.fetch_decisions),
        for the analysis of a club game (game.scenes.replay_analysis)."""
        from club import client
        return self.loop.submit(self._guarded(client.fetch_decisions(self.nc, self.name, table_id, DECISIONS_WAIT),
                                              DECISIONS_WAIT))

    async def _guarded(self, coro, seconds: float = 10):
        """The coroutine's result, or a ValueError whose text is the sentence to show."""
        try:
            return await asyncio.wait_for(coro, seconds)
        except Exception as e:
            raise ValueError(sentence(e, self.url)) from e

    def table(self, table_id: int) -> "ClubLink":
        return ClubLink(self.url, self.name, self.secret, table_id)

    def close(self) -> None:
        nc, self.nc = self.nc, None
        if self.loop is not None:
            loop, self.loop = self.loop, None
            loop.stop(nc.close() if nc is not None and not nc.is_closed else None)


def own_decisions(url: str, name: str, secret: str, table_id: int):
    """For a club game's replay opened outside the lobby (`sandtable replay club://...`): a callable answering a
    Future of the player's own decisions there (club.client.fetch_decisions), each call on a connection and a
    thread of its own; a refusal or a club out of reach fails the Future with a ValueError saying why."""
    from concurrent.futures import ThreadPoolExecutor

    async def fetch():
        from club import client
        try:
            return await client.once_as(url, name, secret,
                                        lambda nc: client.fetch_decisions(nc, name, table_id, DECISIONS_WAIT))
        except Exception as e:   # noqa: BLE001 - the sentence the window shows
            raise ValueError(sentence(e, url)) from e

    def ask():
        pool = ThreadPoolExecutor(1)
        future = pool.submit(asyncio.run, fetch())
        pool.shutdown(wait=False)   # the thread ends with its one task; nothing waits for it here
        return future
    return ask


# ----- a table --------------------------------------------------------------------------
class ClubLink(ThreadedLink):
    """TableLink for a club table (the surface of net.client.RemoteTable): nothing here blocks."""

    starts_when_full = True   # no window hosts a club table: it starts once every seat is taken (seats screen)

    def __init__(self, url: str, name: str, secret: str, table_id: int):
        from club.client import ClubClient
        super().__init__(f"Club table {table_id}")
        self.table_id = table_id
        self._view = None
        self._client = ClubClient(url, name, secret, table_id, on_message=self._arrived)
        self._loop = LoopThread("sandtable-club-table")
        self._loop.submit(self._connect())

    async def _connect(self) -> None:
        try:
            await self._client.connect()
        except Exception as e:
            self._closed(sentence(e, self._client.nats_url))
            return
        self._status = "connected"
        self._push({"t": "status", "status": "connected", "msg": f"Joined {self.table_name}."})

    # ----- TableLink (the rest in net.link.ThreadedLink) --------------------------------
    @property
    def status(self) -> str:
        """NATS reconnects by itself (and the client says hello again): shown as `reconnecting` meanwhile."""
        nc = self._client.nc
        if self._status == "connected" and nc is not None and (nc.is_reconnecting or not nc.is_connected):
            return "closed" if nc.is_closed else "reconnecting"
        return self._status

    def view(self, seat: int | None) -> dict | None:
        with self._lock:
            view = self._view
        if view is None or seat is None:
            return None if view is None else {"public": view["public"], "private": {}}
        return view if seat == self._client.seat else None

    def send(self, action: dict, seat: int | None = None) -> int:
        refused = self._refused_seat(seat)
        if refused is not None:
            return refused
        seq = self._client.next_seq()
        # request_again sends it again under the same seq every second until answered: a message NATS dropped
        # while a server restarted costs a second, and the table answers a resend as it first did
        self._loop.submit(self._client.request_again(seq, action, timeout=ACT_FOR))
        return seq

    def chat(self, text: str) -> None:
        self._loop.loop.call_soon_threadsafe(self._client.chat, text)

    # ----- ratings (the lobby's requests, asked on this seat's own connection) ---------
    seat_ratings: dict = {}   # seat -> the rating its player or bot has in this game (`rating_text`), once asked

    def ask_ratings(self) -> None:
        """Ask the club for the seats' ratings at this table (its row in the lobby's `mine`): kept in `seat_ratings`."""
        self._loop.submit(self._ask_ratings())

    async def _ask_ratings(self) -> None:
        from club import client
        try:
            rows = await client.lobby(self._client.nc, self._client.name, "mine", {})
        except Exception:   # the seats show no ratings: nothing else is lost
            return
        for row in rows:
            if row.get("id") == self.table_id:
                self.seat_ratings = {s["seat"]: rating_text(s) for s in row.get("seats") or [] if "rating" in s}

    def rating_changes(self):
        """A Future of what this table's end did to its players' ratings (the lobby's `rated`: empty when casual)."""
        from club import client
        return self._loop.submit(asyncio.wait_for(
            client.lobby(self._client.nc, self._client.name, "rated", {"table": self.table_id}), 10))

    def close(self) -> None:
        if self._loop.thread.is_alive():   # closing twice (the board, then the app) is harmless
            self._loop.stop(self._client.close())
        self._status = "closed"

    # ----- inside (on the loop's thread) --------------------------------------------
    def _arrived(self, msg: dict) -> None:
        t = msg.get("t")
        if t in ("welcome", "update") and isinstance(msg.get("view"), dict):
            if t == "welcome":
                self.game, self.table_name = msg.get("game"), msg.get("table") or self.table_name
            public = msg["view"].get("public") or {}
            with self._lock:
                self._view = msg["view"]
                self._took_view(public, msg.get("rev", self._rev))
            if t == "welcome":
                return  # the window learns of it through status and view(), as from a RemoteTable
        if t in ("update", "ok", "err", "chat"):
            self._push(msg)
