"""`club.deliver_now`: a subscription's message is handed to its handler as nats-py reads it, one at a time, in
arrival order, each once; a handler that waits finishes through nats-py's queue, ahead of later messages."""
from tests.club import needs  # noqa: F401 - skips this module without the club's libraries
import asyncio

import nats

from club import db, deliver_now, process
from club.client import ClubClient, connect_player
from net.host import new_session
from tests.club.bounded import run



def test_a_handler_that_never_waits_runs_in_nats_py_s_reading_task_not_the_subscription_s(nats_server):
    async def go():
        nc = await nats.connect(nats_server.service_url)
        tasks = []

        async def handler(msg):
            tasks.append(asyncio.current_task())

        try:
            sub = await deliver_now.subscribe(nc, "st.test", handler)
            assert deliver_now.hooked(sub)
            for _ in range(3):
                await nc.publish("st.test", b"x")
            await nc.flush()
            while len(tasks) < 3:
                await asyncio.sleep(0.01)
            assert sub._pending_queue.at_once == 3
            assert all(task is not sub._wait_for_msgs_task for task in tasks)
            assert all(task is tasks[0] for task in tasks)  # the one reading task
        finally:
            await nc.close()

    run(go())


def test_messages_whose_handlers_wait_are_still_handled_one_at_a_time_in_order_each_once(nats_server):
    async def go():
        nc = await nats.connect(nats_server.service_url)
        handled, running, most = [], [0], [0]

        async def handler(msg):
            running[0] += 1
            most[0] = max(most[0], running[0])
            n = int(msg.data)
            if n % 3 == 0:
                await asyncio.sleep(0.002)   # waits: the rest goes through the queue
            if n % 5 == 0:
                await asyncio.sleep(0)       # a bare yield, as asyncio.sleep(0) is
            handled.append(n)
            running[0] -= 1

        try:
            sub = await deliver_now.subscribe(nc, "st.test", handler)
            for n in range(200):
                await nc.publish("st.test", str(n).encode())
            await nc.flush()
            deadline = asyncio.get_running_loop().time() + 10
            while len(handled) < 200 and asyncio.get_running_loop().time() < deadline:
                await asyncio.sleep(0.01)
            assert handled == list(range(200)) and most[0] == 1
            assert 0 < sub._pending_queue.at_once < 200  # some at once, the others behind a waiting one
            assert sub.pending_msgs == 0 and sub.pending_bytes == 0
        finally:
            await nc.close()

    run(go())


def test_a_handler_s_error_goes_to_the_error_callback_and_the_next_message_is_handled(nats_server):
    async def go():
        errors, handled = [], []

        async def error_cb(e):
            errors.append(e)

        async def handler(msg):
            if msg.data == b"bad":
                raise ValueError("bad message")
            handled.append(msg.data)

        nc = await nats.connect(nats_server.service_url, error_cb=error_cb)
        try:
            await deliver_now.subscribe(nc, "st.test", handler)
            for data in (b"bad", b"good"):
                await nc.publish("st.test", data)
            await nc.flush()
            while not (errors and handled):
                await asyncio.sleep(0.01)
            assert [str(e) for e in errors] == ["bad message"] and handled == [b"good"]
        finally:
            await nc.close()

    run(go())


def test_draining_waits_for_a_handler_that_was_started_at_once_and_then_waited(nats_server):
    async def go():
        nc = await nats.connect(nats_server.service_url)
        handled = []

        async def handler(msg):
            await asyncio.sleep(0.05)
            handled.append(msg.data)

        await deliver_now.subscribe(nc, "st.test", handler)
        await nc.publish("st.test", b"one")
        await nc.flush()
        await asyncio.sleep(0.01)  # started at once, now waiting
        await nc.drain()
        assert handled == [b"one"]

    run(go())


def test_a_subscription_not_shaped_as_expected_keeps_nats_py_s_own_path(nats_server):
    async def go():
        nc = await nats.connect(nats_server.service_url)
        try:
            iterated = await nc.subscribe("st.iter")  # no handler: nats-py's iterator reads its queue
            assert not deliver_now.install(nc, iterated) and not deliver_now.hooked(iterated)
            handled = []

            async def handler(msg):
                handled.append(msg.data)

            sub = await deliver_now.subscribe(nc, "st.test", handler)
            assert not deliver_now.install(nc, sub)  # once is enough: a second swap would lose the first
            await nc.publish("st.iter", b"it")
            await nc.publish("st.test", b"cb")
            assert (await iterated.next_msg(timeout=2)).data == b"it"
            while not handled:
                await asyncio.sleep(0.01)
            assert handled == [b"cb"]
        finally:
            await nc.close()

    run(go())


def test_a_table_process_and_its_client_handle_each_move_as_it_is_read_each_answered_once_in_order(nats_server, dsn,
                                                                                                 conn):
    table_id = db.create_table(conn, new_session("toy", 1, seed=1, options={"pile": 100}), name="t", created_by="ada")
    conn.commit()

    async def go():
        stop, ready = asyncio.Event(), asyncio.Event()
        server = nats_server.server  # the process writes ada's account into the server's accounts file
        tp = process.TableProcess(nats_server.service_url, dsn, poll_every=0.05, auth_file=server.auth,
                                  nats_pid_file=server.pid_file)
        runner = asyncio.get_running_loop().create_task(tp.run(stop, ready.set))
        client = None
        try:
            await ready.wait()
            while table_id not in tp.subs:
                await asyncio.sleep(0.02)
            for _ in range(50):  # until the server has reloaded its accounts
                try:
                    await (await connect_player(nats_server.url, "ada", "ada-secret-long-enough",
                                                allow_reconnect=False)).close()
                    break
                except Exception:
                    await asyncio.sleep(0.1)
            client = ClubClient(nats_server.url, "ada", "ada-secret-long-enough", table_id)
            await client.connect()
            answers = [await client.request({"type": "take", "count": 1}) for _ in range(20)]
            assert [(a["t"], a["seq"], a["rev"]) for a in answers] == [("ok", n, n) for n in range(1, 21)]
            assert client.answers_repeated == 0
            assert deliver_now.hooked(tp.subs[table_id]) and deliver_now.hooked(client._sub)
            # each act stepped from the table process's reading path, each ok and update heard from the client's
            assert tp.subs[table_id]._pending_queue.at_once >= 20 and client._sub._pending_queue.at_once >= 40
        finally:
            if client is not None:
                await client.close()
            stop.set()
            await runner
        with db.connect(dsn) as other:
            stored = other.execute("SELECT rev, seq FROM actions WHERE table_id = %s ORDER BY rev", (table_id,))
            assert stored.fetchall() == [(n, n) for n in range(1, 21)]  # each move stored once

    run(go(), 30)

