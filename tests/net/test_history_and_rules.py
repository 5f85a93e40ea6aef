"""What a window that opens on a game under way reads (docs/protocol.md, "History"), and the rule a refusal names
(docs/protocol.md, errors), at a real loopback host, with a client written from the protocol pages alone."""
import asyncio

from engine.session import Session
from net.client import Client
from tests.net.wire import RawClient

STEP, PASS = {"type": "step"}, {"type": "pass"}


def join(handle, name, want="play", **hello):
    c = RawClient(handle.address)
    c.send({"t": "hello", "proto": 1, "name": name, "want": want, **hello})
    welcome = c.recv()
    assert welcome["t"] == "welcome"
    c.seat, c.token = welcome["seat"], welcome["token"]
    return c, welcome


def history(c) -> list:
    """The `history` frames that follow a welcome, read to the last (`more` false); their events."""
    events = []
    while True:
        msg = c.recv_until(lambda m: m["t"] == "history")
        events += msg["events"]
        if not msg["more"]:
            return events


def test_a_client_that_asks_gets_the_games_events_so_far_as_its_seat_would_have_seen_them(start_host):
    h = start_host("relay", 2)
    a, _ = join(h, "A")
    b, _ = join(h, "B")
    assert a.request(1, STEP)["t"] == "ok" and a.request(2, STEP)["t"] == "ok" and a.request(3, PASS)["t"] == "ok"
    session = h.host.table.session
    replayed = []
    twin = Session.from_header(session.header())
    for seat, action in session.log:
        replayed += twin.apply(seat, action)
    watcher, welcome = join(h, "W", want="watch", history=True)
    got = history(watcher)
    assert got == session.events_for(replayed, None) and got, "the spectator's events, in order"
    back, _ = join(h, "A again", token=a.token, history=True)
    assert history(back) == session.events_for(replayed, 0)
    plain, _ = join(h, "V", want="watch")
    plain.send({"t": "ping", "n": 1})
    assert plain.recv_until(lambda m: m["t"] in ("pong", "history"))["t"] == "pong", "history only when asked"


def test_a_window_client_asks_for_history_once_not_again_on_a_reconnect(start_host):
    h = start_host("relay", 2)
    a, _ = join(h, "A")
    join(h, "B")
    assert a.request(1, STEP)["t"] == "ok"
    seen = []

    async def watch():
        arrived = asyncio.Event()

        def on_message(msg):
            seen.append(msg)
            if msg["t"] == "history":
                arrived.set()
        c = Client(*h.address, name="Watcher", want="watch", reconnect=False, history=True, on_message=on_message)
        await c.connect()
        await asyncio.wait_for(arrived.wait(), 10)
        await c.close()
        return c
    c = asyncio.run(watch())
    [past] = [m for m in seen if m["t"] == "history"]
    assert past["events"] == h.host.table.session.events_for(h.host.table.past_events(), None)
    assert c.history is False, "asked once: a reconnect's hello leaves it out (the log already holds the past)"


def test_an_illegal_action_is_refused_naming_the_rule_as_the_err_frames_rule(start_host):
    h = start_host("risk", 2)
    clients = {0: join(h, "A")[0], 1: join(h, "B")[0]}
    clients[0].recv_until(lambda m: m["t"] == "update" and m["view"]["public"]["table_phase"] == "play")
    actor = clients[0].view["public"]["to_act"][0]   # the die decides who claims first
    answer = clients[actor].request(1, {"type": "attack", "from": "peru", "to": "brazil", "dice": 1})
    assert answer["t"] == "err" and answer["code"] == "illegal" and answer["rule"] == "setup", answer
