"""Finished club games: listed with their result, and replayed as a spectator saw them.

A LAN replay (game.replay_link) shows a spectator's view at every move: the save file that holds the seed
and every action stays on the host's disk, and the window shows `view(None)`. The club keeps to that rule
over the wire: a replay is asked with the lobby's `actions` request and answered with what a spectator
saw at each move — the spectator's events and public view, built by the table process from the actions
it keeps — never the seed or a seat's private view. So no seat's secret leaves the club, even once the
game is over (tests/club/test_replays.py scans the answers by value for each seat's secret).

A seat's own decisions are the exception, and only to its holder: `decisions {"table", "from"?}` answers the
player who held seats at the finished table with, for each action one of those seats took, the view that seat
had then (its own secrets, its own legal actions) and the action: what the player saw and did, no more, so a
post-game analysis (bots.analysis) can weigh the player's moves from the player's own machine. Nobody else's
private view is in it; anyone else is refused.

`actions {"table", "from"?}` answers one page: {"game", "name", "seats", "length", "from", "moves", "next"},
where moves[i] is the game after move `from + i` (moves[0] of the first page: before any move), each
{"rev", "events", "view"}, and `next` is where the next page starts (None: this was the last). A page
holds at most PAGE_BYTES of msgpack (and at least one move), well under NATS's 1 MB message.
"""
import asyncio

import msgpack

from club import db
from club.requests import whole
from engine import decisions
from engine.session import Session

PAGE_BYTES = 512 * 1024
PAGE_MOVES = 200
FINISHED_LIMIT = 50


async def finished(conn, limit=FINISHED_LIMIT, skip=0) -> list[dict]:
    """The games over, most recently finished first, from the `skip`th on (a page of `limit`, at most
    FINISHED_LIMIT), each with its result (worked out once, then kept). Replaying a game is the rules'
    work: it runs on a thread, so the process's tables keep moving."""
    if not whole(skip, 0):
        raise ValueError("`skip` is how many of the newest finished games to pass over: a whole number, 0 or more.")
    if not whole(limit, 1) or limit > FINISHED_LIMIT:
        raise ValueError(f"`limit` is how many finished games a page holds: a whole number from 1 to {FINISHED_LIMIT}.")
    rows = db.table_summaries(conn, over=True, limit=limit, skip=skip)
    for row in rows:
        if row["result"] is None:
            record = db.load_table(conn, row["id"])
            row["result"] = await asyncio.to_thread(lambda record=record: replayed(record).result())
            db.keep_result(conn, row["id"], row["result"])
    return rows


def replayed(record: dict, upto: int | None = None) -> Session:
    """The table's Session (db.load_table's record) with its first `upto` actions applied (all by default)."""
    session = Session.from_header(record["header"])
    for _rev, seat, action, seq in record["actions"][:upto]:
        session.apply(seat, action, seq=seq)
    return session


def public_seats(session: Session) -> list[dict]:
    """The seats as a replay shows them (game.replay_link): names and kinds, never a token's digest."""
    return [{"name": s.get("name"), "kind": s.get("kind", "human"), "connected": True} for s in session.seats]


def spectator_view(session: Session, seats: list[dict]) -> dict:
    view = session.view(None)
    view["public"]["table_phase"] = session.phase
    view["public"]["seats"] = seats
    return view


def _finished_record(conn, table_id, start, what: str) -> dict:
    """The finished table's record (db.load_table), or ValueError with a sentence."""
    if not whole(table_id):
        raise ValueError("Say which table: {\"table\": its id}.")
    if not whole(start, 0):
        raise ValueError("'from' is a move number, from 0.")
    row = conn.execute("SELECT state FROM tables WHERE id = %s", (table_id,)).fetchone()
    conn.commit()
    if row is None:
        raise ValueError(f"There is no table {table_id}.")
    if row[0] != "over":
        raise ValueError(f"The game at table {table_id} is not over: watch it instead; {what} once it ends.")
    record = db.load_table(conn, table_id)
    if start > len(record["actions"]):
        raise ValueError(f"The game at table {table_id} has {len(record['actions'])} moves, not {start}.")
    return record


async def page(conn, table_id, start=0) -> dict:
    """One page of a finished game (read here; the views are built on a thread, see `finished`)."""
    record = _finished_record(conn, table_id, start, "it can be replayed")
    return await asyncio.to_thread(built_page, record, start)


async def decisions_page(conn, player: str, table_id, start=0) -> dict:
    """One page of `player`'s own decisions at a finished table (see the module's docstring)."""
    record = _finished_record(conn, table_id, start, "its moves can be analysed")
    seats = sorted(seat for seat, (holder, _token) in record["holders"].items() if holder == player)
    if not seats:
        raise ValueError(f"You held no seat at table {table_id}: only a seat's own player is sent its decisions "
                         "(its view then holds that seat's secrets).")
    return await asyncio.to_thread(built_decisions, record, seats, start)


def built_decisions(record: dict, seats: list[int], start: int) -> dict:
    """A page of the decisions the seats in `seats` took, from the action at `start` on (engine.decisions: an
    action taken back, an undo and a resignation are none), cut as `built_page` cuts its pages; `next` is where
    the next page starts (None: this was the last)."""
    actions = record["actions"]
    log = [(seat, action) for _rev, seat, action, _seq in actions]
    out, size, following = [], 0, None
    for d in decisions.of_session(replayed(record, upto=start), log, seats, start, [a[3] for a in actions]):
        decision = {"index": d.index, "seat": d.seat, "view": d.view, "action": d.action}
        grown = len(msgpack.packb(decision, use_bin_type=True))
        if out and (size + grown > PAGE_BYTES or len(out) >= PAGE_MOVES):
            following = d.index
            break
        out.append(decision)
        size += grown
    return {"game": record["header"]["game"], "name": record["name"], "seats": seats,
            "n_seats": record["header"]["n_seats"], "length": len(actions), "from": start, "decisions": out,
            "next": following}


def built_page(record: dict, start: int) -> dict:
    actions = record["actions"]
    # moves[0] of a page is the game after move `start`: replay up to just before it, then apply it below
    session = replayed(record, upto=max(0, start - 1))
    seats = public_seats(session)
    moves, size, at = [], 0, start
    if start == 0:
        moves.append({"rev": 0, "events": [], "view": spectator_view(session, seats)})
        size = len(msgpack.packb(moves[0], use_bin_type=True))
    else:
        at = start - 1
    while at < len(actions) and len(moves) < PAGE_MOVES:
        _rev, seat, action, _seq = actions[at]
        events = session.apply(seat, action)
        move = {"rev": session.rev, "events": session.events_for(events, None), "view": spectator_view(session, seats)}
        grown = len(msgpack.packb(move, use_bin_type=True))
        if moves and size + grown > PAGE_BYTES:
            break
        moves.append(move)
        size += grown
        at += 1
    following = start + len(moves)
    return {"game": record["header"]["game"], "name": record["name"], "seats": seats, "length": len(actions),
            "from": start, "moves": moves, "next": following if following <= len(actions) else None}
