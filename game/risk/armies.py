"""Army tokens: a disc in the owner's colour with the count, drawn at each territory.

Tokens are cached per (colour, count, size): a frame blits 42 ready surfaces
and renders no text. Floating numbers ("+3", "-1") show what just changed.
"""
import pygame

from game import theme

RADIUS = 13


class ArmyTokens:
    def __init__(self):
        self._cache: dict[tuple, pygame.Surface] = {}
        self.floaters: list[list] = []  # [text surface, x, y, seconds left]

    def token(self, owner, count: int, big: bool = False) -> pygame.Surface:
        colour = theme.seat_colour(owner)
        key = (colour, count, big)
        surf = self._cache.get(key)
        if surf is None:
            r = RADIUS + (3 if big else 0) + (2 if count >= 100 else 0)
            size = 2 * r + 6
            surf = pygame.Surface((size, size), pygame.SRCALPHA)
            c = (size // 2, size // 2 - 1)
            pygame.draw.circle(surf, (0, 0, 0, 110), (c[0] + 1, c[1] + 3), r)
            pygame.draw.circle(surf, theme.darken(colour, 0.45), c, r)
            pygame.draw.circle(surf, colour, c, r - 2)
            pygame.draw.circle(surf, theme.lighten(colour, 0.35), (c[0], c[1] - 1), r - 2, 2)
            text = theme.font(20 if count < 100 else 17, True).render(str(count), True, theme.text_on(colour))
            surf.blit(text, text.get_rect(center=(c[0], c[1] + 1)))
            surf = surf.convert_alpha()
            if len(self._cache) > 1500:
                self._cache.clear()
            self._cache[key] = surf
        return surf

    def draw(self, surface: pygame.Surface, geometry, territories: dict, emphasis=()) -> None:
        for tid, info in territories.items():
            if info.get("owner") is None and not info.get("armies"):
                continue
            tok = self.token(info["owner"], info["armies"], tid in emphasis)
            surface.blit(tok, tok.get_rect(center=geometry.territories[tid].army))

    def float_text(self, pos, text: str, colour) -> None:
        surf = theme.render_text(text, 24, colour, bold=True).copy()  # own copy: its alpha fades
        self.floaters.append([surf, pos[0], pos[1] - 18, 1.2])
        del self.floaters[:-24]

    def update(self, dt: float) -> None:
        for f in self.floaters:
            f[2] -= 28 * dt
            f[3] -= dt
        self.floaters = [f for f in self.floaters if f[3] > 0]

    def draw_floaters(self, surface: pygame.Surface) -> None:
        for surf, x, y, left in self.floaters:
            surf.set_alpha(int(255 * min(1.0, left / 0.4)))
            surface.blit(surf, surf.get_rect(center=(int(x), int(y))))
