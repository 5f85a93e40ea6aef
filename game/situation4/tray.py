"""The player's tray: the side's unplaced pieces along its edge, scrollable, filtered and sorted
by the player without leaving the board.

Filters follow what is printed on the pieces: all, base-line pieces (the red-bordered
row along each edge), objectives (points), and base pieces (tank and paratroop bases).
Sorts: "fits now" first (the default: what can be laid this moment leads, marked with
a green outline and tick), nearest my edge first, and as dealt (the tray's own shuffled
order).
Items run in columns of two; the wheel, Left/Right, [ ] and PgUp/PgDn scroll by a column.
The tray owns its tools (the filter and sort buttons, keys 1-4 and S) and draws them.
"""
import pygame

from game import theme
from game.situation4 import layout, palette
from game.widgets import Button

FILTERS = ("all", "red", "points", "bases")
FILTER_LABELS = {"all": "All", "red": "Edge", "points": "Points", "bases": "Bases"}
FILTER_NAMES = {"all": "all pieces", "red": "base-line pieces (red border)", "points": "objectives",
                "bases": "base pieces"}
SORTS = ("fits", "edge", "dealt")
SORT_LABELS = {"dealt": "as dealt", "edge": "my edge first", "fits": "fits now first"}


def _tick(surface, centre) -> None:
    """The "fits now" mark in a tray cell's corner: a green disc with a check."""
    x, y = centre
    pygame.draw.circle(surface, theme.darken(palette.LEGAL, 0.55), (x, y + 1), 8)
    pygame.draw.circle(surface, palette.LEGAL, (x, y), 8)
    pygame.draw.lines(surface, (20, 60, 30), False, [(x - 4, y), (x - 1, y + 3), (x + 4, y - 3)], 2)


class Tray:
    def __init__(self, board, sprites, side: int, flipped: bool):
        self.board = board
        self.sprites = sprites
        self.side = side
        self.flipped = flipped
        self.filter = "all"
        self.sort = SORTS[0]
        self.scroll = 0          # first visible column
        self.items: list[int] = []
        self.fitting: set = set()
        self.rects: dict[int, pygame.Rect] = {}
        self.cols_visible = layout.TRAY_ITEMS.w // layout.TRAY_ITEM
        base_slots = set()
        for own in board.bases:
            for square in own.values():
                base_slots.update(board.squares[square])
        self._base_slots = base_slots
        self._red = set(board.base_line[0]) | set(board.base_line[1])
        self._key = None
        t = layout.TRAY_TOOLS
        self.filter_buttons = {name: Button((t.x + (i % 2) * 76, t.y + 26 + (i // 2) * 32, 72, 28), FILTER_LABELS[name],
                                            lambda n=name: self.set_filter(n), size=17)
                               for i, name in enumerate(FILTERS)}
        self.sort_button = Button((t.x, t.y + 92, 148, 28), "", self.next_sort, size=16)
        self.buttons = list(self.filter_buttons.values()) + [self.sort_button]

    # ----- what is in it ---------------------------------------------------------------
    def matches(self, piece: int) -> bool:
        f = self.filter
        return (f == "all" or (f == "red" and piece in self._red) or (f == "points" and piece in self.board.objectives)
                or (f == "bases" and piece in self._base_slots))

    def edge_distance(self, piece: int) -> int:
        row, col = self.board.row_col(piece)
        my_row = next(iter(self.board.base_line[self.side])) // self.board.cols
        return abs(row - my_row) * 100 + col

    def sync(self, tray_order: list[int], hidden: set, fitting: set) -> None:
        """The tray's pieces in the private tray order, less `hidden` (predicted placements), with `fitting`
        (pieces that could be placed now) marked."""
        key = (tuple(tray_order), frozenset(hidden), frozenset(fitting), self.filter, self.sort)
        if key == self._key:
            return
        self._key = key
        self.fitting = fitting
        pieces = [p for p in tray_order if p not in hidden and self.matches(p)]
        if self.sort == "edge":
            pieces.sort(key=self.edge_distance)
        elif self.sort == "fits":
            pieces.sort(key=lambda p: (p not in fitting, self.edge_distance(p)))
        self.items = pieces
        self.scroll = max(0, min(self.scroll, self.max_scroll))
        self._layout()

    @property
    def columns(self) -> int:
        return (len(self.items) + layout.TRAY_ROWS - 1) // layout.TRAY_ROWS

    @property
    def max_scroll(self) -> int:
        return max(0, self.columns - self.cols_visible)

    def _layout(self) -> None:
        self.rects = {}
        area = layout.TRAY_ITEMS
        for i, piece in enumerate(self.items):
            col, row = divmod(i, layout.TRAY_ROWS)
            col -= self.scroll
            if 0 <= col < self.cols_visible:
                self.rects[piece] = pygame.Rect(area.x + col * layout.TRAY_ITEM, area.y + row * layout.TRAY_ITEM,
                                                layout.TRAY_ITEM - 4, layout.TRAY_ITEM - 4)

    # ----- the player's controls --------------------------------------------------------
    def handle(self, event, mouse) -> bool:
        """The tray's buttons, its keys and the wheel over it (`mouse`: where the mouse is)."""
        if any(b.handle(event) for b in self.buttons):
            return True
        if event.type == pygame.MOUSEWHEEL and layout.TRAY.collidepoint(mouse):
            self.scroll_by(-event.y if event.y else event.x)
            return True
        if event.type != pygame.KEYDOWN:
            return False
        numbers = (pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4)
        if event.key in numbers:
            self.set_filter(FILTERS[numbers.index(event.key)])
            return True
        if event.key == pygame.K_s:
            self.next_sort()
            return True
        step = {pygame.K_RIGHT: 1, pygame.K_LEFT: -1, pygame.K_RIGHTBRACKET: 1, pygame.K_LEFTBRACKET: -1,
                pygame.K_PAGEDOWN: self.cols_visible, pygame.K_PAGEUP: -self.cols_visible}.get(event.key)
        if step is not None:
            self.scroll_by(step)
            return True
        return False

    def scroll_by(self, columns: int) -> None:
        self.scroll = max(0, min(self.max_scroll, self.scroll + columns))
        self._layout()

    def set_filter(self, name: str) -> None:
        self.filter = name
        self.scroll = 0
        self._key = None

    def next_sort(self) -> None:
        self.sort = SORTS[(SORTS.index(self.sort) + 1) % len(SORTS)]
        self.scroll = 0
        self._key = None

    def show(self, piece: int) -> bool:
        """Scroll so `piece` is visible; False if the filter hides it."""
        if piece not in self.items:
            return False
        col = self.items.index(piece) // layout.TRAY_ROWS
        if not self.scroll <= col < self.scroll + self.cols_visible:
            self.scroll = max(0, min(self.max_scroll, col - self.cols_visible // 2))
            self._layout()
        return True

    def piece_at(self, pos) -> int | None:
        for piece, rect in self.rects.items():
            if rect.collidepoint(pos):
                return piece
        return None

    def home_of(self, piece: int):
        """Where a piece sits in the tray (for a bounce back), or the tray's middle if it is not showing."""
        rect = self.rects.get(piece)
        return rect.center if rect is not None else layout.TRAY_ITEMS.center

    # ----- drawing ----------------------------------------------------------------------
    def draw_tools(self, surface, label: str) -> None:
        """The tray's panel, its title (`label`) and its filter and sort buttons."""
        pygame.draw.rect(surface, theme.colours.panel, layout.TRAY, border_radius=10)
        pygame.draw.rect(surface, theme.colours.panel_border, layout.TRAY, 2, border_radius=10)
        t = layout.TRAY_TOOLS
        theme.draw_text(surface, label, (t.x, t.y - 1), 17, theme.colours.text, bold=True, shadow=False)
        for name, b in self.filter_buttons.items():
            b.primary = self.filter == name
            b.draw(surface)
        self.sort_button.label = f"Sort: {SORT_LABELS[self.sort]}"
        self.sort_button.draw(surface)

    def draw(self, surface, *, selected=None, lifted=None, empty_text=None) -> None:
        area = layout.TRAY_ITEMS
        pygame.draw.rect(surface, theme.darken(theme.colours.panel, 0.35), area.inflate(4, 4), border_radius=8)
        clip = surface.get_clip()
        surface.set_clip(area.inflate(4, 4))
        shade = palette.side_shade(self.side)
        for piece, rect in self.rects.items():
            fits = piece in self.fitting
            cell = theme.colours.panel_light if fits else theme.colours.panel
            pygame.draw.rect(surface, cell, rect, border_radius=6)
            if piece == selected:
                pygame.draw.rect(surface, theme.colours.accent, rect, 3, border_radius=6)
            elif fits:
                pygame.draw.rect(surface, palette.LEGAL, rect, 2, border_radius=6)
            if piece == lifted:
                continue
            sprite = self.sprites.get(piece, self.side, layout.TRAY_CELL_PX, self.flipped)
            sprite.blit_at(surface, rect.center)
            points = self.board.objectives.get(piece)
            if points:
                label = theme.render_text(str(points), 16, theme.text_on(shade), True)
                surface.blit(label, label.get_rect(center=rect.center))
            if fits and piece != selected:
                _tick(surface, (rect.right - 12, rect.y + 11))
        surface.set_clip(clip)
        if not self.items:
            text = empty_text or (f"No {FILTER_NAMES[self.filter]} left" if self.filter != "all" else "Tray empty")
            theme.draw_text(surface, text, area.center,
                            theme.SIZE_BODY, theme.colours.text_dim, anchor="center")
        if self.max_scroll:
            bar = pygame.Rect(area.x, area.bottom + 1, area.w, 4)
            pygame.draw.rect(surface, theme.colours.panel_border, bar, border_radius=2)
            frac = self.cols_visible / self.columns
            knob_w = max(24, int(bar.w * frac))
            knob_x = bar.x + int((bar.w - knob_w) * self.scroll / self.max_scroll)
            pygame.draw.rect(surface, theme.colours.accent, (knob_x, bar.y, knob_w, 4), border_radius=2)
