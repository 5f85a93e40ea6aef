"""Secrets on the board: pieces whose place only their owner knows, and events with secret parts.

Hands of cards were the only secret the first games had; the Tactics games put secrets on
the board (a submarine card naming an ocean square, a corps taken off the map to a recorded
spot behind the line). Both are kept in the state as plain data through this module, so the
view, the events and the saves treat them one way:

  * `HiddenPieces` lives in the state as a map owner -> {piece: place} (string keys, so it
    can be copied into a view as it is). `private(seat)` is what the owner's private view
    shows; `public()` tells everyone only which pieces are hidden, never where.
  * An event whose parts are for some seats only is built with `secret_event(event, seats,
    **fields)` and passed through `redact(event, seat)`: the listed seats see the fields
    merged into the event, everyone else sees the event without them.

A secret action (moving a hidden piece) is in the host's log and save — the host must be able
to resume — but never in a frame to another seat: the table sends events, never actions.
"""
import copy

SECRET = "secret"        # the fields only some seats see
SECRET_TO = "secret_to"  # those seats


def secret_event(event: dict, seats, **fields) -> dict:
    """`event` as everyone sees it, plus `fields` that only `seats` see."""
    return {**event, SECRET_TO: sorted(seats), SECRET: fields}


def redact(event: dict, seat) -> dict:
    """The event as `seat` (None: a spectator) may see it. Events without secret parts pass as they are."""
    if SECRET not in event:
        return event
    out = {k: v for k, v in event.items() if k not in (SECRET, SECRET_TO)}
    if seat is not None and seat in event[SECRET_TO]:
        out.update(copy.deepcopy(event[SECRET]))
    return out


class HiddenPieces:
    """A view over `state[key]`: owner seat -> {piece id (str): place}. The data stays in the state."""

    def __init__(self, state: dict, key: str = "hidden"):
        self.data = state.setdefault(key, {})

    @staticmethod
    def _owner(seat: int) -> str:
        return str(seat)

    def hide(self, seat: int, piece, place) -> None:
        self.data.setdefault(self._owner(seat), {})[str(piece)] = copy.deepcopy(place)

    def move(self, seat: int, piece, place) -> None:
        pieces = self.data.get(self._owner(seat), {})
        if str(piece) not in pieces:
            raise KeyError(f"seat {seat} has no hidden piece {piece!r}")
        pieces[str(piece)] = copy.deepcopy(place)

    def reveal(self, seat: int, piece):
        """Take `piece` out of hiding; returns where it was."""
        pieces = self.data.get(self._owner(seat), {})
        place = pieces.pop(str(piece))
        if not pieces:
            self.data.pop(self._owner(seat), None)
        return place

    def place_of(self, seat: int, piece):
        return self.data.get(self._owner(seat), {}).get(str(piece))

    def pieces_of(self, seat: int) -> dict:
        return self.data.get(self._owner(seat), {})

    def holders_at(self, place) -> list[tuple[int, str]]:
        """(seat, piece) of every hidden piece at `place` (for the rules only: never put in a view)."""
        return [(int(o), p) for o, pieces in sorted(self.data.items()) for p, at in sorted(pieces.items())
                if at == place]

    def private(self, seat) -> dict:
        """What the owner sees: its pieces and their places (a copy)."""
        return copy.deepcopy(self.pieces_of(seat)) if seat is not None else {}

    def public(self) -> dict:
        """What everyone sees: which pieces each seat holds hidden, not where (owner -> sorted ids)."""
        return {o: sorted(pieces) for o, pieces in sorted(self.data.items())}

    def counts(self, n_seats: int) -> list[int]:
        return [len(self.pieces_of(s)) for s in range(n_seats)]
