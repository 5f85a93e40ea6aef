"""A board's keyboard-help card (H / F1): drawn over the board, built the first time it shows.

While it is up, any key or click closes it, and it swallows that event and every other one, so the
key that closes the help never also plays a move. What a game's card says is data, one file a game
(its catalog entry's `keys`, a JSON: its title, keys, footer and size), drawn by `keys_card`.
"""
import json

import pygame

import catalog
from engine import resources
from game.board_kit import hud as kit_hud


class HelpCard:
    def __init__(self, build, centre: tuple[int, int]):
        """`build()` makes the card's surface; `centre` is where it sits on the logical screen."""
        self.build = build
        self.centre = centre
        self.shown = False
        self._surface: pygame.Surface | None = None

    def answer(self, event) -> bool | None:
        """What a scene's `handle` should return while the card is up; None when it is not."""
        if not self.shown:
            return None
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.shown = False
        return True

    def draw(self, surface: pygame.Surface) -> None:
        if not self.shown:
            return
        if self._surface is None:
            self._surface = self.build()
        surface.blit(self._surface, self._surface.get_rect(center=self.centre))


def keys_card(game_id: str) -> pygame.Surface:
    """The keyboard-help card of `game_id`, as the file its catalog entry names (`keys`) words it."""
    where = resources.package_path(*catalog.shipped(catalog.spec(game_id).keys))
    card = json.loads(where.read_text(encoding="utf-8"))
    return kit_hud.build_help(card["title"], [tuple(k) for k in card["keys"]], card["footer"], width=card["width"],
                              key_column=card["key_column"])
