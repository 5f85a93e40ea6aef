"""`club.send_now.write_pending`: a publish goes to the socket when it is made, not a loop turn later."""
from tests.club import needs  # noqa: F401 - skips this module without the club's libraries
import asyncio
import json
import socket

import nats

from club import natsauth
from club.send_now import write_pending


def raw_subscriber(server, password: str, subject: str) -> socket.socket:
    """A plain socket speaking NATS's protocol, subscribed to `subject` (the server has said PONG to it)."""
    sock = socket.create_connection((server.host, server.port), timeout=5)
    sock.recv(4096)  # INFO
    connect = json.dumps({"user": natsauth.SERVICE, "pass": password, "verbose": False})
    sock.sendall(f"CONNECT {connect}\r\nSUB {subject} 1\r\nPING\r\n".encode())
    heard = b""
    while b"PONG" not in heard:
        heard += sock.recv(4096)
    return sock


def test_a_message_written_at_once_reaches_a_subscriber_while_the_publisher_s_loop_has_not_turned(nats_server):
    async def run():
        listener = raw_subscriber(nats_server.server, nats_server.service_password, "st.test")
        nc = await nats.connect(nats_server.service_url)
        try:
            await nc.publish("st.test", b"now")
            write_pending(nc)
            # blocking read on this thread: nats-py's flusher task cannot run until it returns
            listener.settimeout(2.0)
            heard = b""
            while b"now" not in heard:
                heard += listener.recv(4096)
            assert heard.startswith(b"MSG st.test 1 3")
            await nc.publish("st.test", b"later")  # without write_pending the flusher still sends it
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
