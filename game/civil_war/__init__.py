"""The Civil War Game board in the window: `BoardScene(app, link)`.

Modules, one idea each: geometry (board <-> pixels), map_layer (the painted map
and the markers that change: key cities, flags, cut rails, highlights), counters
(the stack sprites), orders (what a click means, asked of the rules), battle_dialog
(the battle choice), log (sentences for events), hud (the sides' bar, turn box,
help), scene, autoplay (a scripted player posting real input), bench, screenshots.
Shared parts (seats, hot-seat cover, log panel, hint bar, input posting, frame
timing, saving shots) come from game.board_kit.
"""
from game.civil_war.scene import BoardScene

__all__ = ["BoardScene"]
