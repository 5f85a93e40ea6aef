"""A helper process: one object held in a process of its own, its methods called from this one without waiting.

The searches are pure Python. On a thread of a window's own process they share its one interpreter lock with the
drawing, and every frame waits its turn behind them (docs/bots.md, "The window while the expert thinks"). A
`Helper` spawns a process (spawned, never forked from a process that holds a window), builds the object there
with `factory(*args)`, and answers calls on it one at a time, in the order they were made: `call` returns a
ticket at once, `ready(ticket)` tells whether its answer came, `result(ticket)` hands it over. `stop()` asks the
object's own `stop()` to end its running call early (an anytime search answers with what it has); `close()` ends
the process. Both the expert at a table (bots/background.py) and the window's hints (game/board_kit/hint_helper.py)
think in one.
"""
import multiprocessing
import threading
import time
import traceback

CONTEXT = multiprocessing.get_context("spawn")
STOP_REPEAT = 0.005   # seconds between two stops of a call that has not yet ended


class HelperFailed(RuntimeError):
    """A call raised in the helper (its traceback is the message), or the helper process is gone."""


class Helper:
    def __init__(self, factory, *args, name: str = "helper"):
        self._conn, child = CONTEXT.Pipe()
        self._stopping = CONTEXT.Event()
        self._stop_upto = CONTEXT.Value("q", 0, lock=False)   # every call up to this ticket is to stop
        self._process = CONTEXT.Process(target=_serve, args=(child, self._stopping, self._stop_upto, factory, args),
                                        name=name, daemon=True)
        self._process.start()
        child.close()
        self._sent = 0            # calls made
        self._received = 0        # answers read (they come in the order of the calls)
        self._answers = {}        # ticket -> ("ok", value) or ("error", text), until handed over

    @property
    def alive(self) -> bool:
        return self._process.is_alive()

    @property
    def pid(self) -> int:
        return self._process.pid

    def call(self, method: str, *args) -> int:
        """Call `method(*args)` on the held object; its ticket, at once."""
        self._conn.send((method, args))
        self._sent += 1
        return self._sent

    def ready(self, ticket: int) -> bool:
        """Whether the answer to `ticket` has come (never waits)."""
        self._read(block=False)
        return ticket in self._answers

    def result(self, ticket: int, timeout: float | None = None):
        """The answer to `ticket`, waiting for it up to `timeout` seconds (None: as long as it takes); TimeoutError
        if it has not come by then, HelperFailed if the call raised or the helper died."""
        if ticket not in self._answers and not self._read(block=True, until=ticket, timeout=timeout):
            raise TimeoutError("the helper has not answered yet")
        kind, value = self._answers.pop(ticket)
        if kind == "error":
            raise HelperFailed(value)
        return value

    def stop(self) -> None:
        """Stop every call made so far: the running one through the held object's `stop()` (from a thread of the
        helper, again until the call sees it), and one not yet begun is answered None without running."""
        self._stop_upto.value = self._sent
        self._stopping.set()

    def close(self) -> None:
        """End the helper process (a call still running is abandoned)."""
        if self._process.is_alive():
            self._process.terminate()
        self._process.join(1.0)
        self._conn.close()

    def _read(self, block: bool, until: int | None = None, timeout: float | None = None) -> bool:
        """Take every answer that has come (block: wait for `until`'s, up to `timeout`); True once `until`'s is in."""
        try:
            while self._received < self._sent:
                if not self._conn.poll(timeout if block else 0):
                    break
                self._received += 1
                self._answers[self._received] = self._conn.recv()
                if until is not None and self._received >= until:
                    break
        except (EOFError, OSError):   # the helper died: every call still owed fails
            for ticket in range(self._received + 1, self._sent + 1):
                self._answers[ticket] = ("error", "the helper process ended before it answered")
            self._received = self._sent
        return until is not None and until in self._answers


def _serve(conn, stopping, stop_upto, factory, args) -> None:
    """The helper process: build the object, then answer calls until the caller closes its end."""
    held = factory(*args)
    running = [None]   # the ticket of the call under way

    def watch_stops():
        stop = getattr(held, "stop", None)
        while True:
            stopping.wait()
            stopping.clear()
            while stop is not None and running[0] is not None and running[0] <= stop_upto.value:
                stop()   # again until the call returns: one just begun may have reset its own flag after a stop
                time.sleep(STOP_REPEAT)
    threading.Thread(target=watch_stops, name="stops", daemon=True).start()
    ticket = 0
    while True:
        try:
            method, call_args = conn.recv()
        except (EOFError, OSError):
            return
        ticket += 1
        try:
            if ticket <= stop_upto.value:
                answer = ("ok", None)   # stopped before it began
            else:
                running[0] = ticket
                answer = ("ok", getattr(held, method)(*call_args))
        except Exception:   # noqa: BLE001 - said to the caller, who decides
            answer = ("error", traceback.format_exc())
        finally:
            running[0] = None
        try:
            conn.send(answer)
        except (EOFError, OSError):
            return
