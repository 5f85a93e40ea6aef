"""`sandtable club --init` creates the schema from the migration files, once, and records them."""
from tests.club import needs  # noqa: F401 - skips this module without the club's libraries
import subprocess
import sys

import psycopg

from club import db


def run_club(*args, timeout=30):
    return subprocess.run([sys.executable, "-m", "tests.net.cli_toy", "club", *args], capture_output=True,
                          text=True, timeout=timeout)


def test_init_applies_every_migration_in_order_and_records_it(dsn):
    done = run_club("--db", dsn, "--init")
    assert done.returncode == 0, done.stderr
    names = [name for name, _sql in db.migrations()]
    assert names == sorted(names) and names[0].startswith("0001_")
    with psycopg.connect(dsn) as conn:
        recorded = [r[0] for r in conn.execute("SELECT name FROM schema_migrations ORDER BY name")]
        tables = {r[0] for r in conn.execute("SELECT tablename FROM pg_tables WHERE schemaname = 'public'")}
    assert recorded == names
    assert {"players", "tables", "seats", "actions", "refusals", "owners"} <= tables


def test_init_run_twice_applies_nothing_the_second_time(dsn):
    assert run_club("--db", dsn, "--init").returncode == 0
    again = run_club("--db", dsn, "--init")
    assert again.returncode == 0 and "0 migration(s) applied" in again.stdout


def test_the_schema_refuses_a_player_name_that_could_not_be_a_nats_subject_token(dsn):
    db.migrate(dsn)
    with psycopg.connect(dsn) as conn:
        try:
            conn.execute("INSERT INTO players (name, secret_hash) VALUES ('a.b', 'x')")
        except psycopg.errors.CheckViolation:
            return
    raise AssertionError("a name with a dot was accepted")
