"""One coroutine run to its end on a fresh event loop, bounded in time (every club test's loop ends)."""
import asyncio


def run(coro, timeout: float = 30.0):
    """`coro`'s result; asyncio.TimeoutError if it takes longer than `timeout` seconds."""
    return asyncio.run(asyncio.wait_for(coro, timeout))
