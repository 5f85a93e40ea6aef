"""`serve`: host one table headless until its game ends.

Prints `listening on HOST:PORT` (flushed) once it accepts connections, and a
`game over: ...` line when the game ends; exits 0 after the result has been
sent and the clients have left (or 3 s have passed). Bad arguments: usage and
exit 2. An unusable --resume file or a port that cannot be opened: a sentence
on stderr and exit 1.

SIGTERM and SIGINT (Ctrl+C) stop it cleanly: the zeroconf advert is withdrawn,
the clients are closed, the autosave (written after every accepted action) is
closed complete, a `stopped: ...` line is printed, and the exit status is 0.
`serve --resume PATH` then picks the game up.
"""
import asyncio
import gc
import signal
import socket
import sys
import time

import bots
from engine import games
from engine.errors import SaveError
from cli.saves import load_save
from net import loops
from net.host import Host, advertiser_for, new_session
from net.table import Table


def parse_options(pairs: list[str], rules) -> dict:
    """`KEY=VALUE` strings into options: a listed choice where the game lists them, else int or text."""
    options = {}
    choices = getattr(rules, "OPTION_CHOICES", {})
    for pair in pairs:
        key, sep, text = pair.partition("=")
        key = key.strip()
        if not sep or not key:
            raise ValueError(f"{pair!r} is not KEY=VALUE")
        match = [c for c in choices.get(key, []) if str(c).lower() == text.strip().lower()]
        if match:
            options[key] = match[0]
        elif text.strip().lstrip("-").isdigit():
            options[key] = int(text)
        else:
            options[key] = text
    return options


def result_line(table: Table) -> str:
    result = table.session.result()
    seats = table.session.seats
    names = [f"seat {w} ({seats[w].get('name') or 'open'})" if 0 <= w < len(seats) else f"seat {w}"
             for w in result.get("winners", [])]
    return f"game over: {' and '.join(names) or 'nobody'} won ({result.get('reason', '')})"


def run(args, parser) -> int:
    rules = games.rules(args.game)
    try:
        options = parse_options(args.option, rules)
    except ValueError as e:
        parser.error(str(e))
    unoffered = [level for level in args.bots if level not in bots.levels(args.game)]
    if unoffered:
        parser.error(f"{args.game} offers bots of levels {', '.join(bots.levels(args.game))}, not {unoffered[0]}")
    if args.resume:
        session = load_save(args.resume)
        if session is None:
            return 1
        if session.game_id != args.game:
            parser.error(f"{args.resume} holds a game of {session.game_id}, not {args.game}")
    else:
        n_seats = args.seats or getattr(rules, "DEFAULT_SEATS", rules.MIN_SEATS)
        try:
            session = new_session(args.game, n_seats, bots=args.bots, options=options, seed=args.seed)
        except ValueError as e:
            parser.error(str(e))
    name = args.name or f"{socket.gethostname()}'s {getattr(rules, 'TITLE', args.game)}"
    try:
        table = Table(session, name=name, takeover_after=args.takeover, save_path=args.save or args.resume,
                      now=time.monotonic(), bot_factory=bots.make_for_table)
    except SaveError as e:
        print(str(e), file=sys.stderr, flush=True)
        return 1
    host = Host(table, host=args.host, port=args.port, bot_delay=args.bot_delay, countdown=args.countdown,
                timer_scale=args.timer_scale, advertise=None if args.no_discovery else advertiser_for(table),
                max_watchers=args.max_watchers)
    try:
        return loops.run(_serve(host, table))
    except KeyboardInterrupt:
        return 130


async def _serve(host: Host, table: Table) -> int:
    try:
        address = await host.start()
    except OSError as e:
        print(f"cannot listen on {host.bind[0]}:{host.bind[1]}: {e.strerror or e}", file=sys.stderr, flush=True)
        table.close()
        return 1
    # Everything made so far (code, board data, the table) lives as long as the process: keep it out of
    # the garbage collector's full passes, which otherwise stall a busy race for milliseconds.
    gc.collect()
    gc.freeze()
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    caught = []
    for sig in (signal.SIGTERM, signal.SIGINT):
        try:
            loop.add_signal_handler(sig, lambda sig=sig: (caught.append(sig), stop.set()))
        except (NotImplementedError, RuntimeError):  # no signal handlers here (e.g. not the main thread)
            pass
    print(f"listening on {address[0]}:{address[1]}", flush=True)
    try:
        over = loop.create_task(host.run_until_over())
        stopped = loop.create_task(stop.wait())
        await asyncio.wait({over, stopped}, return_when=asyncio.FIRST_COMPLETED)
        for task in (over, stopped):
            task.cancel()
        await asyncio.gather(over, stopped, return_exceptions=True)
        if caught and table.session.result() is None:
            saved = f"; the game is saved in {table.save_path}" if table.save_path else ""
            print(f"stopped by {signal.Signals(caught[0]).name}{saved}", flush=True)
        elif table.session.result() is not None:
            print(result_line(table), flush=True)
        if table.rules_failures:  # each was refused with nothing changed; the log above holds the tracebacks
            print(f"the rules failed on {table.rules_failures} action(s); see the tracebacks above", file=sys.stderr,
                  flush=True)
    finally:
        await host.stop()
        for sig in (signal.SIGTERM, signal.SIGINT):
            loop.remove_signal_handler(sig)
    return 0
