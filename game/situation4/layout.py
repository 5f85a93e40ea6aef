"""Where everything sits on the 1280x800 logical screen, and the board's projection.

The board is drawn with the viewer's own edge at the bottom: orange (side 0)
sees it as the data lies (north up); yellow (side 1) sees it turned half a
circle. `Projection` turns board units (100 per slot, y down, north at 0) into
screen pixels and back, for either orientation.
"""
import pygame

TOP_BAR = pygame.Rect(0, 0, 1280, 44)
SIDE = pygame.Rect(1000, 44, 280, 696)
HINT = pygame.Rect(0, 740, 1280, 60)
CELL_PX = 66                                # one slot on screen
BOARD = pygame.Rect(104, 54, 12 * CELL_PX, 8 * CELL_PX)   # 792 x 528
TRAY = pygame.Rect(8, 592, 984, 144)
TRAY_TOOLS = pygame.Rect(TRAY.x + 6, TRAY.y + 6, 150, TRAY.h - 12)
TRAY_ITEMS = pygame.Rect(TRAY_TOOLS.right + 8, TRAY.y + 4, TRAY.right - TRAY_TOOLS.right - 14, TRAY.h - 8)
TRAY_ITEM = 68                              # one tray cell (square)
TRAY_ROWS = 2
TRAY_CELL_PX = 40                           # a slot's size for pieces shown in the tray
LOG = pygame.Rect(SIDE.x + 8, SIDE.y + 470, SIDE.w - 16, SIDE.h - 476)


class Projection:
    def __init__(self, board, rect: pygame.Rect, flipped: bool):
        self.board = board
        self.rect = pygame.Rect(rect)
        self.flipped = flipped
        self.scale = rect.w / (board.cols * board.cell)
        self.cell_px = rect.w / board.cols

    def to_screen(self, x: float, y: float) -> tuple[float, float]:
        """Board units -> screen pixels (floats)."""
        b = self.board
        if self.flipped:
            x, y = b.cols * b.cell - x, b.rows * b.cell - y
        return self.rect.x + x * self.scale, self.rect.y + y * self.scale

    def slot_rect(self, slot: int) -> pygame.Rect:
        r, c = self.board.row_col(slot)
        cell = self.board.cell
        x0, y0 = self.to_screen(c * cell, r * cell)
        x1, y1 = self.to_screen((c + 1) * cell, (r + 1) * cell)
        return pygame.Rect(round(min(x0, x1)), round(min(y0, y1)), round(abs(x1 - x0)), round(abs(y1 - y0)))

    def slot_centre(self, slot: int) -> tuple[int, int]:
        return self.slot_rect(slot).center

    def slot_at(self, pos) -> int | None:
        if not self.rect.collidepoint(pos):
            return None
        col = int((pos[0] - self.rect.x) / self.cell_px)
        row = int((pos[1] - self.rect.y) / self.cell_px)
        b = self.board
        if self.flipped:
            row, col = b.rows - 1 - row, b.cols - 1 - col
        if 0 <= row < b.rows and 0 <= col < b.cols:
            return b.slot(row, col)
        return None

    def edge_points(self, a: int, b: int) -> tuple[tuple, tuple]:
        """The two screen end points of the edge shared by neighbouring slots a and b."""
        ra, ca = self.board.row_col(a)
        rb, cb = self.board.row_col(b)
        cell = self.board.cell
        if ra == rb:  # side by side: a vertical edge
            x = max(ca, cb) * cell
            p, q = (x, ra * cell), (x, (ra + 1) * cell)
        else:
            y = max(ra, rb) * cell
            p, q = (ca * cell, y), ((ca + 1) * cell, y)
        return self.to_screen(*p), self.to_screen(*q)
