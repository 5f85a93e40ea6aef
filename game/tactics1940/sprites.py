"""Everything on the Tactics board that is drawn by code, at any size, cached: the pieces, coins,
protest cards, submarine cards, the chance cards' faces and backs, and the small glyphs on them.

Pieces are round tokens in their power's colour (the jumps are checkers' jumps) carrying a
silhouette: a battleship (the kit's ship silhouette, three turrets) on the largest token, a
transport, a neutral's supply ship (a transport with a gold coin: it trades), an airplane seen
from above. A frame only blits: every surface is made once per look and size.
"""
import math

import pygame

from game import theme
from game.wargame import symbols

GOLD, GOLD_DARK = (232, 190, 70), (150, 108, 30)   # coins
CARD_FACE, CARD_INK, CARD_BACK = (244, 236, 214), (48, 38, 28), (40, 58, 92)
SUB_GREY = (70, 82, 92)

# token radius as a share of the square
RADIUS = {"battleship": 0.45, "transport": 0.38, "airplane": 0.40}


class Sprites:
    def __init__(self):
        self._cache: dict[tuple, pygame.Surface] = {}
        self.builds = 0

    def _get(self, key, make):
        key = (*key, id(theme.colours))   # the palette is one of two module constants: its identity will do
        surf = self._cache.get(key)
        if surf is None:
            if len(self._cache) > 1500:
                self._cache.clear()
            surf = self._cache[key] = make()
            self.builds += 1
        return surf

    # ----- pieces ---------------------------------------------------------------------------
    def piece(self, kind: str, colour, cell_px: float, *, supply: bool = False, seat: int | None = None) -> pygame.Surface:
        """The token of a piece of `seat`'s for a square of `cell_px` pixels (in the seat's own shape, with the
        colour-blind marks on); centre it on the square."""
        d = max(10, round(cell_px * 2 * RADIUS.get(kind, 0.4)))
        shape = theme.seat_shape(seat)
        return self._get(("piece", kind, tuple(colour), d, supply, shape),
                         lambda: paint_piece(kind, colour, d, supply, shape))

    def coin(self, size: int) -> pygame.Surface:
        return self._get(("coin", size), lambda: paint_coin(size))

    def protest(self, colour, size: tuple[int, int]) -> pygame.Surface:
        return self._get(("protest", tuple(colour), size), lambda: paint_protest(colour, size))

    def card_back(self, size: tuple[int, int], *, label: str = "") -> pygame.Surface:
        return self._get(("back", size, label), lambda: paint_card_back(size, label))

    def card_face(self, card: dict, size: tuple[int, int], *, owner_colour=None, text: bool = True) -> pygame.Surface:
        """A chance card face up; `text=False` for a small one (title and picture only)."""
        key = ("face", card.get("id"), card.get("kind"), card.get("title"), size,
               tuple(owner_colour) if owner_colour else None, text)
        shown = card if text else {k: v for k, v in card.items() if k != "text"}
        return self._get(key, lambda: paint_card_face(shown, size, owner_colour))

    def submarine_card(self, label: str, size: tuple[int, int], colour, *, lit: bool = False) -> pygame.Surface:
        return self._get(("sub", label, size, tuple(colour), lit),
                         lambda: paint_submarine_card(label, size, colour, lit))

    def surfacing(self, size: int) -> pygame.Surface:
        """A submarine breaking the surface (the strike): grey hull, conning tower, a ring of foam."""
        return self._get(("surfacing", size), lambda: paint_surfacing(size))

    def glyph(self, kind: str, size: int, ink) -> pygame.Surface:
        return self._get(("glyph", kind, size, tuple(ink)), lambda: paint_glyph(kind, size, ink))


# ----- painters -------------------------------------------------------------------------------------
def paint_piece(kind: str, colour, d: int, supply: bool, shape: str = "circle") -> pygame.Surface:
    surf = pygame.Surface((d + 3, d + 3), pygame.SRCALPHA)
    r = d // 2
    c = (r, r)
    edge = max(2, d // 14)
    theme.draw_shape(surf, shape, (r + 2, r + 3), r, (0, 0, 0, 110))              # shadow on the board
    theme.draw_shape(surf, shape, c, r, theme.darken(colour, 0.45))                # the token's edge
    theme.draw_shape(surf, shape, c, r - edge, colour)
    theme.draw_shape(surf, shape, c, r - edge, theme.lighten(colour, 0.35), max(1, d // 22))
    if kind == "battleship":                                                    # a second ring: the capital ship
        theme.draw_shape(surf, shape, c, r - max(4, d // 6), theme.darken(colour, 0.3), 1)
    ink = theme.text_on(colour)
    if kind == "airplane":
        _airplane(surf, c, d * 0.62, ink)
    else:
        w = round(d * (0.7 if kind == "battleship" else 0.62))
        h = round(w * 0.5)
        box = pygame.Rect(0, 0, w, h)
        box.center = (r, r + (0 if kind == "battleship" else -1))
        symbols.draw(surf, kind, box, ink)
        if supply:   # a neutral's supply ship: a gold coin on its side
            cr = max(3, d // 8)
            at = (r + w // 2 - cr + 1, r + h // 2 + cr - 1)
            pygame.draw.circle(surf, GOLD_DARK, at, cr + 1)
            pygame.draw.circle(surf, GOLD, at, cr)
    return surf.convert_alpha()


def _airplane(surf, centre, span: float, ink) -> None:
    """An airplane from above, nose up: fuselage, wings, tailplane."""
    cx, cy = centre
    s = span / 2
    body = [(cx, cy - s), (cx + s * 0.12, cy - s * 0.7), (cx + s * 0.1, cy + s * 0.8), (cx, cy + s * 0.95),
            (cx - s * 0.1, cy + s * 0.8), (cx - s * 0.12, cy - s * 0.7)]
    wings = [(cx - s, cy - s * 0.05), (cx + s, cy - s * 0.05), (cx + s, cy + s * 0.14), (cx - s, cy + s * 0.14)]
    tail = [(cx - s * 0.42, cy + s * 0.7), (cx + s * 0.42, cy + s * 0.7), (cx + s * 0.42, cy + s * 0.84),
            (cx - s * 0.42, cy + s * 0.84)]
    for poly in (wings, tail, body):
        pygame.draw.polygon(surf, ink, poly)


def paint_coin(size: int) -> pygame.Surface:
    surf = pygame.Surface((size + 2, size + 2), pygame.SRCALPHA)
    r = size // 2
    pygame.draw.circle(surf, (0, 0, 0, 90), (r + 1, r + 2), r)
    pygame.draw.circle(surf, GOLD_DARK, (r, r), r)
    pygame.draw.circle(surf, GOLD, (r, r), r - max(1, size // 9))
    pygame.draw.circle(surf, theme.lighten(GOLD, 0.5), (r - r // 3, r - r // 3), max(1, r // 4))
    if size >= 14:
        pygame.draw.circle(surf, GOLD_DARK, (r, r), r - max(3, size // 4), 1)
    return surf.convert_alpha()


def paint_protest(colour, size) -> pygame.Surface:
    """A protest card of a power's colour: a small card with a folded note."""
    w, h = size
    surf = pygame.Surface((w + 1, h + 1), pygame.SRCALPHA)
    body = pygame.Rect(0, 0, w, h)
    pygame.draw.rect(surf, (0, 0, 0, 90), body.move(1, 1), border_radius=3)
    pygame.draw.rect(surf, colour, body, border_radius=3)
    pygame.draw.rect(surf, theme.darken(colour, 0.5), body, 1, border_radius=3)
    inner = body.inflate(-max(4, w // 3), -max(6, h // 2))
    pygame.draw.rect(surf, (250, 246, 236), inner)
    for i in range(1, 3):
        y = inner.y + inner.h * i // 3
        pygame.draw.line(surf, theme.darken(colour, 0.2), (inner.x + 1, y), (inner.right - 2, y), 1)
    return surf.convert_alpha()


def paint_card_back(size, label: str) -> pygame.Surface:
    w, h = size
    surf = pygame.Surface((w + 2, h + 2), pygame.SRCALPHA)
    body = pygame.Rect(0, 0, w, h)
    radius = max(3, min(w, h) // 9)
    pygame.draw.rect(surf, (0, 0, 0, 100), body.move(2, 2), border_radius=radius)
    pygame.draw.rect(surf, CARD_BACK, body, border_radius=radius)
    inner = body.inflate(-max(4, w // 8), -max(4, w // 8))
    pygame.draw.rect(surf, theme.colours.accent_dark, inner, 1, border_radius=max(2, radius - 2))
    for x in range(inner.x - inner.h, inner.right, 6):   # a lattice
        pygame.draw.line(surf, theme.lighten(CARD_BACK, 0.12), (x, inner.bottom - 1), (x + inner.h, inner.y), 1)
        pygame.draw.line(surf, theme.lighten(CARD_BACK, 0.12), (x, inner.y), (x + inner.h, inner.bottom - 1), 1)
    pygame.draw.rect(surf, theme.lighten(CARD_BACK, 0.35), body, 1, border_radius=radius)
    if label:
        f = theme.font(max(10, h // 4), True)
        text = f.render(label, True, theme.colours.accent)
        plate = text.get_rect(center=body.center).inflate(8, 2)
        pygame.draw.rect(surf, CARD_BACK, plate, border_radius=4)
        surf.blit(text, text.get_rect(center=body.center))
    return surf.convert_alpha()


def paint_card_face(card: dict, size, owner_colour) -> pygame.Surface:
    """A chance card face up: a band with its title, a glyph, and its text wrapped below."""
    w, h = size
    surf = pygame.Surface((w + 3, h + 3), pygame.SRCALPHA)
    body = pygame.Rect(0, 0, w, h)
    radius = max(4, w // 14)
    pygame.draw.rect(surf, (0, 0, 0, 110), body.move(3, 3), border_radius=radius)
    pygame.draw.rect(surf, CARD_FACE, body, border_radius=radius)
    band_colour = owner_colour or (126, 92, 48)
    title = card.get("title", "")
    title_size = max(10, min(20, w // 9))
    longest = max(title.split() or [""], key=lambda word: theme.font(title_size, True).size(word)[0])
    while theme.font(title_size, True).size(title)[0] > w - 10 and title_size > 10:
        title_size -= 1
    while theme.font(title_size, True).size(longest)[0] > w - 6 and title_size > 7:   # no word is cut
        title_size -= 1
    f = theme.font(title_size, True)
    lines = [title] if f.size(title)[0] <= w - 10 else theme.wrap_text(title, w - 8, title_size, True)[:2]
    band = pygame.Rect(0, 0, w, f.get_linesize() * len(lines) + 8)
    pygame.draw.rect(surf, band_colour, band, border_top_left_radius=radius, border_top_right_radius=radius)
    ink_on_band = theme.text_on(band_colour)
    for i, line in enumerate(lines):
        rendered = f.render(line, True, ink_on_band)
        surf.blit(rendered, rendered.get_rect(midtop=(w // 2, 4 + i * f.get_linesize())))
    pygame.draw.rect(surf, theme.darken(band_colour, 0.4), body, 2, border_radius=radius)
    text = card.get("text", "")
    if w > h * 1.3:   # a wide card: the picture on the left, the text beside it
        glyph_size = max(16, min(h - band.h - 14, 56))
        glyph = paint_glyph(card.get("kind", ""), glyph_size, theme.darken(band_colour, 0.15))
        surf.blit(glyph, glyph.get_rect(midleft=(8, (band.bottom + h) // 2)))
        _text_block(surf, text, pygame.Rect(glyph_size + 16, band.bottom + 4, w - glyph_size - 22, h - band.h - 8))
        return surf.convert_alpha()
    glyph_size = max(16, min(h // 3, w // 3)) if text else max(16, min(h - band.h - 12, w - 14))
    glyph = paint_glyph(card.get("kind", ""), glyph_size, theme.darken(band_colour, 0.15))
    surf.blit(glyph, glyph.get_rect(midtop=(w // 2, band.bottom + 5)))
    _text_block(surf, text, pygame.Rect(6, band.bottom + glyph_size + 8, w - 12, h - band.h - glyph_size - 10),
                centred=True)
    return surf.convert_alpha()


def _text_block(surf, text: str, box: pygame.Rect, *, centred: bool = False) -> None:
    """`text` wrapped into `box` at the largest size from 15 down to 9 that fits (cut if even 9 does not)."""
    if not text:
        return
    for size_px in range(15, 8, -1):
        lines = theme.wrap_text(text, box.w, size_px)
        if len(lines) * theme.font(size_px).get_linesize() <= box.h:
            break
    fnt = theme.font(size_px)
    y = box.y
    for line in lines:
        if y + fnt.get_linesize() > box.bottom + 2:
            break
        rendered = fnt.render(line, True, CARD_INK)
        surf.blit(rendered, rendered.get_rect(midtop=(box.centerx, y)) if centred else (box.x, y))
        y += fnt.get_linesize()


def paint_submarine_card(label: str, size, colour, lit: bool) -> pygame.Surface:
    """One of the seat's own submarine cards: the square it names, big, under a submarine."""
    w, h = size
    surf = pygame.Surface((w + 3, h + 3), pygame.SRCALPHA)
    body = pygame.Rect(0, 0, w, h)
    pygame.draw.rect(surf, (0, 0, 0, 110), body.move(2, 3), border_radius=7)
    pygame.draw.rect(surf, CARD_FACE, body, border_radius=7)
    band = pygame.Rect(0, 0, w, max(14, h // 5))
    pygame.draw.rect(surf, colour, band, border_top_left_radius=7, border_top_right_radius=7)
    size_px = max(9, band.h - 4)
    while theme.font(size_px, True).size("SUBMARINE")[0] > w - 8 and size_px > 9:
        size_px -= 1
    word = "SUBMARINE" if theme.font(size_px, True).size("SUBMARINE")[0] <= w - 6 else "SUB"
    t = theme.font(size_px, True).render(word, True, theme.text_on(colour))
    surf.blit(t, t.get_rect(center=band.center))
    big = theme.font(max(12, min(h // 4, 24)), True)
    name = big.render(label, True, CARD_INK)
    if h >= 70:   # a full card: the submarine over the square's name
        sym = pygame.Rect(0, 0, round(w * 0.62), round(h * 0.22))
        sym.center = (w // 2, band.bottom + sym.h // 2 + 6)
        symbols.draw(surf, "submarine", sym, SUB_GREY)
        surf.blit(name, name.get_rect(midbottom=(w // 2, h - 5)))
    else:         # a small one: the name alone
        surf.blit(name, name.get_rect(center=(w // 2, (band.bottom + h) // 2)))
    edge = theme.colours.accent if lit else theme.darken(colour, 0.4)
    pygame.draw.rect(surf, edge, body, 4 if lit else 2, border_radius=7)
    return surf.convert_alpha()


def paint_surfacing(size: int) -> pygame.Surface:
    """A submarine awash, seen from the side: a dark hull in foam, conning tower and periscope."""
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    c = size // 2
    foam = pygame.Rect(size * 0.02, c - size * 0.02, size * 0.96, size * 0.26)
    pygame.draw.ellipse(surf, (230, 244, 250, 200), foam)
    hull = pygame.Rect(size * 0.08, c - size * 0.08, size * 0.84, size * 0.2)
    pygame.draw.ellipse(surf, (28, 34, 40), hull)
    pygame.draw.ellipse(surf, (150, 170, 186), hull, max(1, size // 40))
    tower = pygame.Rect(c - size * 0.12, c - size * 0.27, size * 0.2, size * 0.22)
    pygame.draw.rect(surf, (28, 34, 40), tower, border_top_left_radius=max(2, size // 20),
                     border_top_right_radius=max(2, size // 30))
    pygame.draw.rect(surf, (150, 170, 186), tower, max(1, size // 40), border_top_left_radius=max(2, size // 20),
                     border_top_right_radius=max(2, size // 30))
    pygame.draw.line(surf, (28, 34, 40), (c + size * 0.02, tower.y), (c + size * 0.02, tower.y - size * 0.14),
                     max(2, size // 24))
    pygame.draw.line(surf, (28, 34, 40), (c + size * 0.02, tower.y - size * 0.14),
                     (c + size * 0.1, tower.y - size * 0.14), max(2, size // 24))
    return surf.convert_alpha()


# ----- glyphs: what a card is about, in one picture ------------------------------------------------
def paint_glyph(kind: str, size: int, ink) -> pygame.Surface:
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    s, c = size, size / 2
    if kind == "submarine":
        symbols.draw(surf, "submarine", pygame.Rect(s * 0.08, s * 0.25, s * 0.84, s * 0.5), ink)
    elif kind in ("plane_vs_battleship", "plane_attack", "plane_raid"):
        _airplane(surf, (c, c - s * 0.08), s * 0.7, ink)
        target = {"plane_vs_battleship": "battleship", "plane_attack": "transport"}.get(kind)
        if target:
            symbols.draw(surf, target, pygame.Rect(s * 0.18, s * 0.7, s * 0.64, s * 0.26), ink)
        else:
            pygame.draw.circle(surf, ink, (c, s * 0.86), s * 0.07)
    elif kind == "surprise_maneuver":
        symbols.draw(surf, "transport", pygame.Rect(s * 0.06, s * 0.5, s * 0.5, s * 0.3), ink)
        pygame.draw.line(surf, ink, (s * 0.5, s * 0.55), (s * 0.86, s * 0.2), max(2, s // 14))
        pygame.draw.polygon(surf, ink, [(s * 0.94, s * 0.1), (s * 0.7, s * 0.2), (s * 0.86, s * 0.36)])
    elif kind == "conscription":
        for i, dx in enumerate((-0.22, 0.0, 0.22)):
            x = c + dx * s
            pygame.draw.circle(surf, ink, (x, s * 0.3), s * 0.08)
            pygame.draw.rect(surf, ink, (x - s * 0.07, s * 0.4, s * 0.14, s * 0.36), border_radius=2)
    elif kind == "diplomatic_incident":
        scroll = pygame.Rect(s * 0.18, s * 0.14, s * 0.64, s * 0.72)
        pygame.draw.rect(surf, ink, scroll, max(2, s // 16), border_radius=3)
        for i in range(3):
            y = scroll.y + scroll.h * (i + 1) / 4
            pygame.draw.line(surf, ink, (scroll.x + s * 0.1, y), (scroll.right - s * 0.1, y), max(1, s // 24))
        pygame.draw.circle(surf, (178, 40, 36), (scroll.right - s * 0.06, scroll.bottom - s * 0.06), s * 0.1)
    elif kind == "storm_at_sea":
        cloud = [(0.3, 0.34, 0.16), (0.5, 0.26, 0.2), (0.7, 0.36, 0.15)]
        for x, y, r in cloud:
            pygame.draw.circle(surf, ink, (s * x, s * y), s * r)
        pygame.draw.rect(surf, ink, (s * 0.16, s * 0.36, s * 0.68, s * 0.14))
        bolt = [(s * 0.52, s * 0.5), (s * 0.4, s * 0.72), (s * 0.5, s * 0.72), (s * 0.42, s * 0.96),
                (s * 0.64, s * 0.64), (s * 0.54, s * 0.64), (s * 0.62, s * 0.5)]
        pygame.draw.polygon(surf, (226, 178, 40), bolt)
    elif kind == "sabotage":
        pygame.draw.circle(surf, ink, (c, s * 0.58), s * 0.28)
        pygame.draw.line(surf, ink, (c + s * 0.14, s * 0.34), (c + s * 0.3, s * 0.14), max(2, s // 14))
        for k in range(5):
            a = k * math.tau / 5
            pygame.draw.line(surf, (226, 120, 40), (c + s * 0.34, s * 0.1),
                             (c + s * 0.34 + math.cos(a) * s * 0.1, s * 0.1 + math.sin(a) * s * 0.1), 2)
    elif kind in ("war_loan", "war_expenses"):
        coin = paint_coin(round(s * 0.56))
        surf.blit(coin, coin.get_rect(center=(c, c + s * 0.06)))
        y = s * 0.14
        up, down = (c, y - s * 0.06), (c, y + s * 0.14)
        tip, tail = (up, down) if kind == "war_loan" else (down, up)
        pygame.draw.line(surf, ink, tail, tip, max(2, s // 14))
        d = 1 if tip[1] > tail[1] else -1
        pygame.draw.polygon(surf, ink, [tip, (tip[0] - s * 0.08, tip[1] - d * s * 0.08),
                                        (tip[0] + s * 0.08, tip[1] - d * s * 0.08)])
    elif kind == "all_quiet":
        for i, y in enumerate((0.42, 0.6, 0.78)):
            pts = [(s * (0.14 + 0.72 * t / 10), s * y + math.sin(t * 0.9) * s * 0.03) for t in range(11)]
            pygame.draw.lines(surf, ink, False, pts, max(1, s // 20))
        pygame.draw.circle(surf, (226, 178, 40), (s * 0.72, s * 0.22), s * 0.12)
    else:
        pygame.draw.circle(surf, ink, (c, c), s * 0.3, max(2, s // 14))
        q = theme.font(max(10, s // 2), True).render("?", True, ink)
        surf.blit(q, q.get_rect(center=(c, c)))
    return surf
