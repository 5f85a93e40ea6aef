"""A window in its own process that starts a Risk game against a bot, plays a few moves through its
clicks, prints "played REV" and then waits to be killed mid-game (tests/game/test_continue_every_game.py).

    python -m tests.game.window_crashing_player SEED

It uses SANDTABLE_HOME from its environment, so its autosave lands where the test looks.
"""
import functools
import sys
import time

MAX_SECONDS = 120   # killed by its test long before; bounded anyway


def main(seed: int) -> int:
    import bots
    from game import boards, local_play, tables
    from game.app import App
    from game.risk.autoplay import ClickPlayer
    from game.scenes.title import TitleScene
    from game.settings import Settings
    from tests.game.driver import Driver
    tables.start_local = functools.partial(tables.start_local, seed=seed)
    app = App(settings=Settings(player_name="Ada", animation_speed="instant"), bot_factory=bots.make)
    app.push(TitleScene(app))
    seats = [{"kind": "human", "name": "Ada"}, {"kind": "bot", "level": "easy"}, {"kind": "bot", "level": "easy"}]
    link = local_play.start_local_table(app, "risk", seats, {})
    board = boards.board_scene(app, link)
    app.push(board)
    ui, player = Driver(app), ClickPlayer(board)
    deadline = time.monotonic() + MAX_SECONDS
    while len(board.sent) < 3 or board.waiting:
        if time.monotonic() > deadline:
            return 1
        player.step()
        ui.frames(1)
    print(f"played {link.rev}", flush=True)
    while time.monotonic() < deadline:   # a window in play, until it is killed
        ui.frames(1)
        time.sleep(0.01)
    return 0


if __name__ == "__main__":
    sys.exit(main(int(sys.argv[1])))
