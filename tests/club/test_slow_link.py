"""A club client on a slow link: its traffic to nats-server goes through a relay carrying 64 KB a second each
way (tests/club/throttle.py), while it plays Tactics (1954) against a club bot, whose views run to tens of
kilobytes. Nothing is lost (every revision reaches it, its last view is the table's), it is never cut off
(one TCP connection, no reconnect), every action is applied once and answered once: an action unanswered
after a second goes again under its seq (club/client.py), and the table's answer to that resend, the same
answer again, is dropped by the client rather than told twice."""
from tests.club import needs  # noqa: F401 - skips this module without the club's libraries
import asyncio
import time

import psycopg

import bots
from club import client as club_client
from club import db
from engine.session import Session
from tests.club.test_tables import ADA, ada_creates
from tests.club.throttle import ThrottledRelay

RATE = 64 * 1024   # bytes a second, each way
MOVES = 6          # actions of ada's accepted
SEED = 11


def _board(view: dict) -> dict:
    """A view without what the table adds for its connections (revision, seats' presence, phase)."""
    return {"public": {k: v for k, v in view["public"].items() if k not in ("rev", "seats", "table_phase")},
            "private": view["private"]}


def test_a_client_on_a_64_kb_a_second_link_plays_tactics_1954_losing_nothing_and_answered_once(club):
    club.start()

    async def scenario():
        [table_id] = await ada_creates(club, {"game": "ah_tactics", "seats": 2, "bots": ["normal"], "seed": SEED})
        relay = ThrottledRelay(("127.0.0.1", club.nats.server.port), RATE)
        heard, inbox = [], asyncio.Queue()

        def arrived(msg):
            heard.append(msg)
            inbox.put_nowait(msg)
        ada = club_client.ClubClient(f"nats://127.0.0.1:{relay.port}", *ADA, table_id, on_message=arrived)
        began = time.monotonic()
        welcome = await ada.connect()
        bot = bots.make("ah_tactics", "normal", ada.seat, SEED)
        view, wait_rev, sent, answers = welcome["view"], 0, {}, []
        while len(answers) < MOVES:
            assert time.monotonic() - began < 60, f"only {len(answers)} moves in 60 s"
            public = view["public"]
            if public.get("table_phase") == "play" and ada.seat in public.get("to_act", []) and \
                    public["rev"] >= wait_rev and public.get("result") is None:
                action = await asyncio.to_thread(bot.choose, view)
                if action is not None:
                    seq = ada.next_seq()
                    sent[seq] = action
                    reply = await ada.request_again(seq, action, timeout=30)
                    assert reply["t"] == "ok", reply
                    answers.append(reply)
                    wait_rev = reply["rev"]
                    continue
            view = (await inbox.get()).get("view") or view
            while not inbox.empty():   # the newest view only
                view = inbox.get_nowait().get("view") or view
        deadline = time.monotonic() + 20   # what is still on its way
        while ada.view["public"]["rev"] < answers[-1]["rev"] and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
        took = time.monotonic() - began
        reconnects, repeated = ada.nc.stats["reconnects"], ada.answers_repeated
        connected = ada.nc.is_connected
        await ada.close()
        relay.close()
        return table_id, welcome, heard, sent, answers, ada.view, relay, reconnects, connected, took, repeated

    table_id, welcome, heard, sent, answers, last_view, relay, reconnects, connected, took, repeated = \
        asyncio.run(asyncio.wait_for(scenario(), 90))
    print(f"slow link: {len(sent)} moves in {took:.1f} s, {relay.carried['down'] / 1024:.0f} KiB down, "
          f"{relay.carried['up'] / 1024:.0f} KiB up at {RATE // 1024} KiB/s; {repeated} answer(s) to a resend dropped")

    assert relay.connections == 1 and reconnects == 0 and connected, "never cut off"
    link_seconds = relay.carried["down"] / RATE
    assert link_seconds > 2 and took > link_seconds, "seconds of the table's messages, held to the link's pace"
    answered = [m["seq"] for m in heard if m["t"] in ("ok", "err") and m.get("seq") is not None]
    assert sorted(answered) == sorted(sent), "every action answered exactly once"
    with psycopg.connect(club.dsn) as conn:
        stored = [(rev, seat, db.unpack(bytes(a)), seq) for rev, seat, a, seq in conn.execute(
            "SELECT rev, seat, action, seq FROM actions WHERE table_id = %s ORDER BY rev", (table_id,))]
    mine = [(seq, action) for _rev, seat, action, seq in stored if seat == welcome["seat"]]
    assert mine == sorted(sent.items()), "every action applied exactly once, in order"
    assert [a["rev"] for a in answers] == [rev for rev, seat, _a, _s in stored if seat == welcome["seat"]]
    revs = [m["rev"] for m in heard if m["t"] == "update"]
    assert revs == list(range(welcome["rev"] + 1, last_view["public"]["rev"] + 1)), "no update lost"
    with db.connect(club.dsn) as conn:
        record = db.load_table(conn, table_id)
    replayed = Session.from_header(record["header"])
    for _rev, seat, action, seq in record["actions"][:last_view["public"]["rev"]]:
        replayed.apply(seat, action, seq=seq)
    assert _board(last_view) == _board(replayed.view(welcome["seat"])), "its last view is the table's"


def test_the_tables_answer_to_a_resent_action_is_heard_once_and_applies_nothing(club):
    """What a slow link does now and then, made to happen: the action goes again under its seq after its
    answer came; the table answers the resend as it first did, and the client passes that on only once."""
    club.start()

    async def scenario():
        [table_id] = await ada_creates(club, {"game": "toy", "seats": 2, "bots": ["normal"], "seed": 3})
        heard = []
        ada = club_client.ClubClient(club.nats.url, *ADA, table_id, on_message=heard.append)
        await ada.connect()
        deadline = time.monotonic() + 30   # a bound, not a speed: the bot moves first on a loaded machine too
        while ada.seat not in ada.view["public"]["to_act"]:
            assert time.monotonic() < deadline, "never ada's turn"
            await asyncio.sleep(0.05)
        action = {"type": "take", "count": 1}
        seq = ada.next_seq()
        first = await ada.request_again(seq, action)
        await ada._publish({"t": "act", "seq": seq, "a": action})   # the resend a slow link would have made
        while ada.answers_repeated == 0 and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
        await ada.close()
        return table_id, seq, first, heard, ada.answers_repeated

    table_id, seq, first, heard, repeated = asyncio.run(asyncio.wait_for(scenario(), 60))
    assert first["t"] == "ok" and repeated == 1
    assert [m for m in heard if m.get("seq") == seq] == [first]
    with psycopg.connect(club.dsn) as conn:
        assert conn.execute("SELECT count(*) FROM actions WHERE table_id = %s AND seq = %s AND seat IS NOT NULL",
                            (table_id, seq)).fetchone()[0] == 1
