"""Collects benchmark rows from each area's module and prints one table.

Each module in SECTIONS offers `rows(quick: bool) -> list[Row]`. Figures that
depend on machine speed are reported as a ratio to a floor measured in the
same run, so the table still means something on a busy machine.
"""
import importlib
import sys
import textwrap
import traceback
from dataclasses import dataclass

SECTIONS = ["bench.net", "bench.bgio", "bench.wire_bytes", "bench.engine", "bench.ah_tactics", "bench.analysis", "bench.ui",
            "bench.idle", "bench.club", "bench.bot_marks"]
BOT_SECTIONS = ["bench.bots"]   # the bot ladder: minutes of seeded games, run on its own (`bench --bots`)


@dataclass
class Row:
    name: str        # what was measured
    value: str       # the figure, formatted (e.g. "1.7x floor", "0.84 s")
    goal: str = ""   # the goal it is held to, if any (e.g. "<= 2x")
    met: bool | None = None  # None where there is no goal
    note: str = ""   # raw numbers or what stands in the way


def run(quick: bool = False, bots: bool = False) -> int:
    rows: list[Row] = []
    failures = 0
    for name in BOT_SECTIONS if bots else SECTIONS:
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as e:
            if e.name == name:
                continue
            raise
        print(f"… {name.split('.')[-1]}", file=sys.stderr, flush=True)
        try:
            rows.extend(module.rows(quick))
        except Exception:
            failures += 1
            traceback.print_exc()
            rows.append(Row(name, "failed", note="see the traceback above"))
    print_table(rows)
    return 1 if failures else 0


NOTE_WIDTH = 64  # notes wrap onto continuation lines so the table fits a terminal


def print_table(rows: list[Row]) -> None:
    headers = ("measure", "value", "goal", "met", "note")
    cells = [(r.name, r.value, r.goal, {True: "yes", False: "NO", None: ""}[r.met], r.note) for r in rows]
    widths = [max(len(h), *(len(c[i]) for c in cells)) if cells else len(h) for i, h in enumerate(headers[:-1])]
    print("  ".join(h.ljust(w) for h, w in zip(headers, widths)) + "  " + headers[-1])
    print("  ".join("-" * w for w in widths) + "  " + "-" * NOTE_WIDTH)
    for c in cells:
        note = textwrap.wrap(c[-1], NOTE_WIDTH) or [""]
        print(("  ".join(v.ljust(w) for v, w in zip(c, widths)) + "  " + note[0]).rstrip())
        for more in note[1:]:
            print(" " * (sum(widths) + 2 * len(widths)) + more)
