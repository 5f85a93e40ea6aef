"""`club.read_now`: what nats-server sends is parsed from the socket's callback when nats-py's reading task is
idle; a parse that has to wait is finished by a task, and what comes meanwhile is parsed after it, in order,
once; a connection not shaped as expected keeps nats-py's path."""
from tests.club import needs  # noqa: F401 - skips this module without the club's libraries
import asyncio

import nats

from club import deliver_now, read_now
from club.send_now import flush_in_order
from tests.club.bounded import run
from tests.club.raw_nats import raw_client



def parse_now_of(nc):
    return nc._ps.parse.__self__


def test_a_message_is_parsed_and_handled_in_the_socket_s_callback_outside_any_task(nats_server):
    async def go():
        nc = await nats.connect(nats_server.service_url)
        tasks = []

        async def handler(msg):
            tasks.append(asyncio.current_task())

        try:
            assert read_now.install(nc) and read_now.installed(nc)
            await deliver_now.subscribe(nc, "st.test", handler)
            for _ in range(3):
                await nc.publish("st.test", b"x")
                await nc.flush()  # its PONG too is parsed as it comes
            while len(tasks) < 3:
                await asyncio.sleep(0.01)
            assert tasks == [None, None, None] and parse_now_of(nc).at_once >= 3
        finally:
            await nc.close()

    run(go())


def test_what_comes_while_a_parse_waits_is_parsed_after_it_in_order_each_message_once(nats_server):
    async def go():
        slow_heard, handled = [], []
        release = asyncio.Event()

        async def error_cb(e):  # nats-py awaits this while it parses: a slow consumer's message, dropped
            slow_heard.append(type(e).__name__)
            await asyncio.sleep(0.02)

        async def stuck(msg):
            await release.wait()

        async def handler(msg):
            handled.append(int(msg.data))

        nc = await nats.connect(nats_server.service_url, error_cb=error_cb)
        try:
            assert read_now.install(nc)
            await nc.subscribe("st.slow", cb=stuck, pending_bytes_limit=4)  # its second message is one too many
            await deliver_now.subscribe(nc, "st.test", handler)
            for n in range(100):
                if n % 10 == 0:
                    await nc.publish("st.slow", b"xxxx")
                await nc.publish("st.test", str(n).encode())
                if n % 7 == 0:
                    await nc.flush()
            await nc.flush()
            while len(handled) < 100:
                await asyncio.sleep(0.01)
            assert handled == list(range(100))
            assert slow_heard and set(slow_heard) == {"SlowConsumerError"}
            assert parse_now_of(nc).waited >= 1  # a parse started in the socket's callback had to wait
            release.set()
        finally:
            await nc.close()

    run(go())


def test_a_connection_parses_as_it_arrives_again_once_reinstalled_after_a_reconnect(nats_server):
    async def go():
        nc = await nats.connect(nats_server.service_url, max_reconnect_attempts=-1, reconnect_time_wait=0.1)
        handled = []

        async def handler(msg):
            handled.append(msg.data)

        try:
            assert read_now.install(nc)
            await deliver_now.subscribe(nc, "st.test", handler)
            before = parse_now_of(nc)
            dropped = nc._transport._io_writer
            dropped.transport.abort()  # the socket dropped: nats-py connects again, on a new one
            while not nc.is_connected or nc._transport._io_writer is dropped:
                await asyncio.sleep(0.02)
            assert not read_now.installed(nc)  # nats-py's path until installed again (the reconnected callback)
            assert read_now.install(nc) and read_now.installed(nc) and parse_now_of(nc) is before
            at_once = before.at_once
            await nc.publish("st.test", b"again")
            await nc.flush()
            while not handled:
                await asyncio.sleep(0.01)
            assert handled == [b"again"] and before.at_once > at_once
        finally:
            await nc.close()

    run(go())


def test_a_connection_not_shaped_as_expected_keeps_nats_py_s_path(nats_server):
    async def go():
        nc = await nats.connect(nats_server.service_url)
        try:
            transport = nc._transport
            bare = transport._bare_io_reader
            transport._bare_io_reader = None  # as after a TLS upgrade: the reader read is not the socket's own
            assert not read_now.install(nc) and not read_now.installed(nc)
            transport._bare_io_reader = bare
            got = []

            async def handler(msg):
                got.append(msg.data)

            await nc.subscribe("st.test", cb=handler)
            await nc.publish("st.test", b"plain")
            await nc.flush()
            while not got:
                await asyncio.sleep(0.01)
            assert got == [b"plain"]
        finally:
            await nc.close()

    run(go())


def test_chunks_of_whole_plain_messages_are_taken_apart_here_and_anything_else_is_left_to_nats_py(nats_server):
    async def go():
        nc = await nats.connect(nats_server.service_url)
        publisher = raw_client(nats_server.server, nats_server.service_password)
        heard = []

        async def handler(msg):
            heard.append((msg.subject, msg.reply, msg.data, asyncio.current_task()))

        async def until(n):
            while len(heard) < n:
                await asyncio.sleep(0.005)

        try:
            assert read_now.install(nc)
            await deliver_now.subscribe(nc, "st.test", handler)
            await nc.subscribe("st.plain", cb=handler)  # not hooked: nats-py's own, its messages nats-py's to parse
            await flush_in_order(nc)  # the server has both subscriptions before the other connection publishes
            parse_now = parse_now_of(nc)
            publisher.sendall(b"PUB st.test 3\r\none\r\n")
            await until(1)
            assert parse_now.taken_apart == 1
            publisher.sendall(b"PUB st.test 3\r\ntwo\r\nPUB st.test 5\r\nthree\r\n")  # one chunk or two: all taken apart
            await until(3)
            taken = parse_now.taken_apart
            assert taken in (2, 3)
            publisher.sendall(b"PUB st.test inbox.x 4\r\nfour\r\n")  # a reply subject: nats-py's parser
            await until(4)
            publisher.sendall(b"PUB st.plain 4\r\nfive\r\n")  # a subscription deliver_now did not hook
            await until(5)
            assert parse_now.taken_apart == taken
            assert [(subject, reply, data) for subject, reply, data, _task in heard] == [
                ("st.test", "", b"one"), ("st.test", "", b"two"), ("st.test", "", b"three"),
                ("st.test", "inbox.x", b"four"), ("st.plain", "", b"five")]
            assert [task is None for *_rest, task in heard] == [True] * 4 + [False]  # handled at once, or by its task
            assert nc.stats["in_msgs"] == 5 and nc.stats["in_bytes"] == 3 + 3 + 5 + 4 + 4
            assert all(sub._pending_size == 0 for sub in nc._subs.values())
        finally:
            publisher.close()
            await nc.close()

    run(go())


def test_a_hooked_subscription_at_its_limit_gets_nats_py_s_slow_consumer_report_and_the_connection_goes_on(nats_server):
    async def go():
        slow, handled = [], []
        release = asyncio.Event()

        async def error_cb(e):
            slow.append(type(e).__name__)

        async def handler(msg):
            handled.append(msg.data)
            await release.wait()  # the first waits: the rest queue behind it

        nc = await nats.connect(nats_server.service_url, error_cb=error_cb)
        publisher = raw_client(nats_server.server, nats_server.service_password)
        try:
            assert read_now.install(nc)
            await deliver_now.subscribe(nc, "st.test", handler, pending_msgs_limit=2)
            await flush_in_order(nc)
            for n in range(4):  # one chunk each: the first runs and waits, the second queues, then the limit
                publisher.sendall(b"PUB st.test 1\r\n%d\r\n" % n)
                await asyncio.sleep(0.05)
            assert slow and set(slow) == {"SlowConsumerError"} and nc.is_connected
            release.set()
            while len(handled) < 2:
                await asyncio.sleep(0.01)
            publisher.sendall(b"PUB st.test 4\r\nnext\r\n")
            while handled[-1] != b"next":
                await asyncio.sleep(0.01)
            assert handled[0] == b"0" and b"next" in handled
        finally:
            publisher.close()
            await nc.close()

    run(go())
