"""The host's limits of PROTOCOL.md ("Limits"), as numbers and two small tools.

A host keeps working for its players whatever its other connections do: chat and acts are
rate-limited (`slow_down`), a connection that stops reading is closed once 1 MiB waits for it
(`too_slow`), spectators and connections that have not said hello are capped (`full`), and the
file descriptors a seat holder needs to come back are never given to anyone else.
"""
try:
    import resource
except ImportError:  # not on every platform; then the limit is whatever the system gives
    resource = None

CHAT_PER_SECOND, CHAT_BURST = 5.0, 10
ACTS_PER_SECOND = 50.0
ACTS_PER_SECOND_REALTIME = 200.0
MAX_UNSENT_BYTES = 1 << 20        # a connection this far behind is sent too_slow and closed
MAX_WATCHERS = 32                 # serve --max-watchers
MAX_PENDING_PER_ADDRESS = 4       # connections from one address that have not said hello yet
SPARE_FDS = 48                    # kept for the save, zeroconf, logs and the listening socket
MAX_FDS_WANTED = 65_536


class Bucket:
    """A token bucket: `take(now)` is True while the sender keeps within `rate` a second, bursts of `burst`."""

    __slots__ = ("rate", "burst", "level", "at")

    def __init__(self, rate: float, burst: float):
        self.rate, self.burst = rate, burst
        self.level = float(burst)
        self.at = None

    def take(self, now: float) -> bool:
        if self.at is not None:
            self.level = min(self.burst, self.level + (now - self.at) * self.rate)
        self.at = now
        if self.level >= 1.0:
            self.level -= 1.0
            return True
        return False


def act_bucket(realtime: bool) -> Bucket:
    rate = ACTS_PER_SECOND_REALTIME if realtime else ACTS_PER_SECOND
    return Bucket(rate, rate)


def chat_bucket() -> Bucket:
    return Bucket(CHAT_PER_SECOND, CHAT_BURST)


def connection_budget() -> int:
    """How many client sockets this process may hold: its file descriptor limit (raised to the hard
    limit when allowed) less SPARE_FDS. Without `resource`, a conservative 1024."""
    if resource is None:
        return 1024 - SPARE_FDS
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = MAX_FDS_WANTED if hard == resource.RLIM_INFINITY else min(hard, MAX_FDS_WANTED)
    if soft != resource.RLIM_INFINITY and soft < want:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (want, hard))
            soft = want
        except (ValueError, OSError):
            pass
    limit = MAX_FDS_WANTED if soft == resource.RLIM_INFINITY else soft
    return max(8, limit - SPARE_FDS)
