"""The risk board in the window: `BoardScene(app, link)`.

Modules, one idea each: geometry (map data), map_layer (cached map drawing),
armies (tokens), dice (the battle animation), cards (the hand), chooser (army
counts), controls (what a click means, from the rules' legal moves), log (risk's
sentences), hud (risk's top bar and turn box), scene, bench, screenshots. The
parts every board shares (seats, hot-seat cover, log panel, hint line, input
posting, frame timing, saving shots) live in game.board_kit.
"""
from game.risk.scene import BoardScene

__all__ = ["BoardScene"]
