"""`python -m tests.club.measure_tables [N] [SECONDS]`: one table process running N bot tables at once.

Not a test (nothing asserted): issue 24's second bench row at this machine's scale. N toy tables of two
bots each (one move a second per table, piles of 10,000 so no game ends), plus one table of two players
whose act -> update is sampled meanwhile; prints the process's memory per table and the players' latency.
"""
import asyncio
import sys
import time
from pathlib import Path

import tests.conftest  # noqa: F401 - the toy game
from club import db
from net.host import new_session
from tests.club.measure_latency import local_club, report, through_club


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def main(n=200, seconds=20.0):
    with local_club("--bot-delay", "1.0", "--max-tables", str(n + 10)) as (pg, nats, service, proc):
        time.sleep(0.5)
        empty = rss_kib(proc.pid)
        with db.connect(pg.dsn) as conn:
            for i in range(n):
                db.create_table(conn, new_session("toy", 2, bots=["normal", "normal"], seed=i,
                                                  options={"pile": 10000}), name=f"bots {i}")
        began = time.monotonic()
        while True:
            with db.connect(pg.dsn) as conn:
                owned = conn.execute("SELECT count(*) FROM owners").fetchone()[0]
            if owned >= n or time.monotonic() - began > 120:
                break
            time.sleep(0.2)
        print(f"{owned} tables taken in {time.monotonic() - began:.1f} s")
        full = rss_kib(proc.pid)
        print(f"memory: {empty / 1024:.0f} MiB with no table, {full / 1024:.0f} MiB with {owned}: "
              f"{(full - empty) / max(owned, 1):.0f} KiB per table")
        with db.connect(pg.dsn) as conn:
            before = conn.execute("SELECT count(*) FROM actions").fetchone()[0]
        wall = time.monotonic()
        samples = asyncio.run(through_club(int(seconds * 5), nats.url, service))
        wall = time.monotonic() - wall
        with db.connect(pg.dsn) as conn:
            after = conn.execute("SELECT count(*) FROM actions").fetchone()[0]
        report(f"{owned} tables", samples)
        print(f"bot moves written meanwhile: {after - before} over {wall:.1f} s ({(after - before) / wall:.0f}/s)")


if __name__ == "__main__":
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    main(int(args[0]) if args else 200, float(args[1]) if len(args) > 1 else 20.0)
