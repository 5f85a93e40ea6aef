"""Heads-up parts of the Tactics (1954) board: the sides' bar (with the allowance always in view),
the turn box, the allowance gauge, the unit card, the phase panel (reserves, the battle plan)
and the keyboard help. Rendered through game.board_kit.hud.Cached: once per change."""
import pygame

from engine.ah_tactics import queries
from game import theme
from game.ah_tactics.counters import SIDE_TITLES, SIDES, side_colour, side_of_seat
from game.board_kit import hud as kit_hud
from game.board_kit.hud import TOP_BAR  # noqa: F401  (the scene places the bar there)
from game.theme import fit_text

SIDE = pygame.Rect(1000, 40, 280, 760)
TURN_BOX = pygame.Rect(1008, 46, 264, 84)
GAUGE = pygame.Rect(1008, 136, 264, 50)
CARD = pygame.Rect(1008, 192, 264, 58)
PANEL = pygame.Rect(1008, 256, 264, 170)
BUTTONS_Y = 432
PANEL_ROWS_TOP, PANEL_ROW_H, PANEL_ROWS = 26, 17, 8   # the phase panel's rows, below its title
PANEL_TEXT = 15
LOG_RECT = pygame.Rect(1004, 488, 272, 308)
FULL_SQUARES = queries.FULL_ALLOWANCE // queries.THIRDS   # a side's squares a turn (rule C)
PHASES = {"setup": "Set-up", "move": "Movement", "battle": "Battle plan", "retreat": "Fall-back",
          "contact": "Reserves found", "over": "Game over"}


def build_top_bar(seats: list[dict], pub: dict, shown_seat, allowance) -> pygame.Surface:
    surf = kit_hud.new_bar()
    units = pub.get("units") or []
    active = pub.get("active")
    for i, side in enumerate(SIDES):
        side_seats = pub["sides"][i]["seats"]    # the contract's sides say who plays which side
        names = [(seats[s].get("name") if s < len(seats) else None) or f"Seat {s + 1}" for s in side_seats]
        you = shown_seat in side_seats
        title = fit_text(f"{SIDE_TITLES[side]} · {' & '.join(names)}" + (" (you)" if you else ""), 280, 17, True)
        mine = [u for u in units if u["side"] == side]
        divisions = sum(1 for u in mine if u["kind"] != "hq" and u["status"] in ("active", "reserve"))
        factors = sum(u["factor"] for u in mine if u["status"] in ("active", "reserve"))
        reserve = len((pub.get("reserves") or {}).get(side, []))
        info = f"{divisions} divisions · {factors} factors" + (f" · {reserve} in reserve" if reserve else "")
        kit_hud.draw_side_box(surf, 6 + i * 330, 320, side_colour(side), side == active, title, info, mark=i)
    phase = PHASES.get(pub.get("phase"), "").upper()
    text = theme.draw_text(surf, phase, (TOP_BAR.right - 14, TOP_BAR.centery), 24, theme.colours.accent, bold=True,
                           anchor="midright", shadow=False)
    left = f"allowance {queries.squares_text(allowance)} of {FULL_SQUARES}" if allowance is not None else "allowance —"
    theme.draw_text(surf, f"round {pub.get('round', 0)}  ·  {left}", (text.left - 12, TOP_BAR.centery + 1), 17,
                    theme.colours.text, anchor="midright", shadow=False)
    return surf.convert_alpha()


def build_turn_box(seats: list[dict], pub: dict, mine: bool, lines: tuple) -> pygame.Surface:
    rect = pygame.Rect(0, 0, TURN_BOX.w, TURN_BOX.h)
    surf = pygame.Surface(rect.size, pygame.SRCALPHA)
    theme.draw_panel(surf, rect, border=theme.colours.accent_dark, alpha=240)
    side = deciding_side(pub)
    colour = side_colour(side)
    pygame.draw.rect(surf, theme.darken(colour, 0.4), (10, 12, 28, 28), border_radius=6)
    pygame.draw.rect(surf, colour, (10, 10, 28, 28), border_radius=6)
    who = turn_title(pub, mine)
    theme.draw_text(surf, fit_text(who, rect.w - 56, 20, True), (48, 6), 20, bold=True)
    theme.draw_text(surf, PHASES.get(pub.get("phase"), ""), (48, 30), 18, theme.colours.accent, bold=True, shadow=False)
    if len(lines) == 1:   # one sentence (the war's end): two lines for it if it needs them
        size, lines = theme.fit_lines(lines[0], rect.w - 20, ((16, 2), (14, 2)))
    else:
        size, lines = 16, [fit_text(line, rect.w - 20, 16) for line in lines[:2]]
    for i, line in enumerate(lines):
        theme.draw_text(surf, line, (10, 50 + i * 16), size, theme.colours.text_dim, shadow=False)
    return surf.convert_alpha()


def turn_title(pub: dict, mine: bool) -> str:
    """The turn box's heading: who decides now, "Your move — Blue", "Your decision — Blue" (`mine`: the window's
    seat is the one asked)."""
    if pub.get("result"):
        return "The war is over"
    if pub.get("phase") == "setup":
        return "Both sides set up"
    decision = pub.get("phase") in ("retreat", "contact")   # the other side's turn, this side's choice
    return (("Your decision — " if decision else "Your move — ") if mine else "") + SIDE_TITLES[deciding_side(pub)]


def deciding_side(pub: dict) -> str:
    """The side whose seat decides now (the first in `to_act`): in a fall-back the winner's, when reserves are
    found their owner's, though the turn is the other side's; else the side on the move."""
    to_act = pub.get("to_act") or []
    return side_of_seat(to_act[0]) if to_act else pub.get("active") or "blue"


def build_gauge(allowance, side) -> pygame.Surface:
    """The squares of allowance left: a pip a square, a third of one shown as a part-filled pip."""
    rect = pygame.Rect(0, 0, GAUGE.w, GAUGE.h)
    surf = pygame.Surface(rect.size, pygame.SRCALPHA)
    theme.draw_panel(surf, rect, alpha=230)
    label = "Allowance: —" if allowance is None else \
        f"Allowance: {queries.squares_text(allowance)} of {FULL_SQUARES} squares"
    theme.draw_text(surf, label, (10, 4), 16, theme.colours.text, bold=True, shadow=False)
    colour = side_colour(side) if side else theme.colours.text_dim
    left = allowance or 0
    third = queries.THIRDS
    for i in range(FULL_SQUARES):
        r = pygame.Rect(10 + i * 8, 28, 6, 14)
        pygame.draw.rect(surf, theme.darken(theme.colours.panel_light, 0.2), r, border_radius=2)
        filled = max(0, min(third, left - third * i))
        if filled:
            part = r.copy()
            part.h = round(r.h * filled / third)
            part.bottom = r.bottom
            pygame.draw.rect(surf, theme.lighten(colour, 0.2), part, border_radius=2)
    return surf.convert_alpha()


def build_card(unit: dict | None, lines: tuple) -> pygame.Surface:
    rect = pygame.Rect(0, 0, CARD.w, CARD.h)
    surf = pygame.Surface(rect.size, pygame.SRCALPHA)
    theme.draw_panel(surf, rect, alpha=230)
    if unit is None:
        theme.draw_text(surf, "No unit picked", (10, 6), 17, theme.colours.text_dim, shadow=False)
        theme.draw_text(surf, "Click one of yours on the map.", (10, 30), 15, theme.colours.text_dim, shadow=False)
        return surf.convert_alpha()
    theme.draw_text(surf, fit_text(unit["name"], rect.w - 20, 18, True), (10, 4), 18,
                    theme.lighten(side_colour(unit["side"]), 0.3), bold=True, shadow=False)
    for i, line in enumerate(lines[:2]):
        theme.draw_text(surf, fit_text(line, rect.w - 20, 15), (10, 26 + i * 15), 15, theme.colours.text_dim,
                        shadow=False)
    return surf.convert_alpha()


def build_panel(title: str, rows: tuple) -> pygame.Surface:
    """The phase panel: a title and up to PANEL_ROWS rows of (text, colour)."""
    rect = pygame.Rect(0, 0, PANEL.w, PANEL.h)
    surf = pygame.Surface(rect.size, pygame.SRCALPHA)
    theme.draw_panel(surf, rect, alpha=230)
    theme.draw_text(surf, fit_text(title, rect.w - 20, 17, True), (10, 4), 17, theme.colours.accent, bold=True,
                    shadow=False)
    for i, (text, colour) in enumerate(rows[:PANEL_ROWS]):
        theme.draw_text(surf, fit_text(text, rect.w - 20, PANEL_TEXT), (10, PANEL_ROWS_TOP + i * PANEL_ROW_H),
                        PANEL_TEXT, colour, shadow=False)
    return surf.convert_alpha()


def panel_row_at(pos) -> int | None:
    """Which of the panel's rows (0-7) a screen point is on, else None (rows as build_panel lays them)."""
    x, y = pos[0] - PANEL.x, pos[1] - PANEL.y - PANEL_ROWS_TOP
    if not 0 <= x < PANEL.w or y < 0:
        return None
    row = y // PANEL_ROW_H
    return row if row < PANEL_ROWS else None
