"""Host CPU per update: one Risk setup placement on a `net.table.Table` with four seats and four
spectators, every connection asking for patches (as the Sandtable client does), and the same with
whole views. No sockets: the figure is the table's own work, act through every update built and
encoded (one encoding per distinct message, as the host does), in CPU time (time.process_time_ns),
so a loaded machine moves it less than the wall-clock rows.

`python -m bench.update_cpu [--quick]` prints the rows; it is not one of run.py's sections.
"""
import sys
import time

from bench.runner import Row, print_table
from net import frames
from net.host import new_session
from net.table import Table

SEATS, SPECTATORS = 4, 4


def _table(seed: int, views: str | None) -> tuple[Table, dict]:
    table = Table(new_session("risk", SEATS, seed=seed), name="bench")
    seat_conn = {}
    for conn in [("seat", i) for i in range(SEATS)] + [("watch", i) for i in range(SPECTATORS)]:
        table.connect(conn)
        hello = {"t": "hello", "proto": 1, "name": "b", "want": "play" if conn[0] == "seat" else "watch"}
        if views is not None:
            hello["views"] = views
        table.receive(conn, hello).flat()
        if conn[0] == "seat":
            seat_conn[table.seat_of(conn)] = conn
    return table, seat_conn


def _in_setup(table: Table) -> bool:
    return table.session.view(None)["public"]["phase"] == "setup"   # Risk's own phase (untimed)


def samples(placements: int, views: str | None) -> tuple[list[int], list[int]]:
    """(act -> every update encoded, act -> the mover's update encoded), ns of CPU per placement."""
    total, to_mover = [], []
    for seed in range(1, placements + 1):   # a 4-seat setup is ~78 placements; then a fresh table
        if len(total) >= placements:
            break
        table, seat_conn = _table(seed, views)
        seq = 0
        while len(total) < placements and _in_setup(table):
            seat = table.session.to_act()[0]
            mover, action = seat_conn[seat], table.session.legal(seat)["actions"][0]
            seq += 1
            t0 = time.process_time_ns()
            out = table.receive(mover, {"t": "act", "seq": seq, "a": action})
            frames.encode(out.sends[0][1])   # the ok
            for conns, msg in table.iter_updates(spliced=True):   # as the host asks
                frames.encode(msg)
                if mover in conns:
                    to_mover.append(time.process_time_ns() - t0)
            total.append(time.process_time_ns() - t0)
    return total, to_mover


def _p50_us(xs: list[int]) -> float:
    return sorted(xs)[len(xs) // 2] / 1e3


def rows(quick: bool) -> list[Row]:
    n = 300 if quick else 1500
    patched, patched_mover = samples(n, "patches")
    whole, whole_mover = samples(n, None)
    shape = f"Risk setup, {SEATS} seats + {SPECTATORS} spectators, {n} placements, CPU time p50"
    return [Row("host CPU: act + updates, patching clients", f"{_p50_us(patched):.0f} us",
                note=f"{shape}; the mover's own update encoded after {_p50_us(patched_mover):.0f} us"),
            Row("host CPU: act + updates, whole views", f"{_p50_us(whole):.0f} us",
                note=f"{shape}; the mover's own update encoded after {_p50_us(whole_mover):.0f} us")]


if __name__ == "__main__":
    print_table(rows(quick="--quick" in sys.argv))
