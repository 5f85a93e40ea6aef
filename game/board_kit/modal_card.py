"""A card shown over a board scene until any key or click closes it (the CRT chart, the unit inspector).

Esc closes it too and does not arm leaving the board (`takes_escape`). A card sets `_card` (its picture)
and `_at` (its top-left corner) when shown, and clears what else it holds in `forget`.
"""
import pygame


class ModalCard:
    takes_escape = True

    def __init__(self, bounds: pygame.Rect):
        self.bounds = pygame.Rect(bounds)
        self._card: pygame.Surface | None = None
        self._at = (0, 0)

    @property
    def shown(self) -> bool:
        return self._card is not None

    def forget(self) -> None:
        """What the card is about, cleared when it closes."""

    def close(self) -> None:
        self._card = None
        self.forget()

    def handle(self, event) -> bool:
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.close()
            return True
        return False

    def draw(self, surface) -> None:
        if self._card is not None:
            surface.blit(self._card, self._at)
