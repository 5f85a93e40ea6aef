"""The risk board in the window: `BoardScene(app, link)`.

Modules, one idea each: geometry (map data), map_layer (cached map drawing, a lesson's lit territories), armies
(tokens), dice (the battle animation), cards (the hand), chooser (army counts), controls (what a click means, from
the seat's `legal`), log (risk's sentences), hints (the hint line's words), hud (risk's top bar and turn box),
scene (the board: its parts composed), and the parts: input (the seat's legal actions and the turn's picks, clicks
and keys), panels (the side column, the dice chooser, the defender's prompt), overlays (what is drawn on the map,
the tooltip), news (events' sounds, the tallies); autoplay (a scripted player posting real input). The frame every
board shares (seats, hot-seat cover, help, log panel, hint line, Esc, game over) is game.board_kit's base board
scene.
"""
from game.risk.scene import BoardScene

__all__ = ["BoardScene"]
