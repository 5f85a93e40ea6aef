"""The club's PostgreSQL: migrations, players, tables and the step a table writes before it answers.

Migrations are the files of club/migrations, applied in name order, each in its own transaction
and recorded in `schema_migrations`, under an advisory lock so two `--init`s do not race.
"""
import json
import os
import select
import time
import weakref
from importlib import resources

import msgpack
import psycopg
from psycopg import pq

from club import hashing, ratings, subjects

MIGRATION_LOCK = 0x5A17AB1E  # advisory lock key held while migrating
# advisory lock key held while a process reads the players and writes NATS's accounts; its high half is not 0, so
# it is never taken for a table's lock (those are (0, table id))
ACCOUNTS_LOCK = 0x5A17ACC000000001


def connect(dsn: str, **kw) -> psycopg.Connection:
    return psycopg.connect(dsn, connect_timeout=5, **kw)


def migrations() -> list[tuple[str, str]]:
    folder = resources.files("club") / "migrations"
    return sorted((f.name, f.read_text(encoding="utf-8")) for f in folder.iterdir() if f.name.endswith(".sql"))


def migrate(dsn: str) -> list[str]:
    """Apply the migrations not yet applied; returns their names."""
    applied = []
    with connect(dsn, autocommit=True) as conn:
        conn.execute("SELECT pg_advisory_lock(%s)", (MIGRATION_LOCK,))
        try:
            conn.execute("CREATE TABLE IF NOT EXISTS schema_migrations "
                         "(name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())")
            done = {r[0] for r in conn.execute("SELECT name FROM schema_migrations")}
            for name, sql in migrations():
                if name in done:
                    continue
                with conn.transaction():
                    conn.execute(sql)
                    conn.execute("INSERT INTO schema_migrations (name) VALUES (%s)", (name,))
                applied.append(name)
        finally:
            conn.execute("SELECT pg_advisory_unlock(%s)", (MIGRATION_LOCK,))
    return applied


def pack(obj) -> bytes:
    return msgpack.packb(obj, use_bin_type=True)


def unpack(data: bytes):
    return msgpack.unpackb(data, raw=False, strict_map_key=True)


# ----- players ---------------------------------------------------------------------
class SignUpError(ValueError):
    """A sign-up the club refuses; str() is a sentence."""


def sign_up(conn, name: str, secret: str) -> None:
    if not subjects.valid_name(name):
        raise SignUpError("A name is 1 to 32 letters, digits, '-' or '_' (and not club, guest or public).")
    if not isinstance(secret, str) or len(secret) < 12 or len(secret.encode()) > 72:
        raise SignUpError("A secret is 12 to 72 bytes; keep it, it is your password.")
    digest = hashing.hashed(secret)
    with conn.transaction():
        cur = conn.execute("INSERT INTO players (name, secret_hash) VALUES (%s, %s) ON CONFLICT DO NOTHING",
                           (name, digest))
        if cur.rowcount != 1:
            raise SignUpError(f"The name {name!r} is taken.")


def lock_accounts(conn) -> None:
    """Wait for ACCOUNTS_LOCK, held until this connection's transaction ends."""
    conn.execute("SELECT pg_advisory_xact_lock(%s)", (ACCOUNTS_LOCK,))


def players(conn) -> list[tuple[str, str]]:
    return [tuple(r) for r in conn.execute("SELECT name, secret_hash FROM players ORDER BY name")]


# ----- tables ----------------------------------------------------------------------
def create_table(conn, session, *, name: str, created_by: str | None = None, move_deadline: float | None = None,
                 on_deadline: str | None = None, rated: bool = False) -> int:
    """A new table in the lobby, from a fresh Session (its game, options, seed and seats). A correspondence
    table has a `move_deadline` (seconds) and says what happens when it passes (`bot`: a bot moves once); a
    rated one rates its players when its game ends (club.ratings)."""
    with conn.transaction():
        row = conn.execute(
            "INSERT INTO tables (name, game, options, n_seats, seed, seat_list, created_by, move_deadline, on_deadline, "
            "rated) VALUES (%s, %s, %s, %s, %s, %s, %s, make_interval(secs => %s), %s, %s) RETURNING id",
            (name, session.game_id, json.dumps(session.options), session.n_seats, session.seed,
             json.dumps(session.seats), created_by, move_deadline, on_deadline, rated)).fetchone()
    return row[0]


def open_tables(conn) -> list[int]:
    """Tables not over whose advisory lock no process holds now: tables where people sit first, then bots' tables."""
    rows = conn.execute(
        "SELECT id FROM tables WHERE state <> 'over' AND id NOT IN "
        "(SELECT objid::bigint FROM pg_locks WHERE locktype = 'advisory' AND classid = 0 AND granted) "
        "ORDER BY EXISTS (SELECT 1 FROM seats WHERE seats.table_id = tables.id) DESC, id")  # people first
    return [r[0] for r in rows]


def is_over(conn, table_id: int) -> bool:
    """The table's game is over (a finished table, loaded only when someone comes to see it)."""
    row = conn.execute("SELECT state = 'over' FROM tables WHERE id = %s", (table_id,)).fetchone()
    conn.commit()
    return bool(row and row[0])


def try_own(conn, table_id: int, process: str) -> bool:
    """Take the table's advisory lock on this connection (held until it closes or `release`)."""
    got = conn.execute("SELECT pg_try_advisory_lock(0, %s::integer)", (table_id,)).fetchone()[0]
    if got:
        conn.execute("INSERT INTO owners (table_id, process) VALUES (%s, %s) ON CONFLICT (table_id) "
                     "DO UPDATE SET process = excluded.process, since = now()", (table_id, process))
    conn.commit()
    return got


def try_own_many(conn, table_ids: list[int], process: str) -> list[int]:
    """`try_own` for many tables in one statement: the ids whose locks this connection now holds."""
    taken = [r[0] for r in conn.execute(
        """WITH taken AS (
               SELECT id FROM unnest(%s::bigint[]) AS id WHERE pg_try_advisory_lock(0, id::integer)),
           owned AS (
               INSERT INTO owners (table_id, process) SELECT id, %s FROM taken
               ON CONFLICT (table_id) DO UPDATE SET process = excluded.process, since = now())
           SELECT id FROM taken ORDER BY id""", (list(table_ids), process))]
    conn.commit()
    return taken


def release(conn, table_id: int) -> None:
    conn.execute("DELETE FROM owners WHERE table_id = %s", (table_id,))
    conn.execute("SELECT pg_advisory_unlock(0, %s::integer)", (table_id,))
    conn.commit()


def load_table(conn, table_id: int) -> dict:
    """Everything a process needs to rebuild a table: header, seats, actions, refusals, seat holders."""
    records = load_tables(conn, [table_id])
    if not records:
        raise KeyError(table_id)
    return records[0]


def load_tables(conn, table_ids: list[int]) -> list[dict]:
    """`load_table` for many tables in five round trips in all, not five each (a takeover of a thousand
    tables); records in the order of `table_ids`, tables that do not exist left out."""
    ids = list(table_ids)
    rows = conn.execute(
        "SELECT id, name, game, options, n_seats, seed, seat_list, state, extract(epoch FROM move_deadline), "
        "on_deadline, extract(epoch FROM coalesce((SELECT max(at) FROM actions WHERE table_id = tables.id), "
        "updated_at)), rated FROM tables WHERE id = ANY(%s)", (ids,)).fetchall()
    actions: dict[int, list] = {}
    for table_id, rev, seat, a, seq in conn.execute(
            "SELECT table_id, rev, seat, action, seq FROM actions WHERE table_id = ANY(%s) ORDER BY table_id, rev",
            (ids,)):
        actions.setdefault(table_id, []).append((rev, seat, unpack(bytes(a)), seq))
    refusals: dict[int, list] = {}
    for table_id, seat, seq, ans, act in conn.execute(
            "SELECT table_id, seat, seq, answer, action FROM refusals WHERE table_id = ANY(%s) ORDER BY table_id, seq",
            (ids,)):
        refusals.setdefault(table_id, []).append((seat, seq, unpack(bytes(ans)), unpack(bytes(act))))
    holders: dict[int, dict] = {}
    for table_id, seat, player, token in conn.execute(
            "SELECT table_id, seat, player, token FROM seats WHERE table_id = ANY(%s)", (ids,)):
        holders.setdefault(table_id, {})[seat] = (player, token)
    conn.commit()
    records = {}
    for table_id, name, game, options, n_seats, seed, seat_list, state, deadline, on_deadline, moved_at, rated in rows:
        records[table_id] = {
            "id": table_id, "name": name, "header": {"game": game, "options": options, "n_seats": n_seats,
                                                     "seed": seed, "seats": seat_list},
            "state": state, "actions": actions.get(table_id, []), "refusals": refusals.get(table_id, []),
            "holders": holders.get(table_id, {}),
            "move_deadline": None if deadline is None else float(deadline), "on_deadline": on_deadline,
            "moved_at": float(moved_at), "rated": rated}
    return [records[i] for i in ids if i in records]


def write_step(conn, table_id: int, *, actions=(), refusals=(), new_holders=(), seat_list=None, state=None,
               to_act=None, rating=None) -> None:
    """What one table step changed, atomically, before any of its answers is published.

    `actions`: (rev, seat, action, seq); a rev already written means another process wrote this table
    (it lost its lock), so the write fails and nothing of this step is told to anyone. `rating`: a rated
    game's end (club.ratings.outcome), rated in the same transaction as its last action. The usual step is
    one statement: on an autocommit connection, one round trip to the server."""
    _write_steps(conn, [(table_id, dict(actions=list(actions), refusals=list(refusals), new_holders=list(new_holders),
                                        seat_list=seat_list, state=state, to_act=to_act, rating=rating))])


class Batch:
    """Steps of many tables written together (group commit): their usual changes in one statement, so a
    busy process pays one round trip per batch instead of one per step.

    Given the connection it will be written with (`conn`, set while it is empty; a table process does so when
    it is quiet), a batch sends its first step's move at once when the connection is idle: from inside the
    step as the rules take it (`send_move`), or when the step is added if that step is a move (`_one_move`).
    PostgreSQL stores it while the table answers it and builds the step's views and messages, and the commit
    then only reads its answer. Until the batch is written, that connection
    must not be used for anything else without `settle()` first."""

    def __init__(self, conn=None):
        self.steps: list[tuple[int, dict]] = []
        self.done = None  # a future: {table id: why} of the tables whose steps could not be written
        self.conn = conn
        self.sent = None  # (table_id, the connection, the statement) of the first step's, sent, its answer not yet read
        self.failed: dict[int, str] = {}  # tables whose first step, sent at once, was refused: why
        self.moved = None  # (table_id, rev, state, to_act) of a move sent by `send_move`, its step not yet added

    def takes_move(self) -> bool:
        """Whether `send_move` would send a move now (a quiet process's batch, empty, its connection idle)."""
        return not self.steps and self.conn is not None and _idle(self.conn)

    def send_move(self, table_id: int, action: tuple, *, state: str | None = None, to_act=None) -> bool:
        """Send a move's statement from inside its step, as soon as the rules have taken it (before the table has
        answered it or built its views), if it is the batch's first and the connection is idle; `add` then
        takes that step's change less this move. False: nothing sent (the step is written as usual)."""
        if not self.takes_move():
            return False
        try:
            statement = send_action(self.conn, table_id, action, state=state, to_act=to_act)
        except psycopg.Error:
            return False  # written with the others at the commit, which finds out what is wrong
        self.sent = (table_id, self.conn, statement)
        self.steps.append((table_id, dict(actions=[action], refusals=[], new_holders=[], seat_list=None, state=state,
                                          to_act=to_act)))
        self.moved = (table_id, action[0], state, to_act)
        return True

    def add(self, table_id: int, change: dict) -> None:
        if self.moved is None and _one_move(change):  # a move not sent from inside its step goes now, if it may
            self.send_move(table_id, change["actions"][0], state=change["state"], to_act=change.get("to_act"))
        moved, self.moved = self.moved, None
        if moved is not None and moved[0] == table_id:  # the step's move is sent: the rest of it follows at the commit
            change = _less_sent(change, moved)
            if change is None:
                return
        self.steps.append((table_id, change))

    def settle(self) -> None:
        """Read the answer to the step sent at once, if any (the connection is free again)."""
        if self.sent is None:
            return
        (table_id, conn, statement), self.sent = self.sent, None
        try:
            action_sent(conn, statement)
        except psycopg.Error as e:
            self.failed[table_id] = cause(e)
        self.steps = self.steps[1:]


def cause(e: psycopg.Error) -> str:
    """Why a statement failed, in a line: PostgreSQL's SQLSTATE and message (or psycopg's, with no server)."""
    first = str(e).strip().splitlines()[0] if str(e).strip() else "no message"
    return f"{type(e).__name__} (SQLSTATE {e.sqlstate}): {first}" if e.sqlstate else f"{type(e).__name__}: {first}"


def _idle(conn) -> bool:
    return not conn.closed and conn.pgconn.transaction_status == pq.TransactionStatus.IDLE


def _less_sent(change: dict, moved: tuple) -> dict | None:
    """`change` without the move `Batch.send_move` sent (its action, and the phase and seats to act it wrote);
    None if nothing is left."""
    _table_id, rev, state, to_act = moved
    actions = change["actions"][1:] if change["actions"] and change["actions"][0][0] == rev else change["actions"]
    rest = dict(change, actions=actions, state=None if change["state"] == state else change["state"],
                to_act=None if change["to_act"] == to_act else change["to_act"])
    if actions or rest["refusals"] or rest["new_holders"] or rest["seat_list"] is not None or rest["state"] \
            or rest["to_act"] is not None or rest.get("rating"):
        return rest
    return None


def _one_move(change: dict) -> bool:
    """A step whose writes are one action and, when they changed, the phase and the seats to act: a move that
    seated no one, refused nothing, changed no seat and ended no rated game (rated with its last action)."""
    return (len(change["actions"]) == 1 and not change["refusals"] and not change["new_holders"]
            and change["seat_list"] is None and not change.get("rating"))


# Seconds `action_sent` gives its CPU away (sched_yield) while it waits for a lone move's answer, before it
# sleeps on the socket: PostgreSQL's backend, woken by the statement, can run on this CPU meanwhile, and its
# answer finds this process awake instead of asleep (docs/club.md, "Measured"). Only a quiet process sends
# moves alone, so this spends CPU only where there is CPU to spare.
YIELD_FOR = 0.001

# A move's statement, sent and answered through libpq directly (prepared once per connection, and again when
# a rollback dropped it): less work a move than psycopg's execute (docs/club.md, "Measured"). A move that keeps
# the turn where it was is a lone INSERT; one that passes it (or ends the game) also updates the table's row.
_MOVE = (b"club_move", b"INSERT INTO actions (table_id, rev, seat, action, seq) VALUES ($1, $2, $3, $4, $5)",
         [20, 23, 23, 17, 23])  # bigint, integer, integer, bytea, integer
_MOVE_AND_TURN = (
    b"club_move_and_turn",
    b"WITH new_action AS (INSERT INTO actions (table_id, rev, seat, action, seq) VALUES ($1, $2, $3, $4, $5)) "
    b"UPDATE tables SET state = coalesce($6, state), to_act = coalesce($7, to_act), updated_at = now() WHERE id = $1",
    [20, 23, 23, 17, 23, 25, 3802])  # ..., text, jsonb
_prepared_on: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()  # connection -> the statements prepared on it


def send_action(conn, table_id: int, action: tuple, *, state: str | None = None, to_act=None) -> tuple:
    """Send one move's statement (the action: rev, seat, action, seq; the new phase and seats to act, if they
    changed) on an idle autocommit connection, without waiting for its answer: `action_sent(conn, statement)`
    reads it, and nothing else may use the connection before. Returns the statement sent."""
    statement = _MOVE if state is None and to_act is None else _MOVE_AND_TURN
    rev, seat, what, seq = action
    text = (lambda v: None if v is None else str(v).encode())
    params = [text(table_id), text(rev), text(seat), pack(what), text(seq)]
    if statement is _MOVE_AND_TURN:
        params += [text(state), None if to_act is None else json.dumps(to_act).encode()]
    _send_prepared(conn, statement, params)
    return statement, params


def _send_prepared(conn, statement: tuple, params: list) -> None:
    pgconn = conn.pgconn
    name, sql, types = statement
    prepared = _prepared_on.setdefault(conn, set())
    if name not in prepared:
        result = pgconn.prepare(name, sql, types)
        if result.status != pq.ExecStatus.COMMAND_OK:
            raise psycopg.errors.error_from_result(result, encoding=conn.info.encoding)
        prepared.add(name)
    pgconn.send_query_prepared(name, params, [0, 0, 0, 1, 0] + [0] * (len(params) - 5))
    while pgconn.flush():
        select.select([], [pgconn.socket], [], 1.0)


def action_sent(conn, statement: tuple) -> None:
    """Wait for the answer to `send_action` (`statement`: what it returned). Raise the statement's error, if any.

    A statement the server no longer knows was never run: psycopg deallocates every prepared statement of the
    connection (DEALLOCATE ALL) when it rolls back a transaction after preparing statements of its own (a
    sign-up refused, any failed transaction on this connection), ours with them. It is prepared and sent again."""
    try:
        _answer(conn)
    except psycopg.errors.InvalidSqlStatementName:
        _prepared_on.pop(conn, None)
        _send_prepared(conn, *statement)
        _answer(conn)


def _answer(conn) -> None:
    """Read one statement's answer (the loop waits, as for any commit): the CPU given away for up to YIELD_FOR
    seconds, then asleep on the socket. Raise the statement's error, if any."""
    pgconn = conn.pgconn
    try:
        pgconn.consume_input()
        spin_until = time.perf_counter() + YIELD_FOR
        while pgconn.is_busy():
            if time.perf_counter() < spin_until:
                os.sched_yield()
            else:
                select.select([pgconn.socket], [], [], 1.0)
            pgconn.consume_input()
    except psycopg.OperationalError:
        conn.close()  # the server is gone: conn.closed says so, as after a failed execute
        raise
    error = None
    while (result := pgconn.get_result()) is not None:
        if result.status != pq.ExecStatus.COMMAND_OK and error is None:
            error = psycopg.errors.error_from_result(result, encoding=conn.info.encoding)
    if error is not None:
        raise error


def write_batch(conn, batch: Batch) -> dict[int, str]:
    """Write every step of `batch`; returns the tables whose steps failed, each with why (empty: all written).
    The usual steps (actions, the phase, the seats to act) of every table go in one statement; steps that
    seat someone or keep a refusal add their own statements to the same transaction. If it fails (a table
    written by another process), each table's steps are tried again alone, so one lost table does not hold
    back the others. A step sent at once (`Batch.add`) is answered first; if it was refused, its table's
    later steps are not written."""
    batch.settle()
    if conn.closed:
        return {table_id: CONNECTION_LOST for table_id, _change in batch.steps} | batch.failed
    steps = [(t, c) for t, c in batch.steps if t not in batch.failed]
    if not steps:
        return dict(batch.failed)
    try:
        _write_steps(conn, steps)
        return dict(batch.failed)
    except psycopg.Error as e:
        if conn.closed:
            return {table_id: cause(e) for table_id, _change in steps} | batch.failed
    failed = dict(batch.failed)
    by_table: dict[int, list] = {}
    for table_id, change in steps:
        by_table.setdefault(table_id, []).append((table_id, change))
    for table_id, steps in by_table.items():
        try:
            _write_steps(conn, steps)
        except psycopg.Error as e:
            failed[table_id] = cause(e)
            if conn.closed:
                return {t: cause(e) for t in by_table if t not in failed} | failed
    return failed


CONNECTION_LOST = "the connection to PostgreSQL was lost"


def _usual(change: dict) -> bool:
    return not change["refusals"] and not change["new_holders"] and change["seat_list"] is None \
        and not change.get("rating")


def _write_steps(conn, steps: list) -> None:
    usual = [(t, c) for t, c in steps if _usual(c)]
    rare = [(t, c) for t, c in steps if not _usual(c)]
    if rare:
        with conn.transaction():
            _usual_statement(conn, usual)
            for table_id, change in rare:
                _step_statements(conn, table_id, **change)
    else:
        _usual_statement(conn, usual)  # one statement: its own transaction on an autocommit connection
    conn.commit()  # a no-op on an autocommit connection


def _usual_statement(conn, steps: list) -> None:
    if not steps:
        return
    if len(steps) == 1 and len(steps[0][1]["actions"]) <= 1:
        _one_step_statement(conn, *steps[0])
        return
    actions = [(t, *a) for t, c in steps for a in c["actions"]]
    states: dict[int, str | None] = {}
    waiting: dict[int, str] = {}
    for t, c in steps:
        if c.get("to_act") is not None:
            waiting[t] = json.dumps(c["to_act"])
        if c["state"] is not None or t in waiting:
            states[t] = c["state"] if c["state"] is not None else states.get(t)
    conn.execute(
        """WITH new_actions AS (
               INSERT INTO actions (table_id, rev, seat, action, seq)
               SELECT * FROM unnest(%(a_t)s::bigint[], %(a_rev)s::integer[], %(a_seat)s::integer[],
                                    %(a_act)s::bytea[], %(a_seq)s::integer[]))
           UPDATE tables SET state = coalesce(v.state, tables.state), to_act = coalesce(v.to_act::jsonb, tables.to_act),
                             updated_at = now()
           FROM unnest(%(t_id)s::bigint[], %(t_state)s::text[], %(t_to_act)s::text[]) AS v(id, state, to_act)
           WHERE tables.id = v.id""",
        {"a_t": [a[0] for a in actions], "a_rev": [a[1] for a in actions], "a_seat": [a[2] for a in actions],
         "a_act": [pack(a[3]) for a in actions], "a_seq": [a[4] for a in actions],
         "t_id": list(states), "t_state": list(states.values()), "t_to_act": [waiting.get(t) for t in states]})


def _one_step_statement(conn, table_id: int, change: dict) -> None:
    """One table's usual step of at most one action (a quiet process's batch): the writes of
    `_usual_statement` with plain parameters instead of arrays to unnest, which PostgreSQL runs faster
    (docs/club.md, "Measured"). A move that changes nothing but the actions (the seats to act as before)
    is a lone INSERT, cheaper than the statement with its updates."""
    action = change["actions"][0] if change["actions"] else (None, None, None, None)
    to_act = change.get("to_act")
    if change["actions"] and change["state"] is None and to_act is None:
        conn.execute("INSERT INTO actions (table_id, rev, seat, action, seq) VALUES (%s, %s, %s, %s, %s)",
                     (table_id, action[0], action[1], pack(action[2]), action[3]))
        return
    touch = change["state"] is not None or to_act is not None
    conn.execute(
        """WITH new_action AS (
               INSERT INTO actions (table_id, rev, seat, action, seq)
               SELECT %(t)s, %(rev)s, %(a_seat)s, %(act)s, %(seq)s WHERE %(rev)s::integer IS NOT NULL)
           UPDATE tables SET state = coalesce(%(state)s::text, state), to_act = coalesce(%(to_act)s::jsonb, to_act),
                             updated_at = now()
           WHERE id = %(t)s AND %(touch)s::boolean""",
        {"t": table_id, "rev": action[0], "a_seat": action[1], "act": None if action[2] is None else pack(action[2]),
         "seq": action[3], "state": change["state"],
         "to_act": None if to_act is None else json.dumps(to_act), "touch": touch})


def _step_statements(conn, table_id, *, actions=(), refusals=(), new_holders=(), seat_list=None, state=None,
                     to_act=None, rating=None) -> None:
    if actions:
        with conn.cursor() as cur:
            cur.executemany("INSERT INTO actions (table_id, rev, seat, action, seq) VALUES (%s, %s, %s, %s, %s)",
                            [(table_id, rev, seat, pack(a), seq) for rev, seat, a, seq in actions])
    for seat, seq, answer, action in refusals:
        conn.execute("INSERT INTO refusals (table_id, seat, seq, answer, action) VALUES (%s, %s, %s, %s, %s) "
                     "ON CONFLICT DO NOTHING", (table_id, seat, seq, pack(answer), pack(action)))
        conn.execute("DELETE FROM refusals WHERE table_id = %s AND seat = %s AND seq <= %s",
                     (table_id, seat, seq - 64))
    for seat, player, token in new_holders:
        conn.execute("INSERT INTO seats (table_id, seat, player, token) VALUES (%s, %s, %s, %s)",
                     (table_id, seat, player, token))
    if seat_list is not None or state is not None or to_act is not None:
        conn.execute("UPDATE tables SET seat_list = coalesce(%s, seat_list), state = coalesce(%s, state), "
                     "to_act = coalesce(%s::jsonb, to_act), updated_at = now() WHERE id = %s",
                     (None if seat_list is None else json.dumps(seat_list), state,
                      None if to_act is None else json.dumps(to_act), table_id))
    if rating:
        ratings.rate(conn, table_id, rating)




def tables_of(conn, player: str) -> list[dict]:
    """The tables where `player` holds a seat, not over, those waiting for its move first (then the
    most recently moved): a correspondence player's list."""
    rows = conn.execute(
        "SELECT t.id, t.name, t.game, t.state, s.seat, t.to_act, extract(epoch FROM greatest(t.updated_at, "
        "       (SELECT at FROM actions WHERE table_id = t.id ORDER BY rev DESC LIMIT 1))) "  # a move touches no tables row
        "FROM seats s JOIN tables t ON t.id = s.table_id WHERE s.player = %s AND t.state <> 'over'",
        (player,)).fetchall()
    conn.commit()
    out = [{"id": i, "name": n, "game": g, "state": st, "seat": seat, "your_move": st == "play" and seat in (to_act or []),
            "updated": float(at)} for i, n, g, st, seat, to_act, at in rows]
    return sorted(out, key=lambda r: (not r["your_move"], -r["updated"]))


# ----- the lobby's lists (club.lobby) ------------------------------------------------
def seat_rows(seat_list: list, players: dict) -> list[dict]:
    """Who sits where, as the lobby shows it: each seat's kind, name, bot level and the club player holding
    it (never a token's digest)."""
    out = []
    for seat, entry in enumerate(seat_list):
        row = {"seat": seat, "kind": entry.get("kind"), "name": entry.get("name")}
        if entry.get("kind") == "bot":
            row["level"] = entry.get("level")
        if players.get(seat) is not None:
            row["player"] = players[seat]
        out.append(row)
    return out


def table_summaries(conn, *, over: bool = False, ids: list[int] | None = None, limit: int = 200,
                    skip: int = 0) -> list[dict]:
    """The lobby's rows: tables not over (or over, most recent first; or the tables `ids`), each with its
    options, who sits where, and how many seats are taken, free and bots; the first `skip` passed over."""
    where = "t.id = ANY(%(ids)s)" if ids is not None else "t.state = 'over'" if over else "t.state <> 'over'"
    order = "t.updated_at DESC, t.id DESC" if over else "t.id"  # a total order, so pages neither skip nor repeat
    rows = conn.execute(
        f"SELECT t.id, t.name, t.game, t.state, t.options, t.seat_list, t.created_by, "
        f"       extract(epoch FROM t.move_deadline), extract(epoch FROM t.updated_at), t.result, "
        f"       coalesce(jsonb_object_agg(s.seat, s.player) FILTER (WHERE s.seat IS NOT NULL), '{{}}'), t.on_deadline, "
        f"       t.rated "
        f"FROM tables t LEFT JOIN seats s ON s.table_id = t.id WHERE {where} "
        f"GROUP BY t.id ORDER BY {order} LIMIT %(limit)s OFFSET %(skip)s",
        {"ids": ids, "limit": limit, "skip": skip}).fetchall()
    out = []
    for i, name, game, state, options, seat_list, by, deadline, updated, result, players, on_deadline, rated in rows:
        seat_list = json.loads(seat_list) if isinstance(seat_list, str) else seat_list
        seats = seat_rows(seat_list, {int(k): v for k, v in players.items()})
        free = sum(1 for s in seats if s["kind"] == "open")
        out.append({"id": i, "name": name, "game": game, "state": state, "options": options, "seats": seats,
                    "free": free, "taken": len(seats) - free, "bots": sum(1 for s in seats if s["kind"] == "bot"),
                    "created_by": by, "move_deadline": None if deadline is None else float(deadline),
                    "updated": float(updated), "result": result, "on_deadline": on_deadline, "rated": rated})
    _with_ratings(conn, out)
    conn.commit()
    return out


def _with_ratings(conn, tables: list[dict]) -> None:
    """Each seat's rating in its table's game, where it has one: a player's (`rating`, `provisional`), a bot's
    level's mark (`rating`)."""
    known = ratings.of_players(conn, {(s["player"], t["game"]) for t in tables for s in t["seats"] if "player" in s})
    for t in tables:
        for s in t["seats"]:
            if "player" in s:
                row = known[(s["player"], t["game"])]
                s.update(rating=row["rating"], provisional=row["provisional"])
            elif s["kind"] == "bot" and s.get("level") in ratings.marks(t["game"]):
                s["rating"] = ratings.marks(t["game"])[s["level"]]["rating"]


def turn_clocks(conn, table_ids: list[int]) -> dict[int, dict]:
    """Each started table's `turn_started` (epoch seconds: its last stored action, or the game's start, as a
    table process taking it over counts the deadline from) and, at a correspondence table, `deadline_left`
    (seconds until the seat to act lets its deadline pass, by the database's clock: 0 or less is overdue)."""
    rows = conn.execute(
        "SELECT id, extract(epoch FROM turned), extract(epoch FROM turned + move_deadline - now()) FROM ("
        "  SELECT id, move_deadline, coalesce((SELECT max(at) FROM actions WHERE table_id = tables.id), updated_at)"
        "         AS turned FROM tables WHERE id = ANY(%s) AND state = 'play') started",
        (list(table_ids),)).fetchall()
    conn.commit()
    return {i: {"turn_started": float(turned), "deadline_left": None if left is None else float(left)}
            for i, turned, left in rows}


def keep_result(conn, table_id: int, result) -> None:
    """A finished table's result, worked out once (club.replays) and kept for the list of games over."""
    conn.execute("UPDATE tables SET result = %s WHERE id = %s AND state = 'over'", (json.dumps(result), table_id))
    conn.commit()


def free_seat(conn, table_id: int, seat: int, player: str, seat_list: list) -> None:
    """A player leaves a table still in the lobby: its seat row goes and the seat is open again (the table's
    owner writes this before it tells anyone)."""
    with conn.transaction():
        gone = conn.execute("DELETE FROM seats WHERE table_id = %s AND seat = %s AND player = %s",
                            (table_id, seat, player)).rowcount
        if gone != 1:
            raise ValueError(f"{player} holds no seat {seat + 1} at table {table_id}.")
        conn.execute("UPDATE tables SET seat_list = %s, updated_at = now() WHERE id = %s",
                     (json.dumps(seat_list), table_id))
    conn.commit()
