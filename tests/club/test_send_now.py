"""`club.send_now.publish_now`: a move's messages go to the socket when they are made, not a loop turn later."""
from tests.club import needs  # noqa: F401 - skips this module without the club's libraries
import asyncio
import socket

import nats

from club.send_now import publish_now
from tests.club.raw_nats import raw_client


def test_messages_written_at_once_reach_a_subscriber_in_order_while_the_publisher_s_loop_has_not_turned(nats_server):
    async def run():
        listener = raw_client(nats_server.server, nats_server.service_password, ("st.test",))
        nc = await nats.connect(nats_server.service_url)
        try:
            await nc.publish("st.test", b"held")  # still in nats-py's buffer: it leaves first
            assert publish_now(nc, [("st.test", b"now"), ("st.other", b"elsewhere"), ("st.test", b"then")])
            # blocking read on this thread: nats-py's flusher task cannot run until it returns
            listener.settimeout(2.0)
            heard = b""
            while b"then" not in heard:
                heard += listener.recv(4096)
            assert heard == b"MSG st.test 1 4\r\nheld\r\nMSG st.test 1 3\r\nnow\r\nMSG st.test 1 4\r\nthen\r\n"
            assert nc.stats["out_msgs"] == 4
            await nc.publish("st.test", b"later")  # nats-py's own path still works beside it
            heard = b""
            while b"later" not in heard:
                await asyncio.sleep(0.01)
                try:
                    heard += listener.recv(4096, socket.MSG_DONTWAIT)
                except BlockingIOError:
                    pass
        finally:
            listener.close()
            await nc.close()

    asyncio.run(asyncio.wait_for(run(), 10))


def test_what_cannot_be_written_now_is_refused_whole_and_left_to_nats_py(nats_server):
    async def run():
        nc = await nats.connect(nats_server.service_url)
        try:
            too_big = b"x" * (nc.max_payload + 1)
            assert not publish_now(nc, [("st.test", b"small"), ("st.test", too_big)])
            assert nc.stats["out_msgs"] == 0 and not nc._pending
        finally:
            await nc.close()
        assert not publish_now(nc, [("st.test", b"after close")])

    asyncio.run(asyncio.wait_for(run(), 10))
