"""Screenshots of the risk board for docs/screenshots/: `shoot(out_dir)`.

Plays seeded local games through real input events (game.risk.autoplay) and
saves the window at the moments worth showing: the opening, an attack with the
dice rolling, the occupy chooser, the hand of cards and the hot-seat cover.
"""
from pathlib import Path

import pygame

from game.board_kit.autoplay import FRAME, run_until
from game.risk.autoplay import ClickPlayer, post_click
from game.risk.scene import BoardScene
from tools import board_shots as shots
from tools.board_shots import save as _save


def _table(seats, seed, **options):
    return shots.table("risk", seats, seed, **options)


def _run_until(app, scene, player, done, *, play=True) -> bool:
    return run_until(app, scene, done, player=player if play else None)


def shoot(out_dir, app=None) -> list[Path]:
    """Save the board screenshots into `out_dir`. With `app` (a running App) the board scenes are
    pushed on its stack and popped again afterwards; without, a window of its own is opened and closed."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    saved = []
    own_app = app is None
    app = app or shots.window()
    humans_vs_bots = [{"kind": "human", "name": "Ada"}, {"kind": "bot", "name": "Bismarck", "level": "normal"},
                      {"kind": "bot", "name": "Catherine", "level": "normal"},
                      {"kind": "bot", "name": "Drake", "level": "normal"}]
    link = _table(humans_vs_bots, seed=11)
    scene = BoardScene(app, link)
    app.push(scene)
    app.active_link = link
    player = ClickPlayer(scene)
    pub = lambda: scene.view["public"]  # noqa: E731

    # the opening: a few armies placed, the lit territories where the next one may go
    _run_until(app, scene, player, lambda: pub()["phase"] == "setup" and pub()["setup_pools"][0] <= 14)
    lit = sorted(scene.controls.highlights(pub(), scene.actions))
    post_click(scene.geometry.territories[lit[0]].army)
    for _ in range(3):
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(590, 300), rel=(0, 0), buttons=(0, 0, 0)))
        app.step(FRAME)
    saved.append(_save(app, out / "risk_setup.png"))

    # an attack: source picked, dice tumbling over the map
    _run_until(app, scene, player, lambda: pub()["phase"] == "attack" and scene.active_seat == 0
               and player._best_attack(pub(), scene.actions) is not None)
    # a battle that takes more than one roll, so the dice are the story, not the chooser
    attacks = {(a["from"], a["to"]) for a in scene.actions if a["type"] == "attack"}
    terr = pub()["territories"]
    src, dst = max(attacks, key=lambda p: (terr[p[0]]["armies"] > 3, terr[p[1]]["armies"] >= 2,
                                           terr[p[0]]["armies"] - terr[p[1]]["armies"], p))
    post_click(scene.geometry.territories[src].army)
    app.step(FRAME)
    post_click(scene.geometry.territories[dst].army)
    for _ in range(12):
        app.step(FRAME)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=scene.geometry.territories[dst].army, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    app.step(FRAME)
    saved.append(_save(app, out / "risk_attack.png"))

    # the occupy chooser after a conquest
    _run_until(app, scene, player, lambda: scene.chooser is not None and pub()["phase"] == "occupy")
    scene.chooser.set((scene.chooser.lo + scene.chooser.hi + 1) // 2)
    saved.append(_save(app, out / "risk_occupy.png"))

    # a hand of cards with a set being picked
    _run_until(app, scene, player, lambda: pub()["phase"] == "reinforce" and scene.active_seat == 0
               and len(scene.private_cards()) >= 3)
    app.step(FRAME)
    for cid in list(scene.hand.rects)[:2]:
        post_click(scene.hand.rects[cid].center)
        app.step(FRAME)
    help_pos = (700, 560)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=help_pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.step(FRAME)
    saved.append(_save(app, out / "risk_cards.png"))
    link.close()

    # hot-seat: the cover between two people at one machine
    hot = [{"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Grace"}, {"kind": "bot", "name": "Turing"}]
    scene2 = BoardScene(app, _table(hot, seed=4))
    saved.append(shots.cover_shot(app, scene2, out / "risk_hotseat_cover.png", player=ClickPlayer(scene2),
                                  until=lambda: scene2.cover.up and scene2.revealed is not None))
    return shots.done_with(app, own_app, saved)


if __name__ == "__main__":
    shots.main(shoot)
