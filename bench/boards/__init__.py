"""The boards' bench rows: one module per game (`rows(quick)`, named by its catalog entry's `bench`;
bench/ui.py asks every game engine.games offers), and the frame timing they share.

A board row reports its frame (the app's whole `step`: events, update, draw,
present) as a multiple of an empty scene's frame measured the same way in the
same run, so the figure means something on a slow or busy machine.
"""
import statistics
import time
from contextlib import contextmanager

import bots
from bench.runner import Row


def frames(app, n: int, before=None) -> list[float]:
    """Seconds per frame for `n` frames of `app.step(1/60)`; `before()` runs (untimed) ahead of each."""
    out = []
    for _ in range(n):
        if before is not None:
            before()
        t = time.perf_counter()
        app.step(1 / 60)
        out.append(time.perf_counter() - t)
    return out


def p99(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]


def empty_frames(app, n: int) -> list[float]:
    """Frame times of an empty scene on `app` (pushed, measured after a warm-up, popped)."""
    from game.scene import Scene
    app.push(Scene(app))
    frames(app, 10)
    out = frames(app, n)
    app.pop()
    app.running = True  # popping the last scene stops the app; the board comes next
    return out


def frame_row(name: str, board: list[float], empty: list[float], *, goal_ms: float, ok: bool = True,
              detail: str = "") -> Row:
    """The row: board p50/p99 as multiples of the empty frame's; met when p99 <= goal_ms and `ok`."""
    base50, base99 = statistics.median(empty), p99(empty)
    p50, q99 = statistics.median(board), p99(board)
    note = (f"board p50 {p50 * 1000:.2f} ms, p99 {q99 * 1000:.2f} ms; empty p50 {base50 * 1000:.2f} ms,"
            f" p99 {base99 * 1000:.2f} ms" + (f"; {detail}" if detail else ""))
    return Row(name, f"p50 {p50 / base50:.1f}x, p99 {q99 / base99:.1f}x empty", goal=f"p99 <= {goal_ms} ms",
               met=q99 * 1000 <= goal_ms and ok, note=note)


@contextmanager
def bench_app(quick: bool):
    """(app, n, empty): an App at slow animation speed, the frame count for this run, and the
    empty-frame floor already measured on it; the app is closed afterwards."""
    from game.app import App
    from game.settings import Settings
    n = 120 if quick else 600
    app = App(settings=Settings(animation_speed="slow"))
    try:
        yield app, n, empty_frames(app, n)
    finally:
        app.close()


def still_board(app, game_id: str, seats: list[dict] | None = None, seed: int = 1, *, session=None):
    """`game_id`'s board pushed on `app` over an in-process table whose bots wait (the board holds
    still while it is timed): a new table of `seats`, or `session` as bots have played it so far; one
    frame drawn. Returns (scene, link)."""
    from game import boards
    from net.local import LocalTable
    link = (LocalTable.from_session(session, bot_delay=3600, bot_factory=bots.make) if session is not None
            else LocalTable(game_id, seats, seed=seed, bot_delay=3600, bot_factory=bots.make))
    scene = boards.board_class(game_id)(app, link)
    app.push(scene)
    app.step(1 / 60)
    return scene, link
