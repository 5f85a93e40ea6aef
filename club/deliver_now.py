"""Hand a subscription's message to its handler as it is read, instead of a loop turn later.

nats-py puts each message of a subscription in the subscription's queue, whose own task takes it out and
awaits the handler on a later turn of the event loop (what Python 3.12's eager tasks would save; the
project runs on 3.11). `subscribe` starts the handler at once, from nats-py's reading path, when the
subscription is idle (nothing queued, no handler running): the handler runs until it first waits, and
only what is left after that wait goes through the queue, ahead of anything that arrives meanwhile. So a
subscription's messages are still handled one at a time, in arrival order, each once; a handler that
never waits (a quiet table's move, a client's update) is done before nats-py reads the next message.

The handler's code up to its first wait runs where nats-py parses (its reading task, or the socket's callback
with `club.read_now`, outside any task): it must not rely on being its own task there (`asyncio.timeout`,
`current_task`). Where nats-py's internals are not what this expects, the subscription is left as nats-py made
it (`hooked` says which it is).
"""
import asyncio
import inspect


async def subscribe(nc, subject: str, cb, **kw):
    """`nc.subscribe(subject, cb=cb, **kw)`, its messages handed to `cb` as they are read (see above)."""
    sub = await nc.subscribe(subject, cb=cb, **kw)
    install(nc, sub)
    return sub


def stop(sub) -> None:
    """End `sub`'s task (what nats-py's close does for each subscription, when its close could not finish)."""
    task = getattr(sub, "_wait_for_msgs_task", None)
    if isinstance(task, asyncio.Task) and not task.done():
        task.cancel()


def hooked(sub) -> bool:
    return isinstance(getattr(sub, "_pending_queue", None), _AtOnceQueue)


def install(nc, sub) -> bool:
    """Swap `sub`'s queue for one that runs its handler at once; False (the library's path kept) if nats-py's
    subscription is not shaped as this expects."""
    old, task, cb = (getattr(sub, name, None) for name in ("_pending_queue", "_wait_for_msgs_task", "_cb"))
    wait_for_msgs = getattr(sub, "_wait_for_msgs", None)
    if not (isinstance(old, asyncio.Queue) and isinstance(task, asyncio.Task) and inspect.iscoroutinefunction(cb)
            and wait_for_msgs is not None and hasattr(sub, "_pending_size")) or hooked(sub):
        return False
    queue = _AtOnceQueue(sub, cb, getattr(nc, "_error_cb", None), old.maxsize)
    task.cancel()  # waiting on the old queue: whatever it holds moves to the new one, in order
    while not old.empty():
        asyncio.Queue.put_nowait(queue, old.get_nowait())
    sub._pending_queue = queue
    sub._cb = queue.run_queued
    sub._wait_for_msgs_task = asyncio.get_running_loop().create_task(wait_for_msgs(getattr(nc, "_error_cb", None)))
    return True


class _AtOnceQueue(asyncio.Queue):
    """nats-py calls `put_nowait` for each message it reads for the subscription; its task then awaits
    `run_queued` for each item queued (a message, or the rest of a handler that had to wait)."""

    def __init__(self, sub, handler, error_cb, maxsize: int):
        super().__init__(maxsize)
        self._sub, self._handler, self._error_cb = sub, handler, error_cb
        self._running = False   # nats-py's task is inside run_queued
        self.at_once = 0        # messages handled from the reading path (counted for tests and probes)

    def put_nowait(self, msg) -> None:
        if self._running or not self.empty():
            super().put_nowait(msg)  # behind what is queued or running: its turn comes in order
            return
        self._sub._pending_size -= len(msg.data)  # nats-py's task would have taken it off when taking the message
        self.at_once += 1
        coro = self._handler(msg)
        self._running = True
        try:
            waits_on = coro.send(None)
        except StopIteration:
            return
        except (KeyboardInterrupt, SystemExit):
            raise
        except BaseException as e:  # as nats-py's task does: the handler's error goes to the error callback
            self._report(e)
            return
        finally:
            self._running = False
        super().put_nowait(Rest(coro, waits_on))

    async def run_queued(self, item) -> None:
        self._running = True
        try:
            if isinstance(item, Rest):
                await item
            else:
                await self._handler(item)
        finally:
            self._running = False

    def _report(self, e: BaseException) -> None:
        if self._error_cb is not None and isinstance(e, Exception):
            asyncio.get_running_loop().create_task(self._error_cb(e))


class Rest:
    """A handler started at once that had to wait: awaiting this finishes it (as `yield from` would)."""
    data = b""  # nats-py's task subtracts len(data) from the subscription's pending bytes: already done

    def __init__(self, coro, waits_on):
        self.coro, self.waits_on = coro, waits_on

    def __await__(self):
        coro, waits_on = self.coro, self.waits_on
        while True:
            try:
                sent = yield waits_on
            except GeneratorExit:
                coro.close()
                raise
            except BaseException as e:  # cancelled while it waits: the handler hears it where it waits
                try:
                    waits_on = coro.throw(e)
                except StopIteration as done:
                    return done.value
            else:
                try:
                    waits_on = coro.send(sent)
                except StopIteration as done:
                    return done.value
