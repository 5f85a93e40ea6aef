"""Where the window gets its TableLinks: local tables, hosting on the LAN, joining.

The scenes ask here and never construct net/ objects themselves, so the one
place that knows net/'s constructors is this module.
"""
import os
import threading
import time
from pathlib import Path

from game import paths

BOT_DELAY = 0.6  # seconds between bot moves at normal animation speed, so people can follow
# The address a hosted table listens on: all interfaces for a real LAN; tests pin it to 127.0.0.1.
HOST_BIND_ENV = "SANDTABLE_HOST_BIND"


def autosave_path(game_id: str, ending: str = ".sandtable") -> Path:
    """A new file in the saves folder for a local game (it then shows up in Replays); `ending`: what its name
    ends with (a guest's record of a LAN game: net.seen)."""
    folder = paths.saves_dir()
    folder.mkdir(parents=True, exist_ok=True)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = folder / f"{game_id}-{stamp}{ending}"
    n = 2
    while path.exists():
        path = folder / f"{game_id}-{stamp}-{n}{ending}"
        n += 1
    return path


def product_bots():
    """The bots every table of the window is given (tests give their own for small games)."""
    import bots
    return bots.make_for_table   # the expert thinks in a worker thread, so frames keep coming


def start_local(game_id: str, seats: list[dict], options: dict, *, seed: int | None = None, bot_factory=None,
                bot_delay: float = BOT_DELAY):
    """A hot-seat / vs-bots table in this process, autosaving to the saves folder. Bots not given a name get a
    commander's (net.names, as at every table)."""
    from net.local import LocalTable
    return LocalTable(game_id, seats, options, seed=seed, save_path=autosave_path(game_id), bot_delay=bot_delay,
                      bot_factory=bot_factory or product_bots())


def continue_local(session, save_path, *, bot_factory=None, bot_delay: float = BOT_DELAY):
    """A loaded game (engine.session.Session.load of a save) continued in this process, journalling on
    into the same save file. Its human seats play here; a seat left open (a LAN table that never
    filled) is given a bot."""
    from net.local import LocalTable
    link = LocalTable.from_session(session, save_path=save_path, bot_delay=bot_delay,
                                   bot_factory=bot_factory or product_bots())
    if any(s.get("kind") == "open" for s in session.seats):
        link.start()
    return link


def is_local(link) -> bool:
    """True for a table in this process (hot-seat, against bots, continued): the window may pause it."""
    from net.local import LocalTable
    return isinstance(link, LocalTable)


def host_lan(game_id: str, seats: list[dict], options: dict, *, table_name: str, player_name: str,
             seed: int | None = None, discovery: bool = True, bind: str | None = None,
             bot_delay: float = BOT_DELAY, bot_factory=None, countdown: float | None = None):
    """Host a table in a thread and join seat 0 like any other client: (host handle, RemoteTable).

    `seats` are kinds from the new-game screen: seat 0 is this player; "human" and "open"
    seats wait for players to join, bot seats are played on the host. `countdown`: in a race, how long
    the host's bots wait at the start (None: the game's count).
    """
    import secrets as _secrets

    from engine.session import Session
    from net import host, names
    table_seats = []
    for i, s in enumerate(seats):
        if s.get("kind") == "bot":
            table_seats.append({"name": s.get("name") or names.bot_name(i, seats), "kind": "bot",
                                "level": s.get("level", "normal")})
        else:
            table_seats.append({"name": None, "kind": "open"})
    session = Session(game_id, len(seats), seed=_secrets.randbits(32) if seed is None else seed, options=options,
                      seats=table_seats)
    bind = bind or os.environ.get(HOST_BIND_ENV) or "0.0.0.0"
    handle = host.start_in_thread(game_id, len(seats), name=table_name, session=session, host=bind, port=0,
                                  discovery=discovery, save_path=autosave_path(game_id), bot_delay=bot_delay,
                                  bot_factory=bot_factory or product_bots(), countdown=countdown)
    # People are coming: the table waits for its host's Start. A table of bots (and its host) starts itself.
    handle.host.table.owner_starts = any(s.get("kind") != "bot" for s in seats[1:])
    try:
        link = join(handle.address[0], handle.address[1], player_name=player_name, seat=0, keep=False)
    except Exception:
        handle.stop()
        raise
    return handle, link


def give_seat_to_bot(handle, seat: int) -> None:
    """The host's choice: a bot plays the seat of a player who left (until they take it back)."""
    handle.stand_in(seat)


def join(host: str, port: int, *, player_name: str, seat: int | None = None, token: str | None = None,
         last_seq: int = 0, expect: dict | None = None, keep: bool = True):
    """A RemoteTable joining the table at host:port; it connects (and reconnects) on its own thread.

    `token`/`last_seq` take a kept seat back; `expect` ({"game", "table"} from a LAN browser row) refuses a
    table that answers as another. With `keep`, the seat's token and last seq are kept in the data folder
    (`seat_book`), so a window killed mid-game can take its seat back from the Rejoin entry."""
    from net import client
    on_seat = None
    if keep:
        from net.kept_seats import KeptSeat

        def on_seat(welcome, answered):
            seat_book().keep(KeptSeat.from_welcome(host, port, welcome, answered))
    return client.RemoteTable(host, port, name=player_name, seat=seat, token=token, last_seq=last_seq,
                              expect=expect, on_seat=on_seat)


def seat_book():
    """The seats this window holds at LAN tables, one per table (net.kept_seats)."""
    from net.kept_seats import SeatBook
    return SeatBook(paths.data_dir() / "seats.json")


def close_in_background(*things) -> None:
    """Close links and stop hosts without holding up the frame: saying goodbye on a socket can take a moment."""
    def work():
        for thing in things:
            if thing is None:
                continue
            try:
                (thing.stop if hasattr(thing, "stop") else thing.close)()
            except Exception:  # best effort: the program is leaving this table either way
                pass
    threading.Thread(target=work, name="sandtable-close", daemon=True).start()


class LanBrowser:
    """net.discovery.Browser started and closed on a helper thread: zeroconf's sockets
    take a moment to open and to say goodbye, and the frame loop must not wait for that."""

    def __init__(self):
        self._browser = None
        self._closed = False
        self.error: str | None = None
        self._lock = threading.Lock()
        threading.Thread(target=self._open, name="sandtable-lan-browser", daemon=True).start()

    def _open(self) -> None:
        try:
            from net import discovery
            browser = discovery.Browser()
        except Exception as e:  # no usable interface or zeroconf refused: joining by address still works
            self.error = f"Network discovery could not start ({e})."
            return
        with self._lock:
            if not self._closed:
                self._browser = browser
                return
        browser.close()

    def tables(self) -> list:
        with self._lock:
            browser = self._browser
        return browser.tables() if browser is not None else []

    def close(self) -> None:
        with self._lock:
            self._closed = True
            browser, self._browser = self._browser, None
        if browser is not None:
            threading.Thread(target=browser.close, name="sandtable-lan-browser-close", daemon=True).start()


def browser() -> LanBrowser:
    return LanBrowser()
