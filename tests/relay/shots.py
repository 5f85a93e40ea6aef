"""Relay's screenshots (its catalog entry's `screenshots`): its board mid-race, played by its scripted player
through real input, the way tools/board_shots takes every board's."""
from pathlib import Path

import bots
from game import boards
from game.board_kit.autoplay import run_until
from tests.relay.autoplay import ClickPlayer
from tools import board_shots as shots
from tools.board_shots import save


def shoot(out_dir, app=None) -> list[Path]:
    own_app = app is None
    app = app or shots.window(animation_speed="instant")
    link = shots.table("relay", [{"kind": "human", "name": "Ada"}, {"kind": "bot", "name": "Bot", "level": "easy"}],
                       seed=5)
    scene = boards.board_scene(app, link)
    shots.put(app, scene)
    player = ClickPlayer(scene, bots.make, "normal", 5)
    run_until(app, scene, lambda: link.rev >= 6, player=player, max_frames=2000)
    saved = [save(app, Path(out_dir) / "relay_board.png", after=2)]
    link.close()
    return shots.done_with(app, own_app, saved)


if __name__ == "__main__":
    shots.main(shoot)
