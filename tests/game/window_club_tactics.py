"""A Tactics (1940) window in its own process, as a person at another machine playing through a club: Online,
Sign up (the window makes the secret), the club's lobby, the table picked in its list and Join, the seats
screen, then its seat played through real clicks (a bot deciding, game.tactics1940.autoplay) to the game over.

    python -m tests.game.window_club_tactics --address nats://HOST:PORT --name NAME --table ID --out result.json
        [--seed N] [--seconds S]

Its seat's deciding bot is seeded with N + its seat, so the game does not depend on which window sat first.

It prints one line as each stage is reached ("lobby", "seated N", "board", "over") and writes what its window
showed at the end (seat, rev, the final pieces and result, the actions it sent, any refusals) to `--out` as
JSON, exiting 0; anything that goes wrong exits 1 with the reason on stderr. Every wait is bounded.
"""
import argparse
import json
import sys
import time

import bots

from tests.game.window_tactics import board_of


def _wait(ui, condition, deadline: float, what: str) -> None:
    while not condition():
        if time.monotonic() > deadline:
            raise SystemExit(f"window_club_tactics: {what} (on screen: {type(ui.top).__name__}, "
                             f"error: {getattr(ui.top, 'error', None)})")
        ui.frames(1)
        time.sleep(0.005)


def play(*, address: str, name: str, table_id: int, seed: int, seconds: float) -> dict:
    import pygame

    from game.app import App
    from game.scenes.club_lobby import ClubLobbyScene
    from game.scenes.game_over import GameOverScene
    from game.scenes.lobby import LobbyScene
    from game.scenes.title import TitleScene
    from game.settings import Settings
    from game.tactics1940 import BoardScene
    from game.tactics1940.autoplay import ClickPlayer
    from tests.game.driver import Driver

    deadline = time.monotonic() + seconds
    app = App(settings=Settings(player_name=name, animation_speed="instant"))
    app.push(TitleScene(app))
    ui = Driver(app)
    ui.frames(2)
    ui.key(pygame.K_o)   # Online
    form = ui.top
    form.address.text, form.name.text, form.secret.text = address, name, ""
    ui.click_button(form.sign_up_button)   # an empty secret: the window makes one and keeps it
    _wait(ui, lambda: isinstance(ui.top, ClubLobbyScene), deadline, "never signed in")
    print("lobby", flush=True)
    lobby = ui.top
    _wait(ui, lambda: table_id in lobby.open_tables, deadline, f"table {table_id} never listed")
    row = next(i for i, (key, _) in enumerate(lobby.open_list.rows) if key == table_id)
    ui.click(lobby.open_list.row_rect(row).center)
    ui.click_button(lobby.join_button)
    _wait(ui, lambda: isinstance(ui.top, (LobbyScene, BoardScene)), deadline, "never sat at the table")
    link = ui.top.link
    _wait(ui, lambda: link.my_seats, deadline, "no seat")
    seat = link.my_seats[0]
    print(f"seated {seat}", flush=True)
    _wait(ui, lambda: isinstance(ui.top, BoardScene), deadline, "the board never opened")
    print("board", flush=True)
    board = ui.top
    player = ClickPlayer(board, bots.make, "hard", seed + seat)   # by seat: the same game whoever sits first
    while not isinstance(ui.top, GameOverScene):
        if time.monotonic() > deadline:
            raise SystemExit(f"window_club_tactics: no game over after {seconds:g} s (rev {link.rev}, "
                             f"status {link.status}, refusals {board.refusals[-3:]})")
        if ui.top is board:
            player.step()
        ui.turn()
        time.sleep(0.002)
    print("over", flush=True)
    final = link.view(seat)["public"]
    out = {"seat": seat, "rev": link.rev, "board": board_of(final), "result": final["result"],
           "shown_result": ui.top.result, "sent": board.sent, "refusals": board.refusals, "status": link.status}
    link.close()
    app.close()
    return out


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--address", required=True)
    parser.add_argument("--name", required=True)
    parser.add_argument("--table", type=int, required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--seconds", type=float, default=60.0)
    args = parser.parse_args(argv)
    result = play(address=args.address, name=args.name, table_id=args.table, seed=args.seed, seconds=args.seconds)
    with open(args.out, "w", encoding="utf-8") as f:
        json.dump(result, f)
    return 0


if __name__ == "__main__":
    sys.exit(main())
