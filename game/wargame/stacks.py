"""Pieces that share a cell: grouping them, and where each counter goes in the cell.

Three arrangements, all in proportion to the cell's size on screen (so they hold at any zoom):
  * "single" — one counter, centred across the cell near its top (a town's name
    printed at the cell's foot stays readable);
  * "split" — two groups facing each other on one cell (a battle being decided):
    the first at the left edge, the second at the right and a little lower;
  * "pile" — several counters of one cell, each a little down and right of the one
    under it, the last drawn on top.
"""
import pygame

from game.wargame.grid import as_cell


def by_cell(pieces, at=lambda p: p["at"]) -> dict[tuple, list]:
    """Pieces grouped by the cell `at(piece)` names, in the order they came."""
    out: dict[tuple, list] = {}
    for p in pieces:
        out.setdefault(as_cell(at(p)), []).append(p)
    return out


def face_size(cell_px: float, width: float = 0.79, height: float = 0.68) -> tuple[int, int]:
    """A counter face in proportion to the cell (by default 30x26 on a 38-pixel square)."""
    return (max(8, round(cell_px * width)), max(8, round(cell_px * height)))


def positions(rect: pygame.Rect, faces: list[tuple[int, int]], layout: str = "single") -> list[tuple[int, int]]:
    """Top-left corners for counters with `faces` (w, h) in the cell `rect`, bottom-most first."""
    n = len(faces)
    if not n:
        return []
    unit = rect.h / 38.0          # the arrangements were drawn on 38-pixel squares
    top = rect.y + max(1, round(unit))
    if layout == "split" and n == 2:
        (w0, _), (w1, _) = faces
        step = round(6 * unit)
        return [(rect.x + round(unit), top), (rect.right - w1 - round(3 * unit) + round(unit), top + step)]
    if layout == "pile" and n > 1:
        step = max(2, round(3 * unit))
        w, h = faces[-1]
        x0 = rect.centerx - (w + step * (n - 1)) // 2
        y0 = rect.centery - (h + step * (n - 1)) // 2
        return [(x0 + step * i, y0 + step * i) for i in range(n)]
    return [(rect.centerx - w // 2, top) for w, _ in faces]
