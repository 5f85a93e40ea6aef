"""The Tactics (1940) board in the window: `BoardScene(app, link)`.

Modules, one idea each: geometry (the grid, where it sits, the static board), powers (each
power's colour and name), sprites (pieces, coins, cards, drawn by code), map_layer (the
printed art with the homes' colours and the four holding areas filled in), orders (what the
seat may do, read from `legal`), windows (the submarine window's countdown and hot-seat
standing orders), effects (animations of what happened), hand (the seat's own submarine
cards), hud (top bar, turn box, powers' table, last card, reaction banner, help), log
(sentences for events), lights (how a reachable square is lit on blue water), tooltip (where
the tooltip goes, off the lit squares), stage (where things are on screen, for the animations),
scene (the board: its parts composed), and the parts: pieces (the powers, the pieces, the seat's
cards, read once per view), input (orders, picks, buttons, lit squares; clicks, keys, standing
orders carried out), panels (panels, tooltip, hint, game over), overlays (the board's drawing),
news (events into animations); autoplay (a scripted player posting real input). The board's zoom and pan, the other lit places and the own-secret
rim are the counter-wargame kit's (game.wargame); the frame (seats, cover, help, log, hint, Esc, game over) is
game.board_kit's base board scene.
"""
from game.tactics1940.scene import BoardScene

__all__ = ["BoardScene"]
