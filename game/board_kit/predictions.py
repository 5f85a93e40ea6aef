"""Client-side prediction for real-time boards: what this window has sent and not yet seen settled.

A move shows on screen the moment it is sent; the table then confirms it (`ok`)
or refuses it (`err`, e.g. someone else won the race for that spot). The
ledger keeps each such move by the seq `link.send` returned, for drawing only:
it never changes game state. `ok` marks a move confirmed; it is dropped once
the view has caught up (the link's rev reached the ok's rev), so a confirmed
move never blinks out while its update is still on the way. `err` drops it and
hands it back so the board can show the rollback; so does `lost`, when an update
already shows the move cannot stand (the host sends that update before, or after,
the loser's `err`: it applies moves in arrival order and may send one update for
several of them).
"""
from dataclasses import dataclass, field


@dataclass
class Prediction:
    seq: int
    action: dict
    seat: int
    age: float = 0.0
    confirmed_rev: int | None = None
    info: dict = field(default_factory=dict)   # whatever the board wants to remember (where it came from)


class PredictionLedger:
    def __init__(self):
        self.pending: dict[int, Prediction] = {}
        self.confirmed = 0
        self.rolled_back = 0

    def add(self, seq: int, action: dict, seat: int, **info) -> Prediction:
        p = Prediction(seq, action, seat, info=info)
        self.pending[seq] = p
        return p

    def __iter__(self):
        return iter(list(self.pending.values()))

    def __len__(self) -> int:
        return len(self.pending)

    def answer(self, msg: dict) -> Prediction | None:
        """An `ok` or `err` from the link. Returns the refused prediction on `err` (None otherwise)."""
        p = self.pending.get(msg.get("seq"))
        if p is None:
            return None
        if msg.get("t") == "ok":
            p.confirmed_rev = msg.get("rev", 0)
            self.confirmed += 1
            return None
        del self.pending[p.seq]
        self.rolled_back += 1
        return p

    def lost(self, seq: int) -> Prediction | None:
        """A move the board already knows is refused before its answer came (an update showed the space
        taken by someone else): drop it and hand it back, counted as rolled back. Its `err` then finds
        nothing to answer."""
        p = self.pending.pop(seq, None)
        if p is not None:
            self.rolled_back += 1
        return p

    def caught_up(self, rev: int) -> None:
        """The view on screen is at `rev`: confirmed moves it already shows are no longer predictions."""
        for seq, p in list(self.pending.items()):
            if p.confirmed_rev is not None and rev >= p.confirmed_rev:
                del self.pending[seq]

    def update(self, dt: float) -> None:
        for p in self.pending.values():
            p.age += dt

    def clear(self) -> None:
        self.pending.clear()
