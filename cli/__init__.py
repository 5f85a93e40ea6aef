"""The command line of DESIGN.md: `sandtable` / `python run.py [command]`.

Each command lives in its own module here and is imported only when used, so
`serve` and `bot` never load pygame and the window starts without the host code.
"""
import argparse
import sys

from engine import games
from net import address
from net.limits import MAX_WATCHERS


def _address(text: str) -> tuple[str, int]:
    try:
        return address.parse(text)
    except ValueError as e:
        raise argparse.ArgumentTypeError(str(e)) from e


def _port(text: str) -> int:
    if not text.isdigit() or not 0 <= int(text) < 65536:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port number (0 to 65535; 0 picks a free one)")
    return int(text)


def _seats(text: str) -> int:
    if not text.isdigit() or not 1 <= int(text) <= 8:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seats (1 to 8)")
    return int(text)


def _count(text: str) -> int:
    if not text.isdigit() or int(text) > 100_000:
        raise argparse.ArgumentTypeError(f"{text!r} is not a count (0 to 100000)")
    return int(text)


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 <= value <= 3600:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds (0 to 3600)")
    return value


LEVELS = ("easy", "normal", "hard", "expert")   # bots.ALL_LEVELS; the expert only where the game takes turns


def _bot_list(text: str) -> list[str]:
    """`--bots hard,easy` or `--bots 2` (that many normal bots)."""
    if text.isdigit():
        return ["normal"] * int(text)
    levels = [x.strip() for x in text.split(",") if x.strip()]
    bad = [x for x in levels if x not in LEVELS]
    if bad or not levels:
        raise argparse.ArgumentTypeError(f"bots are a count or a list of levels from {', '.join(LEVELS)}")
    return levels


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="sandtable", description="Sandtable: classic board wargames, hot-seat, vs bots or on the LAN.")
    sub = p.add_subparsers(dest="command", metavar="COMMAND")

    s = sub.add_parser("serve", help="host a table headless")
    s.add_argument("--game", required=True, choices=games.available())
    s.add_argument("--seats", type=_seats, default=None, help="number of seats (default: the game's usual)")
    s.add_argument("--bots", type=_bot_list, default=[], help="bot seats: a count or levels, e.g. hard,easy")
    s.add_argument("--host", default="0.0.0.0", help="address to listen on (default all)")
    s.add_argument("--port", type=_port, default=7777, help="TCP port; 0 picks a free one")
    s.add_argument("--name", default=None, help="table name shown in LAN browsers")
    s.add_argument("--no-discovery", action="store_true", help="do not advertise the table on the LAN")
    s.add_argument("--save", default=None, help="autosave to this file after every move")
    s.add_argument("--resume", default=None, help="pick up the game autosaved in this file")
    s.add_argument("--seed", type=int, default=None, help="seed for the dice and deck (default random)")
    s.add_argument("--option", action="append", default=[], metavar="KEY=VALUE", help="a game option")
    s.add_argument("--takeover", type=float, default=None, metavar="SECONDS",
                   help="a bot plays for a dropped player after this many seconds")
    s.add_argument("--bot-delay", type=float, default=0.5, metavar="SECONDS",
                   help="pause before each move of a bot seated at this host (default 0.5)")
    s.add_argument("--countdown", type=_seconds, default=None, metavar="SECONDS",
                   help="real-time games: seconds this host's bots wait when the race starts (default: the game's count)")
    s.add_argument("--timer-scale", type=_seconds, default=1.0, metavar="FACTOR",
                   help="the rules' timed steps (a reaction window) last FACTOR times their set length "
                        "(default 1; e.g. 0.05 for tables of bot processes)")
    s.add_argument("--max-watchers", type=_count, default=MAX_WATCHERS, metavar="N",
                   help="spectators admitted at once (default 32); seat holders always get in")

    b = sub.add_parser("bot", help="play a seat as a bot over the network")
    b.add_argument("--connect", required=True, type=_address, metavar="HOST:PORT")
    b.add_argument("--level", choices=LEVELS, default="normal")
    b.add_argument("--game", choices=games.available(), default=None,
                   help="expect this game (the table's welcome says which; another game: exit 1)")
    b.add_argument("--name", default=None)
    b.add_argument("--seat", type=int, default=None, help="ask for this seat")
    b.add_argument("--seed", type=int, default=None, help="the bot's own random choices (default: fresh each run)")
    b.add_argument("--token-file", default=None, metavar="PATH",
                   help="keep this seat's token (and last seq) in PATH: started again with it, the bot takes "
                        "its seat back")
    b.add_argument("--pace", type=_seconds, default=None, metavar="SECONDS",
                   help="real-time games: seconds between moves (default: the level's pace; 0 = as fast as it can)")
    b.add_argument("--countdown", type=_seconds, default=None, metavar="SECONDS",
                   help="real-time games: seconds to wait when the race starts, unless someone moves first "
                        "(default: the game's count)")

    j = sub.add_parser("join", help="open the window and join a table directly")
    j.add_argument("address", type=_address, metavar="HOST:PORT")

    r = sub.add_parser("replay", help="watch a saved game, or a finished club game (club://HOST:PORT/TABLE_ID)")
    r.add_argument("path")
    r.add_argument("--verify", action="store_true", help="replay headless and print the final state hash")
    r.add_argument("--name", default=None, help="a club game: your club name (default: the window's club.json)")
    r.add_argument("--secret", default=None, help="a club game: your secret (default: the window's club.json)")

    from cli import club
    club.add_parser(sub)
    from cli import analyse
    analyse.add_parser(sub)

    bench = sub.add_parser("bench", help="run the benchmark suite")
    bench.add_argument("--quick", action="store_true", help="fewer repetitions")
    bench.add_argument("--bots", action="store_true", help="the bot ladder instead: seeded games between levels")
    return p


def main(argv: list[str] | None = None, *, bench=None) -> int:
    """Run one command. `bench(quick, bots=...)` runs the benchmark suite (or the bot ladder); the entry point (run.py) hands it in,
    so the product never imports the harness (without it, `bench` says it is not part of this build)."""
    parser = build_parser()
    args = parser.parse_args(sys.argv[1:] if argv is None else argv)
    command = args.command or "window"
    if command == "serve":
        from cli import serve
        return serve.run(args, parser)
    if command == "bot":
        from cli import bot
        return bot.run(args, parser)
    if command == "replay":
        from cli import replay
        return replay.run(args, parser)
    if command == "club":
        from cli import club
        return club.run(args, parser)
    if command == "analyse":
        from cli import analyse
        return analyse.run(args, parser)
    if command == "bench":
        if bench is None:
            print("The benchmark suite is not part of this build; run `python run.py bench` in a checkout.",
                  file=sys.stderr, flush=True)
            return 1
        return bench(args.quick, bots=args.bots)
    from cli import window
    return window.run(args, parser)
