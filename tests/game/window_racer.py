"""A second window, in its own process, that finds a Situation 4 table in the LAN browser, joins it
and races it to the end through real mouse drags, as a person at another machine would.

    python -m tests.game.window_racer --table NAME --out result.json [--seed N] [--seconds S] [--shot PNG]

It writes what its window showed at the end (the board, the result, the table's rev, its own moves)
to `--out` as JSON, and exits 0; anything that goes wrong (no such table, no board, no end in time)
exits 1 with the reason on stderr. Every wait is bounded.
"""
import argparse
import json
import os
import sys
import time

import bots

BOARD_KEYS = ("owner", "piece_at", "forces", "flags", "bridges", "placed", "scores", "filled")


def board_of(pub: dict) -> dict:
    """The parts of a public view that make the board: what a window shows of the table."""
    return {k: pub[k] for k in BOARD_KEYS}


def _wait(ui, condition, seconds: float, what: str) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            raise SystemExit(f"window_racer: {what} (after {seconds:g} s; on screen: {type(ui.top).__name__})")
        ui.frames(1)
        time.sleep(0.005)


def race(table: str, *, seed: int, seconds: float, name: str, shot: str | None) -> dict:
    import pygame

    from game.app import App
    from game.scenes.game_over import GameOverScene
    from game.scenes.title import TitleScene
    from game.settings import Settings
    from game.situation4 import BoardScene
    from game.situation4.autoplay import RaceHand
    from tests.game.driver import Driver

    app = App(settings=Settings(player_name=name, animation_speed="instant"))
    app.push(TitleScene(app))
    ui = Driver(app)
    ui.frames(2)
    ui.key(pygame.K_j)                                   # Join: the LAN browser
    browser = ui.top
    listed = lambda: [i for i, (key, _) in enumerate(browser.list.rows)  # noqa: E731
                      if browser.found[key].table == table]
    _wait(ui, listed, 20, f"table {table!r} never showed in the LAN browser")
    ui.click(browser.list.row_rect(listed()[0]).center)  # pick its row, then "Join table"
    ui.click_button(browser.join_button)
    _wait(ui, lambda: isinstance(ui.top, BoardScene), 20, "the board never opened")
    board = ui.top
    hand = RaceHand(board, bots.make, "hard", seed=seed)
    deadline = time.monotonic() + seconds
    tally_seen = False
    while not isinstance(ui.top, GameOverScene):
        if time.monotonic() > deadline:
            raise SystemExit(f"window_racer: no end after {seconds:g} s (rev {board.link.rev}, "
                             f"status {board.link.status}, refusals {board.refusals[-3:]})")
        if ui.top is board:
            hand.step()
        ui.frames(1)
        tally_seen = tally_seen or board.tally is not None
        if shot and board.tally is not None and not os.path.exists(shot):
            pygame.image.save(app.surface, shot)
        time.sleep(0.001)
    over = ui.top
    final = board.link.view(board.seat)["public"]
    out = {"seats": board.link.my_seats, "names": [s["name"] for s in board.link.seats],
           "board": board_of(final), "result": final["result"], "shown_result": over.result,
           "rev": board.link.rev, "sent": len(board.sent), "confirmed": board.predictions.confirmed,
           "tally_seen": tally_seen}
    board.link.close()
    app.close()
    return out


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--table", required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--name", default="Rival")
    parser.add_argument("--shot", default=None)
    args = parser.parse_args(argv)
    result = race(args.table, seed=args.seed, seconds=args.seconds, name=args.name, shot=args.shot)
    with open(args.out, "w", encoding="utf-8") as f:
        json.dump(result, f)
    return 0


if __name__ == "__main__":
    sys.exit(main())
