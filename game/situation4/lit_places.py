"""The places a lesson points at on the Situation 4 board (game.tutorial): a space (its slot number), a piece
in the tray ({piece = n}) or a bridge position ({bridge = p}), lit in the shared "lesson" style
(game.board_kit.highlights) with the board's own glow and outline."""
import pygame

from game.board_kit.highlights import STYLES

FILL, OUTLINE, WIDTH = STYLES["lesson"]
DOT = 16   # half the side of a bridge dot's lit box


class LessonPlaces:
    """A lesson's places on the board's `layer` and projection `proj`, or in its `tray`."""

    def __init__(self, board, proj, layer, tray):
        self.board, self.proj, self.layer, self.tray = board, proj, layer, tray

    def _place_rect(self, place) -> pygame.Rect | None:
        if isinstance(place, int):
            return self.proj.slot_rect(place)
        if "piece" in place:
            return self.tray.rects.get(place["piece"])
        p, q = self.proj.edge_points(*self.board.bridge_positions[place["bridge"]])
        return pygame.Rect(round((p[0] + q[0]) / 2) - DOT, round((p[1] + q[1]) / 2) - DOT, 2 * DOT, 2 * DOT)

    def light(self, surface, places, alpha: int = 255) -> None:
        for place in places:
            if isinstance(place, int):
                self.layer.draw_glow(surface, place, FILL[:3], alpha // 3)
                self.layer.draw_outline(surface, place, OUTLINE, WIDTH)
                continue
            rect = self._place_rect(place)
            if rect is not None:
                pygame.draw.rect(surface, OUTLINE, rect.inflate(4, 4), WIDTH, border_radius=6)

    def rects(self, places) -> list:
        return [r for r in (self._place_rect(p) for p in places) if r is not None]
