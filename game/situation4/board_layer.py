"""The board on screen: felt with the slots' faint outlines, the placed pieces, and what is
printed over them (black grid lines, the river, bridge dots, bases, objectives, forces, flags).

Three cached surfaces, so a frame is two blits:
  * `pieces`  — the felt plus every placed piece; a new piece is blitted onto it as it arrives
                (rebuilt from scratch only if a slot ever empties, e.g. a view from another rev);
  * `overlay` — grid, river, bridges, bases, points, forces and flags; rebuilt when any of those
                change (`rebuilds` counts it).
"""
import math

import pygame

from game import theme
from game.situation4 import icons, palette
from game.situation4.layout import Projection

GRID_WIDTH = 3
RIVER_WIDTH = 9


class BoardLayer:
    def __init__(self, board, sprites, projection: Projection):
        self.board = board
        self.sprites = sprites
        self.proj = projection
        self.rect = projection.rect
        self._felt = self._make_felt()
        self.pieces = self._felt.copy()
        self._shown: list = [None] * board.n      # side whose piece is drawn in each slot
        self._overlay = None
        self._overlay_key = object()
        self.rebuilds = 0
        self._glows: dict = {}  # (slot, colour, cell size, flipped) -> (the slot's shape in colour, its offset)

    # ----- coordinates relative to the layer's own surface ----------------------------
    def local(self, pos) -> tuple[float, float]:
        return pos[0] - self.rect.x, pos[1] - self.rect.y

    def slot_centre_local(self, slot: int):
        return self.local(self.proj.slot_centre(slot))

    # ----- felt -------------------------------------------------------------------------
    def _make_felt(self) -> pygame.Surface:
        surf = pygame.Surface(self.rect.size)
        surf.fill(palette.BOARD_FELT)
        b = self.board
        for slot in range(b.n):  # a soft checker by bank, so the river's course reads on an empty board
            r = self.proj.slot_rect(slot).move(-self.rect.x, -self.rect.y)
            tone = 1.0 if b.bank[slot] == 0 else 0.92
            if (slot // b.cols + slot % b.cols) % 2:
                tone -= 0.04
            pygame.draw.rect(surf, tuple(int(v * tone) for v in palette.BOARD_FELT), r)
        for slot in range(b.n):
            cx, cy = self.slot_centre_local(slot)
            pts = [(cx + x, cy + y) for x, y in self.sprites.outline(slot, self.proj.cell_px, self.proj.flipped)]
            pygame.draw.aalines(surf, palette.SLOT_GUIDE, True, pts)
        for side in (0, 1):  # the red border of each base line, where the red-bordered pieces go
            for slot in b.base_line[side]:
                r = self.proj.slot_rect(slot).move(-self.rect.x, -self.rect.y)
                rim_top = (b.row_col(slot)[0] == 0) != self.proj.flipped
                band = pygame.Rect(r.x, r.y if rim_top else r.bottom - 6, r.w, 6)
                pygame.draw.rect(surf, theme.darken(palette.BASE_LINE_RED, 0.25), band)
        return surf.convert()

    # ----- pieces -------------------------------------------------------------------------
    def sync(self, owner: list) -> None:
        """Bring the pieces surface up to `owner` (side per slot or None)."""
        if any(shown is not None and owner[s] != shown for s, shown in enumerate(self._shown)):
            self.pieces = self._felt.copy()
            self._shown = [None] * self.board.n
        for slot, side in enumerate(owner):
            if side is not None and self._shown[slot] is None:
                self.sprites.get(slot, side, self.proj.cell_px, self.proj.flipped).blit_at(
                    self.pieces, self.slot_centre_local(slot))
                self._shown[slot] = side

    # ----- overlay -----------------------------------------------------------------------
    def overlay(self, pub: dict) -> pygame.Surface:
        key = (tuple(pub["flags"]), repr(pub["forces"]), tuple(pub["bridges"]), tuple(pub["open_objectives"]),
               tuple(pub["flag_windows"]), theme.colours)
        if key != self._overlay_key:
            self._overlay = self._build_overlay(pub)
            self._overlay_key = key
            self.rebuilds += 1
        return self._overlay

    def _line(self, surf, a, b, colour, width) -> None:
        pa, pb = self.local(a), self.local(b)
        pygame.draw.line(surf, colour, pa, pb, width)

    def _build_overlay(self, pub) -> pygame.Surface:
        b, proj = self.board, self.proj
        surf = pygame.Surface(self.rect.size, pygame.SRCALPHA)
        w, h = self.rect.size
        step = proj.cell_px * b.square
        # the black grid lines of the squares
        for i in range(1, b.cols // b.square):
            x = round(i * step)
            pygame.draw.line(surf, (*palette.GRID, 235), (x, 0), (x, h), GRID_WIDTH)
        for i in range(1, b.rows // b.square):
            y = round(i * step)
            pygame.draw.line(surf, (*palette.GRID, 235), (0, y), (w, y), GRID_WIDTH)
        pygame.draw.rect(surf, (*palette.GRID, 255), surf.get_rect(), GRID_WIDTH + 1)
        # the bases: a heavier border and their emblem where the four pieces meet
        for side in (0, 1):
            for kind, square in b.bases[side].items():
                slots = b.squares[square]
                rects = [proj.slot_rect(s) for s in slots]
                box = rects[0].unionall(rects[1:]).move(-self.rect.x, -self.rect.y)
                pygame.draw.rect(surf, (*palette.GRID, 255), box, GRID_WIDTH + 3)
                pygame.draw.rect(surf, (*palette.side_shade(side), 200), box.inflate(-8, -8), 2, border_radius=4)
                disc = pygame.Rect(0, 0, 40, 40)
                disc.center = box.center
                pygame.draw.circle(surf, (20, 20, 20, 170), disc.center, 21)
                icon = icons.force(kind, palette.side_shade(side), 30)
                surf.blit(icon, icon.get_rect(center=disc.center))
        # the river along slot edges between the banks
        for a in range(b.n):
            for nb, link in b.links[a]:
                if nb > a and b.bank[a] != b.bank[nb]:
                    p, q = proj.edge_points(a, nb)
                    self._line(surf, p, q, (*palette.RIVER_DARK, 255), RIVER_WIDTH + 4)
        for a in range(b.n):
            for nb, link in b.links[a]:
                if nb > a and b.bank[a] != b.bank[nb]:
                    p, q = proj.edge_points(a, nb)
                    self._line(surf, p, q, (*palette.RIVER, 255), RIVER_WIDTH)
        # river corners: round joins so the meander reads as one stream
        for a in range(b.n):
            for nb, link in b.links[a]:
                if nb > a and b.bank[a] != b.bank[nb]:
                    for pt in proj.edge_points(a, nb):
                        pygame.draw.circle(surf, (*palette.RIVER, 255), self.local(pt), RIVER_WIDTH // 2)
        # bridge positions: white dots on both banks; a placed bridge spans the river in its side's shade
        for pos, (a, nb) in enumerate(b.bridge_positions):
            p, q = proj.edge_points(a, nb)
            mid = ((p[0] + q[0]) / 2, (p[1] + q[1]) / 2)
            ca, cb = proj.slot_centre(a), proj.slot_centre(nb)
            side = pub["bridges"][pos]
            if side is None:
                for c in (ca, cb):
                    dot = (mid[0] + (c[0] - mid[0]) * 0.3, mid[1] + (c[1] - mid[1]) * 0.3)
                    for off in (-7, 7):
                        along = (dot[0] + (off if abs(p[1] - q[1]) < 1 else 0), dot[1] + (off if abs(p[0] - q[0]) < 1 else 0))
                        pygame.draw.circle(surf, (20, 20, 20, 200), self.local(along), 5)
                        pygame.draw.circle(surf, (*palette.BRIDGE_DOT, 255), self.local(along), 4)
            else:
                shade = palette.side_shade(side)
                horizontal_river = abs(p[1] - q[1]) < 1   # the river runs left-right here: the bridge goes up-down
                size = round(proj.cell_px * 0.9)
                icon = icons.bridge(shade, size)
                if horizontal_river:
                    icon = pygame.transform.rotate(icon, 90)
                surf.blit(icon, icon.get_rect(center=self.local(mid)))
        # objectives: printed points, and a flag once planted
        for slot, points in b.objectives.items():
            cx, cy = self.slot_centre_local(slot)
            flag_side = pub["flags"][slot]
            pending = slot in pub["flag_windows"] or slot in pub["open_objectives"]
            ring = theme.colours.accent if pending else (245, 240, 225)
            pygame.draw.circle(surf, (20, 20, 20, 210), (cx, cy + 1), 17)
            pygame.draw.circle(surf, (*ring, 255), (cx, cy), 16, 3)
            theme_text(surf, str(points), (cx, cy), 16 if points < 100 else 15)
            if flag_side is not None:
                f = icons.flag(palette.side_shade(flag_side), 34)
                surf.blit(f, f.get_rect(midbottom=(cx + 12, cy + 2)))
        # forces on pieces
        for slot, f in enumerate(pub["forces"]):
            if f is None:
                continue
            cx, cy = self.slot_centre_local(slot)
            pygame.draw.circle(surf, (20, 20, 20, 190), (cx, cy), 21)
            pygame.draw.circle(surf, (*palette.side_shade(f["side"]), 255), (cx, cy), 21, 2)
            icon = icons.force(f["kind"], palette.side_shade(f["side"]), 32)
            surf.blit(icon, icon.get_rect(center=(cx, cy)))
        return surf.convert_alpha()

    # ----- highlights (drawn per frame, straight on the screen) -----------------------------
    def outline_points(self, slot: int, piece: int | None = None):
        cx, cy = self.proj.slot_centre(slot if piece is None else piece)
        return [(cx + x, cy + y) for x, y in self.sprites.outline(slot if piece is None else piece,
                                                                  self.proj.cell_px, self.proj.flipped)]

    def draw_outline(self, surface, slot: int, colour, width: int = 3) -> None:
        pts = self.outline_points(slot)
        pygame.draw.lines(surface, colour, True, pts, width)

    def draw_glow(self, surface, slot: int, colour, alpha: int) -> None:
        # A frame lights a held piece's every legal slot and flashes what others laid: each slot's shape is
        # drawn once per colour and size, then blitted at this frame's alpha (2 ms a frame less mid-race).
        key = (slot, tuple(colour), self.proj.cell_px, self.proj.flipped)
        made = self._glows.get(key)
        if made is None:
            if self._glows and next(iter(self._glows))[2:] != key[2:]:
                self._glows.clear()  # the board was resized or turned: the old shapes are no longer drawn
            cx, cy = self.proj.slot_centre(slot)
            pts = [(x - cx, y - cy) for x, y in self.outline_points(slot)]
            xs, ys = [p[0] for p in pts], [p[1] for p in pts]
            box = pygame.Rect(min(xs) - 4, min(ys) - 4, max(xs) - min(xs) + 9, max(ys) - min(ys) + 9)
            shape = pygame.Surface(box.size, pygame.SRCALPHA)
            pygame.draw.polygon(shape, (*colour, 255), [(x - box.x, y - box.y) for x, y in pts])
            made = self._glows[key] = (shape, box.topleft)
        shape, (dx, dy) = made
        cx, cy = self.proj.slot_centre(slot)
        shape.set_alpha(alpha)
        surface.blit(shape, (cx + dx, cy + dy))


def theme_text(surf, text, centre, size) -> None:
    label = theme.render_text(text, size, (250, 246, 232), True)
    surf.blit(label, label.get_rect(center=centre))


def pulse(t: float, speed: float = 5.0) -> float:
    """0..1, for glowing highlights."""
    return 0.5 + 0.5 * math.sin(t * speed)
