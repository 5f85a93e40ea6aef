"""What happened before a board opened: the events of a continued game's earlier moves.

A save holds actions, not events, so a board that opens a game already under way (Continue) would
start with an empty log. Replaying the session's log on a fresh session from its header gives the
same events again, redacted for the seat this window watches through, as they first arrived; the
board reads them back quietly (no sound, no animation) so its log and counters are as they were.
A table on a host (Rejoin, a late spectator) sends them itself after its welcome (`arrived`).
"""
from engine.session import Session


def viewer_seat(link) -> int | None:
    """The seat whose events this window receives: its one seat, else (hot-seat) a spectator's."""
    mine = list(link.my_seats)
    return mine[0] if len(mine) == 1 else None


def arrived(link) -> list[dict]:
    """The events a host sent of its game before this window joined it (net.client.RemoteTable.take_past), once
    they have all come, and once; [] otherwise (a link with none to send)."""
    take = getattr(link, "take_past", None)
    return take() if take is not None else []


def past_events(link) -> list[dict]:
    """The events of every move the link's game had before now, as this window would have seen them; [] for
    a table not in this process (a LAN table: its host holds the log) or a replay (it steps its own)."""
    session = getattr(link, "session", None)
    if session is None or getattr(link, "replay", False) or not session.log:
        return []
    seat = viewer_seat(link)
    replay = Session.from_header(session.header())
    events: list[dict] = []
    for actor, action in session.log:
        events.extend(replay.events_for(replay.apply(actor, action), seat))
    return events
