"""How a board lights a place: one table of highlight styles for every board (a territory, a square,
a hex), and the sprite that paints one.

A style is (fill rgba, outline rgb, outline width). Boards draw a sprite once per place and style
and blit it with a pulsing alpha; the names say what the light means, so the same meaning looks the
same on every board.
"""
import pygame

STYLES = {
    "source": ((255, 255, 255, 38), (255, 244, 200), 2),     # something of yours that can act
    "selected": ((255, 230, 140, 85), (255, 214, 90), 3),    # what you picked
    "hover": ((255, 255, 255, 42), (255, 255, 255), 2),      # under the mouse
    "friendly": ((120, 220, 255, 60), (130, 220, 255), 3),   # a place to put or send your own
    "move": ((70, 190, 255, 80), (40, 150, 255), 3),         # a place a move reaches
    "target": ((255, 90, 60, 70), (255, 120, 90), 3),        # an enemy place to attack
    "attack": ((255, 70, 40, 120), (235, 40, 20), 3),        # a move that ends in a battle
    "battle": ((255, 60, 40, 60), (255, 60, 40), 3),         # where a battle is being decided
    "lesson": ((0, 229, 255, 60), (0, 229, 255), 4),         # where a lesson points (game.tutorial)
}


def sprite(size: tuple[int, int], polygons: list, style: str) -> pygame.Surface:
    """A surface of `size` with `polygons` (in its own coordinates) filled and outlined in `style`."""
    fill, outline, width = STYLES[style]
    surf = pygame.Surface((max(1, size[0]), max(1, size[1])), pygame.SRCALPHA)
    for ring in polygons:
        pygame.draw.polygon(surf, fill, ring)
        pygame.draw.polygon(surf, outline, ring, width)
    return surf.convert_alpha()
