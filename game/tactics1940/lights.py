"""How the Tactics (1940) board lights the squares a picked piece can reach: plain to see on blue water.

The counter-wargame kit lights a reachable cell pale blue (game.board_kit.highlights "move"), which
vanishes on this board's blue sea. Here a step is a brass frame (the theme's accent) on a dark rim
round a light wash, with a dot in the middle; a jump a light red frame (the theme's `bad`, lightened) with a cross.
The dark rim keeps the frame apart from any water or land colour, and the dot and the cross tell a
step from a jump by shape, so both read in the colour-blind palette too (its accent and `bad` are
the theme's). Every other style is the kit's. Sprites are made once per style, cell size and palette.
"""
import pygame

from game import theme
from game.wargame.reach import ReachOverlay

RIM = (12, 16, 24)
WASH = (255, 255, 255, 70)


def step_colour(style: str) -> tuple:
    """The frame colour of a lit step ("move") or jump ("attack") in the palette in use: the accent, and
    `bad` lightened so that it stands 3:1 against the sea (plain `bad` is 2.4-2.6:1 on this blue)."""
    return theme.colours.accent if style == "move" else theme.lighten(theme.colours.bad, 0.35)


class SquareLights:
    OWN = ("move", "attack")

    def __init__(self, kit: ReachOverlay | None = None):
        self.kit = kit or ReachOverlay()
        self._sprites: dict[tuple, pygame.Surface] = {}

    def light(self, surface, view, cell, style: str, alpha: int = 255) -> None:
        if style not in self.OWN:
            self.kit.light(surface, view, cell, style, alpha)
            return
        rect = view.cell_rect(cell)
        sprite = self.sprite(rect.size, style)
        sprite.set_alpha(alpha)
        surface.blit(sprite, rect)

    def sprite(self, size: tuple, style: str) -> pygame.Surface:
        key = (style, tuple(size), theme.colours)
        made = self._sprites.get(key)
        if made is None:
            made = self._sprites[key] = _paint(size, style)
        return made


def _paint(size: tuple, style: str) -> pygame.Surface:
    w, h = max(8, size[0]), max(8, size[1])
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    box = surf.get_rect()
    colour = step_colour(style)
    pygame.draw.rect(surf, WASH, box.inflate(-6, -6))
    pygame.draw.rect(surf, RIM, box, 6)
    pygame.draw.rect(surf, colour, box.inflate(-2, -2), 3)
    cx, cy = box.center
    r = max(3, round(min(w, h) * 0.13))
    if style == "move":
        pygame.draw.circle(surf, RIM, (cx, cy), r + 2)
        pygame.draw.circle(surf, colour, (cx, cy), r)
    else:
        for a, b in (((cx - r * 2, cy - r * 2), (cx + r * 2, cy + r * 2)),
                     ((cx - r * 2, cy + r * 2), (cx + r * 2, cy - r * 2))):
            pygame.draw.line(surf, RIM, a, b, 7)
            pygame.draw.line(surf, colour, a, b, 3)
    return surf.convert_alpha() if pygame.display.get_surface() is not None else surf
