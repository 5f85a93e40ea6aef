"""The lobby's requests over NATS (msgpack maps both ways; an answer is {"ok": ...} or {"err": sentence}).

  st.club.signup            {"name", "secret"}  (as the guest)   -> {"ok": true}
  st.lobby.<player>.create  {"game", "seats", "options"?, "bots"?, "name"?, "seed"?, "move_deadline"?}
                                                                 -> {"ok": table id}
  (move_deadline: seconds a seat may take before a bot makes that move for it: correspondence play)
  st.lobby.<player>.list    {}                                   -> {"ok": [{"id", "name", "game", "state", "seats"}]}
  st.lobby.<player>.mine    {}  -> {"ok": [{"id", "name", "game", "state", "seat", "your_move", "updated"}]},
                                   the tables waiting for the player's move first
Only `<player>` may publish on its lobby subjects (club.natsauth), so the subject says who asks.
A `create` with a `move_deadline` may say what happens when it passes, `"on_deadline"`: "bot" (the default)
or "forfeit" (the table resigns the seat and the other camp wins: engine.resign; two camps only).
"""
import json
import secrets

import msgpack
import psycopg

from club import db, subjects
from engine import games
from engine.resign import camps, refusal
from net.host import new_session

MAX_REQUEST = 4096


def _answer(value=None, error: str | None = None) -> bytes:
    return msgpack.packb({"err": error} if error else {"ok": value}, use_bin_type=True)


def _request(data: bytes) -> dict:
    if len(data) > MAX_REQUEST:
        raise ValueError("That request is too long.")
    body = msgpack.unpackb(data, raw=False, strict_map_key=True, max_str_len=MAX_REQUEST)
    if not isinstance(body, dict):
        raise ValueError("A request is a map.")
    return body


async def serve(process, queue: str) -> None:
    nc = process.nc

    async def sign_up(msg):
        try:
            body = _request(msg.data)
            db.sign_up(process.conn, body.get("name"), body.get("secret"))
            if not process.rewrite_accounts():
                raise ValueError("This club process does not manage the NATS accounts.")
            await msg.respond(_answer(True))
        except (ValueError, psycopg.Error) as e:
            process.conn.rollback()
            await msg.respond(_answer(error=str(e)))

    async def player_request(msg):
        _st, _lobby, player, verb = msg.subject.split(".", 3)
        try:
            body = _request(msg.data)
            if verb == "create":
                await msg.respond(_answer(create(process.conn, player, body)))
            elif verb == "list":
                await msg.respond(_answer(listing(process.conn)))
            elif verb == "mine":
                await msg.respond(_answer(db.tables_of(process.conn, player)))
            else:
                await msg.respond(_answer(error=f"The lobby does not know {verb!r}."))
        except (ValueError, TypeError, psycopg.Error) as e:
            process.conn.rollback()
            await msg.respond(_answer(error=str(e)))

    await nc.subscribe(subjects.SIGN_UP, queue=queue, cb=sign_up)
    await nc.subscribe(subjects.LOBBY_ANY, queue=queue, cb=player_request)


def create(conn, player: str, body: dict) -> int:
    game = body.get("game")
    if game not in games.available():
        raise ValueError(f"{game!r} is not a game of this club.")
    rules = games.rules(game)
    n_seats = body.get("seats") or getattr(rules, "DEFAULT_SEATS", rules.MIN_SEATS)
    session = new_session(game, n_seats, bots=list(body.get("bots") or []), options=dict(body.get("options") or {}),
                          seed=body.get("seed") if isinstance(body.get("seed"), int) else secrets.randbits(32))
    name = str(body.get("name") or f"{player}'s {getattr(rules, 'TITLE', game)}")[:60]
    deadline = body.get("move_deadline")
    on_deadline = body.get("on_deadline")
    if deadline is not None:
        if isinstance(deadline, bool) or not isinstance(deadline, (int, float)) or not 1 <= deadline <= 30 * 86400:
            raise ValueError("A move deadline is a number of seconds from 1 to 30 days.")
        if games.is_realtime(game):
            raise ValueError("Move deadlines are for turn-based games.")
        on_deadline = on_deadline or "bot"
    if on_deadline is not None:
        _check_on_deadline(on_deadline, deadline, session)
    return db.create_table(conn, session, name=name, created_by=player, move_deadline=deadline,
                           on_deadline=on_deadline)


def _check_on_deadline(on_deadline, deadline, session) -> None:
    """`bot` or `forfeit`, with a deadline; `forfeit` only where a resignation can end the game (two camps)."""
    if on_deadline not in ("bot", "forfeit"):
        raise ValueError("When the deadline passes, a bot moves ('bot') or the seat forfeits ('forfeit').")
    if deadline is None:
        raise ValueError("What happens when the move deadline passes needs a move deadline.")
    if on_deadline == "forfeit" and refusal(session.sides()) is not None:
        raise ValueError(f"A seat can forfeit only in a game of two camps, and {session.rules.TITLE} at "
                         f"{session.n_seats} seats starts with {len(camps(session.sides()))}: the "
                         "rulebook says nothing of a player who leaves mid-game, so choose a bot on the deadline.")


def listing(conn) -> list[dict]:
    rows = conn.execute("SELECT id, name, game, state, seat_list FROM tables WHERE state <> 'over' ORDER BY id "
                        "LIMIT 200").fetchall()
    conn.commit()
    return [{"id": i, "name": n, "game": g, "state": s,
             "seats": [{"name": x.get("name"), "kind": x.get("kind")} for x in (json.loads(sl) if isinstance(sl, str) else sl)]}
            for i, n, g, s, sl in rows]
