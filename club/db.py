"""The club's PostgreSQL: migrations, players, tables and the step a table writes before it answers.

Migrations are the files of club/migrations, applied in name order, each in its own transaction
and recorded in `schema_migrations`, under an advisory lock so two `--init`s do not race.
"""
import json
from importlib import resources

import bcrypt
import msgpack
import psycopg

from club import subjects

MIGRATION_LOCK = 0x5A17AB1E  # advisory lock key held while migrating


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
    digest = bcrypt.hashpw(secret.encode(), bcrypt.gensalt(rounds=10)).decode()
    with conn.transaction():
        cur = conn.execute("INSERT INTO players (name, secret_hash) VALUES (%s, %s) ON CONFLICT DO NOTHING",
                           (name, digest))
        if cur.rowcount != 1:
            raise SignUpError(f"The name {name!r} is taken.")


def players(conn) -> list[tuple[str, str]]:
    return [tuple(r) for r in conn.execute("SELECT name, secret_hash FROM players ORDER BY name")]


# ----- tables ----------------------------------------------------------------------
def create_table(conn, session, *, name: str, created_by: str | None = None, move_deadline: float | None = None,
                 on_deadline: str | None = None) -> int:
    """A new table in the lobby, from a fresh Session (its game, options, seed and seats). A correspondence
    table has a `move_deadline` (seconds) and says what happens when it passes (`bot`: a bot moves once)."""
    with conn.transaction():
        row = conn.execute(
            "INSERT INTO tables (name, game, options, n_seats, seed, seat_list, created_by, move_deadline, on_deadline) "
            "VALUES (%s, %s, %s, %s, %s, %s, %s, make_interval(secs => %s), %s) RETURNING id",
            (name, session.game_id, json.dumps(session.options), session.n_seats, session.seed,
             json.dumps(session.seats), created_by, move_deadline, on_deadline)).fetchone()
    return row[0]


def open_tables(conn) -> list[int]:
    """Tables not over whose advisory lock no process holds now."""
    rows = conn.execute(
        "SELECT id FROM tables WHERE state <> 'over' AND id NOT IN "
        "(SELECT objid::bigint FROM pg_locks WHERE locktype = 'advisory' AND classid = 0 AND granted) "
        "ORDER BY id")
    return [r[0] for r in rows]


def try_own(conn, table_id: int, process: str) -> bool:
    """Take the table's advisory lock on this connection (held until it closes or `release`)."""
    got = conn.execute("SELECT pg_try_advisory_lock(0, %s::integer)", (table_id,)).fetchone()[0]
    if got:
        conn.execute("INSERT INTO owners (table_id, process) VALUES (%s, %s) ON CONFLICT (table_id) "
                     "DO UPDATE SET process = excluded.process, since = now()", (table_id, process))
    conn.commit()
    return got


def release(conn, table_id: int) -> None:
    conn.execute("DELETE FROM owners WHERE table_id = %s", (table_id,))
    conn.execute("SELECT pg_advisory_unlock(0, %s::integer)", (table_id,))
    conn.commit()


def load_table(conn, table_id: int) -> dict:
    """Everything a process needs to rebuild a table: header, seats, actions, refusals, seat holders."""
    row = conn.execute(
        "SELECT name, game, options, n_seats, seed, seat_list, state, extract(epoch FROM move_deadline), on_deadline, "
        "extract(epoch FROM coalesce((SELECT max(at) FROM actions WHERE table_id = tables.id), updated_at)) "
        "FROM tables WHERE id = %s", (table_id,)).fetchone()
    if row is None:
        raise KeyError(table_id)
    name, game, options, n_seats, seed, seat_list, state, deadline, on_deadline, moved_at = row
    actions = [(rev, seat, unpack(bytes(a)), seq) for rev, seat, a, seq in conn.execute(
        "SELECT rev, seat, action, seq FROM actions WHERE table_id = %s ORDER BY rev", (table_id,))]
    refusals = [(seat, seq, unpack(bytes(ans)), unpack(bytes(act))) for seat, seq, ans, act in conn.execute(
        "SELECT seat, seq, answer, action FROM refusals WHERE table_id = %s ORDER BY seq", (table_id,))]
    holders = {seat: (player, token, last_seq) for seat, player, token, last_seq in conn.execute(
        "SELECT seat, player, token, last_seq FROM seats WHERE table_id = %s", (table_id,))}
    conn.commit()
    return {"id": table_id, "name": name, "header": {"game": game, "options": options, "n_seats": n_seats,
                                                      "seed": seed, "seats": seat_list},
            "state": state, "actions": actions, "refusals": refusals, "holders": holders,
            "move_deadline": None if deadline is None else float(deadline), "on_deadline": on_deadline,
            "moved_at": float(moved_at)}


def write_step(conn, table_id: int, *, actions=(), refusals=(), new_holders=(), last_seqs=None,
               seat_list=None, state=None) -> None:
    """What one table step changed, atomically, before any of its answers is published.

    `actions`: (rev, seat, action, seq); a rev already written means another process wrote this table
    (it lost its lock), so the write fails and nothing of this step is told to anyone. The usual step
    (actions, a seat's last_seq, maybe the phase) is one statement: on an autocommit connection, one
    round trip to the server; steps that seat someone or keep a refusal take a transaction."""
    last_seqs = last_seqs or {}
    if refusals or new_holders or len(last_seqs) > 1:
        _write_step_in_transaction(conn, table_id, actions, refusals, new_holders, last_seqs, seat_list, state)
        return
    seat, last_seq = next(iter(last_seqs.items()), (None, None))
    conn.execute(
        """WITH new_actions AS (
               INSERT INTO actions (table_id, rev, seat, action, seq)
               SELECT %(t)s, * FROM unnest(%(revs)s::integer[], %(seats)s::integer[], %(acts)s::bytea[],
                                           %(seqs)s::integer[])),
           seat_seq AS (
               UPDATE seats SET last_seq = greatest(last_seq, %(last_seq)s)
               WHERE %(seat)s::integer IS NOT NULL AND table_id = %(t)s AND seat = %(seat)s)
           UPDATE tables SET seat_list = coalesce(%(seat_list)s::jsonb, seat_list), state = coalesce(%(state)s, state),
                             updated_at = now()
           WHERE id = %(t)s AND (%(seat_list)s::jsonb IS NOT NULL OR %(state)s::text IS NOT NULL
                                 OR cardinality(%(revs)s::integer[]) > 0)""",
        {"t": table_id, "revs": [a[0] for a in actions], "seats": [a[1] for a in actions],
         "acts": [pack(a[2]) for a in actions], "seqs": [a[3] for a in actions], "seat": seat, "last_seq": last_seq,
         "seat_list": None if seat_list is None else json.dumps(seat_list), "state": state})
    conn.commit()  # a no-op on an autocommit connection


def _write_step_in_transaction(conn, table_id, actions, refusals, new_holders, last_seqs, seat_list, state) -> None:
    with conn.transaction():
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
        for seat, last_seq in last_seqs.items():
            conn.execute("UPDATE seats SET last_seq = greatest(last_seq, %s) WHERE table_id = %s AND seat = %s",
                         (last_seq, table_id, seat))
        if seat_list is not None or state is not None:
            conn.execute("UPDATE tables SET seat_list = coalesce(%s, seat_list), state = coalesce(%s, state), "
                         "updated_at = now() WHERE id = %s",
                         (None if seat_list is None else json.dumps(seat_list), state, table_id))
    conn.commit()
