"""Screenshots of the Tactics (1954) board for docs/screenshots/: `shoot(out_dir)`.

Plays a seeded local game against a bot through real input (game.ah_tactics.autoplay) and saves
the window at the moments worth showing: the secret set-up (zoomed on one's own bivouac areas),
the map mid-game with a division picked, its reach shaded by cost band and the path under the
pointer with its cost, the battle plan with its odds on the map and each battle's chances, the
Combat Results Table window (C) with the planned battle's column lit, and the unit inspector (I).
"""
from pathlib import Path

import pygame

import bots
from game.ah_tactics.autoplay import ClickPlayer
from game.ah_tactics.scene import BoardScene
from game.board_kit.autoplay import FRAME, post_key, post_motion, run_until
from tools import board_shots as shots
from tools.board_shots import save

SEED = 3


def _zoom_on(scene, square, level: float = 1.0) -> None:
    cam = scene.map.camera
    cam.set_zoom(level)
    cam.centre_on(*scene.map.grid.centre(tuple(square)))


def shoot(out_dir, app=None) -> list[Path]:
    out = Path(out_dir)
    saved = []
    own_app = app is None
    app = app or shots.window(animation_speed="instant")
    link = shots.table("ah_tactics", [{"kind": "human", "name": "Ada"},
                                      {"kind": "bot", "name": "Guderian", "level": "normal"}], SEED)
    scene = BoardScene(app, link)
    shots.put(app, scene)
    player = ClickPlayer(scene, bots.make, "hard", SEED)
    app.step(FRAME)

    # the secret set-up: Ada's own arrangement, a unit picked in the IIC area
    _zoom_on(scene, (17, 8), 0.8)
    uid = min(u for u in scene.orders.units("place") if scene.units[u]["area"] == "IIC")
    post_click_at(app, scene, scene.positions[uid])
    post_motion(scene.map.centre(max(scene.reach(), key=lambda sq: (sq[0] + sq[1], sq))))   # the tip clear of the area
    app.step(FRAME)
    saved.append(save(app, out / "ah_tactics_setup.png"))
    scene.reset_input()

    # mid-game: a division picked, its reach lit with costs
    def picked():
        return (scene.pub.get("round", 0) >= 3 and scene.phase == "move" and scene.orders is not None
                and not scene.waiting)
    run_until(app, scene, picked, player=player, max_frames=3000)
    movers = sorted(u for u in scene.orders.units("move") if scene.units[u]["kind"] == "armor") or \
        sorted(scene.orders.units("move"))
    uid = movers[0]
    _zoom_on(scene, scene.positions[uid], 1.0)
    post_click_at(app, scene, scene.positions[uid])
    reach = scene.reach()
    far = max(reach, key=lambda sq: (reach[sq] or 0, sq))
    inner = scene.map.viewport.inflate(-360, -240)   # a path end clear of the window's edges and the tooltip
    near = [sq for sq in reach if inner.collidepoint(scene.map.centre(sq))]
    post_motion(scene.map.centre(max(near, key=lambda sq: (reach[sq] or 0, sq)) if near else far))
    saved.append(save(app, out / "ah_tactics_board.png", after=3))
    scene.reset_input()

    # the battle plan, odds on the map, before confirming
    def planned():
        return scene.phase == "battle" and len(scene.pub.get("plan") or []) >= 2 and not scene.pub.get("unengaged")
    if run_until(app, scene, planned, player=player, max_frames=6000):
        battle = scene.pub["plan"][0]
        _zoom_on(scene, scene.positions[battle["defenders"][0]], 1.0)
        saved.append(save(app, out / "ah_tactics_battle.png", after=3))
        # the chart window (C): the planned battle's column and its outcomes lit
        post_key(pygame.K_c)
        saved.append(save(app, out / "ah_tactics_crt.png", after=3))
        post_key(pygame.K_c)   # any key closes it
        app.step(FRAME)
        # the unit inspector (I) over one of the attackers
        attacker = int(next(iter(battle["attackers"])))
        post_motion(scene.map.centre(scene.positions[attacker]))
        app.step(FRAME)
        post_key(pygame.K_i)
        saved.append(save(app, out / "ah_tactics_inspector.png", after=3))
        post_key(pygame.K_i)
        app.step(FRAME)
    link.close()
    return shots.done_with(app, own_app, saved)


def post_click_at(app, scene, square) -> None:
    from game.board_kit.autoplay import post_click
    post_click(scene.map.centre(square))
    app.step(FRAME)


if __name__ == "__main__":
    shots.main(shoot)
