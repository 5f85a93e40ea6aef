"""A connection whose handshake the server cuts is tried again (club.client.connect_player): a nats-server reloading
its accounts file, as it does at every sign-up, may close a connection still in its handshake, and nats-py raises
for a first connection rather than reconnecting. A relay on loopback stands in front of a real nats-server and cuts
the first connection right after the server's INFO, as the reload did in a CI run (ConnectionResetError in
`ada_creates`)."""
import asyncio

import nats.errors
import pytest

from club import client, natsauth
from tests.club.bounded import run


class CuttingRelay:
    """Relays TCP to the nats-server; the first `cuts` connections are closed after the server's INFO line."""

    def __init__(self, host: str, port: int, cuts: int):
        self.upstream, self.cuts, self.connections = (host, port), cuts, 0

    async def start(self) -> str:
        self.server = await asyncio.start_server(self._serve, "127.0.0.1", 0)
        return f"nats://127.0.0.1:{self.server.sockets[0].getsockname()[1]}"

    async def _serve(self, reader, writer):
        self.connections += 1
        up_reader, up_writer = await asyncio.open_connection(*self.upstream)
        if self.connections <= self.cuts:
            writer.write(await up_reader.readline())   # INFO, and then the line goes dead
            await writer.drain()
            for w in (writer, up_writer):
                w.close()
            return

        async def pipe(src, dst):
            try:
                while data := await src.read(65536):
                    dst.write(data)
                    await dst.drain()
            except ConnectionError:
                pass
            finally:
                dst.close()
        await asyncio.gather(pipe(reader, up_writer), pipe(up_reader, writer))

    def close(self):
        self.server.close()


def _through_relay(nats_server, cuts: int):
    async def scenario():
        relay = CuttingRelay(nats_server.server.host, nats_server.server.port, cuts)
        url = await relay.start()
        try:
            nc = await client.connect_player(url, natsauth.GUEST, natsauth.GUEST, allow_reconnect=False)
            await nc.flush(timeout=5)
            await nc.close()
            return relay.connections
        finally:
            relay.close()
    return run(scenario(), 30)


def test_a_handshake_cut_by_the_server_is_tried_again_and_the_connection_made(nats_server):
    assert _through_relay(nats_server, cuts=1) == 2   # the cut one, then the one that connects


def test_a_server_that_cuts_every_handshake_is_not_tried_for_ever(nats_server):
    """Bounded: a server that never lets it in is an error after HANDSHAKES tries, not a wait."""
    with pytest.raises((ConnectionError, nats.errors.UnexpectedEOF)):
        _through_relay(nats_server, cuts=client.HANDSHAKES)
