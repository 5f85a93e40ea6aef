"""The host over real loopback sockets, checked with the PROTOCOL.md-only client in wire.py."""
import struct
import time

import msgpack
import pytest

from tests.net.wire import RawClient

TAKE1 = {"type": "take", "count": 1}


def bytes_read_before_closing(h, c) -> int:
    """How many bytes the host read from client `c`'s connection before it closed it (waited for, 2 s)."""
    port = c.sock.getsockname()[1]
    deadline = time.monotonic() + 2
    while time.monotonic() < deadline and not any(p[1] == port for p, _ in h.host.reads_of_closed):
        time.sleep(0.01)
    [read] = [n for p, n in h.host.reads_of_closed if p[1] == port]
    return read


def join(handle, name="P", **kw) -> RawClient:
    c = RawClient(handle.address)
    welcome = c.hello(name=name, **kw)
    assert welcome["t"] == "welcome", welcome
    return c


def test_welcome_gives_seat_token_and_lobby_until_every_seat_is_taken(start_host):
    """"the game starts by itself when every seat is taken"; a token holds at least 128 bits."""
    h = start_host(n_seats=2)
    a = RawClient(h.address)
    w = a.hello(name="Ada")
    assert (w["proto"], w["game"], w["seat"], w["rev"]) == (1, "toy", 0, 0)
    assert len(w["token"]) >= 22  # token_urlsafe: 6 bits per character, 22 chars >= 128 bits
    assert w["view"]["public"]["table_phase"] == "lobby" and w["view"]["public"]["to_act"] == []
    assert w["seats"][0] == {"name": "Ada", "kind": "human", "connected": True}
    assert w["seats"][1]["kind"] == "open"
    # acting in the lobby: not_your_turn, with a sentence
    ans = a.request(1, TAKE1)
    assert ans["code"] == "not_your_turn" and "not started" in ans["msg"]
    b = join(h, "Bo")
    assert b.seat == 1
    upd = a.recv_until(lambda m: m["t"] == "update")
    assert upd["rev"] == 0 and upd["events"] == [] and upd["view"]["public"]["table_phase"] == "play"
    assert upd["view"]["public"]["seats"][1]["name"] == "Bo"


def test_requested_open_seat_is_given_and_full_table_refuses(start_host):
    h = start_host(n_seats=2)
    a = join(h, seat=1)
    assert a.seat == 1
    join(h)
    c = RawClient(h.address)
    reply = c.hello()
    assert reply["t"] == "err" and reply["code"] == "full"
    assert c.is_closed()


def test_other_protocol_version_gets_err_proto_and_close(start_host):
    h = start_host()
    c = RawClient(h.address)
    reply = c.hello(proto=2)
    assert reply["code"] == "proto" and c.is_closed()


def test_act_ok_then_update_for_each_receiver_with_only_its_own_secret(start_host):
    """"Each update is built for its receiver": private holds only that seat's secrets."""
    h = start_host(n_seats=2)
    a, b = join(h, "A"), join(h, "B")
    watcher = join(h, "W", want="watch")
    assert watcher.seat is None and watcher.token is None
    secrets = h.host.table.session.state["secrets"]
    ans = a.request(7, {"type": "take", "count": 2})
    assert ans == {"t": "ok", "seq": 7, "rev": 1}
    ua = a.recv_until(lambda m: m["t"] == "update")
    ub = b.recv_until(lambda m: m["t"] == "update" and m["rev"] == 1)
    uw = watcher.recv_until(lambda m: m["t"] == "update" and m["rev"] == 1)
    assert ua["view"]["private"]["secret"] == secrets[0] and ub["view"]["private"]["secret"] == secrets[1]
    assert uw["view"]["private"] == {}
    assert [e["type"] for e in ua["events"]] == ["took", "peek"]
    assert [e["type"] for e in ub["events"]] == ["took"] == [e["type"] for e in uw["events"]]
    assert ua["view"]["public"]["to_act"] == [1]


def test_same_seq_twice_is_applied_once_and_answered_the_same(start_host):
    """"the same seq twice applied once"."""
    h = start_host(n_seats=2)
    a, _ = join(h), join(h)
    first = a.request(5, TAKE1)
    again = a.request(5, TAKE1)
    assert first == again == {"t": "ok", "seq": 5, "rev": 1}
    assert h.host.table.rev == 1


def test_refused_action_answers_code_and_changes_nothing(start_host):
    h = start_host(n_seats=2)
    a, b = join(h), join(h)
    before = h.host.table.session.state_hash()
    assert b.request(1, TAKE1)["code"] == "not_your_turn"
    assert a.request(1, {"type": "take", "count": 9})["code"] == "illegal"
    assert a.request(2, {"type": "take", "count": "x"})["code"] == "bad_action"
    assert a.request(3, {"nope": 1})["code"] == "bad_action"
    assert h.host.table.session.state_hash() == before and h.host.table.rev == 0


def test_ping_pong_and_chat_to_everyone(start_host):
    h = start_host(n_seats=2)
    a, b = join(h, "Ada"), join(h, "Bo")
    a.send({"t": "ping", "n": 42})
    assert a.recv_until(lambda m: m["t"] == "pong") == {"t": "pong", "n": 42}
    a.send({"t": "chat", "text": "gg"})
    line = {"t": "chat", "from": "Ada", "seat": 0, "text": "gg"}
    assert a.recv_until(lambda m: m["t"] == "chat") == line
    assert b.recv_until(lambda m: m["t"] == "chat") == line


def test_chat_over_500_characters_is_a_bad_frame(start_host):
    """"text <= 500 chars"."""
    h = start_host(n_seats=2)
    a = join(h)
    a.send({"t": "chat", "text": "x" * 501})
    assert a.recv_until(lambda m: m["t"] == "err")["code"] == "bad_frame"
    assert a.is_closed()


def test_bye_closes_and_keeps_the_seat_for_its_token(start_host):
    h = start_host(n_seats=2)
    a, b = join(h), join(h)
    a.send({"t": "bye"})
    assert a.is_closed()
    upd = b.recv_until(lambda m: m["t"] == "update" and not m["view"]["public"]["seats"][0]["connected"])
    assert upd["view"]["public"]["seats"][0]["kind"] == "human"
    back = RawClient(h.address)
    assert back.hello(token=a.token)["seat"] == 0


def test_token_reclaims_the_seat_and_closes_the_old_connection(start_host):
    """"Presenting it in a later hello reclaims that seat, even while the old connection still looks alive"."""
    h = start_host(n_seats=2)
    a, _ = join(h), join(h)
    a.request(1, TAKE1)
    new = RawClient(h.address)
    w = new.hello(token=a.token)
    assert w["seat"] == 0 and w["token"] == a.token and w["view"]["private"]["secret"]
    assert a.recv_until(lambda m: m["t"] == "err")["code"] == "replaced"
    assert a.is_closed()
    # the seq memory belongs to the seat: a repeat over the new connection is not applied again
    assert new.request(1, TAKE1) == {"t": "ok", "seq": 1, "rev": 1}


def test_unknown_token_is_refused(start_host):
    h = start_host(n_seats=2)
    c = RawClient(h.address)
    assert c.hello(token="not-a-real-token")["code"] == "bad_token"
    assert c.is_closed()


def test_no_hello_in_time_gets_err_timeout_and_close(start_host):
    """"The client's first frame must be hello, within 5 seconds" (shortened here; the real value is in test_real_timeouts)."""
    h = start_host(hello_timeout=0.3)
    c = RawClient(h.address)
    t0 = time.monotonic()
    reply = c.recv(3)
    assert reply["t"] == "err" and reply["code"] == "timeout"
    assert c.is_closed() and 0.25 < time.monotonic() - t0 < 2


def test_silent_connection_is_closed_and_its_seat_kept_for_its_token(start_host):
    """"A connection silent for 15 s is closed by the host; its seat stays reserved for its token"."""
    h = start_host(n_seats=2, silence_timeout=0.5)
    a, b = join(h), join(h)
    # b keeps talking, a says nothing
    deadline = time.monotonic() + 1.5
    while time.monotonic() < deadline:
        b.send({"t": "ping", "n": 1})
        time.sleep(0.1)
    assert a.recv_until(lambda m: m["t"] == "err", timeout=1)["code"] == "timeout"
    assert a.is_closed()
    deadline = time.monotonic() + 2
    while h.host.table.public_seats()[0]["connected"] and time.monotonic() < deadline:
        time.sleep(0.01)
    seats = h.host.table.public_seats()
    assert seats[0]["connected"] is False and seats[0]["kind"] == "human" and seats[1]["connected"] is True
    stranger = RawClient(h.address)
    assert stranger.hello()["code"] == "full"  # the seat is reserved, not open
    back = RawClient(h.address)
    assert back.hello(token=a.token)["seat"] == 0


def test_over_limit_length_is_refused_without_reading_past_the_4_length_bytes(start_host):
    """"A host reads no more than the 4 length bytes of a frame whose length is out of range"."""
    h = start_host()
    c = join(h)
    extra = b"\xa5" * 1000
    c.send_bytes(struct.pack(">I", 65_537) + extra)
    reply = c.recv_until(lambda m: m["t"] == "err")
    assert reply["code"] == "bad_frame"
    assert c.is_closed()
    read = bytes_read_before_closing(h, c)
    hello_frame = len(msgpack.packb({"t": "hello", "proto": 1, "name": "P", "want": "play"})) + 4
    assert read == hello_frame + 4  # the hello, then only the 4 length bytes: none of the 1000 extra


def test_an_over_limit_length_written_with_a_good_frame_is_refused_after_reading_only_its_4_length_bytes(start_host):
    """The host reads a body together with the next frame's length bytes (no more): the good frame is
    still answered, the out-of-range length after it refused, and none of the bytes behind it read."""
    h = start_host(n_seats=1)
    c = join(h)
    act = msgpack.packb({"t": "act", "seq": 1, "a": TAKE1})
    c.send_bytes(struct.pack(">I", len(act)) + act + struct.pack(">I", 65_537) + b"\xa5" * 1000)
    assert c.recv_until(lambda m: m["t"] in ("ok", "err")) == {"t": "ok", "seq": 1, "rev": 1}
    assert c.recv_until(lambda m: m["t"] == "err")["code"] == "bad_frame"
    read = bytes_read_before_closing(h, c)
    hello_frame = len(msgpack.packb({"t": "hello", "proto": 1, "name": "P", "want": "play"})) + 4
    assert read == hello_frame + 4 + len(act) + 4


def test_frames_split_anywhere_across_writes_are_each_read_whole(start_host):
    """Frames of every length, written in pieces cut at every kind of place (inside a length, inside a
    body, a body and the next length together), are each read whole and answered in order."""
    h = start_host(n_seats=1, options={"pile": 100})
    c = join(h)
    frames_ = [msgpack.packb({"t": "ping", "n": n, "pad": "x" * n}) for n in (0, 1, 2, 3, 5, 40)]
    stream = b"".join(struct.pack(">I", len(f)) + f for f in frames_)
    for cut in (1, 3, 7):
        for at in range(0, len(stream), cut):
            c.send_bytes(stream[at:at + cut])
            time.sleep(0.001)
        assert [c.recv_until(lambda m: m["t"] == "pong")["n"] for _ in frames_] == [0, 1, 2, 3, 5, 40]


@pytest.mark.parametrize("length", [0, 65_537, 0xFFFFFFFF])
def test_length_zero_or_over_limit_is_a_bad_frame(start_host, length):
    h = start_host()
    c = RawClient(h.address)
    c.send_bytes(struct.pack(">I", length))
    assert c.recv()["code"] == "bad_frame" and c.is_closed()


def test_takeover_bot_plays_a_dropped_seat_and_hands_it_back(start_host):
    """A dropped human seat goes to a stand-in bot after --takeover seconds and comes back on reconnect."""
    h = start_host(n_seats=2, takeover_after=0.2, options={"pile": 200})
    a, b = join(h), join(h)
    a.close()
    # the stand-in plays seat 0 whenever it is due, so b can keep playing
    seq = 0
    for _ in range(5):
        upd = b.recv_until(lambda m: m["t"] == "update" and 1 in m["view"]["public"]["to_act"], timeout=5)
        seq += 1
        assert b.request(seq, TAKE1)["t"] == "ok"
    assert upd["view"]["public"]["seats"][0].get("standin") is True
    back = RawClient(h.address)
    w = back.hello(token=a.token)
    assert w["seat"] == 0 and not w["seats"][0].get("standin")
    rev = h.host.table.rev
    time.sleep(0.3)  # no stand-in moves for a seat whose player is back
    if 0 in h.host.table.session.to_act():
        assert h.host.table.rev == rev


def test_start_game_fills_open_seats_with_bots(start_host):
    """"an owner in-process can call start() to fill open seats with bots"."""
    h = start_host(n_seats=3, options={"pile": 12})
    a = join(h)
    h.start_game()
    upd = a.recv_until(lambda m: m["t"] == "update" and m["view"]["public"]["table_phase"] == "play")
    assert [s["kind"] for s in upd["view"]["public"]["seats"]] == ["human", "bot", "bot"]
    seq, msg = 0, upd
    for _ in range(20):
        public = msg["view"]["public"]
        if public["result"] is not None:
            break
        if 0 in public["to_act"]:
            seq += 1
            a.request(seq, TAKE1)
        msg = a.recv_until(lambda m: m["t"] == "update", timeout=5)
    assert h.host.table.session.result() is not None


def test_host_closes_only_the_bad_connection(start_host):
    """A bad frame "closes that connection, and changes nothing else"."""
    h = start_host(n_seats=2)
    a, b = join(h), join(h)
    bad = RawClient(h.address)
    bad.send_bytes(struct.pack(">I", 3) + b"\xc1\xc1\xc1")  # 0xc1 is never valid msgpack
    assert bad.recv()["code"] == "bad_frame" and bad.is_closed()
    assert a.request(1, TAKE1)["t"] == "ok"
    assert b.recv_until(lambda m: m["t"] == "update" and m["rev"] == 1)["rev"] == 1


@pytest.mark.slow
def test_real_timeouts_5s_hello_and_15s_silence(start_host):
    """The protocol's own numbers: no hello within 5 s -> err timeout; silent 15 s -> closed.

    Lower bounds are the protocol's, exactly: each clock starts before the frame (or the connect)
    that the host times from, on the host's own clock (it runs in this process), so the host
    can never be seen acting early. Upper bounds allow the watchdog's period and a loaded machine
    (tests run in parallel), but still fail a host that waits for the next timeout instead.
    """
    h = start_host(n_seats=2)
    before_quiet_hello = time.monotonic()
    quiet = join(h)  # its hello is the last thing the host hears from it
    before_mute_connect = time.monotonic()
    mute = RawClient(h.address)
    assert mute.recv(15)["code"] == "timeout"
    mute_closed = time.monotonic() - before_mute_connect
    assert 5.0 <= mute_closed < 5.0 + 4, mute_closed
    assert quiet.recv(30)["code"] == "timeout"
    quiet_closed = time.monotonic() - before_quiet_hello
    assert 15.0 <= quiet_closed < 15.0 + 5, quiet_closed
    assert quiet.is_closed()
    deadline = time.monotonic() + 5
    while h.host.table.public_seats()[0]["connected"] and time.monotonic() < deadline:
        time.sleep(0.01)
    assert h.host.table.public_seats()[0] == {"name": "P", "kind": "human", "connected": False}


def test_pipelined_acts_are_answered_in_order_and_their_updates_coalesced(start_host):
    """Actions written back to back are applied in arrival order, each answered `ok` with its rev; the
    updates may carry several of them at once, events in order, and end at the last rev."""
    h = start_host(n_seats=1, options={"pile": 100})
    c = join(h)
    burst = b"".join(struct.pack(">I", len(b)) + b for b in
                     (msgpack.packb({"t": "act", "seq": i, "a": TAKE1}) for i in range(1, 11)))
    c.send_bytes(burst)
    c.send({"t": "ping", "n": 99})
    answers, updates = [], []
    while True:
        m = c.recv()
        if m["t"] == "pong":
            break
        (answers if m["t"] in ("ok", "err") else updates).append(m)
    assert [(a["t"], a["seq"], a["rev"]) for a in answers] == [("ok", i, i) for i in range(1, 11)]
    took = [e for u in updates for e in u["events"] if e["type"] == "took"]
    assert len(took) == 10 and all(e["count"] == 1 for e in took)
    assert [u["rev"] for u in updates] == sorted(u["rev"] for u in updates) and updates[-1]["rev"] == 10
    assert updates[-1]["view"]["public"]["pile"] == 90
    assert 1 <= len(updates) <= 10


def test_a_pong_comes_after_every_update_owed_before_its_ping(start_host):
    """"ping" is a barrier: an act and a ping written together get ok, then the update, then pong."""
    h = start_host(n_seats=2)
    a, b = join(h), join(h)
    a.recv_until(lambda m: m["t"] == "update" and m["view"]["public"]["table_phase"] == "play")
    frames_ = [msgpack.packb({"t": "act", "seq": 1, "a": TAKE1}), msgpack.packb({"t": "ping", "n": 5})]
    a.send_bytes(b"".join(struct.pack(">I", len(f)) + f for f in frames_))
    seen = []
    while True:
        m = a.recv()
        seen.append(m["t"])
        if m["t"] == "pong":
            break
    assert seen[-3:] == ["ok", "update", "pong"], seen
    assert a.view["public"]["rev"] == 1


def test_spectators_get_byte_identical_updates_and_each_seat_its_own(start_host):
    """One public view for every spectator: built and encoded once, the same bytes written to each."""
    h = start_host(n_seats=2)
    a, b = join(h, "A"), join(h, "B")
    watchers = [join(h, f"W{i}", want="watch") for i in range(3)]
    assert a.request(1, TAKE1)["t"] == "ok"
    for w in watchers:
        w.recv_until(lambda m: m["t"] == "update" and m["rev"] == 1)
    a.recv_until(lambda m: m["t"] == "update" and m["rev"] == 1)
    b.recv_until(lambda m: m["t"] == "update" and m["rev"] == 1)
    spectators = {w.raw_frames[-1] for w in watchers}
    assert len(spectators) == 1
    assert len({a.raw_frames[-1], b.raw_frames[-1], *spectators}) == 3   # each seat's holds its own secret
