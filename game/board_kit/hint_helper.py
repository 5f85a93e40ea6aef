"""The helper process a window's hints are thought in (game/board_kit/advice.py).

The expert's search is pure Python: run on a thread of the window's own process it would share one interpreter
lock with the drawing, and every frame would wait its turn behind the search. So a window thinks its hints in one
helper process of its own (bots/helper.py, as the expert at a table thinks in its own), started at the first hint
and kept for the next; the window polls it each frame. Stopping a hint ends the helper; the next hint starts
another. The expert there is the same as in play (bots.hint): at one seed and one budget, the same answer.
"""
import time

from bots import hint
from bots.helper import Helper

_helper_process = None


def _helper() -> Helper:
    global _helper_process
    if _helper_process is None or not _helper_process.alive:
        _helper_process = Helper(hint.Adviser, name="hints")
    return _helper_process


def stop_helper() -> None:
    """End the helper process (a hint stopped halfway, or the window closing)."""
    global _helper_process
    helper, _helper_process = _helper_process, None
    if helper is not None:
        helper.close()


class HelpedHint:
    """A hint thought in the helper process, read like bots.hint.Hint: `progress()`, `answered` (then `action`,
    `seconds`), `done` (then `reason`), `error`, `cancel()`."""

    def __init__(self, game_id: str, seat: int, view: dict, seed: int, budget: float, stood=()):
        self.game_id, self.seat, self.view, self.seed, self.budget = game_id, seat, view, seed, budget
        self.action, self.reason, self.seconds, self.error = None, "", None, None
        self._began = time.perf_counter()
        self._helper = _helper()
        self._answer = self._helper.call("think", game_id, seat, view, seed, {"budget": budget}, list(stood))
        self._reason = None
        self._answered = self._done = False

    def _read(self) -> None:
        helper = self._helper
        try:
            if not self._answered and helper.ready(self._answer):
                self.action, self.seconds, plan = helper.result(self._answer)
                self._answered = True
                if self.action is None:
                    self._done = True
                else:
                    self._reason = helper.call("explain", self.game_id, self.seat, self.view, self.action, plan,
                                               self.seed)
            if self._reason is not None and not self._done and helper.ready(self._reason):
                self.reason, self._done = helper.result(self._reason), True
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
