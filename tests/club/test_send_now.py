"""`club.send_now.publish_now`: a move's messages go to the socket when they are made, not a loop turn later;
`flush_in_order`: a flush's PONG says the server has read every command sent before it."""
from tests.club import needs  # noqa: F401 - skips this module without the club's libraries
import asyncio
import re
import socket

import nats

from club.send_now import flush_in_order, publish_now
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


def test_a_flush_in_order_is_answered_only_after_the_server_has_read_the_subscriptions_made_before_it(
        traced_nats_server):
    """nats-py's own flush writes its PING straight to the socket, ahead of a SUB its flusher task holds: the server
    reads the PING first and may answer it before it has the subscription."""
    log = traced_nats_server.server.folder / "nats.log"

    async def run():
        nc = await nats.connect(traced_nats_server.service_url)

        async def handler(msg):
            pass

        try:
            await nc.subscribe("st.a", cb=handler)
            await nc.flush()  # nats-py's own
            await nc.subscribe("st.b", cb=handler)
            await nc.subscribe("st.c", cb=handler)
            await flush_in_order(nc)
            return _read_by_the_server(log)
        finally:
            await nc.close()

    assert asyncio.run(asyncio.wait_for(run(), 10)) == [
        "CONNECT", "PING",  # nats-py's connect
        "PING", "SUB st.a",  # nats-py's flush: the PING overtook the SUB
        "SUB st.b", "SUB st.c", "PING"]  # flush_in_order


def _read_by_the_server(log) -> list[str]:
    """Each operation nats-server's trace says it read (with its subject, if any), in the order it handled them."""
    return [f"{op} {subject}" if subject and op != "CONNECT" else op
            for op, subject in re.findall(r"<<- \[([A-Z]+) ?([^\s\]]*)", log.read_text())]
