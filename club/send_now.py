"""Write to nats-server at once, instead of a loop turn later.

nats-py's `publish` appends the message to its pending buffer and wakes its flusher task, which writes
the buffer on the event loop's next turn (on every crossing of a move: the act, then the table's answers;
docs/club.md, "Measured"), and makes a future for each message on the way.
`publish_now` makes the messages' PUB commands with nats-py's own `pub_cmd` and hands them, after
anything nats-py still holds (in order), to the socket's write at once, as a LAN client's
`writer.write` does (asyncio sends at once when the socket's own buffer is empty, and keeps the rest for
later otherwise). While the client is not connected (reconnecting) it writes nothing and says so: the
caller publishes through nats-py, which buffers until connected again.
"""
from nats.protocol.command import pub_cmd


def publish_now(nc, messages) -> bool:
    """Write `messages` ((subject, payload) pairs, subjects made by `club.subjects`) to `nc`'s socket now, after
    whatever nats-py still holds. False, with nothing written, where this cannot: not connected (nats-py
    buffers while it reconnects), closed or draining, a payload over the server's limit, or nats-py not shaped
    as this expects; the caller then publishes through nats-py, which says what is wrong."""
    pending, transport, stats = (getattr(nc, name, None) for name in ("_pending", "_transport", "stats"))
    if (not isinstance(pending, list) or transport is None or not isinstance(stats, dict) or not nc.is_connected
            or nc.is_draining_pubs or any(len(data) > nc.max_payload for _subject, data in messages)):
        return False
    commands = [pub_cmd(subject, "", data) for subject, data in messages]
    if pending:
        commands[:0] = pending
        nc._pending = []
        nc._pending_data_size = 0
    transport.writelines(commands)
    stats["out_msgs"] += len(messages)
    stats["out_bytes"] += sum(len(data) for _subject, data in messages)
    return True
