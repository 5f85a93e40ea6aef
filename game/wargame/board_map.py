"""The map a counter wargame's board works on, opened in one call (Tactics (1954), the Civil War Game).

`open_map(grid, rect, max_zoom, on_click)` gives a `BoardMap` over `rect`: its `view` (MapView: zoom, pan), its
`picture` (the board drawn at the camera's zoom), its `pointer` (press, drag, click: a click goes to
`on_click(cell, button)`), its `lights` and `shading` (a picked unit's reach) and its `inspector` (the card
right-click or I opens). The board's parts share it: the input takes the pointer and the inspector, the overlays
draw with the rest.
"""
from dataclasses import dataclass

from game.board_kit.inspector import Inspector
from game.board_kit.reach_shading import ReachShading
from game.wargame.map_input import MapPointer
from game.wargame.map_view import MapView, WorldPicture
from game.wargame.reach import ReachOverlay


@dataclass
class BoardMap:
    view: MapView
    picture: WorldPicture
    pointer: MapPointer
    lights: ReachOverlay
    shading: ReachShading
    inspector: Inspector


def open_map(grid, rect, max_zoom: float, on_click) -> BoardMap:
    view = MapView(grid, rect, max_zoom=max_zoom)
    return BoardMap(view, WorldPicture(), MapPointer(view, on_click), ReachOverlay(), ReachShading(), Inspector(rect))
