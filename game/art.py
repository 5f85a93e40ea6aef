"""Title art, drawn by code once and cached: a sand-table map with army tokens
and the SANDTABLE logo. A fixed seed keeps it the same on every start.
"""
import math
import random

import pygame

from game import theme

_cache: dict = {}


def reset_cache() -> None:
    _cache.clear()


def _blob(surface, rng: random.Random, center, radius: int, colour) -> None:
    """A lumpy landmass: overlapping circles around a centre."""
    cx, cy = center
    for _ in range(14):
        a = rng.uniform(0, math.tau)
        d = rng.uniform(0, radius * 0.8)
        r = int(radius * rng.uniform(0.35, 0.65))
        pygame.draw.circle(surface, colour, (int(cx + math.cos(a) * d), int(cy + math.sin(a) * d * 0.7)), r)


def title_map(size=(1280, 800)) -> pygame.Surface:
    key = ("map", size, theme.colours)
    if key in _cache:
        return _cache[key]
    w, h = size
    rng = random.Random(1957)
    c = theme.colours
    surf = theme.backdrop(size).copy()
    sea = pygame.Rect(40, 176, w - 80, h - 236)
    pygame.draw.rect(surf, theme.darken(c.sea, 0.2), sea.move(0, 8), border_radius=28)
    pygame.draw.rect(surf, c.sea, sea, border_radius=28)
    # wave lines
    for y in range(sea.y + 24, sea.bottom - 10, 26):
        points = [(x, y + int(4 * math.sin(x / 37 + y))) for x in range(sea.x + 20, sea.right - 20, 12)]
        pygame.draw.lines(surf, c.sea_light, False, points, 1)
    land = pygame.Surface(size, pygame.SRCALPHA)
    land_colour = (196, 172, 118)
    centres = [(640, 300, 90), (690, 560, 70), (860, 250, 60), (900, 480, 85), (1080, 330, 110), (1110, 610, 55),
               (560, 470, 36)]
    for x, y, r in centres:
        _blob(land, rng, (x, y), r, (*land_colour, 255))
    clip = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(clip, (255, 255, 255, 255), sea.inflate(-30, -30), border_radius=22)
    land.blit(clip, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    shadow = land.copy()
    shadow.fill((0, 0, 0, 120), special_flags=pygame.BLEND_RGBA_MULT)
    surf.blit(shadow, (6, 8))
    surf.blit(land, (0, 0))
    # contour lines on the sand
    for x, y, r in centres:
        pygame.draw.ellipse(surf, theme.darken(land_colour, 0.12), pygame.Rect(0, 0, r, r * 0.6).move(x - r // 2, y - r * 0.3), 1)
    # arrows of attack
    for (a, b) in [((670, 330), (860, 245)), ((880, 470), (700, 560)), ((1120, 360), (1110, 610))]:
        _arrow(surf, a, b, theme.colours.accent)
    # army tokens
    spots = [(610, 280), (670, 330), (700, 560), (860, 245), (880, 470), (930, 510), (1050, 300), (1120, 360),
             (1110, 610), (560, 470), (650, 600), (1020, 380)]
    for i, (x, y) in enumerate(spots):
        seat = i % 5
        theme.draw_seat_badge(surf, (x, y), seat, 15, label=str(rng.randint(1, 9)))
    surf = surf.convert() if pygame.display.get_init() and pygame.display.get_surface() else surf
    _cache[key] = surf
    return surf


def _arrow(surface, start, end, colour) -> None:
    sx, sy = start
    ex, ey = end
    mx, my = (sx + ex) / 2, (sy + ey) / 2 - 40
    points = []
    for i in range(21):
        t = i / 20
        x = (1 - t) ** 2 * sx + 2 * (1 - t) * t * mx + t * t * ex
        y = (1 - t) ** 2 * sy + 2 * (1 - t) * t * my + t * t * ey
        points.append((x, y))
    for i in range(0, 18, 2):  # dashed
        pygame.draw.line(surface, colour, points[i], points[i + 1], 3)
    angle = math.atan2(points[-1][1] - points[-3][1], points[-1][0] - points[-3][0])
    tip = points[-1]
    left = (tip[0] - 14 * math.cos(angle - 0.5), tip[1] - 14 * math.sin(angle - 0.5))
    right = (tip[0] - 14 * math.cos(angle + 0.5), tip[1] - 14 * math.sin(angle + 0.5))
    pygame.draw.polygon(surface, colour, [tip, left, right])


def logo(text: str = "SANDTABLE", size: int = 104) -> pygame.Surface:
    """The game's name in brass with a dark outline and a drop shadow."""
    key = ("logo", text, size, theme.colours)
    if key in _cache:
        return _cache[key]
    f = theme.font(size, bold=True)
    c = theme.colours
    face = f.render(text, True, c.accent)
    outline = f.render(text, True, theme.darken(c.accent_dark, 0.5))
    shadow = f.render(text, True, (0, 0, 0))
    w, h = face.get_size()
    surf = pygame.Surface((w + 16, h + 16), pygame.SRCALPHA)
    surf.blit(shadow, (10, 12))
    for dx in (-3, 0, 3):
        for dy in (-3, 0, 3):
            surf.blit(outline, (5 + dx, 5 + dy))
    surf.blit(face, (5, 5))
    # a lighter band across the upper half reads as polished metal
    band = f.render(text, True, theme.lighten(c.accent, 0.45))
    band_clip = pygame.Surface(band.get_size(), pygame.SRCALPHA)
    band_clip.blit(band, (0, 0))
    band_clip.fill((255, 255, 255, 0), pygame.Rect(0, h * 0.45, w, h), special_flags=pygame.BLEND_RGBA_MIN)
    surf.blit(band_clip, (5, 5))
    _cache[key] = surf
    return surf
