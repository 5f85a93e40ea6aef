"""Taking back one's own last actions: what the Session keeps to undo them, and when it must stop.

A seat may undo its last action while that action is still the last one at the table and it
decided only what the seat itself knew: it drew nothing from the RNG, no prompt appeared (a
standing one, as a set-up's, may stay), no other seat was asked to act, no other seat's private
view changed, the game did not end, and the game's own declaration lets it. A game declares (docs/games.md, "Undo"):

    UNDOABLE = {"move", ...}        # action types that may be taken back (default: none)
    def undo_barrier(before, after, seat, action, events) -> bool   # optional: True when this
                                    # one may not be (a phase ended, something was revealed)

`when_changed(*keys)` writes the usual barrier: the action changed one of the state's keys.
"""
from engine.canonical import copy_plain

UNDO = {"type": "undo"}
# The event every seat and spectator sees: {"type": "undo", "seat": S, "events": N}, N the number of events the
# action taken back brought (each seat received as many), so a log strikes out exactly those lines.
UNDO_EVENT = "undo"
LIMIT = 64            # snapshots kept: a seat walks back at most this many actions in a row


def is_undo(action) -> bool:
    return isinstance(action, dict) and action.get("type") == UNDO["type"]


def without(allowed: dict | None) -> dict | None:
    """A seat's `legal` less the undo the Session lists in it: what a bot chooses from (a bot never takes back
    its own move). The same listing when it holds no undo."""
    if not allowed or not any(is_undo(a) for a in allowed.get("actions", ())):
        return allowed
    return {**allowed, "actions": [a for a in allowed["actions"] if not is_undo(a)]}


def undoable_types(rules) -> frozenset:
    return frozenset(getattr(rules, "UNDOABLE", ()))


def when_changed(*keys):
    """A barrier for `undo_barrier`: the action changed `state[key]` for one of `keys` (the phase, the turn)."""
    def barrier(before, after, seat, action, events) -> bool:
        return any(before.get(k) != after.get(k) for k in keys)
    return barrier


def _private(rules, state, seat):
    private_view = getattr(rules, "private_view", None)
    return private_view(state, seat) if private_view is not None else rules.view(state, seat)["private"]


def is_barrier(rules, n_seats: int, before: dict, after: dict, seat: int, action: dict, events: list, *,
               drew: bool, to_act_before: set, prompt_before) -> bool:
    """True when `seat`'s action just applied (state `before` -> `after`) may never be taken back."""
    if drew or rules.result(after) is not None:
        return True
    prompt = getattr(rules, "prompt", None)
    if prompt is not None and prompt(after) not in (None, prompt_before):
        return True  # it opened a window or asked a question (a standing prompt, as a set-up, stays)
    if set(rules.to_act(after)) - set(to_act_before) - {seat}:
        return True  # someone else was asked to act: they may already have seen it
    barrier = getattr(rules, "undo_barrier", None)
    if barrier is not None and barrier(before, after, seat, action, events):
        return True
    if not rules.GAME_TYPE.secret:
        return False  # every view is the whole state: no private part to compare
    others = [s for s in range(n_seats) if s != seat]
    return any(_private(rules, before, s) != _private(rules, after, s) for s in others)


def _last_undo(log: list) -> int:
    return max((i for i, (_, action) in enumerate(log) if is_undo(action)), default=-1)


def state_only_span(log: list) -> range:
    """Positions of `log` a replay that wants only the final state may skip the undo copies of: those after
    its last undo (an undo before them needs the copies it walks back to)."""
    return range(_last_undo(log) + 1, len(log))


def needless_span(log: list, undoable: frozenset) -> range:
    """Positions of `log` whose undo bookkeeping a replay may skip (it only clears the run there): no undo
    comes after them, and a later entry by another seat, the table or of a type never undone ends any run
    they could be in. What a replayed session can still undo is then built exactly as the live one was."""
    last_undo = _last_undo(log)
    final_seat = log[-1][0] if log else None
    last_end = max((i for i, (seat, action) in enumerate(log)
                    if seat is None or seat != final_seat or not (is_undo(action) or action["type"] in undoable)),
                   default=-1)
    return range(last_undo + 1, last_end + 1)


class UndoRun:
    """The state before each of one seat's undoable actions since the last barrier, newest last, each with the
    number of events its action brought. Snapshots are never changed once kept (a restore hands out a copy), so
    copies of a Session share them."""

    def __init__(self, seat=None, snapshots=()):
        self.seat = seat
        self.snapshots = list(snapshots)   # (state before, events the action brought)

    def allows(self, seat) -> bool:
        return bool(self.snapshots) and seat == self.seat

    def clear(self) -> None:
        self.seat, self.snapshots = None, []

    def push(self, seat: int, before: dict, events: int) -> None:
        if seat != self.seat:
            self.clear()
        self.seat = seat
        self.snapshots.append((before, events))
        del self.snapshots[:-LIMIT]

    def pop(self) -> tuple[dict, int]:
        """The state before the seat's last undoable action (a copy: the kept one stays as it is), and the number
        of events that action brought."""
        before, events = self.snapshots.pop()
        return copy_plain(before), events

    def copy(self) -> "UndoRun":
        return UndoRun(self.seat, self.snapshots)
