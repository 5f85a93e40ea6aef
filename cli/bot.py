"""`bot --connect HOST:PORT`: play one seat with a bot over the network; exit 0 when the game ends.

Exit 1 (with a sentence on stderr) if the table refuses us or the connection is lost for good.
"""
import asyncio
import secrets
import sys

import bots
from net.client import Client, TableError

MAX_REFUSALS_PER_REV = 5  # a bot whose choices keep being refused waits for the game to move on


def run(args, parser) -> int:
    host, port = args.connect
    try:
        return asyncio.run(play(host, port, level=args.level, name=args.name, seat=args.seat))
    except KeyboardInterrupt:
        return 130


async def play(host: str, port: int, *, level: str = "normal", name: str | None = None, seat=None,
               seed: int | None = None) -> int:
    inbox: asyncio.Queue = asyncio.Queue()
    client = Client(host, port, name=name or f"{level} bot", seat=seat, on_message=inbox.put_nowait)
    try:
        welcome = await client.connect()
    except TableError as e:
        print(str(e), file=sys.stderr, flush=True)
        return 1
    bot = bots.make(welcome["game"], level, client.seat, secrets.randbits(32) if seed is None else seed)
    view, refusals = welcome["view"], 0
    try:
        while True:
            public = view["public"]
            if public.get("result") is not None:
                print(f"game over: winners {public['result'].get('winners')}", flush=True)
                return 0
            if public.get("table_phase") == "play" and client.seat in public.get("to_act", []) \
                    and refusals < MAX_REFUSALS_PER_REV:
                if bot.pace:
                    await asyncio.sleep(bot.pace)
                action = bot.choose(view)
                if action is not None:
                    reply = await client.act(action)
                    refusals = refusals + 1 if reply["t"] == "err" else 0
                    if reply["t"] == "err":
                        continue  # ask again with the same view
            msg = await inbox.get()
            while True:  # act on the newest view only
                if msg["t"] == "status" and msg["status"] == "closed":
                    print(msg["msg"], file=sys.stderr, flush=True)
                    return 1
                if msg["t"] in ("update", "welcome"):
                    if msg["rev"] != view["public"].get("rev"):
                        refusals = 0
                    view = msg["view"]
                if inbox.empty():
                    break
                msg = inbox.get_nowait()
    except TableError as e:
        print(str(e), file=sys.stderr, flush=True)
        return 1
    finally:
        await client.close()
