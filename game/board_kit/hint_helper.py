"""The helper process a window's hints are thought in (game/board_kit/advice.py).

The expert's search is pure Python: run on a thread of the window's own process it would share one interpreter
lock with the drawing, and every frame would wait its turn behind the search. So a window thinks its hints in one
helper process of its own, started at the first hint (spawned, never forked from a process that holds a window)
and kept for the next; a thread of the window waits on it. Stopping a hint ends the helper; the next hint starts
another. The expert there is the same as in play (bots.hint): at one seed and one budget, the same answer.
"""
import multiprocessing
import time

from bots import hint

_pool = None


def _helper():
    global _pool
    if _pool is None:
        _pool = multiprocessing.get_context("spawn").Pool(1)
    return _pool


def stop_helper() -> None:
    """End the helper process (a hint stopped halfway, or the window closing)."""
    global _pool
    pool, _pool = _pool, None
    if pool is not None:
        pool.terminate()


class HelpedHint:
    """A hint thought in the helper process, read like bots.hint.Hint: `progress()`, `answered` (then `action`,
    `seconds`), `done` (then `reason`), `error`, `cancel()`."""

    def __init__(self, game_id: str, seat: int, view: dict, seed: int, budget: float):
        self.game_id, self.seat, self.view, self.seed, self.budget = game_id, seat, view, seed, budget
        self.action, self.reason, self.seconds, self.error = None, "", None, None
        self._began = time.perf_counter()
        self._answer = _helper().apply_async(hint.think, (game_id, seat, view, seed, {"budget": budget}))
        self._reason = None
        self._answered = self._done = False

    def _read(self) -> None:
        try:
            if not self._answered and self._answer.ready():
                self.action, self.seconds, plan = self._answer.get()
                self._answered = True
                if self.action is None:
                    self._done = True
                else:
                    self._reason = _helper().apply_async(hint.explain, (self.game_id, self.seat, self.view,
                                                                        self.action, plan, self.seed))
            if self._reason is not None and not self._done and self._reason.ready():
                self.reason, self._done = self._reason.get(), True
        except Exception as e:   # noqa: BLE001 - the window says the hint failed rather than losing it
            self.error, self._answered, self._done = f"The hint failed: {e!r}", True, True

    @property
    def answered(self) -> bool:
        self._read()
        return self._answered

    @property
    def done(self) -> bool:
        self._read()
        return self._done

    def progress(self) -> float:
        return 1.0 if self.answered else min(1.0, (time.perf_counter() - self._began) / self.budget)

    def cancel(self) -> None:
        if not self._done:
            stop_helper()
        self._done = True
