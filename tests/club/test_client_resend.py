"""`ClubClient.act`: an act unanswered goes again under the same seq every RESEND_EVERY seconds, until its answer
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
from tests.club.bounded import run



def test_a_client_s_act_goes_again_under_the_same_seq_until_answered_and_gives_up_at_its_timeout(nats_server,
                                                                                                monkeypatch):
    monkeypatch.setattr(club_client, "RESEND_EVERY", 0.05)

    async def go():
        table = await nats.connect(nats_server.service_url)  # a table that answers only an act's third sending
        heard = []

        async def table_hears(msg):
            m = msgpack.unpackb(msg.data)
            reply = None
            if m["t"] == "hello":
                reply = {"t": "welcome", "seat": 0, "rev": 0, "last_seq": 0, "view": {}}
            elif m["t"] == "act":
                heard.append(m["seq"])
                if m["seq"] == 1 and heard.count(1) == 3:
                    reply = {"t": "ok", "seq": 1, "rev": 1}
            if reply is not None:
                await table.publish(subjects.table_out(7, natsauth.SERVICE), msgpack.packb(reply))

        await table.subscribe(subjects.table_in(7, natsauth.SERVICE), cb=table_hears)
        await table.flush()
        client = ClubClient(nats_server.url, natsauth.SERVICE, nats_server.service_password, 7)
        try:
            await client.connect()
            assert await client.act({"type": "take", "count": 1}, timeout=5) == {"t": "ok", "seq": 1, "rev": 1}
            assert heard == [1, 1, 1]
            began = time.monotonic()
            with pytest.raises(asyncio.TimeoutError):
                await client.act({"type": "take", "count": 1}, timeout=0.3)  # never answered
            assert 0.3 <= time.monotonic() - began < 2 and set(heard[3:]) == {2} and len(heard) >= 6
            assert client._waiting == {} and client._unanswered == {2: {"type": "take", "count": 1}}
        finally:
            await client.close()
            await table.close()

    run(go())
