"""Bytes on the wire, per game: what one update costs the mover and the others, and a whole bot game.

Every game the catalog offers, at its default seat count: a seeded game between bots is played through a `net.table.Table` exactly as the host plays it:
every seat is held by a connection that said hello (`views: "patches"`, as the Sandtable client
does), one spectator watches the same way, and a second set of connections asks for whole views
(a client written from PROTOCOL.md alone). Every frame the table sends is encoded as the host
encodes it and counted, 4 length bytes included. The bots choose from their seat's view; the
timed steps of the rules fire as soon as they are due. No sockets: the figures are bytes, not time.

"mover" is the seat whose action the update answers; "others" every other seat and the spectator.
"""
import time

from bench.runner import Row
from bots import make
from engine import games, legal as listing
from engine.session import Session
from net import frames
from net.table import Table

GOAL_BYTES = 8 * 1024
ACTION_LIMIT = 3000


def _pct(values: list, p: float) -> int:
    s = sorted(values)
    return s[min(len(s) - 1, int(round(p / 100 * (len(s) - 1))))] if s else 0


class _Counted:
    """One connection's frames: bytes per update after the welcome."""

    def __init__(self, name, seat, patches):
        self.name, self.seat, self.patches = name, seat, patches
        self.updates: list[tuple[int, int]] = []   # (actor seat, bytes)
        self.total = 0

    def __hash__(self):
        return id(self)


def play(game: str, n_seats: int, seed: int = 1, limit: int = ACTION_LIMIT, budget_s: float = 120.0) -> dict:
    """A bot game through a Table; returns the counted connections and the number of actions."""
    session = Session(game, n_seats, seed=seed, seats=[{"name": None, "kind": "open"} for _ in range(n_seats)])
    table = Table(session, name="bench")
    encode = frames.encode
    conns = []
    for seat in list(range(n_seats)) + [None]:   # patching connections: the seats (hello fills them) and a spectator
        c = _Counted(f"patch {seat}", seat, True)
        table.connect(c)
        hello = {"t": "hello", "proto": 1, "name": "b", "want": "watch" if seat is None else "play", "views": "patches"}
        if seat is not None:
            hello["seat"] = seat
        table.receive(c, hello)
        conns.append(c)
    for seat in list(range(n_seats)) + [None]:   # whole views to the same seats, for comparison
        c = _Counted(f"whole {seat}", seat, False)
        table.attach_local(c, seat)
        conns.append(c)
    bots_ = [make(game, "easy", seat, seed * 31 + seat) for seat in range(n_seats)]
    actor = [None]
    seq = [0]
    deadline = time.monotonic() + budget_s

    def deliver(out):
        for conn, msg in out.flat().sends:
            n = len(encode(msg))
            conn.total += n
            if msg["t"] == "update":
                conn.updates.append((actor[0], n))

    by_seat = {c.seat: c for c in conns if c.patches}
    for _ in range(limit):
        if session.result() is not None or time.monotonic() > deadline:
            break
        moved = False
        for seat in session.to_act():
            view = table.view(seat)
            if not listing.size(view["private"].get("legal")):
                continue
            action = bots_[seat].choose(view)
            if action is None:
                continue
            seq[0] += 1
            actor[0] = seat
            deliver(table.receive(by_seat[seat], {"t": "act", "seq": seq[0], "a": action}))
            moved = True
            break
        if not moved:
            timer = table.timer()
            if timer is None:
                break
            actor[0] = None
            deliver(table.fire_timer(table.rev))
    return {"conns": conns, "actions": session.rev, "over": session.result() is not None}


def rows(quick: bool) -> list[Row]:
    return [row for game in games.available() for row in game_rows(game, quick)]


def game_rows(game: str, quick: bool) -> list[Row]:
    """The two rows of one game: its updates' bytes, and its bytes per move to every connection."""
    n_seats = games.rules(game).DEFAULT_SEATS
    t0 = time.monotonic()
    result = play(game, n_seats, limit=600 if quick else ACTION_LIMIT, budget_s=40 if quick else 240)
    patch = [c for c in result["conns"] if c.patches]
    mover = [n for c in patch for who, n in c.updates[1:] if who == c.seat and c.seat is not None]
    others = [n for c in patch for who, n in c.updates[1:] if who != c.seat or c.seat is None]
    whole = [c for c in result["conns"] if not c.patches]
    whole_mover = [n for c in whole for who, n in c.updates[1:] if who == c.seat and c.seat is not None]
    everything = mover + others
    p95 = _pct(mover, 95)
    per_move = sum(c.total for c in patch) / max(1, result["actions"])
    per_move_whole = sum(c.total for c in whole) / max(1, result["actions"])
    status = "a whole game" if result["over"] else "the first"
    return [Row(f"wire: {game} update bytes, mover (p50/p95/max)",
                f"{_pct(mover, 50):,}/{p95:,}/{max(mover or [0]):,}", f"p95 <= {GOAL_BYTES:,}",
                _pct(everything, 95) <= GOAL_BYTES,
                f"others {_pct(others, 50):,}/{_pct(others, 95):,}/{max(others or [0]):,} B with patches "
                f"(whole views to the mover: {_pct(whole_mover, 50):,}/{_pct(whole_mover, 95):,}/"
                f"{max(whole_mover or [0]):,} B); {status} {result['actions']} actions of {n_seats} easy "
                f"bots, seed 1, {time.monotonic() - t0:.0f} s"),
            Row(f"wire: {game} bytes per move, all {n_seats} seats + 1 spectator",
                f"{per_move:,.0f} B", note=f"whole views to the same connections: {per_move_whole:,.0f} B "
                                           f"a move ({per_move_whole / max(1, per_move):.1f}x)")]


if __name__ == "__main__":
    import sys
    from bench.runner import print_table
    print_table(rows(quick="--quick" in sys.argv))
