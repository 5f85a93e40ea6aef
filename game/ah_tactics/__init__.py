"""The Tactics (1954) board in the window: `BoardScene(app, link)`.

Modules, one idea each: geometry (the grid and where it sits), counters (how a unit looks, the
sides' colours), orders (what the seat may do, read from `legal`), effects (moves sliding,
battles playing one after another, losses fading), log (sentences for events), hud (the sides'
bar with the allowance, turn box, allowance gauge, unit card, reserves and battle-plan panel,
help), scene, autoplay (a scripted player posting real input). The map, its zoom and pan,
counters and the lit reach are the counter-wargame kit's (game.wargame); the frame (seats,
cover, help, log, hint, Esc, game over) is game.board_kit's base board scene. The map art is
tools/make_ah_tactics_art.py's.
"""
from game.ah_tactics.counters import seat_colour
from game.ah_tactics.scene import BoardScene

__all__ = ["BoardScene", "seat_colour"]
