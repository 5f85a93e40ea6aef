"""`replay PATH [--verify]`: check a save headless, or watch it in the window.
`replay club://HOST:PORT/TABLE_ID [--verify] [--name N --secret S]`: the same for a finished club game.

--verify prints the final state hash on its own line, then `rev N`; a save that
cannot be used prints its one-sentence reason and exits 1. A club game comes as a
spectator saw it (club.replays: the club never sends the seed or a seat's secrets),
so its --verify prints `rev N` and the result instead of a state hash.
"""
import importlib
import importlib.util
import json
import sys
from urllib.parse import urlparse

from cli.saves import load_save

CLUB_SCHEME = "club://"


def run(args, parser) -> int:
    if args.path.startswith(CLUB_SCHEME):
        return run_club(args)
    if args.verify:
        session = load_save(args.path)
        if session is None:
            return 1
        print(session.state_hash())
        print(f"rev {session.rev}", flush=True)
        return 0
    if importlib.util.find_spec("game.replay_window") is None:
        print("The replay viewer is not part of this build; `replay PATH --verify` checks a save headless.",
              file=sys.stderr, flush=True)
        return 1
    viewer = importlib.import_module("game.replay_window")
    return viewer.run(args.path) or 0


def club_address(text: str) -> tuple[str, int]:
    """(nats://HOST:PORT, table id) from club://HOST:PORT/TABLE_ID; ValueError with a sentence."""
    url = urlparse(text)
    table = url.path.strip("/")
    try:
        port = url.port or 4222
    except ValueError:
        port = None
    if not url.hostname or port is None or not table.isdigit():
        raise ValueError(f"{text!r} is not a club game: it looks like club://HOST:PORT/TABLE_ID.")
    return f"nats://{url.hostname}:{port}", int(table)


def credentials(args) -> tuple[str, str]:
    """--name and --secret, or the account the window keeps (club.json)."""
    if args.name and args.secret:
        return args.name, args.secret
    from game.club_link import account_path, load_account
    kept = load_account()
    name, secret = args.name or kept["name"], args.secret or kept["secret"]
    if not name or not secret:
        raise ValueError(f"Sign in to the club once in the window (Online), which keeps {account_path()}, "
                         "or give --name and --secret.")
    return name, secret


def run_club(args) -> int:
    import asyncio
    try:
        from club import client
        url, table_id = club_address(args.path)
        name, secret = credentials(args)
    except (ImportError, ValueError) as e:
        print(e if isinstance(e, ValueError) else f"the club needs its extra: pip install 'sandtable[club]' ({e})",
              file=sys.stderr, flush=True)
        return 1

    try:   # a refusal is told below as a sentence, not logged with its traceback
        record = asyncio.run(client.once_as(url, name, secret, lambda nc: client.fetch_game(nc, name, table_id)))
    except Exception as e:  # a sentence for a person: the club refused, or could not be reached
        from game.club_link import sentence
        print(sentence(e, url), file=sys.stderr, flush=True)
        return 1
    if args.verify:
        final = record["moves"][-1]
        print(f"rev {final['rev']}")
        print(f"result {json.dumps(final['view']['public'].get('result'), sort_keys=True)}", flush=True)
        return 0
    from game.recorded_replay import RecordedReplayLink
    viewer = importlib.import_module("game.replay_window")
    from game.club_link import own_decisions
    return viewer.watch(RecordedReplayLink(record, own_decisions(url, name, secret, table_id))) or 0
