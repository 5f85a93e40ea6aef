"""The table a tutorial is played at: a local table whose learner may do only what the step waits for.

`TutorialTable` is a `net.local.LocalTable` over the tutorial's Session. Before an action of the learner's
reaches the rules it is checked against the lesson's step (engine.tutorial: the expected actions, in any
order): anything else is answered at once with an `err` carrying the step's kind word, and nothing at the
table changes. The other seats are scripted: each is a bot that plays the step's next action when the step
is theirs, one action per `bot_delay`, so the learner watches the other side move. The rules' timed steps
(a reaction window closing) fire only when a step says so, never on the clock, so a learner reading the box
is never overtaken by a timer.
"""
import time

import msgpack

from engine.errors import ILLEGAL
from net.local import LocalTable

from game.tutorial.lesson import Lesson


def plain(action: dict) -> dict:
    """The action as the table will hold it (lists, not tuples), to be matched against the step."""
    return msgpack.unpackb(msgpack.packb(action, use_bin_type=True), raw=False)


class ScriptedSeat:
    """A seat whose moves the tutorial writes: it answers with the step's next action when the step is its own."""
    pace = 0.0

    def __init__(self, lesson_of, seat: int):
        """`lesson_of()`: the lesson of the table this seat sits at (the table makes its bots before it has one)."""
        self.lesson_of, self.seat = lesson_of, seat

    def choose(self, view: dict):
        due = self.lesson_of().scripted()
        return due[1] if due is not None and due[0] == self.seat else None


class TutorialTable(LocalTable):
    lesson: Lesson
    refused = 0          # learner's actions refused for not being the step's (the coach and the tests read it)
    leave_notice = "Press Esc again to leave: the lesson is kept, and Learn picks it up where you were."

    @classmethod
    def open(cls, tutorial, session, step: int | None = None, *, save_path=None, bot_delay: float = 0.6,
             on_step=None) -> "TutorialTable":
        """The table of `session` (a tutorial's, its prelude played) with the learner at `step`."""
        holder: list = []
        table = cls.from_session(session, save_path=save_path, bot_delay=bot_delay, table_name=tutorial.title,
                                 bot_factory=lambda game, level, seat, seed: ScriptedSeat(lambda: holder[0].lesson,
                                                                                          seat))
        holder.append(table)
        table.lesson = Lesson(tutorial, table.session, step, on_step=on_step)
        table._step_seen, table._step_at = table.lesson.serial, time.monotonic()   # when the step on show began
        return table

    def send(self, action: dict, seat: int | None = None) -> int:
        if seat is None and len(self._human) == 1:
            seat = self._human[0]
        if not self._closed and seat in self._human:
            try:
                wanted = self.lesson.expects(seat, plain(action))
            except (TypeError, ValueError, OverflowError):
                wanted = False
            if not wanted:
                self._seq += 1
                self.refused += 1
                self._inbox.append({"t": "err", "seq": self._seq, "code": ILLEGAL,
                                    "msg": self.lesson.refusal(seat, action)})
                return self._seq
        seq = super().send(action, seat)
        self.lesson.played()
        return seq

    def _run_bots(self) -> None:
        """The scripted side plays the step's next action once `bot_delay` has passed since the last move or
        since the step began (so the learner sees the box say what comes before it comes)."""
        due = self.lesson.scripted()
        now = time.monotonic()
        if self._step_seen != self.lesson.serial:
            self._step_seen, self._step_at = self.lesson.serial, now
        if due is None or now - max(self._last_move, self._step_at) < self.bot_delay:
            return
        seat = due[0]
        self._deliver(self.table.fire_timer(self.table.rev) if seat is None else self.table.bot_move(seat))
        self._last_move = now
        self.lesson.played()

    def _run_timer(self) -> None:
        """The rules' timed steps come only when a step says (see `_run_bots`)."""
