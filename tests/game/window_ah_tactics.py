"""A second Tactics (1954) window, in its own process, as a person at another machine: it joins a table
(found in the LAN browser, or typed as HOST:PORT), then plays its seat through real clicks and keys
with a scripted player (a bot deciding, carried out by clicks).

    python -m tests.game.window_ah_tactics (--table NAME | --address HOST:PORT) --out result.json
        [--rounds N] [--seed N] [--seconds S] [--name NAME]

It plays to the game-over scene, or with `--rounds N` until the table reaches round N (then it stops
acting and waits, bounded, for the table to settle). It writes what its window showed (its seat, the
names, the table's rev, the public board, the result, what it sent and how many the host accepted)
to `--out` as JSON and exits 0; anything that goes wrong (no such table, no board, no end in time)
exits 1 with the reason on stderr. Every wait is bounded.
"""
import sys
import time

import bots

from tests.game.second_window import arguments, finish, join, play_until, wait, write

SETTLE = 1.5   # seconds without a new revision after which a stopped table counts as settled


def count_answers(board) -> dict:
    """Wraps `board.answer` to count the host's answers to this window's own actions: {"ok": n, "err": n}
    (two a side, a teammate can take the allowance or end the phase while an action is on its way)."""
    counts = {"ok": 0, "err": 0}
    answer = board.answer

    def counted(msg):
        if msg.get("seq") == board.pending_seq and msg.get("t") in counts:
            counts[msg["t"]] += 1
        answer(msg)

    board.answer = counted
    return counts


def stop_at(board, rounds: int) -> bool:
    """True when the window should stop acting: the game is over, or the table reached round `rounds`."""
    pub = board.pub
    return bool(pub.get("result")) or (rounds > 0 and (pub.get("round") or 0) >= rounds)


def settle(ui, link, seconds: float = 10.0) -> None:
    """Frames until the table's revision has not moved for SETTLE seconds (bounded)."""
    deadline = time.monotonic() + seconds
    rev, since = link.rev, time.monotonic()
    while time.monotonic() < deadline:
        ui.frames(1)
        time.sleep(0.01)
        if link.rev != rev:
            rev, since = link.rev, time.monotonic()
        elif time.monotonic() - since >= SETTLE:
            return


def play(*, table: str | None, address: str | None, rounds: int, seed: int, seconds: float, name: str) -> dict:
    from game.ah_tactics import BoardScene
    from game.ah_tactics.autoplay import ClickPlayer
    from game.app import App
    from game.scenes.game_over import GameOverScene
    from game.settings import Settings

    app = App(settings=Settings(player_name=name, animation_speed="instant"))
    ui, board = join(app, BoardScene, table=table, address=address, script="window_ah_tactics")
    answers = count_answers(board)
    seat = board.link.my_seats[0]
    player = ClickPlayer(board, bots.make, "hard", seed)
    play_until(ui, board, player.step, lambda: isinstance(ui.top, GameOverScene) or stop_at(board, rounds), seconds,
               "window_ah_tactics")
    if not isinstance(ui.top, GameOverScene):
        settle(ui, board.link)
    wait(ui, lambda: board.pending_seq is None, 5, "an action of ours was never answered", "window_ah_tactics")
    final = board.link.view(seat)["public"]
    return finish(app, ui, board, seat=seat, public=final, result=final["result"], round=final.get("round"),
                  sent=board.sent, answers=answers)


def main(argv=None) -> int:
    parser = arguments(__doc__, seconds=90.0)
    parser.add_argument("--rounds", type=int, default=0)
    args = parser.parse_args(argv)
    return write(args.out, play(table=args.table, address=args.address, rounds=args.rounds, seed=args.seed,
                                seconds=args.seconds, name=args.name))


if __name__ == "__main__":
    sys.exit(main())
