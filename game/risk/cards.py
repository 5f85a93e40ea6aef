"""The card hand of the seat being shown, and choosing three cards to trade.

Only the cards handed in (`private.cards` of the shown seat's own view) are
ever drawn; the scene never passes another seat's hand here. Whether three
chosen cards may be traded is the seat's `legal` (the scene looks the trade up).
"""
import math

import pygame

from game import theme

CARD_W, CARD_H, GAP = 62, 68, 4
SYMBOL_COLOURS = {"infantry": (70, 120, 70), "cavalry": (150, 96, 46), "artillery": (90, 90, 130),
                  "wild": (180, 140, 40)}
CARD_FACE = (238, 228, 200)
PER_ROW = 4
NAME_SIZE = 15   # 11 px: the territory's name on a card (the tooltip on the map gives it larger) ...
NAME_FITS = ((NAME_SIZE, 2), (13, 2), (12, 2))   # ... smaller where a long one ("Madagascar") needs it


def _draw_symbol(surf: pygame.Surface, symbol: str, centre) -> None:
    x, y = centre
    colour = SYMBOL_COLOURS[symbol]
    if symbol == "infantry":   # a soldier: head and body
        pygame.draw.circle(surf, colour, (x, y - 9), 5)
        pygame.draw.rect(surf, colour, pygame.Rect(x - 5, y - 4, 10, 13), border_radius=3)
        pygame.draw.line(surf, colour, (x + 6, y - 12), (x + 6, y + 9), 2)
    elif symbol == "cavalry":  # a horse's head
        pygame.draw.polygon(surf, colour, [(x - 8, y + 10), (x - 4, y - 6), (x + 4, y - 12), (x + 10, y - 6),
                                           (x + 4, y - 3), (x + 2, y + 10)])
        pygame.draw.circle(surf, CARD_FACE, (x + 3, y - 7), 2)
    elif symbol == "artillery":  # a cannon: barrel and wheel
        pygame.draw.line(surf, colour, (x - 10, y + 2), (x + 11, y - 8), 6)
        pygame.draw.circle(surf, colour, (x - 2, y + 6), 7, 3)
    else:  # wild: a star
        pts = []
        for i in range(10):
            r = 11 if i % 2 == 0 else 5
            a = math.pi / 2 + i * math.pi / 5
            pts.append((x + r * math.cos(a), y - r * math.sin(a)))
        pygame.draw.polygon(surf, colour, pts)


COMPASS = {"Western": "W.", "Eastern": "E.", "Northern": "N.", "Southern": "S."}


def card_name(name: str) -> str:
    """A territory's name as a card prints it: whole where it fits in two lines, its compass word shortened where
    not ("W. United States")."""
    first, _, rest = name.partition(" ")
    if theme.wrapped_fit(name, CARD_W - 4, NAME_FITS) is None and first in COMPASS and rest:
        return f"{COMPASS[first]} {rest}"
    return name


class CardHand:
    def __init__(self, names: dict):
        self.names = names  # territory id -> display name
        self.selected: list[int] = []
        self.rects: dict[int, pygame.Rect] = {}
        self._faces: dict[tuple, pygame.Surface] = {}
        self.drawn_for: list[int | None] = []  # seats whose hands were drawn (tests read it)

    def face(self, card: dict, selected: bool) -> pygame.Surface:
        key = (card["id"], selected)
        surf = self._faces.get(key)
        if surf is None:
            surf = pygame.Surface((CARD_W, CARD_H), pygame.SRCALPHA)
            rect = surf.get_rect()
            pygame.draw.rect(surf, CARD_FACE, rect, border_radius=6)
            border = theme.colours.accent if selected else (120, 104, 80)
            pygame.draw.rect(surf, border, rect, 3 if selected else 1, border_radius=6)
            _draw_symbol(surf, card["symbol"], (CARD_W // 2, 22))
            name = self.names.get(card.get("territory"), "Wild") if card.get("territory") else "Wild"
            size, lines = theme.fit_lines(card_name(name), CARD_W - 4, NAME_FITS)
            for i, line in enumerate(lines):
                txt = theme.render_text(line, size, (40, 34, 26))
                surf.blit(txt, txt.get_rect(midtop=(CARD_W // 2, 40 + i * 13)))
            self._faces[key] = surf.convert_alpha()
            surf = self._faces[key]
        return surf

    def sync(self, cards: list[dict]) -> None:
        ids = {c["id"] for c in cards}
        self.selected = [i for i in self.selected if i in ids]

    def toggle(self, card_id: int) -> None:
        if card_id in self.selected:
            self.selected.remove(card_id)
        elif len(self.selected) < 3:
            self.selected.append(card_id)

    def card_at(self, pos) -> int | None:
        for cid, rect in self.rects.items():
            if rect.collidepoint(pos):
                return cid
        return None

    def draw(self, surface: pygame.Surface, seat: int | None, cards: list[dict], topleft) -> None:
        """Draw `cards` — the private hand of `seat`, the seat being shown — from `topleft`."""
        self.drawn_for.append(seat)
        del self.drawn_for[:-64]
        self.rects = {}
        x0, y0 = topleft
        for i, card in enumerate(cards):
            row, col = divmod(i, PER_ROW)
            rect = pygame.Rect(x0 + col * (CARD_W + GAP), y0 + row * (CARD_H + GAP), CARD_W, CARD_H)
            sel = card["id"] in self.selected
            surface.blit(self.face(card, sel), rect.move(0, -6 if sel else 0))
            self.rects[card["id"]] = rect
