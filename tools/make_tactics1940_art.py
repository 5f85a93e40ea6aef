"""Make the Tactics (1940) board art (assets/art/tactics1940_board.png) from the board data, no downloads.

Everything on it comes from assets/boards/tactics1940.json through the rules' own
loader (engine.tactics1940.board), so the picture cannot disagree with the game:
  1. The printed board: cream card in the four corners, a dark rim where the sea meets it.
  2. The eighty ocean squares in deep water with a little wave texture, each numbered in its
     ocean (1-20, from the ocean's own corner), the squares a submarine card names marked with
     a periscope, and the lines between the four oceans drawn as the board prints them: from
     the middle of each seaport to the safety zone.
  3. The safety zone in pale shallow water, with a lifebuoy and its name.
  4. The four home areas: land, two plane bases each (a runway), the seaport's four water
     squares with their quays, the two open squares with a chevron pointing out to sea, and a
     coast along every home-area edge but the mouth. The powers' colours are laid over the
     land by the window (so the colour-blind palette applies), the names are printed here.
  5. The four holding areas in the corners as framed cartouches with their titles: Davy
     Jones' Locker, the Supply Base, the Gold Reserve and the chance deck (the window writes
     what each holds).

Run: python tools/make_tactics1940_art.py   (deterministic; writes the PNG)
"""
import math
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from tools import drawing  # noqa: E402  (first: pygame starts headless)
import pygame  # noqa: E402

from engine.tactics1940.board import OCEAN, SAFETY, load  # noqa: E402
from game.wargame import symbols  # noqa: E402
from game.tactics1940.geometry import ART_FILE, SIZE, SQUARE, corner_rect, local_rect  # noqa: E402

W = SIZE * SQUARE
# the printed card and its rim
CARD, CARD_DARK, RIM = (228, 216, 184), (206, 190, 150), (30, 36, 48)
# the oceans
SEA_DEEP, SEA, SEA_GRID, SEA_INK, WAVE = (22, 58, 98), (34, 80, 128), (78, 128, 176), (150, 196, 232), (56, 108, 156)
# ports and the safety zone
HARBOUR, QUAY, SAFE, SAFE_DARK = (58, 110, 150), (120, 112, 96), (104, 178, 186), (76, 150, 160)
SAFE_INK = (236, 250, 250)
# home areas
LAND_FILL, LAND_DARK, RUNWAY, COAST = (176, 168, 128), (150, 142, 104), (92, 92, 96), (24, 26, 30)
# lines and lettering
OCEAN_LINE, BRASS, INK = (242, 232, 196), (176, 132, 52), (58, 44, 30)

CORNER_TITLES = {"davy_jones_locker": "Davy Jones' Locker", "supply_base": "Supply Base",
                 "gold_reserve": "Gold Reserve", "chance_deck": "Chance Cards"}
ORTHOGONAL = ((0, -1), (1, 0), (0, 1), (-1, 0))


def font(size: int, style: str = "Regular") -> pygame.font.Font:
    from importlib.resources import files
    return pygame.font.Font(str(files("pygame_gui.data") / f"NotoSans-{style}.ttf"), size)


def side(square, d) -> tuple[tuple, tuple]:
    """The two end points of a square's side facing direction `d`."""
    r = local_rect(square)
    return {(0, -1): (r.topleft, r.topright), (1, 0): (r.topright, r.bottomright),
            (0, 1): (r.bottomleft, r.bottomright), (-1, 0): (r.topleft, r.bottomleft)}[d]


# ----- 1. the card and the rim ------------------------------------------------------------
def paint_card(surf, board) -> None:
    surf.fill(CARD)
    rng = random.Random(1940)
    speck = pygame.Surface((W, W), pygame.SRCALPHA)
    for _ in range(5000):   # a printed card's fibre
        x, y = rng.randrange(W), rng.randrange(W)
        speck.set_at((x, y), (*CARD_DARK, rng.randrange(30, 90)))
    surf.blit(speck, (0, 0))


def paint_rim(surf, board) -> None:
    """A dark line wherever the playing area meets the card (and round the board's edge)."""
    for sq, kind in board.kinds.items():
        for d in ORTHOGONAL:
            n = (sq[0] + d[0], sq[1] + d[1])
            if n not in board.kinds:
                a, b = side(sq, d)
                pygame.draw.line(surf, RIM, a, b, 3)


# ----- 2. the oceans -------------------------------------------------------------------------
def paint_oceans(surf, board) -> None:
    rng = random.Random(7)
    number_font = font(11, "Bold")
    for sq, kind in board.kinds.items():
        if kind != OCEAN:
            continue
        r = local_rect(sq)
        # deeper towards the board's edge, lighter towards the safety zone
        t = min(1.0, math.dist((sq[0] + 0.5, sq[1] + 0.5), (8, 8)) / 8.0)
        fill = tuple(round(a + (b - a) * t) for a, b in zip(SEA, SEA_DEEP))
        pygame.draw.rect(surf, fill, r)
        for _ in range(2):      # a couple of wavelets per square
            wx = r.x + rng.randrange(6, SQUARE - 16)
            wy = r.y + rng.randrange(14, SQUARE - 6)
            pts = [(wx + i * 2, wy + math.sin(i * 0.9) * 1.5) for i in range(6)]
            pygame.draw.lines(surf, WAVE, False, pts, 1)
        pygame.draw.rect(surf, SEA_GRID, r, 1)
    marked = {sq for _, _, sq in board.submarine_squares()}
    for ocean in board.oceans:
        for i, sq in enumerate(ocean.squares):
            r = local_rect(sq)
            label = number_font.render(str(i + 1), True, SEA_INK)
            surf.blit(label, (r.x + 3, r.y + 1))
            if sq in marked:
                periscope(surf, (r.right - 11, r.bottom - 4))


def periscope(surf, foot) -> None:
    """A small submarine awash: the square a submarine card names."""
    x, y = foot
    symbols.draw(surf, "submarine", pygame.Rect(x - 9, y - 9, 17, 10), SEA_INK)


def paint_ocean_lines(surf, board) -> None:
    """The lines between oceans: every side shared by two ocean squares of different oceans."""
    for sq, (ocean, _) in board.ocean_at.items():
        for d in ((1, 0), (0, 1)):
            n = (sq[0] + d[0], sq[1] + d[1])
            other = board.ocean_at.get(n)
            if other is not None and other[0] != ocean:
                a, b = side(sq, d)
                dashed(surf, a, b, OCEAN_LINE, 3, 7, 4)


def dashed(surf, a, b, colour, width, dash, gap) -> None:
    length = math.dist(a, b)
    steps = int(length // (dash + gap)) + 1
    for i in range(steps):
        t0 = i * (dash + gap) / length
        t1 = min(1.0, t0 + dash / length)
        if t0 >= 1:
            break
        p = (a[0] + (b[0] - a[0]) * t0, a[1] + (b[1] - a[1]) * t0)
        q = (a[0] + (b[0] - a[0]) * t1, a[1] + (b[1] - a[1]) * t1)
        pygame.draw.line(surf, colour, p, q, width)


# ----- 3. the safety zone ------------------------------------------------------------------------
def paint_safety_zone(surf, board) -> None:
    squares = [sq for sq, k in board.kinds.items() if k == SAFETY]
    x0 = min(s[0] for s in squares) * SQUARE
    y0 = min(s[1] for s in squares) * SQUARE
    x1 = (max(s[0] for s in squares) + 1) * SQUARE
    y1 = (max(s[1] for s in squares) + 1) * SQUARE
    zone = pygame.Rect(x0, y0, x1 - x0, y1 - y0)
    pygame.draw.rect(surf, SAFE, zone)
    hatch = pygame.Surface(zone.size, pygame.SRCALPHA)
    for x in range(-zone.h, zone.w, 9):
        pygame.draw.line(hatch, (*SAFE_DARK, 90), (x, zone.h), (x + zone.h, 0), 2)
    surf.blit(hatch, zone)
    for sq in squares:
        pygame.draw.rect(surf, SAFE_DARK, local_rect(sq), 1)
    # a lifebuoy in the middle, the name above and below it
    c = zone.center
    pygame.draw.circle(surf, (240, 240, 236), c, 24, 9)
    for k in range(4):
        a = math.pi / 4 + k * math.pi / 2
        arc = pygame.Rect(0, 0, 48, 48)
        arc.center = c
        pygame.draw.arc(surf, (206, 60, 52), arc, a - 0.32, a + 0.32, 9)
    pygame.draw.circle(surf, SAFE_DARK, c, 24, 1)
    pygame.draw.circle(surf, SAFE_DARK, c, 15, 1)
    f = font(13, "Bold")
    for text, y in (("SAFETY", zone.y + 8), ("ZONE", zone.bottom - 8 - f.get_height())):
        spaced = letter_spaced(text, f, SAFE_INK, 4)
        surf.blit(spaced, spaced.get_rect(midtop=(zone.centerx, y)))
    pygame.draw.rect(surf, SAFE_INK, zone, 2)


def letter_spaced(text: str, f: pygame.font.Font, colour, gap: int) -> pygame.Surface:
    glyphs = [f.render(ch, True, colour) for ch in text]
    w = sum(g.get_width() for g in glyphs) + gap * (len(glyphs) - 1)
    out = pygame.Surface((w, f.get_height()), pygame.SRCALPHA)
    x = 0
    for g in glyphs:
        out.blit(g, (x, 0))
        x += g.get_width() + gap
    return out


# ----- 4. the home areas -----------------------------------------------------------------------------
def paint_homes(surf, board) -> None:
    rng = random.Random(3)
    for home in board.homes.values():
        for sq in home.land:
            r = local_rect(sq)
            pygame.draw.rect(surf, LAND_FILL, r)
            for _ in range(14):   # a field's grain
                x, y = r.x + rng.randrange(2, SQUARE - 2), r.y + rng.randrange(2, SQUARE - 2)
                pygame.draw.line(surf, LAND_DARK, (x, y), (x + 3, y), 1)
            pygame.draw.rect(surf, LAND_DARK, r, 1)
        for sq in home.bases:
            runway(surf, sq)
        for sq in home.seaport:
            r = local_rect(sq)
            pygame.draw.rect(surf, HARBOUR, r)
            pygame.draw.rect(surf, SEA_GRID, r, 1)
        for sq in home.open:
            chevron(surf, sq, outward(home))
        coast(surf, board, home)
        home_name(surf, home)


def outward(home) -> tuple[int, int]:
    """The direction from the home's open squares to the sea (towards its front squares)."""
    ox = sum(s[0] for s in home.open) - sum(s[0] for s in home.front)
    oy = sum(s[1] for s in home.open) - sum(s[1] for s in home.front)
    return (-(ox > 0) + (ox < 0), -(oy > 0) + (oy < 0))


def chevron(surf, sq, d) -> None:
    """A chevron pointing out of the mouth: the way in and out of a home area."""
    cx, cy = local_rect(sq).center
    dx, dy = d
    px, py = -dy, dx
    tip = (cx + dx * 9, cy + dy * 9)
    left = (cx - dx * 3 + px * 9, cy - dy * 3 + py * 9)
    right = (cx - dx * 3 - px * 9, cy - dy * 3 - py * 9)
    pygame.draw.lines(surf, (196, 222, 240), False, [left, tip, right], 3)


def runway(surf, sq) -> None:
    """A plane base: a tarmac square with two crossing runways."""
    r = local_rect(sq).inflate(-6, -6)
    pygame.draw.rect(surf, (120, 118, 106), r, border_radius=4)
    pygame.draw.line(surf, RUNWAY, (r.x + 3, r.y + 3), (r.right - 4, r.bottom - 4), 7)
    pygame.draw.line(surf, RUNWAY, (r.x + 3, r.bottom - 4), (r.right - 4, r.y + 3), 7)
    for t in (0.25, 0.5, 0.75):
        p = (r.x + 3 + (r.w - 7) * t, r.y + 3 + (r.h - 7) * t)
        pygame.draw.circle(surf, (230, 226, 210), p, 1)
    pygame.draw.rect(surf, (84, 82, 74), r, 1, border_radius=4)


def coast(surf, board, home) -> None:
    """A coast along every edge of the home area except its mouth (the open squares' sea sides)."""
    mouth = set()
    for sq in home.open:
        for d in ORTHOGONAL:
            if (sq[0] + d[0], sq[1] + d[1]) in home.front:
                mouth.add((sq, d))
    for sq in home.squares:
        for d in ORTHOGONAL:
            n = (sq[0] + d[0], sq[1] + d[1])
            if n in home.squares or (sq, d) in mouth:
                continue
            a, b = side(sq, d)
            pygame.draw.line(surf, COAST, a, b, 4)
    for sq in home.seaport:   # quays: the seaport's sides against its own land
        for d in ORTHOGONAL:
            n = (sq[0] + d[0], sq[1] + d[1])
            if n in home.land:
                a, b = side(sq, d)
                pygame.draw.line(surf, QUAY, a, b, 3)


def home_name(surf, home) -> None:
    """The power's name along the back of its home area (the row or column furthest from the sea)."""
    d = outward(home)
    land = sorted(home.land)
    if d[1]:   # North or South: a row
        back_y = min(s[1] for s in land) if d[1] > 0 else max(s[1] for s in land)
        row = [s for s in land if s[1] == back_y and s not in home.bases]
        x0 = min(s[0] for s in row) * SQUARE
        x1 = (max(s[0] for s in row) + 1) * SQUARE
        label = letter_spaced(home.power.upper(), font(15, "Bold"), INK, 6)
        surf.blit(label, label.get_rect(center=((x0 + x1) // 2, back_y * SQUARE + SQUARE // 2)))
    else:      # East or West: a column, the name read from the sea outwards
        back_x = min(s[0] for s in land) if d[0] > 0 else max(s[0] for s in land)
        col = [s for s in land if s[0] == back_x and s not in home.bases]
        y0 = min(s[1] for s in col) * SQUARE
        y1 = (max(s[1] for s in col) + 1) * SQUARE
        label = letter_spaced(home.power.upper(), font(15, "Bold"), INK, 6)
        label = pygame.transform.rotate(label, 90 if d[0] > 0 else -90)
        surf.blit(label, label.get_rect(center=(back_x * SQUARE + SQUARE // 2, (y0 + y1) // 2)))


# ----- 5. the holding areas ------------------------------------------------------------------------------
def paint_corners(surf, board) -> None:
    title_font = font(14, "Bold")
    for name, corner in board.corners.items():
        r = corner_rect(corner).inflate(-10, -10)
        pygame.draw.rect(surf, (240, 232, 206), r, border_radius=10)
        pygame.draw.rect(surf, BRASS, r, 3, border_radius=10)
        pygame.draw.rect(surf, (214, 190, 130), r.inflate(-8, -8), 1, border_radius=7)
        title = title_font.render(CORNER_TITLES[name].upper(), True, INK)
        surf.blit(title, title.get_rect(midtop=(r.centerx, r.y + 6)))
        pygame.draw.line(surf, BRASS, (r.x + 18, r.y + 27), (r.right - 18, r.y + 27), 1)


def paint(board) -> pygame.Surface:
    surf = pygame.Surface((W, W))
    paint_card(surf, board)
    paint_oceans(surf, board)
    paint_safety_zone(surf, board)
    paint_homes(surf, board)
    paint_ocean_lines(surf, board)
    paint_rim(surf, board)
    paint_corners(surf, board)
    pygame.draw.rect(surf, RIM, surf.get_rect(), 2)
    return surf


def main() -> None:
    drawing.start()
    board = load()
    if board.size != SIZE:
        raise SystemExit(f"the board is {board.size} squares a side; the art is drawn for {SIZE}")
    drawing.save(paint(board), ART_FILE)


if __name__ == "__main__":
    main()
