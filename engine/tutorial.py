"""A tutorial as data: a designed scenario and the steps that walk a learner through it, checked by the rules.

A tutorial file (TOML, one per game) names its game, seats, seed and options, and a **prelude**: the
actions, seat by seat, that set the scene before the learner sees the board (a save's log, written out).
Then come the **steps**. Each says something (`say`), may light places on the board (`light`, in the
board's own terms: a square, a territory, a slot), may wait for actions (`do`: the learner's, by
default, or a scripted seat's, or the table's timed step), may name the events the rules must answer
with (`events`, so the outcome it teaches is certain), and says what happened and the rule behind it
(`then`). An expected action may hold domains (`{"$one_of": [...]}`, `{"$range": [lo, hi]}`, as
engine.legal writes them) where any of several choices teaches the same thing; the rehearsal plays the
first of each.

Nothing here knows a game: `rehearse` plays a tutorial through a real Session (prelude, then every
step's actions) and raises `TutorialError` naming the step the rules refuse, so a tutorial is checked
by the same rules that will judge the learner. `position` says where a learner stands from a session's
log, so leaving and coming back picks the tutorial up where it was.
"""
import hashlib
import tomllib
from dataclasses import dataclass

from engine import legal
from engine.errors import RuleError

LEARNER = "learner"
TABLE = "table"   # the table's timed step (a reaction window closing), logged for seat None
_TOP_FIELDS = {"game", "title", "about", "seats", "learner", "seed", "options", "names", "prelude", "step",
               "finish"}
_STEP_FIELDS = {"title", "say", "light", "do", "by", "events", "then", "refuse"}
DEFAULT_REFUSAL = "Not that one yet: the box says what to do next, and the lit places show where."


class TutorialError(Exception):
    """A tutorial file that cannot be used, or a step the rules refuse; str() is one sentence."""


@dataclass(frozen=True)
class Step:
    index: int
    title: str
    say: str
    then: str
    light: tuple
    by: object          # LEARNER, TABLE or a seat number
    actions: tuple      # what must be done, in any order for the learner, in order for the others
    events: tuple       # partial events the rules must answer the step's actions with
    refuse: str

    @property
    def waits(self) -> bool:
        """True when the step waits for actions (else it is read, and the learner goes on)."""
        return bool(self.actions)

    def seat(self, learner: int):
        """The seat the step's actions are played for (None: the table)."""
        if self.by == LEARNER:
            return learner
        return None if self.by == TABLE else self.by


@dataclass(frozen=True)
class Tutorial:
    game: str
    title: str
    about: str
    seats: int
    learner: int
    seed: int
    options: dict
    names: dict          # seat -> the name a scripted seat plays under
    prelude: tuple       # ((seat or None, action), ...)
    steps: tuple
    finish: str          # the last words, before the offer of a real game
    version: str         # a digest of the file: a learner's progress in another version starts again

    def start_of(self, index: int) -> int:
        """How many actions the session's log holds when step `index` begins (the prelude's and the steps'
        before it)."""
        return len(self.prelude) + sum(len(s.actions) for s in self.steps[:index])

    @property
    def length(self) -> int:
        """The log's length once every step is done."""
        return self.start_of(len(self.steps))

    def done_in(self, index: int, log: list) -> list:
        """The actions of step `index` already in `log` (a session's [[seat, action], ...])."""
        start = self.start_of(index)
        return [action for _, action in log[start:start + len(self.steps[index].actions)]]

    def still_to_do(self, index: int, log: list) -> list:
        """Step `index`'s expected actions not yet matched by what the log holds since it began."""
        left = list(self.steps[index].actions)
        for action in self.done_in(index, log):
            for i, expected in enumerate(left):
                if matches(expected, action):
                    del left[i]
                    break
        return left

    def expects(self, index: int, log: list, seat, action: dict) -> bool:
        """True when `action` by `seat` is one step `index` waits for now (the learner's in any order, a
        scripted seat's in the order written)."""
        step = self.steps[index]
        if seat != step.seat(self.learner) or not self.start_of(index) <= len(log) < self.start_of(index + 1):
            return False
        left = self.still_to_do(index, log)
        if step.by != LEARNER:
            left = left[:1]
        return any(matches(expected, action) for expected in left)

    def next_scripted(self, index: int, log: list):
        """The action a scripted seat (or the table) plays next in step `index`, or None."""
        step = self.steps[index]
        if step.by == LEARNER:
            return None
        left = self.still_to_do(index, log)
        return first_choice(left[0]) if left else None

    def complete(self, index: int, log: list) -> bool:
        return len(log) >= self.start_of(index + 1)


def matches(expected: dict, action: dict) -> bool:
    """True when `action` is `expected`, or one of the actions its domains allow."""
    return legal.contains({legal.ACTIONS: [], legal.TEMPLATES: [expected]}, action)


def first_choice(expected: dict) -> dict:
    """The action `expected` names, its domains resolved to their first value."""
    return legal.nth_of(expected, 0) if legal.template_size(expected) else dict(expected)


def position(tutorial: Tutorial, log_length: int, kept_step: int | None = None) -> int:
    """The step a learner stands at, for a session whose log has `log_length` actions: `kept_step` (kept
    with the learner's progress) when the log agrees with it, else the first step that begins there (or whose
    actions the log is in the middle of)."""
    if kept_step is not None and 0 <= kept_step <= len(tutorial.steps):
        if tutorial.start_of(kept_step) <= log_length <= tutorial.start_of(min(kept_step + 1, len(tutorial.steps))):
            return kept_step
    for index in range(len(tutorial.steps)):
        if tutorial.start_of(index) >= log_length or log_length < tutorial.start_of(index + 1):
            return index
    return len(tutorial.steps)


# ----- reading a file ---------------------------------------------------------------------------------------
def parse(text: str, source: str = "tutorial") -> Tutorial:
    """The tutorial a TOML text describes; TutorialError naming what is wrong."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise TutorialError(f"{source} is not valid TOML: {e}") from None
    _known(data, _TOP_FIELDS, source)
    for field in ("game", "title", "seats", "learner", "seed"):
        if field not in data:
            raise TutorialError(f"{source} says nothing of its {field}.")
    seats, learner = data["seats"], data["learner"]
    if not (isinstance(learner, int) and 0 <= learner < seats):
        raise TutorialError(f"{source}: the learner's seat {learner!r} is not one of its {seats} seats.")
    prelude = tuple(_prelude_entry(entry, seats, source) for entry in data.get("prelude", []))
    steps = tuple(_step(i, raw, seats, source) for i, raw in enumerate(data.get("step", [])))
    if not steps:
        raise TutorialError(f"{source} has no steps.")
    try:
        names = {int(k): str(v) for k, v in data.get("names", {}).items()}
    except (AttributeError, ValueError):
        raise TutorialError(f"{source}: [names] gives a name to each scripted seat by its number.") from None
    return Tutorial(game=data["game"], title=data["title"], about=data.get("about", ""), seats=seats,
                    learner=learner, seed=data["seed"], options=dict(data.get("options", {})), names=names,
                    prelude=prelude, steps=steps, finish=data.get("finish", ""),
                    version=hashlib.sha256(text.encode("utf-8")).hexdigest()[:16])


def _known(data: dict, fields: set, where: str) -> None:
    unknown = sorted(set(data) - fields)
    if unknown:
        raise TutorialError(f"{where} has fields no tutorial knows: {', '.join(unknown)}.")


def _seat(by, seats: int, where: str):
    if by in (LEARNER, TABLE):
        return by
    if isinstance(by, int) and 0 <= by < seats:
        return by
    raise TutorialError(f"{where}: {by!r} is neither a seat, \"learner\" nor \"table\".")


def _action(action, where: str) -> dict:
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise TutorialError(f"{where}: an action must be a table with a type, not {action!r}.")
    return action


def _prelude_entry(entry, seats: int, source: str) -> tuple:
    where = f"{source}'s prelude"
    if not (isinstance(entry, list) and len(entry) == 2):
        raise TutorialError(f"{where}: each entry is [seat, action], not {entry!r}.")
    seat = _seat(entry[0], seats, where)
    if seat == LEARNER:
        raise TutorialError(f"{where} names seats by number (or \"table\").")
    return (None if seat == TABLE else seat, _action(entry[1], where))


def _step(index: int, raw: dict, seats: int, source: str) -> Step:
    where = f"{source}, step {index + 1}"
    _known(raw, _STEP_FIELDS, where)
    if not raw.get("say"):
        raise TutorialError(f"{where} says nothing.")
    actions = tuple(_action(a, where) for a in raw.get("do", []))
    return Step(index=index, title=raw.get("title", ""), say=raw["say"].strip(), then=raw.get("then", "").strip(),
                light=tuple(raw.get("light", [])), by=_seat(raw.get("by", LEARNER), seats, where),
                actions=actions, events=tuple(raw.get("events", [])), refuse=raw.get("refuse", DEFAULT_REFUSAL))


# ----- checked by the rules ---------------------------------------------------------------------------------
def session_seats(tutorial: Tutorial, learner_name: str = "You") -> list[dict]:
    """The seats of a tutorial's table: the learner's, and the scripted ones (bots whose moves the steps write)."""
    return [{"name": learner_name, "kind": "human"} if seat == tutorial.learner else
            {"name": tutorial.names.get(seat, f"Seat {seat + 1}"), "kind": "bot", "level": "easy"}
            for seat in range(tutorial.seats)]


def new_session(tutorial: Tutorial, learner_name: str = "You"):
    """A Session at the scene the tutorial begins from: set up with its seed and options, the prelude played."""
    from engine.session import Session
    session = Session(tutorial.game, tutorial.seats, seed=tutorial.seed, options=tutorial.options,
                      seats=session_seats(tutorial, learner_name))
    for n, (seat, action) in enumerate(tutorial.prelude):
        try:
            session.apply(seat, action)
        except RuleError as e:
            raise TutorialError(f"The prelude's action {n + 1} ({action}) is refused: {e.message}") from None
    return session


def event_matches(wanted: dict, event: dict) -> bool:
    """True when `event` holds every field of `wanted` with the same value."""
    return all(k in event and event[k] == v for k, v in wanted.items())


def play_step(session, tutorial: Tutorial, index: int) -> list:
    """Play step `index`'s actions (the first choice of each) through `session`: the events, or TutorialError
    naming the step and the rules' refusal, or the events it promised and did not get."""
    step = tutorial.steps[index]
    seat = step.seat(tutorial.learner)
    events: list = []
    for action in step.actions:
        chosen = first_choice(action)
        if seat is None:   # the table's step is the one the rules ask for now, as the table fires it
            timer = session.timer()
            if timer is None or timer["action"] != chosen:
                raise TutorialError(f"Step {index + 1} ({step.title or step.say[:40]}): the rules ask for no timed "
                                    f"step {chosen} now.")
        try:
            events += session.apply(seat, chosen)
        except RuleError as e:
            raise TutorialError(f"Step {index + 1} ({step.title or step.say[:40]}): the rules refuse {chosen}: "
                                f"{e.message}") from None
    for wanted in step.events:
        if not any(event_matches(wanted, e) for e in events):
            raise TutorialError(f"Step {index + 1} ({step.title or step.say[:40]}) promises the event {wanted}, "
                                f"and the rules answered {events}.")
    return events


def rehearse(tutorial: Tutorial):
    """Play the whole tutorial through a real Session; the session at its end (TutorialError on any refusal)."""
    session = new_session(tutorial)
    for index in range(len(tutorial.steps)):
        play_step(session, tutorial, index)
    return session
