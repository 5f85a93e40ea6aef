"""A slow bot (the expert searches a second) thinking in a worker thread, so a table never waits on it.

A table asks its bots from one thread: a window's drawing loop (net/local.py polls each frame) or a
host's event loop (net/host.py). `ThinkingBot` answers such a call at once: the first call at a rev
starts the search on that view in a daemon thread and returns None with `thinking` True (the table
then asks again a little later instead of counting the seat as passed); a later call at the same rev
gets the action once the search is done. A call at a newer rev stops a search that is now stale; its
answer is still sent if the newer view still lists it (another seat acted in a simultaneous phase).
"""
import sys
import threading

from engine import legal as listing
from engine.canonical import copy_plain


# How long a thread may hold the interpreter while another waits for it (Python's default is 5 ms). A window
# drawing while the search runs asks for it several times a frame; at 5 ms a wait its frames stretched by a
# third more than at 1 ms (docs/bots.md, "The window while the expert thinks")
SWITCH_INTERVAL = 0.001


class ThinkingBot:
    pace = 0.0

    def __init__(self, bot):
        self.bot = bot
        sys.setswitchinterval(min(sys.getswitchinterval(), SWITCH_INTERVAL))
        self._job = None  # (rev, thread, box): box["action"] once the search answered

    @property
    def thinking(self) -> bool:
        """True while a search runs or its answer waits to be taken: the seat has not passed."""
        return self._job is not None

    def busy_at(self, rev) -> bool:
        """True while a search begun at `rev` still runs: asking again at that rev would only be told to wait,
        so a table need not build the view to ask (a view and its listing cost the window's thread
        milliseconds, every frame the search runs)."""
        return self._job is not None and self._job[0] == rev and self._job[1].is_alive()

    def choose(self, view: dict):
        rev = view["public"].get("rev")
        if self._job is not None:
            job_rev, thread, box = self._job
            if thread.is_alive():
                if job_rev != rev:
                    self.stop()  # the table moved on: answer soon (sent only if the newer view still lists it)
                return None
            self._job = None
            action = box.get("action")
            if job_rev == rev or (action is not None and listing.size(view.get("private", {}).get("legal"))
                                    and listing.contains(view["private"]["legal"], action)):
                # Another seat's action in a simultaneous phase (a secret set-up) moves the rev without touching
                # this seat's choices: the answer still stands. Thrown away, it was lost for good, since the
                # wrapped bot remembers having given it (Tactics (1954)'s hard set-up then ended with its HQs
                # where the bivouac put them, open to a turn-one landing).
                return action
        box = {}
        view = copy_plain(view)  # the table's view may share parts with its state, which moves on

        def think():
            box["action"] = self.bot.choose(view)

        thread = threading.Thread(target=think, name="bot search", daemon=True)
        self._job = (rev, thread, box)
        thread.start()
        return None

    def stop(self) -> None:
        stop = getattr(self.bot, "stop", None)
        if stop is not None:
            stop()

    def __getattr__(self, name):  # anything else (seat, last_search, ...) is the wrapped bot's
        return getattr(self.bot, name)
