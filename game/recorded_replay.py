"""`RecordedReplayLink`: a finished club game, or a LAN game as a guest saw it, watched again in the replay scene
(game.scenes.replays).

A LAN replay (game.replay_link) has the save on this machine and works out the spectator's view at each
move; a club game comes as those views themselves (club.replays: the club keeps the seed and the actions
and sends only what a spectator saw), and so does a guest's record of a LAN game (net.seen), so this link just
steps through them. Its surface is ReplayLink's: the same ReplayScene, boards and controls show both. `act` is
always refused.
"""
from concurrent.futures import Future


from game.replay_link import Unplayable


class RecordedReplayLink(Unplayable):

    def __init__(self, record: dict, decisions=None, source=None):
        """`record`: club.client.fetch_game's {"game", "name", "seats", "moves"}. `decisions`: where the player's own
        decisions in that game come from for its analysis, a callable answering a Future of
        club.client.fetch_decisions's record (None: this game cannot be analysed here). `source`: the file the
        record was read from, if any (the analysis's chart is written beside it)."""
        self.fetch_decisions = decisions
        self.source = source
        self._moves = record["moves"]
        if not self._moves:
            raise ValueError("That game has nothing to replay.")
        self.game = record["game"]
        self.table_name = f"Replay: {record['name']}"
        self._seats = record["seats"]
        self._at = 0
        self.error = None
        self._inbox: list[dict] = []
        self._closed = False

    # ----- position -------------------------------------------------------------------
    @property
    def length(self) -> int:
        """Moves in the game."""
        return len(self._moves) - 1

    @property
    def position(self) -> int:
        """Moves replayed so far."""
        return self._at

    def step(self) -> bool:
        """The next move; False at the end."""
        if self._at >= self.length:
            return False
        self._at += 1
        self._push(self._moves[self._at]["events"])
        return True

    def _rewind(self, n: int) -> None:
        self._at = n

    def _push(self, events: list[dict]) -> None:
        self._inbox.append({"t": "update", "rev": self.rev, "events": events, "view": self.view(None)})

    # ----- TableLink ------------------------------------------------------------------
    @property
    def seats(self) -> list[dict]:
        return self._seats

    @property
    def my_seats(self) -> list[int]:
        return []

    @property
    def phase(self) -> str:
        return self.view(None)["public"].get("table_phase", "play")

    @property
    def rev(self) -> int:
        return self._moves[self._at]["rev"]

    @property
    def status(self) -> str:
        return "closed" if self._closed else "connected"

    def view(self, seat):
        return self._moves[self._at]["view"]   # a spectator's, whatever seat is asked (as ReplayLink)


def of_seen(record: dict, source=None) -> RecordedReplayLink:
    """A guest's record of a LAN game (net.seen.read): its moves replayed, its own decisions for the analysis."""
    def decisions():
        answer = Future()
        answer.set_result({"decisions": record["decisions"]})
        return answer
    return RecordedReplayLink(record, decisions if record["decisions"] else None, source)
