"""Refuse, don't guess (issue 41, C, D and E): over NATS as over TCP, a client's message the protocol does not
allow is answered with a coded error and a sentence, before anything of it reaches the database, and the table
plays on. PROTOCOL.md: `1 <= seq < 2**31`; a client message over 65,536 bytes, or one that does not decode,
is refused with a clear error there too; the lobby's requests (docs/club.md) are maps of at most 4,096 bytes."""
from tests.club import needs  # noqa: F401 - skips this module without the club's libraries
import asyncio

import msgpack
import nats
import psycopg

from club import client as club_client
from club import requests, servers, subjects
from net.frames import MAX_CLIENT_FRAME
from tests.club.test_tables import ADA, run, seated_table

NOT_MSGPACK = b"\xc1"   # the one byte msgpack never uses
TAKE1 = {"type": "take", "count": 1}


async def next_answer(box: asyncio.Queue, kind: str) -> dict:
    """The next message of type `kind` in a client's box, within 5 s."""
    for _ in range(1000):
        msg = await asyncio.wait_for(box.get(), 5)
        if msg["t"] == kind:
            return msg
    raise AssertionError(f"no {kind!r} came")


def test_acts_numbered_outside_1_to_2_31_minus_1_are_bad_action_and_the_table_plays_on(club):
    """A seq of 2**31 used to reach the club's 32-bit `seq` column: the write failed, the table was dropped and
    taken again at every resend, and the act was never answered."""
    club.start()

    async def scenario():
        table_id, clients, _, boxes = await seated_table(club, {"pile": 100})
        mover = {c.seat: c for c in clients}[clients[0].view["public"]["turn"]]
        refused = [await mover.request_again(seq, TAKE1, timeout=3) for seq in (2**31, 0, -5)]
        played = await mover.request(TAKE1, timeout=3)
        for c in clients:
            await c.close()
        return table_id, refused, played

    table_id, refused, played = run(scenario())
    assert [(r["t"], r["code"]) for r in refused] == [("err", "bad_action")] * 3
    assert played["t"] == "ok" and played["rev"] == 1
    with psycopg.connect(club.dsn) as conn:
        assert conn.execute("SELECT count(*) FROM refusals").fetchone() == (0,)   # nothing of them was stored
    assert "not stored" not in club.logs()


def test_what_does_not_decode_or_is_over_the_limits_is_refused_with_a_sentence_and_the_table_plays_on(club):
    """D: the single byte 0xc1 used to be answered {"ok": None} on the lobby's subjects (msgpack's error says
    nothing, and an empty error read as success); it is now a sentence on every subject that answers. E: a 120 KB
    act, a 900 KB hello and 975,000 empty lists (under nats-server's own 1 MiB) used to be processed; each is now
    `bad_frame`, and a lobby request over 4,096 bytes is refused with a sentence."""
    club.start()

    async def scenario():
        table_id, clients, _, boxes = await seated_table(club)
        ada = clients[0]
        replies = {}
        for verb in ("create", "list", "mine", "join", "leave", "finished", "actions"):
            replies[verb] = msgpack.unpackb((await ada.nc.request(subjects.lobby("ada", verb), NOT_MSGPACK,
                                                                  timeout=5)).data)
        service = await nats.connect(club.nats.service_url)
        replies["seat"] = msgpack.unpackb((await service.request(subjects.table_seats(table_id), NOT_MSGPACK,
                                                                 timeout=5)).data)
        await service.close()
        guest = await nats.connect(club.nats.url, user="guest", password="guest",
                                   inbox_prefix=subjects.inbox("guest").encode())
        replies["signup"] = msgpack.unpackb((await guest.request(subjects.SIGN_UP, NOT_MSGPACK, timeout=5)).data)
        await guest.close()
        await ada.nc.publish(subjects.table_in(table_id, "ada"), NOT_MSGPACK)
        undecoded = await next_answer(boxes[0], "err")

        assert ada.nc.max_payload == servers.MAX_PAYLOAD   # the server's own cap: a table's largest frame
        big_act = msgpack.packb({"t": "act", "seq": 1, "a": {"type": "take", "count": 1, "x": "a" * 120_000}})
        big_hello = msgpack.packb({"t": "hello", "proto": 1, "name": "a" * 900_000, "want": "play"})
        empty_lists = msgpack.packb({"t": "act", "seq": 1, "a": {"type": "take", "count": 1,
                                                                 "x": [[] for _ in range(975_000)]}})
        oversized = []
        for data in (big_act, big_hello, empty_lists):
            assert MAX_CLIENT_FRAME < len(data) <= servers.MAX_PAYLOAD
            await ada.nc.publish(subjects.table_in(table_id, "ada"), data)
            oversized.append(await next_answer(boxes[0], "err"))
        lobby = msgpack.unpackb((await ada.nc.request(subjects.lobby("ada", "list"),
                                                      msgpack.packb({"pad": "a" * requests.MAX_REQUEST}),
                                                      timeout=5)).data)
        played = await {c.seat: c for c in clients}[ada.view["public"]["turn"]].request(TAKE1, timeout=3)
        for c in clients:
            await c.close()
        return replies, undecoded, oversized, lobby, played

    replies, undecoded, oversized, lobby, played = run(scenario())
    for subject, reply in replies.items():
        assert list(reply) == ["err"] and "msgpack" in reply["err"], (subject, reply)
    assert undecoded["code"] == "bad_frame" and "msgpack" in undecoded["msg"]
    assert [(r["code"], "65536" in r["msg"]) for r in oversized] == [("bad_frame", True)] * 3
    assert "4096" in lobby["err"]
    assert played["t"] == "ok" and played["rev"] == 1
