"""A second Tactics (1940) window, in its own process, as a person at another machine: it joins a table
(found in the LAN browser, or typed as HOST:PORT), then plays its seat through real clicks and keys.

    python -m tests.game.window_tactics (--table NAME | --address HOST:PORT) --out result.json
        [--until end|strike] [--seed N] [--seconds S] [--shot PNG]

`--until end` (the default) plays to the game-over scene with a scripted player (a bot deciding,
carried out by clicks); `--until strike` only waits for a submarine window in which its own seat
may strike, presses S like a person would (after half a second, a person's reaction), and stops
once the strike is on its screen. It writes what its
window showed (its seat, the names, the table's rev, the final pieces and result, the strikes it
saw, whether a Strike button and the countdown showed) to `--out` as JSON and exits 0; anything that
goes wrong (no such table, no board, no end in time) exits 1 with the reason on stderr. Every wait
is bounded.
"""
import sys
import time

import bots

from tests.game.second_window import arguments, finish, join, write

REACTION = 0.5   # seconds before a person at this window presses S


def board_of(pub: dict) -> dict:
    """What a window shows of the table: pieces, coins, cards, the camps and the result."""
    keys = ("pieces", "coins", "reserve", "protest_cards", "accepted", "submarines", "deck", "camps", "turn",
            "turn_number", "outcome")
    return {k: pub[k] for k in keys}


def play(*, table: str | None, address: str | None, until: str, seed: int, seconds: float, name: str,
         shot: str | None) -> dict:
    import pygame

    from game.app import App
    from game.scenes.game_over import GameOverScene
    from game.settings import Settings
    from game.tactics1940 import BoardScene
    from game.tactics1940.autoplay import ClickPlayer

    app = App(settings=Settings(player_name=name, animation_speed="instant" if until == "end" else "normal"))
    ui, board = join(app, BoardScene, table=table, address=address, script="window_tactics")
    seat = board.link.my_seats[0]
    player = ClickPlayer(board, bots.make, "hard", seed)
    countdowns, strike_button, offered = [], False, None
    square = None   # the square of the window this seat was first offered a strike in
    deadline = time.monotonic() + seconds
    while True:
        if until == "end" and isinstance(ui.top, GameOverScene):
            break
        # done once its own strike there is on screen: not by counting strikes, for the game's past ones (the host's
        # history) may reach this window after the offer, on a loaded machine
        if until == "strike" and square is not None and not board.effects.busy and any(
                e["seat"] == seat and tuple(e["square"]) == square for e in board.strikes_seen):
            break
        if time.monotonic() > deadline:
            raise SystemExit(f"window_tactics: not done after {seconds:g} s (rev {board.link.rev}, "
                             f"status {board.link.status}, refusals {board.refusals[-3:]})")
        if ui.top is board:
            if board.clock.open:
                countdowns.append(round(board.clock.seconds, 3))
            strikes = [b for b in board.buttons if b.action["type"] == "strike"]
            strike_button = strike_button or bool(strikes)
            if until == "end":
                player.step()
            elif strikes and offered is None:
                offered, square = time.monotonic(), tuple(board.clock.square)
            elif strikes and not board.waiting and time.monotonic() - offered >= REACTION:
                pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_s, mod=0, unicode="s", scancode=0))
        ui.frames(1)
        if shot and board.strikes_seen and board.effects.queue and \
                type(board.effects.queue[0]).__name__ == "Surfacing" and board.effects.t > 0.3:
            pygame.image.save(app.surface, shot)
            shot = None
        time.sleep(0.002)
    final = board.link.view(seat)["public"]
    return finish(app, ui, board, seat=seat, board=board_of(final), result=final["result"],
                  strikes=board.strikes_seen, strike_button=strike_button, countdowns=sorted(set(countdowns)),
                  sent=board.sent, effects=board.effects.seen)


def main(argv=None) -> int:
    parser = arguments(__doc__, seconds=90.0)
    parser.add_argument("--until", choices=("end", "strike"), default="end")
    parser.add_argument("--shot", default=None)
    args = parser.parse_args(argv)
    return write(args.out, play(table=args.table, address=args.address, until=args.until, seed=args.seed,
                                seconds=args.seconds, name=args.name, shot=args.shot))


if __name__ == "__main__":
    sys.exit(main())
