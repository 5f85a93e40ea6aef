"""Make the Tactics (1954) map art (assets/art/ah_tactics_map.png) from the board data, no downloads.

Everything on it comes from assets/boards/ah_tactics.json through the rules' own loader, so the
picture cannot disagree with the game. Painted at the window's zoom 1 (game/ah_tactics/geometry.py:
48 x 36 squares of 40 pixels), in layers:
  1. paper and ground: a faint mottle over the clear squares, each half a shade of its own;
  2. sea with a shore line and ripples, beaches as dotted sand;
  3. forests as clusters of round crowns, mountains as hachured peaks;
  4. rivers along square edges (their corner polylines), bridges as a deck across the edge;
  5. roads (red) and railroads (black with ties), square centre to square centre; where a road
     and a railroad share two squares in a row they run side by side, as the rule book draws them;
  6. cities as built-up blocks with their docks as piers, the border between the halves;
  7. bivouac areas as dotted outlines with the formation's name; place names; the grid, and
     column letters / row numbers along the edge.
Sides' colours are the window's (ownership changes in play), so the art itself is neutral.

Run: python tools/make_ah_tactics_art.py   (deterministic; writes the PNG)
"""
import math
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from tools import drawing  # noqa: E402  (first: pygame starts headless)
import pygame  # noqa: E402

from engine.ah_tactics.board import load  # noqa: E402
from engine.resources import read_board  # noqa: E402
from game.ah_tactics.geometry import ART_FILE, COLS, ROWS, SQUARE, local_centre  # noqa: E402

W, H = COLS * SQUARE, ROWS * SQUARE
# open ground, sea and beaches
CLEAR, CLEAR_SOUTH, MOTTLE, SEA = (214, 214, 168), (220, 210, 166), (196, 200, 150), (118, 160, 190)
SEA_DEEP, SHORE, RIPPLE, SAND = (96, 140, 176), (62, 92, 120), (150, 186, 208), (236, 218, 160)
SAND_DOT = (196, 168, 104)
# forest and mountains
FOREST, CROWN, CROWN_DARK, MOUNTAIN = (120, 158, 92), (70, 112, 56), (44, 78, 38), (178, 150, 112)
PEAK, PEAK_SHADE = (112, 82, 52), (150, 120, 86)
# rivers, roads, railroads and cities
RIVER, RIVER_BANK, BRIDGE, ROAD, RAIL = (52, 110, 178), (200, 226, 240), (96, 72, 48), (196, 44, 36), (28, 26, 26)
CITY, BLOCK, PIER = (168, 156, 140), (124, 110, 96), (70, 58, 46)
# lettering and marks
GRID_INK, INK, HALO, BORDER_INK = (60, 60, 40, 38), (46, 40, 30), (246, 240, 214), (90, 60, 50)
BIVOUAC_INK = (70, 70, 60)


def font(size: int, style: str = "Regular") -> pygame.font.Font:
    from importlib.resources import files
    return pygame.font.Font(str(files("pygame_gui.data") / f"NotoSans-{style}.ttf"), size)


def square_rect(sq) -> pygame.Rect:
    return pygame.Rect(sq[0] * SQUARE, sq[1] * SQUARE, SQUARE, SQUARE)


def paint_ground(surf, board, rng) -> None:
    half = board.get("sides", [{}])[0].get("rows", [0, 17])[1]
    surf.fill(CLEAR)
    surf.fill(CLEAR_SOUTH, (0, (half + 1) * SQUARE, W, H))
    for _ in range(2600):   # a faint mottle, so the paper is not a flat fill
        x, y = rng.randrange(W), rng.randrange(H)
        r = rng.randint(3, 9)
        pygame.draw.circle(surf, MOTTLE, (x, y), r)
    over = pygame.Surface((W, H), pygame.SRCALPHA)
    over.fill((*CLEAR, 150))
    over.fill((*CLEAR_SOUTH, 150), (0, (half + 1) * SQUARE, W, H))
    surf.blit(over, (0, 0))


def terrain_squares(board, name: str) -> list[tuple[int, int]]:
    legend = {ch: t for ch, t in board["legend"].items()}
    return [(x, y) for y, row in enumerate(board["terrain"]) for x, ch in enumerate(row) if legend.get(ch) == name]


def paint_sea(surf, board, rng) -> None:
    sea = set(terrain_squares(board, "sea"))
    for sq in sea:
        surf.fill(SEA, square_rect(sq))
    for x, y in sea:   # deeper water away from the shore
        if all((x + dx, y + dy) in sea or not (0 <= x + dx < COLS and 0 <= y + dy < ROWS)
               for dx in (-1, 0, 1) for dy in (-1, 0, 1)):
            surf.fill(SEA_DEEP, square_rect((x, y)).inflate(-2, -2))
    for x, y in sea:
        r = square_rect((x, y))
        for _ in range(2):
            cx, cy = r.x + rng.randint(6, SQUARE - 14), r.y + rng.randint(6, SQUARE - 6)
            pygame.draw.arc(surf, RIPPLE, (cx, cy, 10, 6), 0.3, 2.8, 1)
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            n = (x + dx, y + dy)
            if 0 <= n[0] < COLS and 0 <= n[1] < ROWS and n not in sea:
                if dx:
                    ex = r.right - 1 if dx > 0 else r.x
                    pygame.draw.line(surf, SHORE, (ex, r.y), (ex, r.bottom - 1), 3)
                else:
                    ey = r.bottom - 1 if dy > 0 else r.y
                    pygame.draw.line(surf, SHORE, (r.x, ey), (r.right - 1, ey), 3)


def paint_beaches(surf, board, rng) -> None:
    for beach in board["beaches"]:
        for sq in beach["squares"]:
            r = square_rect(sq).inflate(-2, -2)
            surf.fill(SAND, r)
            for _ in range(14):
                surf.fill(SAND_DOT, (r.x + rng.randrange(r.w - 2), r.y + rng.randrange(r.h - 2), 2, 2))


def ragged_edges(surf, squares: set, colour, rng, *, keep_off: set) -> None:
    """Soften a patch's outline: lumps of its colour along every edge it shares with open ground, reaching
    a few pixels past the square (the grid drawn later still shows where the squares end)."""
    for x, y in sorted(squares):
        r = square_rect((x, y))
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            n = (x + dx, y + dy)
            if n in squares or n in keep_off or not (0 <= n[0] < COLS and 0 <= n[1] < ROWS):
                continue
            for t in range(4, SQUARE - 3, 7):
                out = rng.randint(0, 3)
                cx = (r.right - 1 + out if dx > 0 else r.x - out) if dx else r.x + t + rng.randint(-1, 1)
                cy = (r.bottom - 1 + out if dy > 0 else r.y - out) if dy else r.y + t + rng.randint(-1, 1)
                pygame.draw.circle(surf, colour, (cx, cy), rng.randint(4, 6))


def paint_forests(surf, board, rng) -> None:
    forest = set(terrain_squares(board, "forest"))
    for sq in forest:
        surf.fill(FOREST, square_rect(sq))
    ragged_edges(surf, forest, FOREST, rng, keep_off=set(terrain_squares(board, "sea")))
    for sq in sorted(forest):
        r = square_rect(sq)
        for i in range(5):
            cx = r.x + 8 + (i % 3) * 12 + rng.randint(-2, 2)
            cy = r.y + 10 + (i // 3) * 18 + (6 if i % 3 == 1 else 0) + rng.randint(-2, 2)
            size = rng.randint(5, 7)
            pygame.draw.circle(surf, CROWN_DARK, (cx + 1, cy + 2), size + 1)
            pygame.draw.circle(surf, CROWN, (cx, cy), size)


def paint_mountains(surf, board, rng) -> None:
    mountains = set(terrain_squares(board, "mountain"))
    for sq in mountains:
        surf.fill(MOUNTAIN, square_rect(sq))
    ragged_edges(surf, mountains, MOUNTAIN, rng, keep_off=set(terrain_squares(board, "sea")))
    for sq in sorted(mountains):
        r = square_rect(sq)
        for ox, oy, s in ((10, 26, 12), (27, 30, 10), (22, 16, 9)):
            x, y = r.x + ox + rng.randint(-2, 2), r.y + oy
            s += rng.randint(-2, 2)
            pygame.draw.polygon(surf, PEAK_SHADE, [(x - s, y), (x, y - s * 1.3), (x + s, y)])
            pygame.draw.polygon(surf, PEAK, [(x - s, y), (x, y - s * 1.3), (x, y)])
            pygame.draw.lines(surf, PEAK, False, [(x - s, y), (x, y - s * 1.3), (x + s, y)], 2)


def paint_cities(surf, board, rng) -> None:
    for city in board["cities"]:
        squares = {tuple(s) for s in city["squares"]}
        for sq in squares:
            surf.fill(CITY, square_rect(sq))
        for sq in squares:
            r = square_rect(sq)
            for _ in range(6):   # built-up blocks
                w, h = rng.randint(6, 11), rng.randint(5, 9)
                surf.fill(BLOCK, (r.x + rng.randint(3, SQUARE - w - 3), r.y + rng.randint(3, SQUARE - h - 3), w, h))
        edge = CITY[0] - 70, CITY[1] - 70, CITY[2] - 70
        for x, y in squares:
            r = square_rect((x, y))
            for (dx, dy), (a, b) in (((1, 0), (r.topright, r.bottomright)), ((-1, 0), (r.topleft, r.bottomleft)),
                                     ((0, 1), (r.bottomleft, r.bottomright)), ((0, -1), (r.topleft, r.topright))):
                if (x + dx, y + dy) not in squares:
                    pygame.draw.line(surf, edge, a, b, 2)
        for dock in (city.get("port") or {}).get("docks", []):
            sea_side = [(dx, dy) for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1))
                        if board["terrain"][dock[1] + dy][dock[0] + dx] == "~"]
            cx, cy = local_centre(dock)
            for dx, dy in sea_side:   # piers into the water
                for k in (-8, 8):
                    a = (cx + dx * 16 + dy * k, cy + dy * 16 + dx * k)
                    b = (cx + dx * 30 + dy * k, cy + dy * 30 + dx * k)
                    pygame.draw.line(surf, PIER, a, b, 4)


def paint_border(surf, board) -> None:
    y = (board["sides"][0]["rows"][1] + 1) * SQUARE
    for x in range(0, W, 24):
        pygame.draw.line(surf, BORDER_INK, (x, y), (x + 14, y), 3)


def paint_rivers(surf, board) -> None:
    for river in board["rivers"]:
        pts = [(px * SQUARE, py * SQUARE) for px, py in river["points"]]
        pygame.draw.lines(surf, RIVER_BANK, False, pts, 11)
        pygame.draw.lines(surf, RIVER, False, pts, 7)
        for p in pts:
            pygame.draw.circle(surf, RIVER, p, 3)


def paint_bridges(surf, board) -> None:
    for a, b in board["bridges"]:
        (ax, ay), (bx, by) = local_centre(a), local_centre(b)
        mx, my = (ax + bx) / 2, (ay + by) / 2
        if ax == bx:    # a river edge running east-west: the deck runs north-south
            deck = pygame.Rect(0, 0, 16, 24)
        else:
            deck = pygame.Rect(0, 0, 24, 16)
        deck.center = (mx, my)
        pygame.draw.rect(surf, BRIDGE, deck.inflate(4, 4), border_radius=3)
        pygame.draw.rect(surf, (222, 206, 170), deck, border_radius=2)


def run_together(board) -> set:
    """Links (sorted square pairs) carried by both a road and a railroad: drawn side by side."""
    links = {"road": set(), "rail": set()}
    for line in board["lines"]:
        sq = [tuple(s) for s in line["squares"]]
        for a, b in zip(sq, sq[1:]):
            links[line["kind"]].add(tuple(sorted((a, b))))
    return links["road"] & links["rail"]


def paint_lines(surf, board) -> None:
    shared = run_together(board)
    for kind in ("road", "rail"):
        for line in board["lines"]:
            if line["kind"] != kind:
                continue
            sq = [tuple(s) for s in line["squares"]]
            for a, b in zip(sq, sq[1:]):
                (ax, ay), (bx, by) = local_centre(a), local_centre(b)
                off = (0.0, 0.0)
                if tuple(sorted((a, b))) in shared:   # side by side: the road on one side, the rail on the other
                    length = math.hypot(bx - ax, by - ay)
                    nx, ny = -(by - ay) / length, (bx - ax) / length
                    sign = 1 if kind == "road" else -1
                    off = (nx * 5 * sign, ny * 5 * sign)
                p, q = (ax + off[0], ay + off[1]), (bx + off[0], by + off[1])
                if kind == "road":
                    pygame.draw.line(surf, (250, 236, 220), p, q, 7)
                    pygame.draw.line(surf, ROAD, p, q, 4)
                else:
                    pygame.draw.line(surf, RAIL, p, q, 3)
                    length = math.hypot(q[0] - p[0], q[1] - p[1])
                    ux, uy = (q[0] - p[0]) / length, (q[1] - p[1]) / length
                    for t in range(4, int(length), 8):   # ties across the rails
                        cx, cy = p[0] + ux * t, p[1] + uy * t
                        pygame.draw.line(surf, RAIL, (cx - uy * 4, cy + ux * 4), (cx + uy * 4, cy - ux * 4), 2)


def paint_grid(surf) -> None:
    grid = pygame.Surface((W, H), pygame.SRCALPHA)
    for x in range(0, W + 1, SQUARE):
        pygame.draw.line(grid, GRID_INK, (x, 0), (x, H), 1)
    for y in range(0, H + 1, SQUARE):
        pygame.draw.line(grid, GRID_INK, (0, y), (W, y), 1)
    surf.blit(grid, (0, 0))


def haloed(text: str, size: int, colour, style: str = "Bold", halo=HALO) -> pygame.Surface:
    f = font(size, style)
    body = f.render(text, True, colour)
    glow = f.render(text, True, halo)
    out = pygame.Surface((body.get_width() + 4, body.get_height() + 4), pygame.SRCALPHA)
    for dx in (0, 1, 2, 3, 4):
        for dy in (0, 1, 2, 3, 4):
            if (dx, dy) != (2, 2):
                out.blit(glow, (dx, dy))
    out.blit(body, (2, 2))
    return out


def paint_bivouacs(surf, board) -> None:
    ink = pygame.Surface((W, H), pygame.SRCALPHA)
    for area in board["bivouacs"]:
        squares = {tuple(s) for s in area["squares"]}
        for x, y in squares:
            r = square_rect((x, y)).inflate(-4, -4)
            for (dx, dy), (a, b) in (((1, 0), (r.topright, r.bottomright)), ((-1, 0), (r.topleft, r.bottomleft)),
                                     ((0, 1), (r.bottomleft, r.bottomright)), ((0, -1), (r.topleft, r.topright))):
                if (x + dx, y + dy) in squares:
                    continue
                steps = 6
                for i in range(0, steps, 2):   # dotted
                    p = (a[0] + (b[0] - a[0]) * i / steps, a[1] + (b[1] - a[1]) * i / steps)
                    q = (a[0] + (b[0] - a[0]) * (i + 1) / steps, a[1] + (b[1] - a[1]) * (i + 1) / steps)
                    pygame.draw.line(ink, (*BIVOUAC_INK, 200), p, q, 2)
        top = min(squares, key=lambda s: (s[1], s[0]))
        label = haloed(area["name"], 13, BIVOUAC_INK, "Regular")
        lx = sum(s[0] for s in squares) / len(squares)
        cx = (lx + 0.5) * SQUARE
        ink.blit(label, label.get_rect(midbottom=(cx, top[1] * SQUARE + 4)))
    surf.blit(ink, (0, 0))


LABEL_STYLE = {"city": (17, INK, "Bold"), "forest": (15, (34, 64, 30), "Italic"),
               "mountain": (16, (92, 60, 36), "BoldItalic"), "river": (14, (30, 80, 140), "Italic"),
               "beach": (13, (120, 90, 40), "Italic")}


def paint_labels(surf, board) -> None:
    for label in board["labels"]:
        size, colour, style = LABEL_STYLE.get(label["kind"], (14, INK, "Regular"))
        text = haloed(label["text"], size, colour, style)
        x, y = local_centre(label["at"])
        surf.blit(text, text.get_rect(center=(x, y + (SQUARE // 2 + 6 if label["kind"] == "city" else 0))))


def paint_edge_marks(surf) -> None:
    f = font(11)
    for x in range(COLS):
        t = f.render(str(x), True, (90, 90, 70))
        surf.blit(t, t.get_rect(midtop=(x * SQUARE + SQUARE // 2, 1)))
    for y in range(ROWS):
        t = f.render(str(y), True, (90, 90, 70))
        surf.blit(t, (2, y * SQUARE + 1))


def paint(board) -> pygame.Surface:
    rng = random.Random(1954)
    surf = pygame.Surface((W, H))
    paint_ground(surf, board, rng)
    paint_sea(surf, board, rng)
    paint_beaches(surf, board, rng)
    paint_forests(surf, board, rng)
    paint_mountains(surf, board, rng)
    paint_cities(surf, board, rng)
    paint_border(surf, board)
    paint_rivers(surf, board)
    paint_lines(surf, board)
    paint_bridges(surf, board)
    paint_grid(surf)
    paint_bivouacs(surf, board)
    paint_labels(surf, board)
    paint_edge_marks(surf)
    return surf


def main() -> None:
    drawing.start()
    load("ah_tactics")   # the rules' loader validates the map first
    drawing.save(paint(read_board("ah_tactics")), ART_FILE)


if __name__ == "__main__":
    main()
