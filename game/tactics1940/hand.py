"""The submarine cards of the seat on show, face up, and nothing of anyone else's.

Only the cards in the shown seat's own private view are ever drawn (the scene passes
nothing under the hot-seat cover or to a spectator; `drawn_for` records whose hand was
drawn, for tests). A card the seat may strike with now is lit. In hot-seat each card
carries its standing order (game.tactics1940.windows), which its holder changes by clicking
the card on their own turn.
"""
import pygame

from game import theme
from game.tactics1940.hud import HAND, HAND_CARD
from game.tactics1940.windows import SHORT


GAP = 8
ORDER_H = 18


class HandPanel:
    def __init__(self, sprites):
        self.sprites = sprites
        self.rects: dict[int, pygame.Rect] = {}
        self.drawn_for: list[int | None] = []
        self._key = None
        self._surface: pygame.Surface | None = None

    def card_at(self, pos) -> int | None:
        for card, rect in self.rects.items():
            if rect.collidepoint(pos):
                return card
        return None

    def draw(self, surface, *, title: str, cards: list[dict], seat, colour, lit=(), orders=None,
             empty: str = "") -> None:
        """`cards`: the shown seat's own `private.submarines`; `orders(card)`: its standing order (hot-seat).
        The panel is painted once per change of what it shows and blitted otherwise."""
        if seat is not None:
            self.drawn_for.append(seat)
            del self.drawn_for[:-64]
        shown = cards if seat is not None else []
        key = (title, tuple(c["card"] for c in shown), seat, tuple(colour), tuple(sorted(lit)),
               tuple(orders(c["card"]) for c in shown) if orders is not None else None, empty, id(theme.colours))
        if key != self._key:
            self._key = key
            self._surface, self.rects = self._paint(title, shown, colour, set(lit), orders, empty)
        surface.blit(self._surface, HAND)

    def _paint(self, title, cards, colour, lit, orders, empty):
        surf = pygame.Surface(HAND.size)
        surf.fill(theme.colours.panel)
        theme.draw_panel(surf, surf.get_rect(), alpha=235, radius=10)
        theme.draw_text(surf, title, (10, 6), 15, theme.colours.text_dim, bold=True, shadow=False)
        rects = {}
        if not cards:
            for i, line in enumerate(theme.wrap_text(empty, HAND.w - 24, 14)[:4]):
                theme.draw_text(surf, line, (12, 40 + 18 * i), 14, theme.colours.text_dim, shadow=False)
            return surf.convert(), rects
        (w, h), cols = card_size(len(cards), orders is not None)
        tag_h = ORDER_H if orders is not None else 0
        for i, card in enumerate(cards):
            row, col = divmod(i, cols)
            rect = pygame.Rect(10 + col * (w + GAP), 30 + row * (h + tag_h + GAP + 4), w, h)
            is_lit = card["card"] in lit
            face = self.sprites.submarine_card(f"{card['ocean']} {card['number']}", (w, h), colour, lit=is_lit)
            surf.blit(face, rect.move(0, -5 if is_lit else 0))
            hit = rect
            if orders is not None:
                order = orders(card["card"])
                tag = pygame.Rect(rect.x, rect.bottom + 3, w, tag_h)
                ink = {"enemy": theme.colours.bad, "any": theme.colours.warning, "hold": theme.colours.text_dim}[order]
                pygame.draw.rect(surf, theme.darken(ink, 0.7), tag, border_radius=5)
                pygame.draw.rect(surf, ink, tag, 1, border_radius=5)
                theme.draw_text(surf, SHORT[order], tag.center, 11 if w >= 56 else 9, ink, bold=True, shadow=False,
                                anchor="center")
                hit = rect.union(tag)
            rects[card["card"]] = hit.move(HAND.topleft)
        return surf.convert(), rects


def card_size(n: int, tagged: bool) -> tuple[tuple[int, int], int]:
    """((w, h), columns) so that `n` cards fit the panel: one row of full cards for up to four,
    then two rows of four, then rows of six smaller ones."""
    if n <= 4:
        return HAND_CARD, 4
    cols = 4 if n <= 8 else 6
    rows = (n + cols - 1) // cols
    w = (HAND.w - 20 - GAP * (cols - 1)) // cols
    room = HAND.h - 36 - rows * ((ORDER_H if tagged else 0) + GAP + 4)
    return (w, min(HAND_CARD[1], room // rows)), cols
