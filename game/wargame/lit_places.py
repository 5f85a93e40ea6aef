"""The places a lesson points at, on a board of squares (game.tutorial): lit in the highlight style
"lesson" (game.board_kit.highlights) through the board's own lights, boxed on screen, brought into view.

`LessonPlaces(view, lights)`: `view` is the board's MapView, `lights` anything with
`light(surface, view, cell, style, alpha)`; a place is a cell [col, row].
"""
from game.wargame.grid import as_cell

STYLE = "lesson"


class LessonPlaces:
    def __init__(self, view, lights):
        self.view, self.lights = view, lights

    def light(self, surface, places, alpha: int = 255) -> None:
        with self.view.clipped(surface):
            for cell in places:
                if self.view.is_visible(cell):
                    self.lights.light(surface, self.view, as_cell(cell), STYLE, alpha)

    def rects(self, places) -> list:
        return [self.view.cell_rect(cell) for cell in places]

    def show(self, places) -> None:
        """Pan so the places are in view (their middle centred, when they are not all in view already)."""
        if not places or all(self.view.viewport.contains(self.view.cell_rect(c)) for c in places):
            return
        points = [self.view.grid.centre(as_cell(c)) for c in places]
        self.view.camera.centre_on(sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points))
