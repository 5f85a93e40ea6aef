"""The lobby's `join` and `leave`: taking and giving back a seat without sitting at the table yet.

Only the process that owns a table writes it (docs/club.md), so the process answering the lobby request
asks the owner, on `st.club.seat.<table>` (the service user's subject: players cannot publish there).
Every table process listens there and only the owner answers; a table no process owns yet (created a
moment ago) is asked again until one does, for a few seconds.

- `join {"table", "seat"?}` takes that open seat (or the first open one) as a `hello` would, and answers
  the seat and its token. A player already seated gets its seat back. The table starts once every seat is
  taken, as on the LAN.
- `leave {"table"}` while the table is in the lobby phase frees the seat: it is open again, and the
  player's row in `seats` goes. Once the game has started a seat stays its holder's for the whole game
  (as a LAN seat waits for its token): `leave` then only says the player is away (`held: true`).
"""
import asyncio
import copy
import time

import msgpack
import nats

from club import db, subjects
from club.requests import Refused, answer, decoded, sentence, whole
from net import names
from net.frames import PROTO
from net.table import LOBBY

ASK_FOR = 5.0     # seconds a seat request waits for some process to own the table
ASK_EVERY = 0.5   # one try's wait for the owner's answer


def laid_out(kinds, n_seats: int, game: str) -> list[dict]:
    """A table's seats from the creator's layout: each seat "open" or a bot level."""
    import bots
    if not isinstance(kinds, list) or len(kinds) != n_seats:
        raise ValueError(f"seat_kinds lists one entry per seat: {n_seats} of them.")
    seats = []
    commanders = names.bot_names(n_seats)
    for seat, kind in enumerate(kinds):
        if kind == "open":
            seats.append({"name": None, "kind": "open"})
        elif isinstance(kind, str) and kind in bots.levels(game):
            seats.append({"name": commanders[seat], "kind": "bot", "level": kind})
        else:
            raise ValueError(f"Seat {seat + 1} is {kind!r}: a seat is 'open' or a bot level "
                             f"({', '.join(bots.levels(game))}).")
    if all(s["kind"] == "bot" for s in seats):
        raise ValueError("At least one seat is for a player.")
    return seats


def _table_id(body: dict) -> int:
    table_id = body.get("table")
    if not whole(table_id, 1):
        raise Refused("Say which table: {\"table\": its id}.")
    return table_id


# ----- the lobby side: any process ------------------------------------------------------------
async def join(process, player: str, body: dict):
    seat = body.get("seat")
    if seat is not None and not whole(seat):
        raise Refused("A seat is a number, from 0.")
    return await _ask_owner(process, _table_id(body), {"verb": "join", "player": player, "seat": seat})


async def leave(process, player: str, body: dict):
    return await _ask_owner(process, _table_id(body), {"verb": "leave", "player": player})


async def _ask_owner(process, table_id: int, request: dict):
    row = process.conn.execute("SELECT state FROM tables WHERE id = %s", (table_id,)).fetchone()
    process.conn.commit()
    if row is None:
        raise ValueError(f"There is no table {table_id}.")
    if row[0] == "over":
        raise ValueError(f"The game at table {table_id} is over: it can be replayed, not joined or left.")
    deadline = time.monotonic() + ASK_FOR
    while True:
        try:
            reply = await process.nc.request(subjects.table_seats(table_id), msgpack.packb(request, use_bin_type=True),
                                             timeout=ASK_EVERY)
        except (nats.errors.TimeoutError, nats.errors.NoRespondersError, asyncio.TimeoutError):
            if time.monotonic() > deadline:
                raise ValueError(f"No table process runs table {table_id} now; try again in a moment.") from None
            await asyncio.sleep(0.1)
            continue
        owner_says = msgpack.unpackb(reply.data, raw=False)
        if "err" in owner_says:
            raise Refused(owner_says["err"])
        return owner_says["ok"]


# ----- the owner side -------------------------------------------------------------------------
async def serve(process) -> None:
    """Answer seat requests for the tables this process owns (no queue group: only the owner answers)."""

    async def seat_request(msg):
        table = process.tables.get(subjects.table_of_seats(msg.subject))
        if table is None:
            return  # another process owns it, or none yet: the asker tries again
        table_id = table.id
        answered = {}
        try:
            request = decoded(msg.data)
            if request.get("verb") not in ("join", "leave") or not isinstance(request.get("player"), str):
                raise Refused("A seat request is {\"verb\": \"join\" or \"leave\", \"player\", \"seat\"?}.")
            if request["verb"] == "join":
                await process._step(table_id, lambda: _taken(answered, table, process.batch, request))
            else:
                await process._step(table_id, lambda: _left(answered, table, process.conn, request))
            if process.tables.get(table_id) is not table:  # the write failed: the table was let go
                raise Refused("The club could not keep that change; try again.")
            reply = answer(answered["ok"])
        except ValueError as e:
            reply = answer(error=sentence(e))
        await msg.respond(reply)

    await process.nc.subscribe(subjects.table_seats("*"), cb=seat_request)


def _taken(answered: dict, table, batch, request: dict) -> list:
    """One step of the table: `request["player"]` takes a seat, as its `hello` would, without staying."""
    player, wanted = request["player"], request.get("seat")
    held = table.seat_of_player(player)
    if held is not None:
        answered["ok"] = {"seat": held, "token": table.holders[held][1]}
        return []
    t = table.table
    free = t.open_seats() if not t.started else []
    if not free:
        raise ValueError(f"Every seat at table {table.id} is taken; you can watch instead.")
    if wanted is not None and wanted not in free:
        raise ValueError(f"Seat {wanted + 1} at table {table.id} is not free; the free seats are "
                         f"{', '.join(str(s + 1) for s in free)}.")
    was_here = player in t.conns
    hello = {"t": "hello", "proto": PROTO, "name": player, "want": "play"}
    if wanted is not None:
        hello["seat"] = wanted
    sends = table.receive(batch, player, hello, time.monotonic())
    seat = table.seat_of_player(player)
    if seat is None:
        raise ValueError(f"Table {table.id} did not seat you; try again.")
    answered["ok"] = {"seat": seat, "token": table.holders[seat][1]}
    if not was_here:  # a seat taken from the lobby: the player is not at the table until its client says hello
        table.heard.pop(player, None)
        sends = [(c, m) for c, m in sends if c != player] + t.drop(player, time.monotonic()).flat().sends
    return sends


def _left(answered: dict, table, conn, request: dict) -> list:
    """One step of the table: `request["player"]` gives its seat back (lobby phase), or steps away (started)."""
    player = request["player"]
    seat = table.seat_of_player(player)
    if seat is None:
        raise ValueError(f"You hold no seat at table {table.id}.")
    t = table.table
    if t.phase != LOBBY:  # a started game keeps every seat for its holder, as a LAN seat waits for its token
        answered["ok"] = {"seat": seat, "held": True}
        table.heard.pop(player, None)
        return t.drop(player, time.monotonic()).flat().sends if player in t.conns else []
    seats = copy.deepcopy(t.session.seats)
    seats[seat] = {"name": None, "kind": "open"}
    db.free_seat(conn, table.id, seat, player, seats)   # written before anyone is told
    t.session.seats[seat] = seats[seat]
    t.seat_conn.pop(seat, None)
    t.dropped_at.pop(seat, None)
    t.answers.pop(seat, None)
    state = t.conns.get(player)
    if state is not None:
        state.seat = None   # still at the table, watching
    del table.holders[seat]
    table.written_seats = copy.deepcopy(t.session.seats)
    answered["ok"] = {"seat": seat, "held": False}
    return t.updates([]).flat().sends
