"""The places a lesson points at, on a board of squares (game.tutorial): lit in the highlight style
"lesson" (game.board_kit.highlights) through the board's own lights, boxed on screen, brought into view.

Mixed into a board scene that has a `map` (MapView) and `lights` (anything with
`light(surface, view, cell, style, alpha)`); a place is a cell [col, row].
"""
from game.wargame.grid import as_cell

STYLE = "lesson"


class LitPlaces:
    def light_places(self, surface, places, alpha: int = 255) -> None:
        with self.map.clipped(surface):
            for cell in places:
                if self.map.is_visible(cell):
                    self.lights.light(surface, self.map, as_cell(cell), STYLE, alpha)

    def place_rects(self, places) -> list:
        return [self.map.cell_rect(cell) for cell in places]

    def show_places(self, places) -> None:
        """Pan so the places are in view (their middle centred, when they are not all in view already)."""
        if not places or all(self.map.viewport.contains(self.map.cell_rect(c)) for c in places):
            return
        points = [self.map.grid.centre(as_cell(c)) for c in places]
        self.map.camera.centre_on(sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points))
