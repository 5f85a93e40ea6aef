"""Write to nats-server at once, instead of a loop turn later.

nats-py's `publish` appends the message to its pending buffer and wakes its flusher task, which writes
the buffer on the event loop's next turn (on every crossing of a move: the act, then the table's answers;
docs/club.md, "Measured"), and makes a future for each message on the way.
`publish_now` makes the messages' PUB commands with nats-py's own `pub_cmd` and hands them, after
anything nats-py still holds (in order), to the socket's write at once, as a LAN client's
`writer.write` does (asyncio sends at once when the socket's own buffer is empty, and keeps the rest for
later otherwise). While the client is not connected (reconnecting) it writes nothing and says so: the
caller publishes through nats-py, which buffers until connected again.

`flush_in_order` is nats-py's `flush` with what nats-py still holds written ahead of its PING: nats-py writes that
PING straight to the socket, before the commands its flusher task has not written yet (a SUB just made), so
the server may answer it before reading them; a message another connection sends once the PONG is back can
then find no subscriber, and is lost.
"""
from nats.aio.client import DEFAULT_FLUSH_TIMEOUT
from nats.protocol.command import pub_cmd


def publish_now(nc, messages) -> bool:
    """Write `messages` ((subject, payload) pairs, subjects made by `club.subjects`) to `nc`'s socket now, after
    whatever nats-py still holds. False, with nothing written, where this cannot: not connected (nats-py
    buffers while it reconnects), closed or draining, a payload over the server's limit, or nats-py not shaped
    as this expects; the caller then publishes through nats-py, which says what is wrong."""
    if (not _writable(nc) or nc.is_draining_pubs
            or any(len(data) > nc.max_payload for _subject, data in messages)):
        return False
    commands = [pub_cmd(subject, "", data) for subject, data in messages]
    nc._transport.writelines(_take_held(nc) + commands)
    nc.stats["out_msgs"] += len(messages)
    nc.stats["out_bytes"] += sum(len(data) for _subject, data in messages)
    return True


async def flush_in_order(nc, timeout: float = DEFAULT_FLUSH_TIMEOUT) -> None:
    """`nc.flush(timeout)`, after which the server has every command `nc` sent before it (its subscriptions
    too): what nats-py still holds goes to the socket first (see above). Not connected, or not shaped as this
    expects: nats-py's flush as it is."""
    if _writable(nc):
        held = _take_held(nc)
        if held:
            nc._transport.writelines(held)
    await nc.flush(timeout)


def _writable(nc) -> bool:
    return (isinstance(getattr(nc, "_pending", None), list) and getattr(nc, "_transport", None) is not None
            and isinstance(getattr(nc, "stats", None), dict) and nc.is_connected)


def _take_held(nc) -> list:
    """The commands nats-py holds for its flusher task, taken from it (in order)."""
    held = nc._pending
    if held:
        nc._pending = []
        nc._pending_data_size = 0
    return held
