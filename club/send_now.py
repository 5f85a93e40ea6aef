"""Write what nats-py has queued at once, instead of a loop turn later.

nats-py's `publish` appends the message to its pending buffer and wakes its flusher task, which writes
the buffer on the event loop's next turn (0.05 to 0.1 ms later on a busy machine, on every crossing of
a move: the act, then the table's answers). `write_pending` does the flusher's work now, as a LAN
client's `writer.write` does: the buffer goes to the socket's write (asyncio sends at once when the
socket's own buffer is empty, and keeps the rest for later otherwise). The flusher, woken anyway, then
finds nothing left to write. While the client is not connected (reconnecting) the buffer is left to
nats-py, which sends it once connected again.
"""


def write_pending(nc) -> None:
    """Hand `nc`'s pending messages to its socket now (a no-op if there are none or it is not connected)."""
    pending, transport = getattr(nc, "_pending", None), getattr(nc, "_transport", None)
    if not pending or transport is None or not nc.is_connected:
        return  # nothing queued, or nats-py's internals are not what this expects: the flusher writes it
    nc._pending = []
    nc._pending_data_size = 0
    transport.writelines(pending)
