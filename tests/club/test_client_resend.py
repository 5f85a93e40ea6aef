"""`ClubClient.request`: an act unanswered goes again under the same seq every RESEND_EVERY seconds, until its answer
comes or its timeout passes (the answer wakes the waiting act directly; timers resend and give up)."""
from tests.club import needs  # noqa: F401 - skips this module without the club's libraries
import asyncio
import time

import msgpack
import nats
import pytest

from club import client as club_client
from club import natsauth, subjects
from club.client import ClubClient
from club.send_now import flush_in_order
from tests.club.bounded import run



async def scripted_table(nats_server, replies_to):
    """A table at id 7, played by a script: `replies_to(message)` lists what it answers to each message its
    player (the service user) sends. Its NATS connection (close it)."""
    table = await nats.connect(nats_server.service_url)

    async def table_hears(msg):
        for reply in replies_to(msgpack.unpackb(msg.data)):
            await table.publish(subjects.table_out(7, natsauth.SERVICE), msgpack.packb(reply))

    await table.subscribe(subjects.table_in(7, natsauth.SERVICE), cb=table_hears)
    await flush_in_order(table)
    return table


def test_a_client_s_act_goes_again_under_the_same_seq_until_answered_and_gives_up_at_its_timeout(nats_server,
                                                                                                monkeypatch):
    monkeypatch.setattr(club_client, "RESEND_EVERY", 0.05)

    async def go():
        heard = []

        def replies_to(m):   # a table that answers only an act's third sending
            if m["t"] == "hello":
                return [{"t": "welcome", "seat": 0, "rev": 0, "last_seq": 0, "view": {}}]
            if m["t"] == "act":
                heard.append(m["seq"])
                if m["seq"] == 1 and heard.count(1) == 3:
                    return [{"t": "ok", "seq": 1, "rev": 1}]
            return []

        table = await scripted_table(nats_server, replies_to)
        client = ClubClient(nats_server.url, natsauth.SERVICE, nats_server.service_password, 7)
        try:
            await client.connect()
            assert await client.request({"type": "take", "count": 1}, timeout=5) == {"t": "ok", "seq": 1, "rev": 1}
            assert heard == [1, 1, 1]
            began = time.monotonic()
            with pytest.raises(asyncio.TimeoutError):
                await client.request({"type": "take", "count": 1}, timeout=0.3)  # never answered
            assert 0.3 <= time.monotonic() - began < 2 and set(heard[3:]) == {2} and len(heard) >= 6
            assert client._waiting == {} and client._unanswered == {2: {"type": "take", "count": 1}}
        finally:
            await client.close()
            await table.close()

    run(go())


def test_an_ok_to_a_resend_whose_update_was_lost_is_followed_by_the_view_the_client_asks_for(nats_server,
                                                                                           monkeypatch):
    """Issue 41, B: a move's `ok` and update lost on the way (a nats-server that died with them), its resend
    answered with that `ok`: the client pings, and a pong with no update before it (the table sends in order)
    says the update was lost, so it asks for the view (`{"t": "view"}`) and holds the table's view after."""
    monkeypatch.setattr(club_client, "RESEND_EVERY", 0.05)

    async def go():
        heard = []

        def replies_to(m):   # a table whose first answer to the act (and its update) is lost
            heard.append(m["t"])
            return {"hello": [{"t": "welcome", "seat": 0, "rev": 0, "last_seq": 0, "view": {"public": {"rev": 0}}}],
                    "act": [{"t": "ok", "seq": 1, "rev": 1}] if heard.count("act") == 2 else [],
                    "ping": [{"t": "pong", "n": m.get("n")}],
                    "view": [{"t": "update", "rev": 1, "events": [], "view": {"public": {"rev": 1}}}]}.get(m["t"], [])

        table = await scripted_table(nats_server, replies_to)
        client = ClubClient(nats_server.url, natsauth.SERVICE, nats_server.service_password, 7)
        try:
            await client.connect()
            assert await client.request({"type": "take", "count": 1}, timeout=5) == {"t": "ok", "seq": 1, "rev": 1}
            deadline = time.monotonic() + 5
            while client.view["public"]["rev"] < 1:
                assert time.monotonic() < deadline, f"the view never came (the table heard {heard})"
                await asyncio.sleep(0.01)
            assert heard[-2:] == ["ping", "view"]
        finally:
            await client.close()
            await table.close()

    run(go())


def test_a_client_closing_as_its_server_dies_closes_without_an_error(nats_server):
    """The chaos run's 30 minutes ended on a ConnectionResetError from close(): nats-server was killed as a
    client left its finished table. Leaving owes the server nothing: close() says nothing of it."""
    async def go():
        table = await scripted_table(nats_server, lambda m: [{"t": "welcome", "seat": 0, "rev": 0, "last_seq": 0,
                                                              "view": {}}] if m["t"] == "hello" else [])
        client = ClubClient(nats_server.url, natsauth.SERVICE, nats_server.service_password, 7)
        try:
            await client.connect()
        finally:
            await table.close()
        nats_server.server.proc.kill()   # the server killed: its `bye` waits in nats-py's buffer, never to leave
        nats_server.server.proc.wait(5)
        for _ in range(500):
            if not client.nc.is_connected:
                break
            await asyncio.sleep(0.01)
        await client.close()
        await asyncio.sleep(0)
        assert client._sub._wait_for_msgs_task.done()   # nothing of it left waiting

    run(go())
