"""The Tactics (1954) board in the window: `BoardScene(app, link)`.

Modules, one idea each: geometry (the grid and where it sits), counters (how a unit looks, the sides' colours),
orders (what the seat may do, read from `legal`), hud (the sides' bar with the allowance, turn box, allowance gauge,
unit card, reserves and battle-plan panel), charts (the CRT chart window and the battle calculator's chances),
inspect (the unit inspector's rows), effects (moves sliding, battles playing one after another, losses fading),
log (sentences for events), scene (the board: its parts composed), and the parts: places (where each unit shows),
input (the seat's orders and picks, the reach and path; clicks and keys), panels (the side column and words),
overlays (what is drawn on the map: the shaded reach, the path, the front line, HQ ranges, the plan), news (events
into animations, sounds and tallies); autoplay (a scripted player posting real input). What the window shows
beyond `legal` it asks engine.ah_tactics.queries. The map, its zoom and pan and the counters are the
counter-wargame kit's (game.wargame); the frame (seats, cover, help, log, hint, Esc, game over), the reach
shading, the inspector and the chart window are game.board_kit's. The map art is tools/make_ah_tactics_art.py's.
"""
from game.ah_tactics.counters import seat_colour
from game.ah_tactics.scene import BoardScene

__all__ = ["BoardScene", "seat_colour"]
