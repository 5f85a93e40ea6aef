"""The club's messaging floor: echo services in asyncio, as a table process and the LAN host are.

`python -m bench.club_echo tcp`       — an asyncio TCP server that writes back what it reads (the LAN path's
                                        two crossings: client to host, host to client).
`python -m bench.club_echo nats URL`  — a nats-py client that publishes on `bench.echo.out` whatever arrives on
                                        `bench.echo.in`, read, handed over and written as a table process does
                                        (club.read_now, club.deliver_now, club.send_now): the club's crossings,
                                        each through nats-server.
Both print `listening on HOST:PORT` (the nats one port 0) once ready and serve until killed.
"""
import asyncio
import sys

ECHO_IN, ECHO_OUT = "bench.echo.in", "bench.echo.out"


async def tcp() -> None:
    async def serve(reader, writer):
        while data := await reader.read(65536):
            writer.write(data)

    server = await asyncio.start_server(serve, "127.0.0.1", 0)
    print(f"listening on 127.0.0.1:{server.sockets[0].getsockname()[1]}", flush=True)
    await asyncio.Event().wait()


async def nats_echo(url: str) -> None:
    import nats

    from club import deliver_now, read_now
    from club.send_now import flush_in_order, publish_now
    nc = await nats.connect(url)
    read_now.install(nc)

    async def back(msg):
        if not publish_now(nc, [(ECHO_OUT, msg.data)]):
            await nc.publish(ECHO_OUT, msg.data)

    await deliver_now.subscribe(nc, ECHO_IN, cb=back)
    await flush_in_order(nc)
    print("listening on 127.0.0.1:0", flush=True)
    await asyncio.Event().wait()


if __name__ == "__main__":
    asyncio.run(tcp() if sys.argv[1] == "tcp" else nats_echo(sys.argv[2]))
