"""The map a counter wargame's board scene works on, opened in one call (Tactics (1954), the Civil War Game).

`open_map(scene, grid, rect, max_zoom)` gives the scene its `map` (MapView: zoom, pan), `picture` (the board
drawn at the camera's zoom), `pointer` (clicks go to `scene.click_cell`), `lights` and `shading` (a picked
unit's reach) and `inspector` (the card right-click or I opens), all over `rect`.
"""
from game.board_kit.inspector import Inspector
from game.board_kit.reach_shading import ReachShading
from game.wargame.map_input import MapPointer
from game.wargame.map_view import MapView, WorldPicture
from game.wargame.reach import ReachOverlay


def open_map(scene, grid, rect, max_zoom: float) -> None:
    scene.map = MapView(grid, rect, max_zoom=max_zoom)
    scene.picture = WorldPicture()
    scene.pointer = MapPointer(scene.map, scene.click_cell)
    scene.lights = ReachOverlay()
    scene.shading = ReachShading()
    scene.inspector = Inspector(rect)
