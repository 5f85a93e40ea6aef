"""Exactly once (PROTOCOL.md, "Playing"): per seat, the highest `seq` answered and the last answers.

An `act` whose `seq` is at most the seat's `last_seq` is a resend and is never applied: it gets
the answer it was given the first time while that is still held, else `stale_seq`. A resend is
matched to its original by the action too, so a *new* action sent under a used number is told
`stale_seq` instead of being handed an old `ok` and silently dropped.

Accepted actions are journaled with their seq (engine.saves), so `from_log` rebuilds the memory
of a resumed table: every `ok` that reached the save before a crash is answered again as it was.
"""
import hashlib
from collections import OrderedDict

import msgpack

from net.frames import err

HELD = 64  # answers remembered per seat (the protocol's "last 64")
STALE_SEQ = "stale_seq"


def action_digest(action) -> bytes:
    """A short fingerprint of an action, to tell a resend from a new action under an old seq."""
    try:
        return hashlib.sha256(msgpack.packb(action, use_bin_type=True)).digest()
    except (TypeError, ValueError, OverflowError):
        return b""


class SeatAnswers:
    """One seat's `last_seq` and its last HELD answers, each with what it answered: the action itself for
    an `ok` (the log holds it anyway, so that costs nothing), a digest for a refusal (which may be up to
    64 KiB of junk the table must not keep)."""

    __slots__ = ("last_seq", "_held")

    def __init__(self):
        self.last_seq = 0
        self._held: OrderedDict = OrderedDict()  # seq -> (answer, action or digest)

    def is_resend(self, seq: int) -> bool:
        return seq <= self.last_seq

    def resend(self, seq: int, action) -> dict:
        """The answer to a resent `seq`: the original one while held and for the same action, else stale_seq."""
        held = self._held.get(seq)
        if held is not None:
            answer, what = held
            if what == action if isinstance(what, dict) else what == action_digest(action):
                return answer
        return err(STALE_SEQ, f"seq {seq} was already used at this table (answered up to {self.last_seq}); "
                              f"nothing was applied. Number new actions from {self.last_seq + 1}.", seq)

    def remember(self, seq: int, answer: dict, action) -> None:
        self.last_seq = max(self.last_seq, seq)
        self._held[seq] = (answer, action if answer["t"] == "ok" else action_digest(action))
        if len(self._held) > HELD:
            self._held.popitem(last=False)


def from_log(log: list, seqs: list) -> dict[int, SeatAnswers]:
    """Each seat's memory as the journal left it: the `ok` of every action a client asked for, by seq."""
    seats: dict[int, SeatAnswers] = {}
    for rev, ((seat, action), seq) in enumerate(zip(log, seqs), start=1):
        if seat is None or seq is None:
            continue
        seats.setdefault(seat, SeatAnswers()).remember(seq, {"t": "ok", "seq": seq, "rev": rev}, action)
    return seats
