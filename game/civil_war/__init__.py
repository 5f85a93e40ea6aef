"""The Civil War Game board in the window: `BoardScene(app, link)`.

Modules, one idea each: geometry (the grid and where it sits), map_layer (the painted map and the markers that
change: key cities, flags, cut rails), counters (how a stack looks), orders (what the seat may do, read from
`legal`), scene (the board: its parts composed), and the parts: input (the seat's orders and picks, clicks and
keys), panels (the side column: turn box, orders panel, the turn's buttons; the hint line), orders_panel (the
selected stack's split, a step's controls), overlays (what is drawn on the map, the tooltip), news (events'
sounds, the war's tallies), battle_dialog (the battle choice), inspect (the stack inspector's rows), log
(sentences for events), hud (the sides' bar, turn box), autoplay (a scripted player posting real input). The map,
its zoom and pan, counters, selection, reach and the combat dialog are the counter-wargame kit's (game.wargame);
the frame (seats, cover, help, log, hint, Esc, game over) is game.board_kit's base board scene.
"""
from game.civil_war.counters import side_colour as seat_colour
from game.civil_war.scene import BoardScene

__all__ = ["BoardScene", "seat_colour"]
