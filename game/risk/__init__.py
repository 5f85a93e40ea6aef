"""The risk board in the window: `BoardScene(app, link)`.

Modules, one idea each: geometry (map data), map_layer (cached map drawing),
armies (tokens), dice (the battle animation), cards (the hand), chooser (army
counts), controls (what a click means, from the seat's `legal`), log (risk's
sentences), hud (risk's top bar and turn box), scene, autoplay (a scripted player
posting real input). The frame every board shares (seats, hot-seat cover, help,
log panel, hint line, Esc, game over) is game.board_kit's base board scene.
"""
from game.risk.scene import BoardScene

__all__ = ["BoardScene"]
