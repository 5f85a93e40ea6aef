"""The event loop a host runs on: asyncio's own, or uvloop when asked for (`SANDTABLE_LOOP=uvloop`, with
the optional `speed` extra installed).

The host reads and writes its sockets through `loop.add_reader`/`add_writer` callbacks, which both loops
offer, so nothing else changes. uvloop is something to measure, not the default (docs/bench.md, "Host CPU
per update", says why).
"""
import asyncio
import os

ENV = "SANDTABLE_LOOP"


def loop_factory():
    """A callable making a new event loop, or None for asyncio's default."""
    if os.environ.get(ENV, "").lower() != "uvloop":
        return None
    try:
        import uvloop
    except ImportError:
        return None
    return uvloop.new_event_loop


def loop_name() -> str:
    factory = loop_factory()
    if factory is None:
        return "asyncio's own loop"
    import uvloop
    return f"uvloop {uvloop.__version__}"


def run(coro):
    """asyncio.run on the chosen loop."""
    with asyncio.Runner(loop_factory=loop_factory()) as runner:
        return runner.run(coro)
