"""The Civil War Game board in the window: `BoardScene(app, link)`.

Modules, one idea each: geometry (the grid and where it sits), map_layer (the painted
map and the markers that change: key cities, flags, cut rails), counters (how a stack
looks), orders (what the seat may do, read from `legal`), orders_panel (the selected
stack's split, a step's controls), battle_dialog (the battle choice), log (sentences
for events), hud (the sides' bar, turn box, help), scene, autoplay (a scripted player
posting real input). The map, its zoom and pan, counters, selection, reach and the
combat dialog are the counter-wargame kit's (game.wargame); the frame (seats, cover,
help, log, hint, Esc, game over) is game.board_kit's base board scene.
"""
from game.civil_war.counters import side_colour as seat_colour
from game.civil_war.scene import BoardScene

__all__ = ["BoardScene", "seat_colour"]
