"""The unit inspector every counter board shares: a card of (label, value) rows about one piece, opened by
right-click or I over it, closed by any key or click. The board says what the rows are (asking its engine);
this draws them, each wrapped to fit the card, and keeps the card inside the map.
"""
import pygame

from game import theme
from game.board_kit.modal_card import ModalCard

WIDTH = 330
LABEL_W = 96


class Inspector(ModalCard):
    def __init__(self, bounds: pygame.Rect):
        super().__init__(bounds)
        self.subject = None            # what the card is about (a unit id, a square), None when closed
        self.rows: list[tuple[str, str]] = []   # the card's (label, value) rows

    def show(self, subject, title: str, rows: list[tuple[str, str]], colour, near) -> None:
        """Open the card about `subject` beside the screen point `near`."""
        self.subject, self.rows = subject, list(rows)
        self._card = build_card(title, rows, colour)
        rect = self._card.get_rect(topleft=(near[0] + 24, near[1] - 20))
        if rect.right > self.bounds.right:
            rect.right = near[0] - 24
        rect.clamp_ip(self.bounds)
        self._at = rect.topleft

    def forget(self) -> None:
        self.subject, self.rows = None, []


def build_card(title: str, rows: list[tuple[str, str]], colour) -> pygame.Surface:
    size = 16
    wrapped = [(label, theme.wrap_text(value, WIDTH - LABEL_W - 24, size)) for label, value in rows]
    height = 48 + sum(len(lines) * 20 + 4 for _, lines in wrapped) + 30
    surf = pygame.Surface((WIDTH, height), pygame.SRCALPHA)
    theme.draw_panel(surf, surf.get_rect(), border=colour, radius=10, alpha=245)
    theme.draw_text(surf, theme.fit_text(title, WIDTH - 24, 20, True), (12, 10), 20, theme.lighten(colour, 0.3),
                    bold=True, shadow=False)
    y = 44
    for label, lines in wrapped:
        theme.draw_text(surf, label, (12, y), size, theme.colours.text_dim, shadow=False)
        for line in lines:
            theme.draw_text(surf, line, (LABEL_W + 12, y), size, theme.colours.text, shadow=False)
            y += 20
        y += 4
    theme.draw_text(surf, "any key or click closes", (WIDTH - 12, height - 8), 14, theme.colours.text_dim,
                    shadow=False, anchor="bottomright")
    return surf.convert_alpha()
