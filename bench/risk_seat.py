"""`python -m bench.risk_seat PORT SEAT VIEWS` - one seat of Sandtable's Risk on 127.0.0.1:PORT, held by
the Sandtable client (`net.client.Client` on asyncio; VIEWS "patches", as the game asks, or "whole") in
a process of its own: bench/bgio.py starts one per seat, as it starts bench/bgio/seat.js for each of
boardgame.io's. It prints {"ready": REV} once welcomed, then obeys lines on stdin:

    play TARGET PACE_MS   make this seat's moves (`next_move`) until the table's rev reaches TARGET, each
                          PACE_MS after this client saw its turn come, timed from the move until this
                          client holds the view the host sent back (its update's patch applied, as the
                          client hands views on); then print {"state": REV, "samples_us": [...], "kinds": [...]}

and stops when its stdin closes. Every update is read as it arrives, whoever moved. Every wait is
bounded (WAIT); on a failure it says why on stderr and exits 1.
"""
import asyncio
import json
import sys
import time

from net.client import Client

WAIT = 10.0   # seconds: to be welcomed, and for each move still to make in a round (beyond its pace)


def next_move(view: dict, seat: int) -> dict:
    """What the seat to act does, the rule bench/bgio/game.js `nextMove` follows on boardgame.io's state:
    one army on its first territory in board order while it has armies to place, else the turn ends."""
    public = view["public"]
    if public["phase"] == "attack":
        return {"type": "end_turn"}
    territory = next(t for t, cell in public["territories"].items() if cell["owner"] == seat)
    return {"type": "place", "territory": territory, "count": 1}


def _kind(action: dict) -> str:
    """The name game.js gives the same move, so both sides' mixes read alike."""
    return "endTurn" if action["type"] == "end_turn" else "place"


class Seat:
    def __init__(self, seat: int):
        self.seat = seat
        self.client = None
        self.view, self.rev = None, -1
        self.round = None       # {target, pace, samples, kinds} while a `play` runs
        self.timer = None       # the paced move, waiting for its quiet to pass
        self.in_flight = None   # (rev before it, t0, kind) of the move sent, until its update arrives
        self.failed = asyncio.get_running_loop().create_future()

    def fail(self, why: str) -> None:
        if not self.failed.done():
            self.failed.set_result(why)

    def on_message(self, msg: dict) -> None:
        t = msg["t"]
        if t in ("welcome", "update"):
            self.view, self.rev = msg["view"], msg["rev"]
            if t == "welcome":
                print(json.dumps({"ready": self.rev}), flush=True)
            if self.in_flight is not None and self.rev > self.in_flight[0]:
                self.round["samples"].append((time.perf_counter() - self.in_flight[1]) * 1e6)
                self.round["kinds"].append(self.in_flight[2])
                self.in_flight = None
            self.step()
        elif t == "err":
            self.fail(f"the host refused a bench move: {msg}")
        elif t == "status" and msg.get("status") == "closed":
            self.fail(f"the connection closed: {msg.get('msg')}")

    def play(self, target: int, pace_ms: float) -> None:
        self.round = {"target": target, "pace": pace_ms / 1e3, "samples": [], "kinds": [],
                      "deadline": time.monotonic() + WAIT + max(0, target - self.rev) * (pace_ms / 1e3 + 0.05)}
        self.step()

    def step(self) -> None:
        r = self.round
        if r is None or self.in_flight is not None or self.timer is not None or self.view is None:
            return
        if self.rev >= r["target"]:
            print(json.dumps({"state": self.rev, "samples_us": [round(s) for s in r["samples"]],
                              "kinds": r["kinds"]}), flush=True)
            self.round = None
            return
        if self.seat in self.view["public"]["to_act"]:
            self.timer = asyncio.get_running_loop().call_later(r["pace"], self._move)

    def _move(self) -> None:
        self.timer = None
        action = next_move(self.view, self.seat)
        self.in_flight = (self.rev, time.perf_counter(), _kind(action))
        self.client.send_act(action)


async def main(port: int, seat: int, views: str) -> int:
    me = Seat(seat)
    me.client = Client("127.0.0.1", port, name=f"p{seat}", seat=seat, views=views, on_message=me.on_message,
                       reconnect=False, hello_timeout=WAIT)
    await me.client.connect()
    if me.client.seat != seat:
        print(f"given seat {me.client.seat}, not {seat}", file=sys.stderr)
        return 1
    loop = asyncio.get_running_loop()
    stdin = asyncio.StreamReader()
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(stdin), sys.stdin)
    while True:
        line = asyncio.ensure_future(stdin.readline())
        while not line.done():
            await asyncio.wait([line, me.failed], timeout=1.0, return_when=asyncio.FIRST_COMPLETED)
            if me.failed.done():
                print(me.failed.result(), file=sys.stderr)
                return 1
            if me.round is not None and time.monotonic() > me.round["deadline"]:
                print(f"rev {me.round['target']} not reached (at {me.rev})", file=sys.stderr)
                return 1
        words = line.result().decode().split()
        if not words:   # stdin closed
            await me.client.close()
            return 0
        if words[0] != "play" or len(words) != 3:
            print(f"unknown command {' '.join(words)!r}", file=sys.stderr)
            return 1
        me.play(int(words[1]), float(words[2]))


if __name__ == "__main__":
    sys.exit(asyncio.run(main(int(sys.argv[1]), int(sys.argv[2]), sys.argv[3])))
