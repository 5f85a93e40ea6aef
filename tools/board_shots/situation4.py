"""Screenshots of the Situation 4 race for docs/screenshots/: `shoot(out_dir)`.

A seeded race against the hard bot, the human seat played by real input
(game.situation4.autoplay), saved at the moments worth showing: mid-race with a
piece being dragged to its lit space, the flag prompt after laying an
objective, and the final tally once counted up (its totals are the scoreboard's).
"""
from pathlib import Path

import pygame

import bots
from game.board_kit.autoplay import post_key, post_motion, run_until
from game.paced_bots import paced_factory
from game.situation4.autoplay import RaceHand, post_drag
from game.situation4.scene import BoardScene
from tools import board_shots as shots
from tools.board_shots import FRAME, save


class _Steady:
    """Our racer moves every `every` frames; the frames also drive the bot's clock, so the pictures
    come out the same on every run, however fast the machine draws."""

    def __init__(self, hand, every, ticks):
        self.hand, self.every, self.n, self.ticks = hand, every, 0, ticks

    def step(self):
        self.n += 1
        self.ticks[0] += FRAME
        return self.hand.step() if self.n % self.every == 0 else None


def shoot(out_dir, app=None) -> list[Path]:
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    own_app = app is None
    app = app or shots.window()
    from net.local import LocalTable
    ticks = [0.0]
    link = LocalTable("situation4", [{"kind": "human", "name": "Ada"}, {"kind": "bot", "level": "hard", "name": "Hal"}],
                      seed=11, bot_delay=0, bot_factory=paced_factory(bots.make, speed=0.2, clock=lambda: ticks[0]))
    scene = BoardScene(app, link)
    shots.put(app, scene)
    scene.countdown.skip()
    hand = RaceHand(scene, bots.make, level="normal", seed=3)
    player = _Steady(hand, 2, ticks)
    saved = []

    # the flag prompt: lay an objective of ours by hand as soon as one fits, and leave the flag unplanted
    def objective_fits():
        return any(p in scene.board.objectives and p in scene.targets.fitting for p in scene.tray.items) \
            and scene.pub["filled"] >= 20

    run_until(app, scene, objective_fits, player=player)
    piece = next(p for p in scene.tray.items if p in scene.board.objectives and p in scene.targets.fitting)
    scene.tray.show(piece)
    app.step(FRAME)
    post_drag(scene.tray.rects[piece].center, scene.proj.slot_centre(piece))
    for _ in range(20):
        app.step(FRAME)
    post_motion((1140, 420))
    app.step(FRAME)
    app.toasts.clear()
    if scene.pub["flag_windows"][0] == piece:
        saved.append(save(app, out / "situation4_flag.png"))
    post_key(pygame.K_f)   # pressed and let go: a key never let go would hold the next F press back as a repeat
    app.step(FRAME)

    # mid-race, a piece on its way to its lit space
    def lower_half(p):
        return scene.proj.slot_centre(p)[1] > scene.proj.rect.centery

    run_until(app, scene, lambda: scene.pub["filled"] >= 44 and any(p in scene.targets.fitting and lower_half(p)
                                                                     for p in scene.tray.items), player=player)
    for _ in range(3):
        app.step(FRAME)
    piece = next((p for p in scene.tray.items if p in scene.targets.fitting and lower_half(p) and p in scene.tray.rects),
                 None)
    if piece is None:
        piece = next(p for p in scene.tray.items if p in scene.targets.fitting and lower_half(p))
        scene.tray.show(piece)
        app.step(FRAME)
    start = scene.tray.rects[piece].center
    target = scene.proj.slot_centre(piece)
    post_motion(start)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    near = (target[0] + 14, target[1] - 18)   # nearly there: the lit space and the drop tip show
    for i in range(1, 9):
        pos = (start[0] + (near[0] - start[0]) * i // 8, start[1] + (near[1] - start[1]) * i // 8)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0)))
        app.step(FRAME)
    app.toasts.clear()
    saved.append(save(app, out / "situation4_race.png"))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=near, button=1))
    app.step(FRAME)

    # the final tally, counting up
    hand.racer = bots.make("situation4", "hard", 0, 5)
    player.hand, player.every = hand, 2
    run_until(app, scene, lambda: scene.tally is not None, player=player, max_frames=20000)
    run_until(app, scene, lambda: scene.tally.done)   # counted up: its total is the scoreboard's
    # and the scoreboard has finished counting up to it
    saved.append(save(app, out / "situation4_tally.png", after=40))
    link.close()
    return shots.done_with(app, own_app, saved)


if __name__ == "__main__":
    shots.main(shoot)
