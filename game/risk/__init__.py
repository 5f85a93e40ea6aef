"""The risk board in the window: `BoardScene(app, link)`.

Modules, one idea each: geometry (map data), map_layer (cached map drawing),
armies (tokens), dice (the battle animation), cards (the hand), cover
(hot-seat "pass the device"), chooser (army counts), controls (what a click
means, from the rules' legal moves), log, hud, scene, bench, screenshots.
"""
from game.risk.scene import BoardScene

__all__ = ["BoardScene"]
