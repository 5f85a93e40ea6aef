"""Make the Civil War Game's map art (assets/art/civil_war_map.png) from the board data, no downloads.

Everything on it comes from assets/boards/civil_war.json through the rules'
own loader, so the picture cannot disagree with the game:
  1. Coastlines: each square's water share (open sea 1, coast or lake shore 0.58,
     land 0) is interpolated between square centres and warped by a little value
     noise; the 0.5 contour is the shore, so a coast square shows both land and water.
  2. Mountains as hachured peaks; a pass square leaves its diagonal free and shows
     the road through it.
  3. Navigable rivers along their square courses (smoothed), railroads as the old
     map symbol (a line with cross-ties), square by square along every rail link.
  4. Town dots and names, placed greedily by importance so labels never overlap;
     key cities and capitals are marked by the window (in the sides' colours),
     the art only names them.
  5. The grid of squares, the 1863 frontier with a wash over the seceded states, country and sea
     names, a title cartouche, a legend and a compass.

Run: python tools/make_civil_war_map.py   (deterministic; writes the PNG)
"""
import json
import math
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from tools import drawing  # noqa: E402  (first: pygame starts headless)
import pygame  # noqa: E402

from engine.civil_war.board import load  # noqa: E402
from game.civil_war.geometry import ART_FILE, SIZE, SQUARE, local_centre  # noqa: E402

W = SIZE * SQUARE
BOARD_FILE = drawing.ROOT / "assets" / "boards" / "civil_war.json"

# the paper and the sea
LAND, LAND_DARK, SEA_SHALLOW, SEA_DEEP = (226, 211, 170), (205, 186, 140), (156, 193, 199), (104, 148, 174)
COAST, RIPPLE = (62, 88, 104), (128, 168, 184)
# mountains and passes
MOUNTAIN, MOUNTAIN_SHADE, PASS_ROAD = (128, 96, 62), (92, 66, 42), (164, 108, 56)
# lines and lettering
RIVER, RAIL, GRID, INK, HALO = (58, 112, 168), (44, 36, 32), (90, 70, 44, 46), (50, 38, 28), (238, 228, 198)
SEA_INK = (40, 74, 102)

WATER_SHARE = {"~": 1.0, ",": 0.58}
# Labelled before the rest (after capitals and key cities): the places the campaigns of 1863 turned on.
MAJOR = ["New Orleans", "Memphis", "Nashville", "Vicksburg", "Louisville", "Cincinnati", "Chicago",
         "Philadelphia", "Mobile", "Savannah", "Norfolk", "Knoxville", "Cairo", "Little Rock", "Wilmington",
         "Jackson MS", "Montgomery", "Corinth", "Lynchburg", "Fredericksburg", "Harrisburg", "Cleveland",
         "Detroit", "Port Hudson", "Jacksonville", "Tampa", "Pensacola", "Shreveport", "Columbia", "Raleigh"]


def font(size: int, style: str = "Regular") -> pygame.font.Font:
    from importlib.resources import files
    return pygame.font.Font(str(files("pygame_gui.data") / f"NotoSans-{style}.ttf"), size)


# ----- water -----------------------------------------------------------------------------------
def _value_noise(seed: int, cells: int):
    rng = random.Random(seed)
    lattice = [[rng.random() for _ in range(cells + 2)] for _ in range(cells + 2)]

    def at(u, v):  # u, v in lattice units
        i, j = int(u), int(v)
        fu, fv = u - i, v - j
        fu, fv = fu * fu * (3 - 2 * fu), fv * fv * (3 - 2 * fv)
        a = lattice[j][i] + (lattice[j][i + 1] - lattice[j][i]) * fu
        b = lattice[j + 1][i] + (lattice[j + 1][i + 1] - lattice[j + 1][i]) * fu
        return a + (b - a) * fv
    return at


def water_field(terrain: list[str]):
    """field(px, py) -> water share at a pixel of the art, smooth between square centres, with noise."""
    share = [[WATER_SHARE.get(ch, 0.0) for ch in row] for row in terrain]
    coarse = _value_noise(1863, 12)
    fine = _value_noise(1861, 40)

    def field(px, py):
        gx = min(SIZE - 1.0, max(0.0, px / SQUARE - 0.5))
        gy = min(SIZE - 1.0, max(0.0, py / SQUARE - 0.5))
        i, j = min(SIZE - 2, int(gx)), min(SIZE - 2, int(gy))
        fx, fy = gx - i, gy - j
        a = share[j][i] + (share[j][i + 1] - share[j][i]) * fx
        b = share[j + 1][i] + (share[j + 1][i + 1] - share[j + 1][i]) * fx
        v = a + (b - a) * fy
        n = (coarse(px / W * 11, py / W * 11) - 0.5) * 0.16 + (fine(px / W * 38, py / W * 38) - 0.5) * 0.06
        return v + n
    return field


def paint_water(surf: pygame.Surface, terrain: list[str]) -> list[list[bool]]:
    field = water_field(terrain)
    values = [[field(x, y) for x in range(W)] for y in range(W)]
    wet = [[v > 0.5 for v in row] for row in values]
    px = pygame.PixelArray(surf)
    for y in range(W):
        row, vrow = wet[y], values[y]
        for x in range(W):
            if row[x]:
                depth = max(0.0, min(1.0, (vrow[x] - 0.5) * 2.2))
                colour = tuple(int(s + (d - s) * depth) for s, d in zip(SEA_SHALLOW, SEA_DEEP))
                # engraved ripple lines following the shore, fading out to sea
                for level in (0.56, 0.63, 0.72):
                    if abs(vrow[x] - level) < 0.0055:
                        colour = RIPPLE
                px[x, y] = colour
    for y in range(W):  # the shore: a water pixel with land beside it
        for x in range(W):
            if wet[y][x] and ((x + 1 < W and not wet[y][x + 1]) or (y + 1 < W and not wet[y + 1][x])
                              or (x > 0 and not wet[y][x - 1]) or (y > 0 and not wet[y - 1][x])):
                px[x, y] = COAST
    del px
    return wet


# ----- paper -----------------------------------------------------------------------------------
def paint_paper(surf: pygame.Surface) -> None:
    surf.fill(LAND)
    rng = random.Random(7)
    blot = pygame.Surface((W, W), pygame.SRCALPHA)
    for _ in range(420):
        r = rng.randint(6, 34)
        pygame.draw.circle(blot, (*LAND_DARK, rng.randint(8, 22)), (rng.randrange(W), rng.randrange(W)), r)
    for _ in range(5000):
        blot.set_at((rng.randrange(W), rng.randrange(W)), (*LAND_DARK, 90))
    surf.blit(blot, (0, 0))


# ----- the two countries -------------------------------------------------------------------------
# The line between the Union (with the border states that stayed: Missouri, Kentucky, Maryland,
# West Virginia) and the Confederacy in 1863, as (longitude, latitude) points, west to east:
# the Missouri-Arkansas line, the Kentucky-Tennessee line, round West Virginia, down the Potomac.
FRONTIER = [(-95.5, 36.5), (-89.6, 36.5), (-89.5, 36.6), (-83.7, 36.6), (-82.3, 37.3), (-81.4, 37.2),
            (-80.3, 37.5), (-79.7, 38.4), (-78.9, 38.9), (-78.2, 39.4), (-77.6, 39.3), (-77.1, 38.9),
            (-76.6, 38.2), (-76.2, 37.9), (-75.5, 37.9)]
FRONTIER_INK = (124, 42, 36)
SOUTH_WASH = (120, 92, 60, 22)


def to_pixel(lon: float, lat: float, projection: dict) -> tuple[float, float]:
    west, east = projection["lon_west"], projection["lon_east"]
    south, north = projection["lat_south"], projection["lat_north"]
    return ((lon - west) / (east - west) * W, (north - lat) / (north - south) * W)


def paint_south_wash(surf, projection) -> None:
    """A faint wash over the seceded states, so the two countries read at a glance."""
    line = [to_pixel(lon, lat, projection) for lon, lat in FRONTIER]
    wash = pygame.Surface((W, W), pygame.SRCALPHA)
    pygame.draw.polygon(wash, SOUTH_WASH, line + [(W, line[-1][1]), (W, W), (0, W)])
    surf.blit(wash, (0, 0))


def paint_frontier(surf, projection) -> None:
    """The frontier as a dashed line in dark red."""
    line = [to_pixel(lon, lat, projection) for lon, lat in FRONTIER]
    dash, gap, carry = 7, 5, 0.0
    for a, b in zip(line, line[1:]):
        length = math.dist(a, b)
        d = -carry
        while d < length:
            s0, s1 = max(0.0, d), min(length, d + dash)
            if s1 > s0:
                p = (a[0] + (b[0] - a[0]) * s0 / length, a[1] + (b[1] - a[1]) * s0 / length)
                q = (a[0] + (b[0] - a[0]) * s1 / length, a[1] + (b[1] - a[1]) * s1 / length)
                pygame.draw.line(surf, FRONTIER_INK, p, q, 2)
            d += dash + gap
        carry = d - length


def paint_country_names(surf) -> None:
    """The two countries' names, in the emptiest land each has on the board (Iowa; east Texas)."""
    for words, centre, size, spacing in ((("UNITED", "STATES"), (92, 104), 15, " "),
                                         (("CONFEDERATE", "STATES"), (56, 446), 13, "")):
        f = font(size, "Bold")
        for i, word in enumerate(words):
            label = f.render(spacing.join(word), True, (150, 120, 84))
            surf.blit(label, label.get_rect(center=(centre[0], centre[1] + i * (size + 4))))


# ----- mountains ---------------------------------------------------------------------------------
def peak(surf, x, y, size) -> None:
    """A hachured peak: a light west face, a shaded east face, an ink outline."""
    top, left, right = (x, y - size), (x - size, y + size * 0.55), (x + size, y + size * 0.55)
    foot = (x + size * 0.15, y + size * 0.55)
    pygame.draw.polygon(surf, (186, 156, 112), [top, left, foot])
    pygame.draw.polygon(surf, MOUNTAIN, [top, foot, right])
    for k in range(1, 4):
        t = k / 4
        a = (top[0] + (right[0] - top[0]) * t, top[1] + (right[1] - top[1]) * t)
        pygame.draw.line(surf, MOUNTAIN_SHADE, a, (a[0] - size * 0.35, a[1] + size * 0.45), 1)
    pygame.draw.lines(surf, MOUNTAIN_SHADE, False, [left, top, right], 2)


def paint_mountains(surf, board) -> None:
    for (x, y), sq in sorted(board.squares.items(), key=lambda kv: (kv[0][1], kv[0][0])):
        if not sq.mountain:
            continue
        x0, y0 = x * SQUARE, y * SQUARE
        if not sq.passes:
            for dx, dy, s in ((11, 14, 8), (27, 13, 7), (19, 27, 9)):
                peak(surf, x0 + dx, y0 + dy, s)
            continue
        # peaks in the two corners the pass does not use, the road along its diagonal
        nw_se = "NW-SE" in sq.passes
        ne_sw = "NE-SW" in sq.passes
        if nw_se and not ne_sw:
            spots, road = ((28, 12, 8), (10, 28, 8)), [((2, 2), (36, 36))]
        elif ne_sw and not nw_se:
            spots, road = ((10, 12, 8), (28, 28, 8)), [((36, 2), (2, 36))]
        else:
            spots, road = ((19, 9, 6), (19, 33, 6)), [((2, 2), (36, 36)), ((36, 2), (2, 36))]
        for dx, dy, s in spots:
            peak(surf, x0 + dx, y0 + dy, s)
        for (ax, ay), (bx, by) in road:
            n = 9
            for i in range(n):
                if i % 2 == 0:
                    p = (x0 + ax + (bx - ax) * i / n, y0 + ay + (by - ay) * i / n)
                    q = (x0 + ax + (bx - ax) * (i + 1) / n, y0 + ay + (by - ay) * (i + 1) / n)
                    pygame.draw.line(surf, PASS_ROAD, p, q, 3)


# ----- rivers and railroads ------------------------------------------------------------------------
RIVER_OFFSET = (4, 5)  # rivers run a little beside the square centres, so rails and towns stay legible


def chaikin(points, rounds=2):
    for _ in range(rounds):
        out = [points[0]]
        for a, b in zip(points, points[1:]):
            out.append((a[0] * 0.75 + b[0] * 0.25, a[1] * 0.75 + b[1] * 0.25))
            out.append((a[0] * 0.25 + b[0] * 0.75, a[1] * 0.25 + b[1] * 0.75))
        out.append(points[-1])
        points = out
    return points


def thick_line(surf, points, colour, radius) -> None:
    """A smooth round-jointed line: discs stamped every pixel along the polyline."""
    for a, b in zip(points, points[1:]):
        steps = max(1, int(math.dist(a, b)))
        for i in range(steps + 1):
            t = i / steps
            pygame.draw.circle(surf, colour, (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t), radius)


def paint_rivers(surf, board) -> None:
    for name, course in board.rivers:
        pts = [(local_centre(s)[0] + RIVER_OFFSET[0], local_centre(s)[1] + RIVER_OFFSET[1]) for s in course]
        radius = 2.4 if name.startswith(("Mississippi", "Ohio")) else 1.7
        thick_line(surf, chaikin(pts), RIVER, radius)


def paint_railroads(surf, board) -> None:
    links = sorted({tuple(sorted((a, b))) for a, ns in board.rail.items() for b in ns})
    for a, b in links:
        (ax, ay), (bx, by) = local_centre(a), local_centre(b)
        pygame.draw.line(surf, RAIL, (ax, ay), (bx, by), 2)
        length = math.dist((ax, ay), (bx, by))
        ux, uy = (bx - ax) / length, (by - ay) / length
        for d in range(5, int(length) - 3, 7):
            cx, cy = ax + ux * d, ay + uy * d
            pygame.draw.line(surf, RAIL, (cx - uy * 3, cy + ux * 3), (cx + uy * 3, cy - ux * 3), 1)


# ----- grid, towns, names -------------------------------------------------------------------------
def paint_grid(surf) -> None:
    grid = pygame.Surface((W, W), pygame.SRCALPHA)
    for i in range(1, SIZE):
        pygame.draw.line(grid, GRID, (i * SQUARE, 0), (i * SQUARE, W))
        pygame.draw.line(grid, GRID, (0, i * SQUARE), (W, i * SQUARE))
    surf.blit(grid, (0, 0))


def haloed(text: str, f: pygame.font.Font, colour, halo=HALO) -> pygame.Surface:
    face = f.render(text, True, colour)
    back = f.render(text, True, halo)
    out = pygame.Surface((face.get_width() + 2, face.get_height() + 2), pygame.SRCALPHA)
    for dx in (0, 1, 2):
        for dy in (0, 1, 2):
            out.blit(back, (dx, dy))
    out.blit(face, (1, 1))
    return out


def display_name(name: str) -> str:
    """Board names disambiguate with a state ('Columbus OH'); the map shows the town's own name."""
    for suffix in (" OH", " GA", " MO", " TN", " MS"):
        if name.endswith(suffix):
            return name[: -len(suffix)]
    return name


def paint_towns(surf, board) -> None:
    """Town dots (key cities and capitals get their marks from the window) and every name that fits."""
    big, small = font(11, "Bold"), font(10)
    taken = [pygame.Rect(0, 0, 0, 0)]
    for c in board.cities.values():
        cx, cy = local_centre(c.at)
        taken.append(pygame.Rect(cx - 5, cy - 5, 10, 10))
        if c.kind == "town":
            pygame.draw.circle(surf, HALO, (cx, cy), 4)
            pygame.draw.circle(surf, INK, (cx, cy), 3)
    order = sorted(board.cities.values(), key=lambda c: (
        0 if c.capital_side is not None else 1 if c.key_side is not None else
        2 + (MAJOR.index(c.name) if c.name in MAJOR else 100), c.name))
    bounds = pygame.Rect(0, 0, W, W)
    for c in order:
        important = c.kind != "town"
        label = haloed(display_name(c.name), big if important else small, INK)
        x0, y0 = c.at[0] * SQUARE, c.at[1] * SQUARE
        w, h = label.get_size()
        # under the square's pieces first (the bottom strip of the square), then beside it
        candidates = [(x0 + SQUARE // 2 - w // 2, y0 + SQUARE - h + 1), (x0 + 2, y0 + SQUARE - h + 1),
                      (x0 + SQUARE - w - 2, y0 + SQUARE - h + 1), (x0 + SQUARE // 2 - w // 2, y0 - 2)]
        placed = None
        for pos in candidates:
            rect = pygame.Rect(pos, (w, h)).inflate(-2, -4)
            rect.clamp_ip(bounds)
            if not any(rect.inflate(4, 0).colliderect(t) for t in taken[1:]):
                placed = rect
                break
        if placed is None and important:  # capitals and key cities are always named: past a dot if need be
            rects = [pygame.Rect(p, (w, h)).inflate(-2, -4).clamp(bounds) for p in candidates]
            placed = next((r for r in rects if not any(r.inflate(4, 0).colliderect(t) for t in taken[1:] if t.w > 10)),
                          rects[0])
        if placed is not None:
            surf.blit(label, placed.inflate(2, 4).topleft)
            taken.append(placed)


def paint_sea_names(surf) -> None:
    f = font(15, "Italic")
    small = font(11, "Italic")
    for text, pos, fnt in (("Gulf  of  Mexico", (150, 560), f), ("Atlantic", (626, 420), f),
                           ("Ocean", (634, 440), f), ("L. Michigan", (262, 4), small), ("L. Erie", (470, 38), small),
                           ("Chesapeake", (640, 186), small)):
        label = haloed(text, fnt, SEA_INK, halo=(172, 204, 210))
        surf.blit(label, label.get_rect(center=pos))


def paint_cartouche(surf) -> None:
    rect = pygame.Rect(18, 600, 318, 66)
    pygame.draw.rect(surf, (40, 30, 20), rect.move(3, 4), border_radius=6)
    pygame.draw.rect(surf, (236, 224, 190), rect, border_radius=6)
    pygame.draw.rect(surf, INK, rect, 2, border_radius=6)
    pygame.draw.rect(surf, INK, rect.inflate(-8, -8), 1, border_radius=4)
    title = font(17, "Bold").render("THE CIVIL WAR GAME", True, INK)
    sub = font(12, "Italic").render("The theatre of war, 1863  ·  18 × 18 squares", True, INK)
    surf.blit(title, title.get_rect(center=(rect.centerx, rect.y + 23)))
    surf.blit(sub, sub.get_rect(center=(rect.centerx, rect.y + 46)))


def paint_legend(surf) -> None:
    rect = pygame.Rect(540, 548, 134, 128)
    panel = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(panel, (236, 224, 190, 235), panel.get_rect(), border_radius=6)
    pygame.draw.rect(panel, INK, panel.get_rect(), 1, border_radius=6)
    surf.blit(panel, rect)
    f = font(11)
    rows = ["Railroad", "Navigable river", "Mountains", "Mountain pass", "Town", "Frontier of 1863"]
    for i, text in enumerate(rows):
        y = rect.y + 14 + i * 20
        x = rect.x + 10
        if i == 0:
            pygame.draw.line(surf, RAIL, (x, y), (x + 28, y), 2)
            for d in range(3, 28, 6):
                pygame.draw.line(surf, RAIL, (x + d, y - 3), (x + d, y + 3), 1)
        elif i == 1:
            thick_line(surf, [(x, y + 2), (x + 10, y - 2), (x + 20, y + 2), (x + 28, y - 1)], RIVER, 1.7)
        elif i == 2:
            peak(surf, x + 8, y + 1, 6)
            peak(surf, x + 20, y + 1, 6)
        elif i == 3:
            for k in range(0, 28, 7):
                pygame.draw.line(surf, PASS_ROAD, (x + k, y + 3), (x + k + 4, y - 1), 3)
        elif i == 4:
            pygame.draw.circle(surf, INK, (x + 14, y), 3)
        else:
            for k in range(0, 28, 12):
                pygame.draw.line(surf, FRONTIER_INK, (x + k, y), (x + k + 7, y), 2)
        label = f.render(text, True, INK)
        surf.blit(label, (x + 36, y - label.get_height() // 2))


def paint_compass(surf, centre=(470, 640)) -> None:
    x, y = centre
    pygame.draw.circle(surf, (236, 224, 190), centre, 17)
    pygame.draw.circle(surf, INK, centre, 17, 1)
    pygame.draw.polygon(surf, INK, [(x, y - 15), (x - 5, y), (x + 5, y)])
    pygame.draw.polygon(surf, (236, 224, 190), [(x, y + 15), (x - 5, y), (x + 5, y)])
    pygame.draw.polygon(surf, INK, [(x, y + 15), (x - 5, y), (x + 5, y)], 1)
    n = font(11, "Bold").render("N", True, INK)
    surf.blit(n, n.get_rect(midbottom=(x, y - 16)))


def make() -> pygame.Surface:
    drawing.start()
    board = load("civil_war")
    terrain = json.loads(BOARD_FILE.read_text(encoding="utf-8"))["terrain"]
    surf = pygame.Surface((W, W))
    projection = json.loads(BOARD_FILE.read_text(encoding="utf-8"))["projection"]
    paint_paper(surf)
    paint_south_wash(surf, projection)
    paint_country_names(surf)
    paint_water(surf, terrain)
    paint_grid(surf)
    paint_frontier(surf, projection)
    paint_mountains(surf, board)
    paint_rivers(surf, board)
    paint_railroads(surf, board)
    paint_towns(surf, board)
    paint_sea_names(surf)
    paint_cartouche(surf)
    paint_legend(surf)
    paint_compass(surf)
    pygame.draw.rect(surf, INK, surf.get_rect(), 2)
    return surf


def main() -> int:
    drawing.save(make(), ART_FILE)
    return 0


if __name__ == "__main__":
    sys.exit(main())
