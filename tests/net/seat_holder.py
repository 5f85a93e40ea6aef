"""`python -m tests.net.seat_holder HOST PORT`: take a seat, make one move when due, report, then wait to be killed."""
import json
import sys
import time

from tests.net.wire import RawClient

if __name__ == "__main__":
    c = RawClient((sys.argv[1], int(sys.argv[2])))
    c.hello(name="holder", seat=0)
    deadline = time.monotonic() + 20
    moved = False
    while time.monotonic() < deadline and not moved:
        if c.view["public"]["table_phase"] == "play" and c.seat in c.view["public"]["to_act"]:
            assert c.request(1, {"type": "take", "count": 2})["t"] == "ok"
            c.recv_until(lambda m: m["t"] == "update")
            moved = True
        else:
            c.recv_until(lambda m: m["t"] == "update", timeout=20)
    print(json.dumps({"seat": c.seat, "token": c.token, "view": c.view}), flush=True)
    time.sleep(60)
