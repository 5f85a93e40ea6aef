"""The decisions of a recorded game: each action a seat took, with the view that seat had when it took it.

A post-game analysis judges a seat from what it could see then (its own view: the public board, its own
secrets, its legal actions), never from the whole state; this module replays a game's log and hands out
exactly those views. An action later taken back (undo) is no decision of the game, nor is the undo, nor a
resignation.
"""
from dataclasses import dataclass
from typing import Iterator

from engine import saves, undo
from engine.resign import RESIGN
from engine.session import Session


@dataclass(frozen=True)
class Decision:
    index: int     # the action's place in the log; the view is the one at that rev
    seat: int
    view: dict
    action: dict


def taken_back(log: list) -> set[int]:
    """Places in `log` of actions an undo later took back, and of the undos themselves."""
    out, kept = set(), {}   # seat -> places of its actions still standing, latest last
    for i, (seat, action) in enumerate(log):
        if undo.is_undo(action):
            out.add(i)
            if kept.get(seat):
                out.add(kept[seat].pop())
        elif seat is not None:
            kept.setdefault(seat, []).append(i)
    return out


def of_session(session: Session, log: list, seats, start: int = 0, seqs: list | None = None) -> Iterator[Decision]:
    """Replay `log` on `session` (the game after its first `start` actions) and yield each decision of a seat in
    `seats` from the action at `start` on. `seqs`: each action's sequence number, where the log kept them (a
    club's), applied with it."""
    skip = taken_back(log)
    seats = set(seats)
    for i in range(start, len(log)):
        seat, action = log[i]
        if seat in seats and i not in skip and action.get("type") != RESIGN:
            yield Decision(i, seat, session.view(seat), action)
        session.apply(seat, action, seqs[i] if seqs is not None else None)


def read(path) -> tuple[dict, list]:
    """(header, log) of the save at `path`; SaveError (one sentence) when it cannot be used."""
    Session.load(path, upto=0)   # the header checked: the game exists, its options are accepted
    header, log, _ = saves.read_records(path)
    return header, [(seat, action) for seat, action, *_ in log]


def of_save(header: dict, log: list, seats) -> Iterator[Decision]:
    """The decisions of the seats in `seats` in the game a save's `header` and `log` record."""
    return of_session(Session.from_header(header), log, seats)
