"""Hidden information never leaves the host except to its owner: every frame every client gets is scanned."""
import msgpack

import bots
from tests.net.wire import RawClient


def sync(clients):
    """Ping everyone and read up to the pong, so each has received every update sent so far."""
    for c in clients:
        c.send({"t": "ping", "n": 0})
        c.recv_until(lambda m: m["t"] == "pong")


def play_with_bots(handle, n_seats, level="easy", max_moves=3000):
    """Seats play through raw clients, each seat's bot choosing from that client's own frames."""
    players = [RawClient(handle.address) for _ in range(n_seats)]
    for p in players:
        assert p.hello()["t"] == "welcome"
    watcher = RawClient(handle.address)
    watcher.hello(want="watch")
    game = handle.host.table.game
    seat_bots = [bots.make(game, level, p.seat, 100 + p.seat) for p in players]
    seq = 0
    for _ in range(max_moves):
        sync(players + [watcher])
        public = watcher.view["public"]
        if public["result"] is not None:
            break
        seat = public["to_act"][0]
        action = seat_bots[seat].choose(players[seat].view)
        seq += 1
        assert players[seat].request_within_limits(seq, action)["t"] == "ok"
    return players, watcher


def test_toy_secret_words_reach_only_their_owner(start_host):
    """"private holding only that seat's secrets; events redacted the same way" (the toy's secret word)."""
    h = start_host(n_seats=3, options={"pile": 40})
    players, watcher = play_with_bots(h, 3)
    words = h.host.table.session.state["secrets"]
    assert h.host.table.session.result() is not None
    for receiver in players + [watcher]:
        for body in receiver.raw_frames:
            for seat, word in enumerate(words):
                if seat != receiver.seat:
                    assert word.encode() not in body, (receiver.seat, seat)
    # and the owner did get its own word
    assert any(words[0].encode() in body for body in players[0].raw_frames)


def _cards_outside(obj, receiver, path=()):
    """Card maps found where `receiver` may not see them (their paths)."""
    found = []
    if isinstance(obj, dict):
        if "id" in obj and "symbol" in obj:
            return [path]
        for k, v in obj.items():
            found += _cards_outside(v, receiver, path + (k,))
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            found += _cards_outside(v, receiver, path + (i,))
    return found


def _allowed(msg, path, receiver) -> bool:
    if path[:2] == ("view", "private"):
        return receiver is not None
    if path[0] == "events":
        event = msg["events"][path[1]]
        if event["type"] == "traded":            # traded sets are shown to everyone
            return True
        if event["type"] == "card_drawn":
            return event["seat"] == receiver
        if event["type"] == "eliminated":
            return event["by"] == receiver
    return False


def test_risk_cards_reach_only_their_holder(start_host):
    """No frame received by another seat or a spectator holds a seat's cards."""
    h = start_host("risk", 3, seed=11)   # three hard bots finish in about 1,200 actions, four normal in 2,500
    players, watcher = play_with_bots(h, 3, level="hard")
    session = h.host.table.session
    assert session.result() is not None
    drawn = 0
    for receiver, client in [(p.seat, p) for p in players] + [(None, watcher)]:
        for body in client.raw_frames:
            msg = msgpack.unpackb(body, raw=False)
            for path in _cards_outside(msg, receiver):
                assert _allowed(msg, path, receiver), (receiver, msg["t"], path)
            if receiver is not None and msg["t"] == "update":
                drawn += sum(e["type"] == "card_drawn" and "card" in e for e in msg["events"])
                for e in msg["events"]:
                    if e["type"] == "card_drawn" and e["seat"] != receiver:
                        assert "card" not in e
    assert drawn > 0  # cards were drawn, so the scan had something to find
