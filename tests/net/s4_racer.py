"""A Situation 4 racer in its own process, driven over stdin, for the wire tests.

`python -m tests.net.s4_racer HOST PORT [--token T]` joins (or reclaims a seat with
its token) through the project's Client and prints one JSON line:
{"seat", "token", "rev"}. Then it reads commands, one a line:
  `race SLOT REV`  place piece SLOT in SLOT; print {"answer"}; wait until its view
                   reaches REV; print {"view"} (the newest view it holds)
  `play PACE`      race with the `hard` bot from its own view until the game ends
                   (cli.bot's real-time loop, with no start count); exit 0
  `bye`            leave; exit 0
"""
import asyncio
import json
import sys

import bots
from cli import bot as bot_cli
from net.client import Client

STEP_TIMEOUT = 10.0


async def main(host: str, port: int, token: str | None) -> int:
    inbox: asyncio.Queue = asyncio.Queue()
    client = Client(host, port, name="racer", token=token, on_message=inbox.put_nowait)
    welcome = await client.connect()
    view = welcome["view"]
    side = view["private"]["side"]
    print(json.dumps({"seat": client.seat, "token": client.token, "rev": welcome["rev"],
                      "placed": view["public"]["placed"][side]}), flush=True)
    loop = asyncio.get_running_loop()
    try:
        while True:
            line = (await loop.run_in_executor(None, sys.stdin.readline)).split()
            if not line or line[0] == "bye":
                return 0
            if line[0] == "play":
                racer = bots.make("situation4", "hard", client.seat, 7)
                while not inbox.empty():  # the newest view first
                    msg = inbox.get_nowait()
                    if msg["t"] in ("update", "welcome"):
                        view = msg["view"]
                return await bot_cli._race(client, racer, view, inbox, float(line[1]), countdown=0.0)
            slot, rev = int(line[1]), int(line[2])
            seq = client.send_act({"type": "place", "piece": slot, "slot": slot})
            answer = None
            async with asyncio.timeout(STEP_TIMEOUT):
                while answer is None or view["public"]["rev"] < rev:
                    msg = await inbox.get()
                    if msg["t"] in ("update", "welcome"):
                        view = msg["view"]
                    elif msg["t"] in ("ok", "err") and msg.get("seq") == seq:
                        answer = msg
                        print(json.dumps({"answer": answer}), flush=True)
            print(json.dumps({"view": view}), flush=True)
    finally:
        await client.close()


if __name__ == "__main__":
    args = sys.argv[1:]
    tok = args[args.index("--token") + 1] if "--token" in args else None
    sys.exit(asyncio.run(main(args[0], int(args[1]), tok)))
