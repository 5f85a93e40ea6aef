"""Draw the window's icon (assets/art/icon.png): a sand table seen from above, by code, no downloads.

A brass-rimmed square of sea with a sand island on it, a red and a blue army token
facing each other across a dashed line of advance, and a brass flag on the
island's height: the title screen's map, small enough for a title bar and a task bar.
Drawn four times larger and smoothed down, so its edges are soft at 64 pixels.

    python tools/make_icon.py [--check]     (--check: exit 1 if the committed icon differs)
"""
import argparse
import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from tools import drawing  # noqa: E402  (first: pygame starts headless)
import pygame  # noqa: E402

from game import theme  # noqa: E402
from game.window import ICON_FILE  # noqa: E402

SIZE = 64
SCALE = 4   # drawn at SIZE * SCALE, then smoothed down


def island(surface, c, k: int) -> None:
    """A lumpy sand island: overlapping circles, darker sand under them for a shore."""
    lumps = [(30, 34, 15), (40, 28, 11), (22, 40, 10), (38, 40, 9), (26, 27, 8)]
    shore = theme.darken((196, 172, 118), 0.25)
    for x, y, r in lumps:
        pygame.draw.circle(surface, shore, (x * k, y * k + k), r * k)
    for x, y, r in lumps:
        pygame.draw.circle(surface, (196, 172, 118), (x * k, y * k), r * k)
    pygame.draw.ellipse(surface, theme.darken((196, 172, 118), 0.12), pygame.Rect(24 * k, 28 * k, 16 * k, 9 * k), k)


def token(surface, centre, colour, k: int) -> None:
    x, y = centre
    pygame.draw.circle(surface, (0, 0, 0, 120), (x + k, y + 2 * k), 7 * k)
    pygame.draw.circle(surface, theme.darken(colour, 0.45), (x, y), 7 * k)
    pygame.draw.circle(surface, colour, (x, y), 6 * k)
    pygame.draw.circle(surface, theme.lighten(colour, 0.35), (x, y - k), 6 * k, k)


def flag(surface, foot, c, k: int) -> None:
    x, y = foot
    pygame.draw.line(surface, theme.darken(c.accent_dark, 0.4), (x, y), (x, y - 17 * k), 2 * k)
    pygame.draw.polygon(surface, c.accent, [(x + k, y - 17 * k), (x + 12 * k, y - 13 * k), (x + k, y - 9 * k)])


def advance(surface, start, end, colour, k: int) -> None:
    """A dashed curve with an arrowhead, like the title map's lines of attack."""
    (sx, sy), (ex, ey) = start, end
    mx, my = (sx + ex) / 2, (sy + ey) / 2 - 8 * k
    points = [((1 - t) ** 2 * sx + 2 * (1 - t) * t * mx + t * t * ex,
               (1 - t) ** 2 * sy + 2 * (1 - t) * t * my + t * t * ey) for t in (i / 12 for i in range(13))]
    for a, b in zip(points[0:10:2], points[1:11:2]):
        pygame.draw.line(surface, colour, a, b, 2 * k)
    angle = math.atan2(points[-1][1] - points[-3][1], points[-1][0] - points[-3][0])
    tip = points[-1]
    pygame.draw.polygon(surface, colour, [tip, *((tip[0] - 6 * k * math.cos(angle + s), tip[1] - 6 * k * math.sin(angle + s))
                                                 for s in (-0.5, 0.5))])


def draw() -> pygame.Surface:
    k = SCALE
    c = theme.STANDARD   # the standard palette, whatever a player chose
    big = pygame.Surface((SIZE * k, SIZE * k), pygame.SRCALPHA)
    frame = big.get_rect().inflate(-2 * k, -2 * k)
    pygame.draw.rect(big, theme.darken(c.accent_dark, 0.45), frame.move(0, k), border_radius=12 * k)
    pygame.draw.rect(big, c.accent_dark, frame, border_radius=12 * k)
    sea = frame.inflate(-6 * k, -6 * k)
    pygame.draw.rect(big, c.sea, sea, border_radius=9 * k)
    for y in range(sea.y + 8 * k, sea.bottom - 4 * k, 9 * k):   # a few wave lines
        pygame.draw.lines(big, c.sea_light, False,
                          [(x, y + int(1.5 * k * math.sin(x / (5 * k)))) for x in range(sea.x + 4 * k, sea.right - 4 * k, 2 * k)], k)
    island(big, c, k)
    advance(big, (16 * k, 50 * k), (44 * k, 47 * k), c.accent, k)
    token(big, (14 * k, 50 * k), c.seats[0], k)
    token(big, (49 * k, 48 * k), c.seats[1], k)
    flag(big, (31 * k, 33 * k), c, k)
    pygame.draw.rect(big, theme.lighten(c.accent, 0.3), frame, k, border_radius=12 * k)
    return pygame.transform.smoothscale(big, (SIZE, SIZE))


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if the committed icon differs")
    args = parser.parse_args(argv)
    drawing.start()
    icon = draw()
    if args.check:
        committed = pygame.image.load(str(ICON_FILE))
        same = pygame.image.tobytes(committed.convert_alpha(), "RGBA") == pygame.image.tobytes(icon, "RGBA")
        print("icon up to date" if same else f"{ICON_FILE} differs from what tools/make_icon.py draws")
        return 0 if same else 1
    drawing.save(icon, ICON_FILE)
    return 0


if __name__ == "__main__":
    sys.exit(main())
