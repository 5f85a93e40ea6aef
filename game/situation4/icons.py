"""Small drawn symbols: tank, paratrooper, flag, bridge, and the base emblems. Made of shapes, cached."""
import pygame

from game import theme

_cache: dict[tuple, pygame.Surface] = {}


def _made(key, size, draw) -> pygame.Surface:
    surf = _cache.get(key)
    if surf is None:
        surf = pygame.Surface((size, size), pygame.SRCALPHA)
        draw(surf, size)
        surf = surf.convert_alpha()
        _cache[key] = surf
    return surf


def tank(colour, size: int = 28) -> pygame.Surface:
    def draw(s, n):
        dark = theme.darken(colour, 0.55)
        pygame.draw.rect(s, dark, (n * 0.08, n * 0.55, n * 0.84, n * 0.28), border_radius=int(n * 0.14))
        pygame.draw.rect(s, colour, (n * 0.14, n * 0.38, n * 0.72, n * 0.24), border_radius=int(n * 0.08))
        pygame.draw.rect(s, colour, (n * 0.30, n * 0.22, n * 0.36, n * 0.2), border_radius=int(n * 0.08))
        pygame.draw.line(s, dark, (n * 0.6, n * 0.3), (n * 0.96, n * 0.22), max(2, n // 9))
        pygame.draw.rect(s, theme.darken(colour, 0.7), (n * 0.08, n * 0.55, n * 0.84, n * 0.28), 1,
                         border_radius=int(n * 0.14))
        for i in range(4):
            pygame.draw.circle(s, theme.lighten(dark, 0.3), (n * (0.2 + 0.2 * i), n * 0.69), max(1, n // 14))
    return _made(("tank", tuple(colour), size), size, draw)


def paratrooper(colour, size: int = 28) -> pygame.Surface:
    def draw(s, n):
        dark = theme.darken(colour, 0.55)
        pygame.draw.ellipse(s, colour, (n * 0.06, n * 0.04, n * 0.88, n * 0.5))
        pygame.draw.rect(s, (0, 0, 0, 0), (0, n * 0.3, n, n * 0.3))
        pygame.draw.ellipse(s, dark, (n * 0.06, n * 0.04, n * 0.88, n * 0.5), 2)
        pygame.draw.rect(s, (0, 0, 0, 0), (0, n * 0.3, n, n * 0.3))
        for x in (0.1, 0.36, 0.64, 0.9):
            pygame.draw.line(s, dark, (n * x, n * 0.29), (n * 0.5, n * 0.66), 1)
        pygame.draw.circle(s, dark, (n * 0.5, n * 0.68), n * 0.08)
        pygame.draw.line(s, dark, (n * 0.5, n * 0.74), (n * 0.5, n * 0.88), max(2, n // 10))
        pygame.draw.line(s, dark, (n * 0.5, n * 0.88), (n * 0.4, n * 0.98), 2)
        pygame.draw.line(s, dark, (n * 0.5, n * 0.88), (n * 0.6, n * 0.98), 2)
    return _made(("para", tuple(colour), size), size, draw)


def flag(colour, size: int = 28) -> pygame.Surface:
    def draw(s, n):
        pygame.draw.line(s, (40, 30, 20), (n * 0.25, n * 0.08), (n * 0.25, n * 0.95), max(2, n // 12))
        pts = [(n * 0.27, n * 0.1), (n * 0.9, n * 0.24), (n * 0.27, n * 0.5)]
        pygame.draw.polygon(s, colour, pts)
        pygame.draw.polygon(s, theme.darken(colour, 0.5), pts, 2)
        pygame.draw.ellipse(s, (20, 20, 20, 140), (n * 0.1, n * 0.88, n * 0.3, n * 0.1))
    return _made(("flag", tuple(colour), size), size, draw)


def bridge(colour, size: int = 28) -> pygame.Surface:
    def draw(s, n):
        dark = theme.darken(colour, 0.55)
        pygame.draw.rect(s, dark, (n * 0.08, n * 0.34, n * 0.84, n * 0.34), border_radius=3)
        pygame.draw.rect(s, colour, (n * 0.1, n * 0.37, n * 0.8, n * 0.28), border_radius=3)
        for i in range(5):
            x = n * (0.18 + 0.16 * i)
            pygame.draw.line(s, dark, (x, n * 0.37), (x, n * 0.64), 1)
        pygame.draw.line(s, dark, (n * 0.1, n * 0.3), (n * 0.9, n * 0.3), 2)
        pygame.draw.line(s, dark, (n * 0.1, n * 0.72), (n * 0.9, n * 0.72), 2)
    return _made(("bridge", tuple(colour), size), size, draw)


def force(kind: str, colour, size: int = 28) -> pygame.Surface:
    return tank(colour, size) if kind == "tank" else paratrooper(colour, size)


def reset() -> None:
    _cache.clear()
