"""A second window, in its own process, that finds a Situation 4 table in the LAN browser, joins it
and races it to the end through real mouse drags, as a person at another machine would.

    python -m tests.game.window_racer --table NAME --out result.json [--seed N] [--seconds S] [--shot PNG]

It writes what its window showed at the end (the board, the result, the table's rev, its own moves)
to `--out` as JSON, and exits 0; anything that goes wrong (no such table, no board, no end in time)
exits 1 with the reason on stderr. Every wait is bounded.
"""
import os
import sys

import bots

from tests.game.second_window import arguments, finish, join, play_until, write

BOARD_KEYS = ("owner", "piece_at", "forces", "flags", "bridges", "placed", "scores", "filled")


def board_of(pub: dict) -> dict:
    """The parts of a public view that make the board: what a window shows of the table."""
    return {k: pub[k] for k in BOARD_KEYS}


def race(table: str, *, seed: int, seconds: float, name: str, shot: str | None) -> dict:
    import pygame

    from game.app import App
    from game.scenes.game_over import GameOverScene
    from game.settings import Settings
    from game.situation4 import BoardScene
    from game.situation4.autoplay import RaceHand

    app = App(settings=Settings(player_name=name, animation_speed="instant"))
    ui, board = join(app, BoardScene, table=table, address=None, seconds=20, script="window_racer")
    hand = RaceHand(board, bots.make, "hard", seed=seed)
    seen = {"tally": False}   # whether the final tally ever showed

    def watch():
        if board.tally is not None:
            seen["tally"] = True
            if shot and not os.path.exists(shot):
                pygame.image.save(app.surface, shot)

    play_until(ui, board, hand.step, lambda: isinstance(ui.top, GameOverScene), seconds, "window_racer", each=watch)
    final = board.link.view(board.seat)["public"]
    return finish(app, ui, board, seats=board.link.my_seats, board=board_of(final), result=final["result"],
                  sent=len(board.sent), confirmed=board.predictions.confirmed, tally_seen=seen["tally"])


def main(argv=None) -> int:
    parser = arguments(__doc__, seconds=60.0, address=False)
    parser.add_argument("--shot", default=None)
    args = parser.parse_args(argv)
    return write(args.out, race(args.table, seed=args.seed, seconds=args.seconds, name=args.name, shot=args.shot))


if __name__ == "__main__":
    sys.exit(main())
