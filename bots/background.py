"""A slow bot (the expert searches a second) thinking beside a table, so the table never waits on it.

A table asks its bots from one thread: a window's drawing loop (net/local.py polls each frame) or a
host's event loop (net/host.py). `ThinkingBot` answers such a call at once: the first call at a rev
starts the search on that view and returns None with `thinking` True (the table then asks again a little
later instead of counting the seat as passed); a later call at the same rev gets the action once the search
is done. A call at a newer rev stops a search that is now stale; its answer is still sent if the newer view
still lists it (another seat acted in a simultaneous phase).

Where the search runs: `ThinkingBot.in_helper(bots.make, ...)` (what `bots.make_for_table` gives a table) builds the bot in
a helper process of its own (bots/helper.py), where it keeps its memory of the game, is sent each view and sends
back its action, and is stopped through the helper: the table's process never shares its interpreter with the
search, so a window keeps its frame rate. `ThinkingBot(bot)` runs a bot already made on a daemon thread of this
process instead (a test's own bot; a tool that watches the search from inside).
"""
import sys
import threading

from engine import legal as listing
from engine.canonical import copy_plain

# How long a thread may hold the interpreter while another waits for it (Python's default is 5 ms). A window
# drawing while a search runs on a thread of its process asks for it several times a frame; at 5 ms a wait its
# frames stretched by a third more than at 1 ms (docs/bots.md, "The window while the expert thinks")
SWITCH_INTERVAL = 0.001


class ThinkingBot:
    pace = 0.0

    def __init__(self, bot=None, *, helper=None, seat: int | None = None):
        """`bot`: searched on a thread of this process; or `helper`: a bots.helper.Helper holding the bot, which
        plays `seat`."""
        self.bot, self._helper = bot, helper
        self.seat = seat if bot is None else getattr(bot, "seat", None)
        if bot is not None:
            sys.setswitchinterval(min(sys.getswitchinterval(), SWITCH_INTERVAL))
        self._job = None  # (rev, the search under way: a _Thread or a _Call)

    @classmethod
    def in_helper(cls, make, game_id: str, level: str, seat: int, seed: int = 0) -> "ThinkingBot":
        """The bot `make(game_id, level, seat, seed)` makes (`bots.make`), built and searching in a helper process."""
        from bots.helper import Helper
        return cls(helper=Helper(make, game_id, level, seat, seed, name=f"{level} {game_id} seat {seat}"), seat=seat)

    @property
    def thinking(self) -> bool:
        """True while a search runs or its answer waits to be taken: the seat has not passed."""
        return self._job is not None

    def busy_at(self, rev) -> bool:
        """True while a search begun at `rev` still runs: asking again at that rev would only be told to wait,
        so a table need not build the view to ask (a view and its listing cost the window's thread
        milliseconds, every frame the search runs)."""
        return self._job is not None and self._job[0] == rev and not self._job[1].done()

    def choose(self, view: dict):
        rev = view["public"].get("rev")
        if self._job is not None:
            job_rev, search = self._job
            if not search.done():
                if job_rev != rev:
                    self.stop()  # the table moved on: answer soon (sent only if the newer view still lists it)
                return None
            self._job = None
            action = search.action()
            if job_rev == rev or (action is not None and listing.size(view.get("private", {}).get("legal"))
                                    and listing.contains(view["private"]["legal"], action)):
                # Another seat's action in a simultaneous phase (a secret set-up) moves the rev without touching
                # this seat's choices: the answer still stands. Thrown away, it was lost for good, since the
                # wrapped bot remembers having given it (Tactics (1954)'s hard set-up then ended with its HQs
                # where the bivouac put them, open to a turn-one landing).
                return action
        view = copy_plain(view)  # the table's view may share parts with its state, which moves on
        search = _Thread(self.bot, view) if self._helper is None else _Call(self._helper, view)
        self._job = (rev, search)
        return None

    def stop(self) -> None:
        if self._helper is not None:
            self._helper.stop()
            return
        stop = getattr(self.bot, "stop", None)
        if stop is not None:
            stop()

    def close(self) -> None:
        """End the helper process, if the bot thinks in one (the table is closing, or the seat changed hands)."""
        if self._helper is not None:
            self._helper.close()

    def __getattr__(self, name):  # anything else (last_search, ...) is the wrapped bot's, where it runs here
        if name == "bot" or self.__dict__.get("bot") is None:
            raise AttributeError(name)
        return getattr(self.bot, name)


class _Thread:
    """A search on a daemon thread of this process."""

    def __init__(self, bot, view: dict):
        self._box = {}

        def think():
            self._box["action"] = bot.choose(view)
        self._thread = threading.Thread(target=think, name="bot search", daemon=True)
        self._thread.start()

    def done(self) -> bool:
        return not self._thread.is_alive()

    def action(self):
        return self._box.get("action")


class _Call:
    """A search in the bot's helper process."""

    def __init__(self, helper, view: dict):
        self._helper = helper
        self._ticket = helper.call("choose", view)

    def done(self) -> bool:
        return self._helper.ready(self._ticket)

    def action(self):
        from bots.helper import HelperFailed
        try:
            return self._helper.result(self._ticket, timeout=0)
        except HelperFailed as failed:   # told, not lost: the seat then counts as passed, as after a thread died
            print(f"the bot's search failed: {failed}", file=sys.stderr)
            return None
