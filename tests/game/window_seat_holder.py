"""A window in its own process that joins a table by address, reaches the board, makes one move through
its keys, prints "seated" and then waits to be killed (tests/game/test_rejoin.py).

    python -m tests.game.window_seat_holder HOST PORT

It uses SANDTABLE_HOME from its environment, so the seat it keeps lands where the test looks.
"""
import sys
import time


def main(host: str, port: int) -> int:
    import pygame

    import tests.own_games  # noqa: F401 - the toy game joins the catalog
    from game import boards
    from tests.game.second_window import join_at
    _, ui = join_at("Crashy", host, port)
    board_type = boards.board_class("toy")
    deadline = time.monotonic() + 20
    while not isinstance(ui.top, board_type):
        if time.monotonic() > deadline:
            print(f"no board: {type(ui.top).__name__}", file=sys.stderr, flush=True)
            return 1
        ui.frames(1)
        time.sleep(0.005)
    link = ui.top.link
    while link.rev < 1 and time.monotonic() < deadline:  # our move: the toy board takes 1 on key "1"
        view = link.view(0)
        if view and 0 in view["public"]["to_act"]:
            ui.key(pygame.K_1)
        ui.frames(1)
        time.sleep(0.005)
    print(f"seated {link.my_seats[0]} rev {link.rev}", flush=True)
    while True:  # a window in play, until it is killed
        ui.frames(1)
        time.sleep(0.01)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], int(sys.argv[2])))
