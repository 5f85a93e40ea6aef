"""Screenshots of the Civil War board for docs/screenshots/: `shoot(out_dir)`.

Plays a seeded local game against a bot through real input (game.civil_war.autoplay)
and saves the window at the moments worth showing: a battle dialog, the board
mid-game with a stack selected and its moves lit, and the game over (a hot-seat game has no cover:
nothing in it is secret).
"""
from pathlib import Path

import bots
from game.board_kit.autoplay import FRAME, post_motion, run_until
from game.civil_war.autoplay import ClickPlayer
from game.civil_war.scene import BoardScene
from tools import board_shots as shots
from tools.board_shots import save

SEED = 9  # a game with a battle dialog early (turn 3), a rail ride and an attack lit on turn 7, and a war to its end


def _table(seats, seed):
    return shots.table("civil_war", seats, seed)


def shoot(out_dir, app=None) -> list[Path]:
    """Save the board screenshots into `out_dir` (a window of its own unless `app` is given)."""
    from game.scenes.game_over import GameOverScene
    out = Path(out_dir)
    saved = []
    own_app = app is None
    app = app or shots.window(animation_speed="instant")
    link = _table([{"kind": "human", "name": "Ada"}, {"kind": "bot", "name": "Grant", "level": "easy"}], SEED)
    scene = BoardScene(app, link)
    app.push(scene)
    app.active_link = link
    player = ClickPlayer(scene, bots.make, "hard", SEED)

    # a battle: the dialog for the larger force
    if run_until(app, scene, lambda: scene.dialog is not None, player=player):
        post_motion((scene.dialog.rect.centerx, scene.dialog.rect.bottom + 30))
        app.step(FRAME)
        saved.append(save(app, out / "civil_war_battle.png"))

    # mid-game: a stack picked, its moves lit, the mouse over a square it could attack or reach
    def picked_mid_game():
        pub = scene.view["public"]
        if pub["turn_number"] < 5 or scene.selection.cell is None or scene.step is not None:
            return False
        # an infantry column with a railroad ride and an attack in reach reads best; later, anything will do
        infantry = scene.selection.picked.get("infantry", 0) >= 2 and not scene.selection.picked.get("cavalry")
        return (infantry and any(v == "attack" for v in scene.reach().values())) or pub["turn_number"] >= 11
    run_until(app, scene, picked_mid_game, player=player)
    reach = scene.reach()
    target = next((sq for sq, v in sorted(reach.items()) if v == "attack"), next(iter(sorted(reach)), None))
    if target is not None:
        post_motion(scene.map.centre(target))
    saved.append(save(app, out / "civil_war_board.png", after=3))

    # the end of the war
    run_until(app, scene, lambda: False, player=player, max_frames=20000)
    if isinstance(app.stack.top, GameOverScene):
        saved.append(save(app, out / "civil_war_game_over.png", after=30))
    link.close()
    return shots.done_with(app, own_app, saved)


if __name__ == "__main__":
    shots.main(shoot)
