"""`ReplayLink`: a read-only TableLink over a saved game, for watching it again.

It replays the save with `Session.load(path, upto=n)`. Stepping forward applies
the next logged action to the session it holds (cheap); stepping back or jumping
reloads up to the wanted move. Views and events are a spectator's: no seat's
secrets are shown. `act` is always refused.
"""
from engine import saves
from engine.session import Session
from net.link import InProcessLink


class Unplayable:
    """What every replay link answers alike: it is read-only, nobody is there to hear chat, and closing
    it only marks it closed. Subclasses set `_inbox` (a list) and `_closed` (False) in __init__."""
    replay = True  # boards and the game-over screen treat a replay as read-only

    def seek(self, n: int) -> None:
        """Jump to just after move `n` (0: the start): forward move by move (each move's events shown),
        back by `_rewind`, the subclass's way of going back to move `n`."""
        n = max(0, min(self.length, n))
        if n == self.position:
            return
        if n > self.position:
            while self.position < n:
                self.step()
            return
        self._rewind(n)
        self._push([])

    def send(self, action: dict, seat=None) -> int:
        self._inbox.append({"t": "err", "seq": 0, "code": "not_your_turn", "msg": "A replay cannot be played into."})
        return 0

    def chat(self, text: str) -> None:
        pass  # nobody to talk to in a replay

    def poll(self) -> list[dict]:
        out, self._inbox = self._inbox, []
        return out

    def close(self) -> None:
        self._closed = True


class ReplayLink(Unplayable, InProcessLink):
    def __init__(self, path):
        self.path = path
        header, log, _ = saves.read_records(path)
        self._log = log
        self.session = Session.load(path, upto=0)
        self.game = header["game"]
        self.table_name = "Replay"
        self.error = None
        self._inbox: list[dict] = []
        self._closed = False

    # ----- position -------------------------------------------------------------------
    @property
    def length(self) -> int:
        """Moves in the save."""
        return len(self._log)

    @property
    def position(self) -> int:
        """Moves replayed so far."""
        return self.session.rev

    def step(self) -> bool:
        """Replay the next move; False at the end."""
        if self.position >= self.length:
            return False
        seat, action = self._log[self.position]
        events = self.session.apply(seat, action)
        self._push(self.session.events_for(events, None))
        return True

    def _rewind(self, n: int) -> None:
        self.session = Session.load(self.path, upto=n)

    def _push(self, events: list[dict]) -> None:
        self._inbox.append({"t": "update", "rev": self.rev, "events": events, "view": self.view(None)})

    # ----- TableLink ------------------------------------------------------------------
    @property
    def seats(self) -> list[dict]:
        return [{"name": s.get("name"), "kind": s.get("kind", "human"), "connected": True} for s in self.session.seats]

    @property
    def my_seats(self) -> list[int]:
        return []

    @property
    def answering(self) -> Session:
        return self.session   # the game replayed so far (a step back loads it again)

    def view(self, seat):
        v = self.session.view(None)  # a replay shows what a spectator saw, whatever seat is asked
        v["public"]["table_phase"] = self.phase
        v["public"]["seats"] = self.seats
        return v
