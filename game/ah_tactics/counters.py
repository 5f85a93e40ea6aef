"""How a Tactics (1954) unit looks: a NATO-style unit counter (game.wargame.counters) in its side's
colour — the branch symbol (infantry, armour, airborne, mountain, amphibious, headquarters), the
echelon over it (XX a division, XXX a corps HQ, XXXX an army's, XXXXX the army group's), the
unit's number at the top-left and along the bottom its combat factor and corps.

Sides: Blue and Red, in the palette's blue and red/vermilion (the colour-blind palette applies; with it Red's
counters are striped too).
Seats alternate sides (0 and 2 Blue, 1 and 3 Red).
"""
import pygame

from engine.ah_tactics import queries
from game import theme
from game.wargame import symbols
from game.wargame.counters import CounterLook

SIDES = ("blue", "red")
SIDE_TITLES = {"blue": "Blue", "red": "Red"}
SYMBOL = {"infantry": "infantry", "armor": "armour", "para": "airborne", "mountain": "mountain",
          "amphibious": "amphibious", "hq": "hq"}
ECHELON = {"corps": "XXX", "army": "XXXX", "army_group": "XXXXX"}
FACE = (0.84, 0.8)          # a counter's face in proportion to its square


def side_of_seat(seat: int) -> str:
    """The side a seat plays, as the rules seat them (their `seat_side` query)."""
    return queries.SIDE_NAMES[queries.seat_side(seat)]


def of_side(side, names: str, reader: str | None = None) -> str:
    """Units named with their side, "Red's 6th Inf" or "Red's 6th Inf and 9th Inf" (`names`: one side's units
    in words): both armies have a 6th Inf, an IIC HQ, an IC HQ... The reader's own side (`reader`) goes
    unsaid; `reader` None: the side is always said."""
    if side == reader or side not in SIDE_TITLES:
        return names
    return f"{SIDE_TITLES[side]}'s {names}"


def unit_name(unit: dict | None, reader: str | None = None) -> str:
    """A unit's name with its side's, as `of_side` says it; "a unit" for one unknown."""
    return of_side(unit.get("side"), unit["name"], reader) if unit else "a unit"


def spent(colour) -> tuple:
    """A halted (spent) counter's colour: paler and a little darker, but the side's own hue, so a halted Red
    counter still reads as Red (darkening red alone makes it brown)."""
    c = pygame.Color(*colour[:3])
    h, s, v, a = c.hsva
    c.hsva = (h, s * 0.6, v * 0.85, a)
    return (c.r, c.g, c.b)


def side_colour(side: str) -> tuple:
    """Blue is the palette's blue seat colour, Red its red one (theme seats 1 and 0)."""
    return theme.seat_colour(1 if side == "blue" else 0)


def seat_colour(seat: int) -> tuple:
    return side_colour(side_of_seat(seat))


def number(unit: dict) -> str:
    """The counter's number: "12" for the 12th Inf, "IIC" for the IIC HQ, "1A" for the 1st Army HQ."""
    name = unit["name"]
    if unit["kind"] == "hq":
        head = name.split()[0]
        if unit.get("hq") == "army":
            return head[0] + "A"
        if unit.get("hq") == "army_group":
            return "AG"
        return head
    digits = "".join(ch for ch in name.split()[0] if ch.isdigit())
    return digits or name[:3]


def look(unit: dict, *, dimmed: bool = False, selected: bool = False, prisoner: bool = False) -> CounterLook:
    kind = unit["kind"]
    factor = unit.get("factor", 0)
    corps = unit.get("corps") or ""
    factors = f"{factor} {corps}".strip() if kind != "hq" else "0"
    colour = side_colour(unit["side"])
    if prisoner:
        colour = theme.darken(colour, 0.45)
    return CounterLook(colour=colour, symbol=SYMBOL.get(kind, "infantry"),
                       echelon=ECHELON.get(unit.get("hq"), "XX") if kind == "hq" else "XX",
                       label=number(unit), factors=factors, dimmed=dimmed or prisoner,
                       marks=("selected",) if selected else ())


COMPACT_SUFFIX = {"para": "P", "mountain": "M", "amphibious": "Am"}   # the 1st Para, Mtn, Amph apart from the 1st Inf
COMPACT_BELOW = 30          # squares smaller than this on screen (the whole map, or nearly) get compact counters
_compact: dict = {}
_faces: dict = {}


def face(unit: dict, px: int, *, dimmed: bool = False, selected: bool = False, prisoner: bool = False):
    """A counter for a square of `px` pixels (COMPACT_BELOW and up) laid out to be read at a glance: the unit's
    number at the top-left and its combat factor at the bottom-left in bold type a third of the counter high,
    its branch symbol at the top-right, its corps at the bottom-right (an HQ: its flag there, its corps' name
    as its number). At the map's opening zoom (40-pixel squares) both numbers are 13-pixel bold, 12 on a
    1366x768 laptop's window; the rule book's NATO face (game.wargame.counters) prints them half as large."""
    key = (unit["id"], unit.get("status"), unit.get("corps"), px, dimmed, selected, prisoner, theme.colours)
    surf = _faces.get(key)
    if surf is not None:
        return surf
    colour = face_colour(unit, dimmed, prisoner)
    surf = pygame.Surface((px, px), pygame.SRCALPHA)
    body = pygame.Rect(0, 0, px - max(3, px // 10), px - max(4, px // 8))
    body.center = (px // 2, px // 2)
    radius = max(2, body.h // 8)
    pygame.draw.rect(surf, theme.darken(colour, 0.55), body.move(1, 2), border_radius=radius)
    pygame.draw.rect(surf, colour, body, border_radius=radius)
    if theme.striped(SIDES.index(unit["side"])):   # Red told from Blue by its stripes too
        theme.draw_stripes(surf, body.inflate(-2, -2), theme.darken(colour, 0.18), every=max(5, px // 6))
    pygame.draw.rect(surf, (255, 214, 90) if selected else theme.darken(colour, 0.6), body, 2 if selected else 1,
                     border_radius=radius)
    ink = theme.text_on(colour)
    big = theme.font(max(9, round(body.h * 0.5)), True)
    small = theme.font(max(8, round(body.h * 0.36)))
    pad = max(2, body.w // 14)
    label = big.render(number(unit), True, ink)
    surf.blit(label, label.get_rect(topleft=(body.x + pad, body.y)))
    factor = big.render(str(unit.get("factor", 0)), True, ink)
    surf.blit(factor, factor.get_rect(bottomleft=(body.x + pad, body.bottom + 1)))
    sym = pygame.Rect(0, 0, round(body.w * 0.4), round(body.h * 0.3))
    if unit["kind"] == "hq":
        sym.bottomright = (body.right - pad, body.bottom - pad)
    else:
        sym.topright = (body.right - pad, body.y + pad + 1)
        corps = small.render(unit.get("corps") or "", True, ink)
        surf.blit(corps, corps.get_rect(bottomright=(body.right - pad + 1, body.bottom)))
    symbols.draw(surf, SYMBOL.get(unit["kind"], "infantry"), sym, ink, width=max(1, round(body.h / 30)))
    surf = _faces[key] = surf.convert_alpha()
    if len(_faces) > 2000:
        _faces.clear()
        _faces[key] = surf
    return surf


def face_colour(unit: dict, dimmed: bool, prisoner: bool) -> tuple:
    """A counter's body colour: its side's, darkened for a prisoner, paled for a unit that has spent its move."""
    colour = side_colour(unit["side"])
    if prisoner:
        return theme.darken(colour, 0.4)
    return spent(colour) if dimmed else colour


def compact(unit: dict, px: int, *, dimmed: bool = False, selected: bool = False, prisoner: bool = False):
    """A counter for a square too small for the full NATO face: the whole square in the side's colour, the
    unit's number as large as it fits (P, M, Am after a parachute, mountain or amphibious division's), armor
    marked by a bar (two factors), HQs by a ring. At the whole-map
    zoom (19 px squares) the number is 11 px bold — readable where the full face's would be 8."""
    key = (unit["id"], unit.get("status"), px, dimmed, selected, prisoner, theme.colours)
    surf = _compact.get(key)
    if surf is None:
        colour = face_colour(unit, dimmed, prisoner)
        surf = pygame.Surface((px, px), pygame.SRCALPHA)
        body = surf.get_rect().inflate(-1, -1)
        pygame.draw.rect(surf, colour, body, border_radius=3)
        if theme.striped(SIDES.index(unit["side"])):
            theme.draw_stripes(surf, body.inflate(-2, -2), theme.darken(colour, 0.18), every=max(4, px // 4))
        edge = (255, 214, 90) if selected else theme.darken(colour, 0.6)
        pygame.draw.rect(surf, edge, body, 2 if selected else 1, border_radius=3)
        ink = theme.text_on(colour)
        if unit["kind"] == "hq":
            pygame.draw.rect(surf, ink, body.inflate(-4, -4), 1, border_radius=3)
        if unit["kind"] == "armor":
            pygame.draw.line(surf, ink, (body.x + 3, body.bottom - 3), (body.right - 4, body.bottom - 3), 2)
        text = number(unit) + COMPACT_SUFFIX.get(unit["kind"], "")
        size = max(9, round(px * (0.58 if len(text) <= 2 else 0.44)))
        label = theme.font(size, True).render(text, True, ink)
        surf.blit(label, label.get_rect(center=(body.centerx, body.centery - (1 if unit["kind"] == "armor" else 0))))
        surf = _compact[key] = surf.convert_alpha()
        if len(_compact) > 2000:
            _compact.clear()
            _compact[key] = surf
    return surf
