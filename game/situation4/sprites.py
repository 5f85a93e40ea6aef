"""Jigsaw pieces as sprites, cut from the piece outlines in assets/boards/situation4_pieces.json.

Each sprite is the piece's polygon (tabs and blanks as generated) filled in its
side's shade, with a dark rim and the red band of a base-line piece, drawn at
three times the size and smoothed down so the curves stay clean. Sprites are
made on first use and kept (convert_alpha), per piece, side, size and
orientation; `anchor` is where the centre of the piece's own slot falls in it,
so a sprite can be put on a slot, in the tray or under the mouse the same way.
"""
import json

import pygame

from engine.situation4.board import PIECES_FILE
from game import theme
from game.situation4 import palette

SUPERSAMPLE = 3
RED_BAND = 9      # board units: the red border of a base-line piece
MARGIN = 2        # pixels around the polygon


def load_outlines() -> list[list[tuple[float, float]]]:
    data = json.loads(PIECES_FILE.read_text(encoding="utf-8"))
    return [[(float(x), float(y)) for x, y in p["outline"]] for p in data["pieces"]]


class Sprite:
    __slots__ = ("surface", "anchor")

    def __init__(self, surface: pygame.Surface, anchor: tuple[int, int]):
        self.surface = surface
        self.anchor = anchor

    def blit_at(self, target: pygame.Surface, centre, *, alpha: int | None = None) -> pygame.Rect:
        pos = (round(centre[0] - self.anchor[0]), round(centre[1] - self.anchor[1]))
        if alpha is None:
            return target.blit(self.surface, pos)
        ghost = self.surface.copy()
        ghost.fill((255, 255, 255, alpha), special_flags=pygame.BLEND_RGBA_MULT)
        return target.blit(ghost, pos)


class PieceSprites:
    def __init__(self, board, outlines=None):
        self.board = board
        self.outlines = outlines or load_outlines()
        self._cache: dict[tuple, Sprite] = {}
        self._shapes: dict[tuple, list] = {}
        self.built = 0

    def outline(self, piece: int, cell_px: float, flipped: bool) -> list[tuple[float, float]]:
        """The piece's outline in pixels, relative to the centre of its own slot."""
        key = (piece, cell_px, flipped)
        pts = self._shapes.get(key)
        if pts is None:
            b = self.board
            r, c = b.row_col(piece)
            cx, cy = (c + 0.5) * b.cell, (r + 0.5) * b.cell
            k = cell_px / b.cell
            sign = -1 if flipped else 1
            pts = [(sign * (x - cx) * k, sign * (y - cy) * k) for x, y in self.outlines[piece]]
            self._shapes[key] = pts
        return pts

    def get(self, piece: int, side: int, cell_px: float, flipped: bool = False) -> Sprite:
        key = (piece, side, cell_px, flipped, palette.side_shade(side), theme.striped(side))
        sprite = self._cache.get(key)
        if sprite is None:
            sprite = self._build(piece, side, cell_px, flipped)
            self._cache[key] = sprite
            self.built += 1
        return sprite

    def _build(self, piece, side, cell_px, flipped) -> Sprite:
        pts = self.outline(piece, cell_px, flipped)
        min_x = min(x for x, _ in pts)
        min_y = min(y for _, y in pts)
        max_x = max(x for x, _ in pts)
        max_y = max(y for _, y in pts)
        w = int(max_x - min_x) + 2 * MARGIN + 1
        h = int(max_y - min_y) + 2 * MARGIN + 1
        s = SUPERSAMPLE
        big = pygame.Surface((w * s, h * s), pygame.SRCALPHA)
        ox, oy = MARGIN - min_x, MARGIN - min_y
        poly = [((x + ox) * s, (y + oy) * s) for x, y in pts]
        shade = palette.side_shade(side)
        pygame.draw.polygon(big, (*shade, 255), poly)
        # a soft light from the top-left: a lighter wash clipped to the piece
        wash = pygame.Surface(big.get_size(), pygame.SRCALPHA)
        pygame.draw.polygon(wash, (*theme.lighten(shade, 0.25), 80), [(x - 2 * s, y - 2 * s) for x, y in poly])
        wash.blit(big, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        big.blit(wash, (0, 0))
        if theme.striped(side):   # the second puzzle told from the first by its stripes as well as its shade
            stripes = pygame.Surface(big.get_size(), pygame.SRCALPHA)
            theme.draw_stripes(stripes, stripes.get_rect(), (*theme.darken(shade, 0.2), 255), every=7 * s, width=2 * s)
            stripes.blit(big, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
            big.blit(stripes, (0, 0))
        self._red_band(big, piece, flipped, cell_px, ox, oy)
        pygame.draw.lines(big, (*theme.darken(shade, 0.62), 255), True, poly, 2 * s)
        surf = pygame.transform.smoothscale(big, (w, h))
        return Sprite(surf.convert_alpha(), (round(ox), round(oy)))

    def _red_band(self, big, piece, flipped, cell_px, ox, oy) -> None:
        """Base-line pieces (the first and last rows) carry a red border along the board's rim."""
        b = self.board
        r, _ = b.row_col(piece)
        if r not in (0, b.rows - 1):
            return
        s = SUPERSAMPLE
        half = cell_px / 2
        band = RED_BAND * cell_px / b.cell
        north = (r == 0) != flipped   # the rim edge is at the top of the sprite
        y0 = -half if north else half - band
        rect = pygame.Rect(round((-half + ox) * s), round((y0 + oy) * s), round(cell_px * s), round(band * s))
        pygame.draw.rect(big, (*palette.BASE_LINE_RED, 255), rect)
