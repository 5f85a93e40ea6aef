"""Where a learner stands in a tutorial, and where that is kept between visits.

`Lesson` is the cursor over one tutorial played at one table: the step it is at and its stage —
READ (words to read, then Next), DOING (the step's actions are due: the learner's, or a scripted seat's),
THEN (done: what happened, then Next) and FINISHED. The actions themselves are the session's log, so the
cursor only keeps the step; a step whose actions are done and that has nothing to say after gives way
to the next at once.

`Keeper` keeps a tutorial's table (its save, journalled as it goes) and the learner's step in the data
folder, apart from the saved games (a lesson is not a game to continue or replay): leaving and coming
back picks the lesson up at that step. A file written by another version of the tutorial is set aside
and the lesson starts again.
"""
import json
from pathlib import Path

from engine.errors import SaveError
from engine.saves import atomic_write
from engine import resign, undo
from engine.tutorial import LEARNER, Tutorial, position
from game import paths

READ, DOING, THEN, FINISHED = "read", "doing", "then", "finished"
SUFFIX = ".sandtable"


class Lesson:
    def __init__(self, tutorial: Tutorial, session, step: int | None = None, on_step=None):
        """`session`: the table's (its log is the lesson's progress); `step`: where the learner was, as kept;
        `on_step(index, finished)`: told whenever the step changes (to keep it)."""
        self.tutorial = tutorial
        self.session = session
        self.index = position(tutorial, len(session.log), step)
        self.on_step = on_step
        self.serial = 0         # counts step changes (the table and the screen watch it)
        self.settle()

    @property
    def finished(self) -> bool:
        return self.index >= len(self.tutorial.steps)

    @property
    def step(self):
        return None if self.finished else self.tutorial.steps[self.index]

    @property
    def count(self) -> int:
        return len(self.tutorial.steps)

    @property
    def stage(self) -> str:
        if self.finished:
            return FINISHED
        step = self.step
        if not step.waits:
            return READ
        return THEN if self.tutorial.complete(self.index, self.session.log) else DOING

    @property
    def learners_turn(self) -> bool:
        """True while the step waits for the learner's own actions."""
        return self.stage == DOING and self.step.by == LEARNER

    def text(self) -> str:
        """What the coach says now."""
        stage = self.stage
        if stage == FINISHED:
            return self.tutorial.finish
        return self.step.then if stage == THEN else self.step.say

    def next(self) -> bool:
        """Next (Enter, or the coach's button): on to the next step when the words shown wait for it."""
        if self.stage not in (READ, THEN):
            return False
        self._go(self.index + 1)
        return True

    def settle(self) -> None:
        """A done step with nothing to say after it gives way to the next."""
        while self.stage == THEN and not self.step.then:
            self._go(self.index + 1)

    def _go(self, index: int) -> None:
        self.index = index
        self.serial += 1
        self.settle()
        if self.on_step is not None:
            self.on_step(self.index, self.finished)

    # ----- what the table asks ------------------------------------------------------------
    def expects(self, seat, action: dict) -> bool:
        """True when `action` by `seat` is what the step waits for now."""
        return self.stage == DOING and self.tutorial.expects(self.index, self.session.log, seat, action)

    def scripted(self):
        """(seat or None for the table, action) a scripted seat plays next, or None."""
        if self.stage != DOING or self.step.by == LEARNER:
            return None
        action = self.tutorial.next_scripted(self.index, self.session.log)
        return None if action is None else (self.step.seat(self.tutorial.learner), action)

    def refusal(self, seat, action: dict | None = None) -> str:
        """The kind word for an action the step does not wait for."""
        kind = (action or {}).get("type")
        if kind == undo.UNDO["type"]:
            return "A lesson's moves are not taken back: go on from here (Esc twice leaves, and the lesson is kept)."
        if kind == resign.RESIGN:
            return "A lesson is not resigned: Esc twice leaves it, and Learn keeps your place."
        stage = self.stage
        if stage in (READ, THEN):
            return "Read the box first, then press Enter (or Next) to go on."
        if stage == FINISHED:
            return "This lesson is over: play a real game from the box."
        if self.step.by != LEARNER:
            return "A moment: the other side is moving."
        return self.step.refuse

    def played(self) -> None:
        """An action was accepted: a step it completed gives way to the next if it says nothing after."""
        self.settle()


class Keeper:
    """A tutorial's table and step in the data folder (tutorials/<game>.sandtable and .json)."""

    def __init__(self, folder: Path | None = None):
        self.folder = folder or paths.data_dir() / "tutorials"

    def save_path(self, tutorial: Tutorial) -> Path:
        return self.folder / f"{tutorial.game}{SUFFIX}"

    def note_path(self, tutorial: Tutorial) -> Path:
        return self.folder / f"{tutorial.game}.json"

    def note(self, tutorial: Tutorial) -> dict | None:
        """What is kept of the learner's place in this version of the tutorial, or None."""
        try:
            note = json.loads(self.note_path(tutorial).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None
        if not isinstance(note, dict) or note.get("version") != tutorial.version or not isinstance(note.get("step"), int):
            return None
        return note

    def remember(self, tutorial: Tutorial, step: int, finished: bool = False) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        note = {"version": tutorial.version, "step": step, "finished": finished}
        atomic_write(self.note_path(tutorial), json.dumps(note).encode("utf-8"))

    def forget(self, tutorial: Tutorial) -> None:
        """Start the lesson afresh next time."""
        for path in (self.save_path(tutorial), self.note_path(tutorial)):
            path.unlink(missing_ok=True)

    def resume(self, tutorial: Tutorial):
        """(session, step) where the learner left this tutorial, or None (never begun, another version, or a
        save that cannot be read: the lesson starts again)."""
        note = self.note(tutorial)
        if note is None or note.get("finished"):
            return None
        from engine.session import Session
        try:
            session = Session.load(self.save_path(tutorial))
        except (SaveError, OSError, ValueError):
            return None
        if session.game_id != tutorial.game or session.seed != tutorial.seed or len(session.log) < len(tutorial.prelude):
            return None
        return session, note["step"]

    def progress(self, tutorial: Tutorial) -> tuple[int, bool] | None:
        """(step, finished) as kept, or None when the lesson was never begun (or is of another version)."""
        note = self.note(tutorial)
        return None if note is None else (note["step"], bool(note.get("finished")))
