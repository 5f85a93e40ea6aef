"""The lobby's requests over NATS (msgpack maps both ways; an answer is {"ok": ...} or {"err": sentence}).

  st.club.signup            {"name", "secret"}  (as the guest)   -> {"ok": true}
  st.lobby.<player>.create  {"game", "seats", "options"?, "bots"?, "seat_kinds"?, "name"?, "seed"?, "move_deadline"?}
                                                                 -> {"ok": table id}
  (move_deadline: seconds a seat may take before a bot makes that move for it: correspondence play;
   bots: levels of the last seats' bots, or seat_kinds: each seat "open" or a bot level, in seat order)
  st.lobby.<player>.list    {}  -> {"ok": [table]}, the tables not over, where a table is
                                   {"id", "name", "game", "state", "options", "seats", "free", "taken", "bots",
                                    "created_by", "move_deadline", "on_deadline", "updated"} and each of its seats
                                   {"seat", "kind", "name", "level"? (a bot), "player"? (who holds it)}
  st.lobby.<player>.mine    {}  -> {"ok": [table + {"seat", "your_move", "turn_started", "deadline_left"}]}, the
                                   tables where the player sits, those waiting for the player's move first;
                                   turn_started: epoch seconds the turn began (None before the game starts),
                                   deadline_left: seconds until the move deadline passes (None: no deadline)
  st.lobby.<player>.join    {"table", "seat"?}  -> {"ok": {"seat", "token"}}   (club.seating)
  st.lobby.<player>.leave   {"table"}           -> {"ok": {"seat", "held"}}
  st.lobby.<player>.finished {"skip"?, "limit"?} -> {"ok": [table + {"result"}]}, games over, newest first,
                                                   a page of `limit` (at most 50) from the `skip`th
  st.lobby.<player>.actions {"table", "from"?}  -> {"ok": a page of the game as a spectator saw it} (club.replays)
  st.lobby.<player>.decisions {"table", "from"?} -> {"ok": a page of the player's own decisions at a finished table,
                                                   each with its seat's view then} (club.replays; only to a seat's holder)
Only `<player>` may publish on its lobby subjects (club.natsauth), so the subject says who asks.
A `create` with a `move_deadline` may say what happens when it passes, `"on_deadline"`: "bot" (the default)
or "forfeit" (the table resigns the seat and the other camp wins: engine.resign; two camps only).
A `create` with `"rated": true` makes a rated table (club.ratings); its bots, if any, play at their levels' marks.
  st.lobby.<player>.ratings {"game", "skip"?, "limit"?} -> {"ok": {"game", "players": [rating + {"player",
                                                   "place"}], "marks": {level: {"mu", "sigma", "rating"}}}}
  st.lobby.<player>.rating  {"game", "player"?}  -> {"ok": rating + {"player", "game", "history", "like"}}
  st.lobby.<player>.rated   {"table"}            -> {"ok": [{"seat", "player", "won", "before", "after", "change",
                                                   "games", "provisional"}]}, empty until the table is rated
where a rating is {"rating", "mu", "sigma", "games", "provisional"} (docs/club.md, "Ratings").
"""
import asyncio
import secrets

import psycopg

from club import db, ratings, replays, seating, subjects
from club.requests import Refused, answer, decoded, sentence, whole
from engine import games
from engine.resign import camps, refusal
from net.host import new_session

MAX_TABLE_NAME = 60
SEED_LIMIT = 2**63   # a table's seed is a PostgreSQL bigint


async def serve(process, queue: str) -> None:
    nc = process.nc

    async def sign_up(msg):
        try:
            body = decoded(msg.data)
            db.sign_up(process.conn, body.get("name"), body.get("secret"))
            if not process.rewrite_accounts():
                raise ValueError("This club process does not manage the NATS accounts.")
            await msg.respond(answer(True))
        except (ValueError, psycopg.Error) as e:
            process.conn.rollback()
            await msg.respond(answer(error=sentence(e)))

    async def player_request(msg):
        _st, _lobby, player, verb = msg.subject.split(".", 3)
        try:
            body = decoded(msg.data)
            if verb == "create":
                await msg.respond(answer(create(process.conn, player, body)))
            elif verb == "list":
                await msg.respond(answer(listing(process.conn)))
            elif verb == "mine":
                await msg.respond(answer(mine(process.conn, player)))
            elif verb in RATING_VERBS:
                await msg.respond(answer(RATING_VERBS[verb](process.conn, player, body)))
            elif verb in MORE_VERBS:   # they wait (on a table's owner, on a replay's thread): answered aside
                task = asyncio.get_running_loop().create_task(_answer_aside(process, msg, verb, player, body))
                _aside.add(task)
                task.add_done_callback(_aside.discard)
            else:
                await msg.respond(answer(error=f"The lobby does not know {verb[:40]!r}."))
        except (ValueError, TypeError, psycopg.Error) as e:
            process.conn.rollback()
            await msg.respond(answer(error=sentence(e)))

    await nc.subscribe(subjects.SIGN_UP, queue=queue, cb=sign_up)
    await nc.subscribe(subjects.LOBBY_ANY, queue=queue, cb=player_request)
    await seating.serve(process)


_aside: set = set()   # the requests being answered aside (a task needs a reference until it is done)


async def _answer_aside(process, msg, verb: str, player: str, body: dict) -> None:
    """A request that waits, answered in its own task, so the lobby's other requests to this process are
    not held behind it (a subscription's messages are handled one at a time)."""
    try:
        reply = answer(await MORE_VERBS[verb](process, player, body))
    except (ValueError, TypeError, psycopg.Error) as e:
        process.conn.rollback()
        reply = answer(error=sentence(e))
    await msg.respond(reply)


async def _finished(process, player: str, body: dict):
    return await replays.finished(process.conn, body.get("limit", replays.FINISHED_LIMIT), body.get("skip", 0))


async def _actions(process, player: str, body: dict):
    return await replays.page(process.conn, body.get("table"), body.get("from", 0))


async def _decisions(process, player: str, body: dict):
    return await replays.decisions_page(process.conn, player, body.get("table"), body.get("from", 0))


# the lobby's requests beyond create, list and mine: seats (club.seating) and finished games (club.replays)
MORE_VERBS = {"join": seating.join, "leave": seating.leave, "finished": _finished, "actions": _actions,
              "decisions": _decisions}


def create(conn, player: str, body: dict) -> int:
    game = body.get("game")
    if not isinstance(game, str) or game not in games.available():
        raise Refused(f"{str(game)[:40]!r} is not a game of this club.")
    rules = games.rules(game)
    n_seats = body.get("seats") or getattr(rules, "DEFAULT_SEATS", rules.MIN_SEATS)
    if not whole(n_seats) or not rules.MIN_SEATS <= n_seats <= rules.MAX_SEATS:
        raise Refused(f"{rules.TITLE} is played at {rules.MIN_SEATS} to {rules.MAX_SEATS} seats.")
    options = body.get("options") or {}
    if not isinstance(options, dict):
        raise Refused("A table's options are a map of option names to values.")
    levels = body.get("bots") or []
    if not isinstance(levels, list) or not all(isinstance(level, str) for level in levels):
        raise Refused("`bots` lists the levels of the last seats' bots, each a word (\"normal\").")
    seed = body.get("seed")
    if seed is not None and not (isinstance(seed, int) and not isinstance(seed, bool) and 0 <= seed < SEED_LIMIT):
        raise Refused("A table's seed is a whole number from 0 to 2**63 - 1 (or none: the club draws one).")
    name = body.get("name") or f"{player}'s {getattr(rules, 'TITLE', game)}"
    if not isinstance(name, str) or len(name) > MAX_TABLE_NAME:
        raise Refused(f"A table's name is text of at most {MAX_TABLE_NAME} characters.")
    session = new_session(game, n_seats, bots=levels, options=dict(options),
                          seed=secrets.randbits(32) if seed is None else seed)
    if body.get("seat_kinds") is not None:
        session.seats[:] = seating.laid_out(body["seat_kinds"], session.n_seats, game)
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
    rated = body.get("rated", False)
    if not isinstance(rated, bool):
        raise Refused("`rated` is true (a rated table) or false (a casual one, the default).")
    if rated:
        _check_rated(session)
    return db.create_table(conn, session, name=name, created_by=player, move_deadline=deadline,
                           on_deadline=on_deadline, rated=rated)


def _check_rated(session) -> None:
    """A rated table's seats are the club's players; a bot may sit there only at a level measured on the scale,
    and then its mark, which the game never moves, is what the players are rated against."""
    marks = ratings.marks(session.game_id)
    for seat, entry in enumerate(session.seats):
        if entry.get("kind") == "bot" and entry.get("level") not in marks:
            raise Refused(f"Seat {seat + 1} is a bot ({entry.get('level')}) with no mark on the rating scale of "
                          f"{session.rules.TITLE}" + (f" (measured: {', '.join(marks)})" if marks else "") +
                          ": a rated table's seats are players, or bots at a measured level.")


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


def _game(body: dict) -> str:
    game = body.get("game")
    if not isinstance(game, str) or game not in games.available():
        raise Refused(f"{str(game)[:40]!r} is not a game of this club.")
    return game


def leaderboard(conn, player: str, body: dict) -> dict:
    """The game's players by rating, best first (a page of `limit`, at most 50, from the `skip`th), and its
    bots' marks on the same scale."""
    game, skip, limit = _game(body), body.get("skip", 0), body.get("limit", 50)
    if not whole(skip) or not whole(limit, 1) or limit > 50:
        raise Refused("A leaderboard's page is `limit` 1 to 50 players from the `skip`th (0 or more).")
    return {"game": game, "players": ratings.board(conn, game, skip, limit), "marks": ratings.marks(game)}


def rating(conn, player: str, body: dict) -> dict:
    """A player's rating in a game (the asker's, or `player`'s), its history and the bot level it is nearest."""
    who = body.get("player", player)
    if not subjects.valid_name(who):
        raise Refused("A player is named by its club name.")
    answered = ratings.of_player(conn, who, _game(body))
    conn.commit()
    return answered


def rated(conn, player: str, body: dict) -> list[dict]:
    """What a rated table's end did to its players' ratings (empty until it is rated)."""
    table_id = body.get("table")
    if not whole(table_id, 1):
        raise Refused("Say which table: {\"table\": its id}.")
    answered = ratings.of_table(conn, table_id)
    conn.commit()
    return answered


# the lobby's ratings: quick reads, answered at once
RATING_VERBS = {"ratings": leaderboard, "rating": rating, "rated": rated}


def listing(conn) -> list[dict]:
    return db.table_summaries(conn)


def mine(conn, player: str) -> list[dict]:
    """db.tables_of (your move first), each with the lobby's whole row (options, who sits where)."""
    mine = db.tables_of(conn, player)
    ids = [t["id"] for t in mine]
    rows = {t["id"]: t for t in db.table_summaries(conn, ids=ids)}
    clocks = db.turn_clocks(conn, ids)
    idle = {"turn_started": None, "deadline_left": None}
    return [{**rows.get(t["id"], {}), **clocks.get(t["id"], idle), **t} for t in mine]
