"""Unit symbols drawn by code, in the manner of military map symbols (NATO style), at any size.

Land units are a frame with a mark inside: infantry a cross (X), armour an oval,
mechanized both, cavalry and reconnaissance one diagonal, artillery a dot,
engineers a bridge sign, airborne a cross with a canopy, anti-tank an inverted
V, headquarters a frame on a staff, mountain infantry a cross over a peak, amphibious
infantry a cross over a wave. Ships are hull silhouettes (battleship,
cruiser, destroyer, carrier, transport, submarine) and the river gunboat of the
1860s. `size_mark(n)` prints the echelon over a frame: "XX" a division, "X" a
brigade, "III" a regiment.

`draw(surface, kind, rect, ink)` draws one; `KINDS` lists what it knows.
"""
import pygame

FRAMED = ("infantry", "armour", "mechanized", "cavalry", "recon", "artillery", "engineer", "airborne", "antitank",
          "hq", "headquarters", "mountain", "amphibious")
SHIPS = ("battleship", "cruiser", "destroyer", "carrier", "transport", "submarine", "gunboat")
KINDS = FRAMED + SHIPS
ECHELONS = {"division": "XX", "brigade": "X", "regiment": "III", "battalion": "II", "corps": "XXX"}


def draw(surface: pygame.Surface, kind: str, rect, ink, width: int = 1) -> None:
    """The symbol of `kind` inside `rect` (a frame for land units, a silhouette for ships)."""
    rect = pygame.Rect(rect)
    if kind in SHIPS:
        _ship(surface, kind, rect, ink)
        return
    if kind in ("hq", "headquarters"):
        box = pygame.Rect(rect.x + rect.w * 0.18, rect.y, rect.w * 0.82, rect.h * 0.62)
        pygame.draw.rect(surface, ink, box, width)
        pygame.draw.line(surface, ink, box.bottomleft, (box.x, rect.bottom - 1), max(1, width))
        return
    pygame.draw.rect(surface, ink, rect, width)
    inner = rect.inflate(-2 * width, -2 * width)
    tl, tr = inner.topleft, (inner.right - 1, inner.y)
    bl, br = (inner.x, inner.bottom - 1), (inner.right - 1, inner.bottom - 1)
    if kind in ("infantry", "mechanized", "airborne", "mountain", "amphibious"):
        pygame.draw.line(surface, ink, tl, br, width)
        pygame.draw.line(surface, ink, bl, tr, width)
    if kind in ("armour", "mechanized"):
        oval = inner.inflate(-inner.w * 0.3, -inner.h * 0.4)
        pygame.draw.ellipse(surface, ink, oval, max(1, width))
    if kind in ("cavalry", "recon"):
        pygame.draw.line(surface, ink, bl, tr, width)
    if kind == "artillery":
        r = max(1, round(min(inner.w, inner.h) * 0.18))
        pygame.draw.circle(surface, ink, inner.center, r)
    if kind == "engineer":
        w, h = inner.w * 0.5, inner.h * 0.36
        x0, y0 = inner.centerx - w / 2, inner.centery - h / 2
        pygame.draw.lines(surface, ink, False, [(x0, y0 + h), (x0, y0), (x0 + w, y0), (x0 + w, y0 + h)], width)
        pygame.draw.line(surface, ink, (inner.centerx, y0), (inner.centerx, y0 + h), width)
    if kind == "airborne":
        arc = pygame.Rect(0, 0, inner.w * 0.42, inner.h * 0.5)
        arc.midbottom = (inner.centerx, inner.bottom + 1)
        pygame.draw.arc(surface, ink, arc, 0, 3.1416, width)
    if kind == "mountain":
        peak = [(inner.centerx - inner.w * 0.22, inner.bottom), (inner.centerx, inner.bottom - inner.h * 0.42),
                (inner.centerx + inner.w * 0.22, inner.bottom)]
        pygame.draw.polygon(surface, ink, peak)
    if kind == "amphibious":
        y = inner.bottom - inner.h * 0.2
        step = inner.w / 4
        wave = [(inner.x + i * step / 2, y + (-2 if i % 2 else 1) * max(1, inner.h * 0.08)) for i in range(9)]
        pygame.draw.lines(surface, ink, False, wave, max(1, width))
    if kind == "antitank":
        pygame.draw.lines(surface, ink, False, [bl, (inner.centerx, inner.y), br], width)


def _ship(surface, kind: str, rect: pygame.Rect, ink) -> None:
    x, y, w, h = rect
    deck = y + h * 0.55
    if kind == "gunboat":   # a river boat: a hull with one funnel
        hull = [(x, y + h * 0.45), (x + w, y + h * 0.45), (x + w * 0.8, y + h), (x + w * 0.2, y + h)]
        pygame.draw.polygon(surface, ink, hull)
        pygame.draw.rect(surface, ink, (rect.centerx - 2, y, 4, h * 0.5))
        return
    if kind == "submarine":
        body = pygame.Rect(x, y + h * 0.45, w, h * 0.4)
        pygame.draw.ellipse(surface, ink, body)
        pygame.draw.rect(surface, ink, (x + w * 0.42, y + h * 0.2, w * 0.16, h * 0.3))
        return
    hull = [(x, deck), (x + w, deck), (x + w * 0.88, y + h), (x + w * 0.1, y + h)]
    pygame.draw.polygon(surface, ink, hull)
    if kind == "carrier":
        pygame.draw.rect(surface, ink, (x - 1, deck - h * 0.12, w + 2, h * 0.12))
        pygame.draw.rect(surface, ink, (x + w * 0.66, y + h * 0.2, w * 0.14, h * 0.3))
        return
    if kind == "transport":
        pygame.draw.rect(surface, ink, (x + w * 0.2, y + h * 0.25, w * 0.5, h * 0.32))
        return
    towers = {"battleship": 3, "cruiser": 2, "destroyer": 1}.get(kind, 1)
    for i in range(towers):
        tx = x + w * (0.22 + 0.56 * (i + 0.5) / towers) - w * 0.08
        pygame.draw.rect(surface, ink, (tx, y + h * (0.18 if i == towers // 2 else 0.32), w * 0.16, h * 0.4))


def size_mark(kind_or_echelon: str) -> str:
    """The echelon printed over a frame ("division" -> "XX"); unknown words are printed as they are."""
    return ECHELONS.get(kind_or_echelon, kind_or_echelon)
