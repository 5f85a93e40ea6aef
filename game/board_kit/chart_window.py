"""A chart window (a game's tables as its rule book prints them): a title, a grid of cells with a header row
and a header column, some columns and cells lit, and notes below — shown over the board, or on the Rules
screen, closed by any key or click. The game fills a `Chart` (asking its engine); this lays it out to fit.
"""
from dataclasses import dataclass, field

import pygame

from game import theme
from game.board_kit.modal_card import ModalCard

LIT_COLUMN = (255, 214, 90)


@dataclass
class Chart:
    title: str
    corner: str                         # the header cell above the row labels ("die")
    columns: list[str]                  # column headers
    rows: list[str]                     # row labels
    cells: list[list[str]]              # cells[row][column]
    lit_columns: set = field(default_factory=set)   # column indices lit as a whole
    lit_cells: set = field(default_factory=set)     # (row, column) lit on their own (the die that fell)
    tints: dict = field(default_factory=dict)       # (row, column) -> colour of that cell's text
    notes: list[tuple[str, tuple]] = field(default_factory=list)   # (text, colour) lines below the grid


def build(chart: Chart, max_width: int = 1200) -> pygame.Surface:
    """The chart's surface: every column wide enough for its longest cell (wrapped to two lines at most),
    the whole no wider than `max_width`."""
    size, head = 14, 15
    label_w = max(theme.text_width(r, head, True) for r in chart.rows + [chart.corner]) + 16
    free = max_width - 32 - label_w
    col_w = max(60, min(free // len(chart.columns),
                        max(theme.text_width(c, size) for row in chart.cells for c in row) // 2 + 24))
    wrapped = [[theme.wrap_text(c, col_w - 10, size) for c in row] for row in chart.cells]
    row_h = max(len(lines) for row in wrapped for lines in row) * 17 + 10
    width = 32 + label_w + col_w * len(chart.columns)
    notes = [(line, colour) for text, colour in chart.notes for line in theme.wrap_text(text, width - 32, 16)]
    height = 56 + 30 + row_h * len(chart.rows) + 14 + 21 * len(notes) + 30
    surf = pygame.Surface((width, height), pygame.SRCALPHA)
    c = theme.colours
    theme.draw_panel(surf, surf.get_rect(), border=c.accent, alpha=255)
    theme.draw_text(surf, chart.title, (width // 2, 14), 24, c.accent, bold=True, anchor="midtop")
    x0, y0 = 16 + label_w, 56
    for j in chart.lit_columns:
        band = pygame.Rect(x0 + j * col_w, y0, col_w, 30 + row_h * len(chart.rows))
        tint = [round(p * 0.78 + g * 0.22) for p, g in zip(c.panel[:3], LIT_COLUMN)]   # opaque: no map through
        pygame.draw.rect(surf, (*tint, 250), band, border_radius=6)
        pygame.draw.rect(surf, LIT_COLUMN, band, 2, border_radius=6)
    theme.draw_text(surf, chart.corner, (16 + label_w - 8, y0 + 6), head, c.text_dim, bold=True, anchor="topright",
                    shadow=False)
    for j, name in enumerate(chart.columns):
        colour = LIT_COLUMN if j in chart.lit_columns else c.text
        theme.draw_text(surf, name, (x0 + j * col_w + col_w // 2, y0 + 6), head, colour, bold=True, anchor="midtop",
                        shadow=False)
    for i, label in enumerate(chart.rows):
        y = y0 + 30 + i * row_h
        pygame.draw.line(surf, c.panel_border, (16, y), (width - 16, y), 1)
        theme.draw_text(surf, label, (16 + label_w - 8, y + 5), head, c.text_dim, bold=True, anchor="topright",
                        shadow=False)
        for j, lines in enumerate(wrapped[i]):
            cell = pygame.Rect(x0 + j * col_w, y, col_w, row_h)
            if (i, j) in chart.lit_cells:
                pygame.draw.rect(surf, LIT_COLUMN, cell.inflate(-2, -2), 3, border_radius=5)
            colour = chart.tints.get((i, j), c.text if j in chart.lit_columns else c.text_dim)
            for k, line in enumerate(lines):
                theme.draw_text(surf, line, (cell.centerx, y + 5 + 17 * k), size, colour, anchor="midtop",
                                shadow=False)
    y = y0 + 30 + row_h * len(chart.rows) + 14
    for line, colour in notes:
        theme.draw_text(surf, line, (16, y), 16, colour, shadow=False)
        y += 21
    theme.draw_text(surf, "any key or click closes", (width - 16, height - 10), 14, c.text_dim, shadow=False,
                    anchor="bottomright")
    return surf.convert_alpha()


class ChartWindow(ModalCard):
    """The chart shown over a scene, centred in `bounds`; a modal: any key or click closes it."""

    def __init__(self, bounds: pygame.Rect):
        super().__init__(bounds)
        self.chart: Chart | None = None   # the chart on show (what it lights, for scripted players and tests)

    def show(self, chart: Chart) -> None:
        self.chart = chart
        self._card = build(chart, self.bounds.w - 16)
        self._at = self._card.get_rect(center=self.bounds.center).topleft

    def forget(self) -> None:
        self.chart = None
