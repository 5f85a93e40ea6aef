"""`bot --connect HOST:PORT`: play one seat with a bot over the network; exit 0 when the game ends.

Turn-based games: the bot answers each view in which its seat is to act.
Real-time games (every seat acts at once, e.g. Situation 4): the bot acts from its
newest view, one move every `pace` seconds (its level's pace unless `--pace` says
otherwise) once the race's start count is over (`--countdown`, by default the
game's own, cut short when another racer moves first); never more than one move
in flight, and after an `ok` it waits for the update that shows its move before
choosing again. A move that lost a race (`err illegal`) is simply chosen again
from the next view.

`--game ID`: look as a spectator first and leave (exit 1, no seat taken) if the table hosts another game.
`--token-file PATH`: keep the seat's token and last seq in PATH (net.kept_seats) at every welcome and
answer; a bot started again with the same file takes its seat back and numbers its actions on from
there. A kept token the table no longer knows (`bad_token`: another game there now) is dropped and a
seat is asked for afresh.
Exit 1 (with a sentence on stderr) if the table refuses us or the connection is lost for good.
"""
import asyncio
import secrets
import sys
import time

import bots
from engine import games
from net import kept_seats
from net.client import Client, TableError

MAX_REFUSALS_PER_REV = 5  # a bot whose choices keep being refused waits for the game to move on
IDLE_RECHECK = 1.0        # seconds a real-time bot with nothing to do waits before looking again


def run(args, parser) -> int:
    host, port = args.connect
    try:
        return asyncio.run(play(host, port, level=args.level, name=args.name, seat=args.seat,
                                seed=getattr(args, "seed", None),
                                pace=getattr(args, "pace", None), game=getattr(args, "game", None),
                                countdown=getattr(args, "countdown", None),
                                token_file=getattr(args, "token_file", None)))
    except KeyboardInterrupt:
        return 130


async def play(host: str, port: int, *, level: str = "normal", name: str | None = None, seat=None,
               seed: int | None = None, pace: float | None = None, game: str | None = None,
               countdown: float | None = None, token_file: str | None = None) -> int:
    inbox: asyncio.Queue = asyncio.Queue()
    kept = kept_seats.load(token_file) if token_file else None
    if kept is not None and (kept.host, kept.port) != (host, port):
        kept = None  # a seat at another table
    client = None

    def arrived(msg: dict) -> None:
        if token_file and msg["t"] in ("welcome", "ok") and client.welcome is not None and client.seat is not None:
            try:
                kept_seats.save(token_file, kept_seats.KeptSeat.from_welcome(host, port, client.welcome,
                                                                             client.last_seq))
            except OSError as e:
                print(f"the seat could not be kept in {token_file} ({e.strerror or e})", file=sys.stderr, flush=True)
        inbox.put_nowait(msg)

    def new_client(token=None, last_seq=0) -> Client:
        return Client(host, port, name=name or f"{level} bot", seat=seat, on_message=arrived, token=token,
                      last_seq=last_seq)

    client = new_client(kept.token, kept.last_seq) if kept else new_client()
    try:
        if game is not None:  # look as a spectator first, so a seat is never taken at the wrong table
            look = Client(host, port, name=name or f"{level} bot", want="watch", reconnect=False)
            hosted = (await look.connect())["game"]
            await look.close()
            if hosted != game:
                print(f"{host}:{port} hosts a game of {hosted}, not {game}.", file=sys.stderr, flush=True)
                return 1
        try:
            welcome = await client.connect()
        except TableError as e:
            if kept is None or e.code != "bad_token":
                raise
            print(f"the token in {token_file} holds no seat there now; asking for a new seat", file=sys.stderr,
                  flush=True)
            client = new_client()
            welcome = await client.connect()
    except TableError as e:
        print(str(e), file=sys.stderr, flush=True)
        return 1
    try:
        bot = bots.make(welcome["game"], level, client.seat, secrets.randbits(32) if seed is None else seed)
    except ValueError as e:  # a level this game does not offer (no expert in a race)
        print(str(e), file=sys.stderr, flush=True)
        await client.close()
        return 1
    try:
        if games.is_realtime(welcome["game"]):
            count = games.start_countdown(welcome["game"]) if countdown is None else countdown
            return await _race(client, bot, welcome["view"], inbox, bot.pace if pace is None else pace, count)
        return await _turns(client, bot, welcome["view"], inbox)
    except TableError as e:
        print(str(e), file=sys.stderr, flush=True)
        return 1
    finally:
        await client.close()


def _over(view) -> bool:
    result = view["public"].get("result")
    if result is not None:
        print(f"game over: winners {result.get('winners')}", flush=True)
        return True
    return False


def _closed(msg) -> bool:
    if msg["t"] == "status" and msg["status"] == "closed":
        print(msg["msg"], file=sys.stderr, flush=True)
        return True
    return False


async def _turns(client, bot, view, inbox) -> int:
    refusals = 0
    wait_rev = 0   # after an ok, the rev the view must reach before choosing again (its update is on its way)
    while True:
        if _over(view):
            return 0
        public = view["public"]
        if public.get("table_phase") == "play" and client.seat in public.get("to_act", []) \
                and refusals < MAX_REFUSALS_PER_REV and public.get("rev", 0) >= wait_rev:
            if bot.pace:
                await asyncio.sleep(bot.pace)
            # In a worker thread: an expert searches a second, and the connection must be served meanwhile.
            action = await asyncio.to_thread(bot.choose, view)
            if action is not None:
                reply = await client.request(action)
                refusals = refusals + 1 if reply["t"] == "err" else 0
                if reply["t"] == "err":
                    continue  # ask again with the same view
                wait_rev = reply.get("rev", 0)   # choosing again from the view before it would be stale
        msg = await inbox.get()
        while True:  # act on the newest view only
            if _closed(msg):
                return 1
            if msg["t"] in ("update", "welcome"):
                if msg["rev"] != view["public"].get("rev"):
                    refusals = 0
                view = msg["view"]
            if inbox.empty():
                break
            msg = inbox.get_nowait()


async def _race(client, bot, view, inbox, pace: float, countdown: float) -> int:
    """Real time: one move in flight at a time, at most one every `pace` seconds, from the newest view.
    A race seen starting (rev 0) is first counted down for `countdown` seconds, as every racer does,
    unless another racer moves first."""
    next_move = None      # when we may move next: set once we see the race under way
    in_flight = None      # seq of our unanswered act
    chosen_rev = 0        # rev of the view our act in flight was chosen from
    wait_rev = -1         # the rev our view must reach before we choose again
    refusals = 0
    while True:
        if _over(view):
            return 0
        now = time.monotonic()
        public = view["public"]
        rev = public.get("rev", 0)
        ready = (in_flight is None and public.get("table_phase") == "play"
                 and client.seat in public.get("to_act", []))
        timeout = None
        if ready and next_move is None:
            next_move = now + (countdown if rev == 0 else 0.0) + pace
        if ready and (rev < wait_rev or refusals >= MAX_REFUSALS_PER_REV):
            timeout = IDLE_RECHECK  # waiting for a newer view; if none comes, try again anyway
        elif ready:
            if now >= next_move:
                action = bot.choose(view)
                if action is not None:
                    in_flight, chosen_rev = client.send_act(action), rev
                    next_move = now + pace
                    continue
                timeout = IDLE_RECHECK  # nothing to do from this view: look again when it changes
            else:
                timeout = next_move - now
        try:
            msg = await asyncio.wait_for(inbox.get(), timeout) if timeout is not None else await inbox.get()
        except asyncio.TimeoutError:
            wait_rev, refusals = -1, 0
            continue
        while True:
            if _closed(msg):
                return 1
            t = msg["t"]
            if t in ("update", "welcome"):
                if msg["rev"] != public.get("rev"):
                    refusals = 0
                view = msg["view"]
                public = view["public"]
                if next_move is not None and public.get("rev", 0) > 0:   # someone is racing: no more counting
                    next_move = min(next_move, time.monotonic() + pace)
            elif t in ("ok", "err") and msg.get("seq") == in_flight:
                in_flight = None
                if t == "ok":
                    wait_rev = msg["rev"]
                else:  # lost a race (or chose from a stale view): choose again from a newer view, at once
                    refusals += 1
                    wait_rev = chosen_rev + 1
                    next_move = time.monotonic()
            elif t == "status" and msg["status"] == "connected":
                in_flight = None  # the client resent it; its answer may come, but do not wait on it
            if inbox.empty():
                break
            msg = inbox.get_nowait()
