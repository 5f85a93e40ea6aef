"""Heads-up parts of the Civil War board: the two sides' bar, the turn box and the
keyboard help. Rendered through game.board_kit.hud.Cached: once per change."""
import pygame

from game import theme
from game.board_kit import hud as kit_hud
from game.board_kit.hud import TOP_BAR  # noqa: F401  (the scene places the bar there)
from game.theme import fit_text
from game.civil_war.counters import side_colour
from game.civil_war.log import SIDE_TITLES
from game.words import plural

SIDE = pygame.Rect(700, 40, 580, 760)
HINT = pygame.Rect(0, 738, 700, 62)
STEP_NAMES = {"battle": "Battle", "retreat": "Retreat", "losses": "Losses"}


def phase_of(pub: dict) -> str:
    if pub.get("outcome"):
        return "Game over"
    pending = pub.get("pending") or []
    return STEP_NAMES.get(pending[0]["step"], "Move") if pending else "Move"


def build_top_bar(seats: list[dict], pub: dict, shown_seat) -> pygame.Surface:
    surf = kit_hud.new_bar()
    flags = pub.get("flags", {})
    actor = (pub.get("to_act") or [None])[0]
    for seat in (0, 1):
        name = (seats[seat].get("name") if seat < len(seats) else None) or f"Seat {seat + 1}"
        if seat == shown_seat:
            name += " (you)"
        title = fit_text(f"{SIDE_TITLES[seat]} · {name}", 300, 17, True)
        taken = sum(1 for s in flags.values() if s == seat)
        pieces = (pub.get("pieces") or [0, 0])[seat]
        info = f"{plural(pieces, 'piece')} · {plural(taken, 'city')} taken"
        kit_hud.draw_side_box(surf, 6 + seat * 350, 340, side_colour(seat), seat == actor, title, info, mark=seat)
    phase = phase_of(pub).upper()
    text = theme.draw_text(surf, phase, (TOP_BAR.right - 14, TOP_BAR.centery), 26, theme.colours.accent, bold=True,
                           anchor="midright", shadow=False)
    limit = pub.get("turn_limit") or 0
    turn = f"turn {pub.get('turn_number', 0)}" + (f" of {limit}" if limit else "")
    theme.draw_text(surf, turn, (text.left - 10, TOP_BAR.centery + 2), 17, theme.colours.text_dim,
                    anchor="midright", shadow=False)
    return surf.convert_alpha()


def build_turn_box(seats: list[dict], pub: dict, active_seat, waiting_for: str, lines: tuple) -> pygame.Surface:
    rect = pygame.Rect(0, 0, SIDE.w - 16, 96)
    surf = pygame.Surface(rect.size, pygame.SRCALPHA)
    theme.draw_panel(surf, rect, border=theme.colours.accent_dark, alpha=240)
    seat = (pub.get("to_act") or [pub.get("turn")])[0]
    if seat is None:
        seat = pub.get("turn", 0)
    colour = side_colour(seat)
    pygame.draw.rect(surf, theme.darken(colour, 0.4), (12, 14, 32, 32), border_radius=6)
    pygame.draw.rect(surf, colour, (12, 12, 32, 32), border_radius=6)
    name = (seats[seat].get("name") if 0 <= seat < len(seats) else None) or "—"
    if pub.get("outcome"):
        who = "The war is over"
    elif active_seat is not None and active_seat == seat:
        who = f"Your move, {name}" if sum(1 for s in seats if s.get("kind") == "human") > 1 else "Your move"
    else:
        who = f"{name}'s move"
    theme.draw_text(surf, fit_text(f"{who} — {SIDE_TITLES[seat]}", rect.w - 70, 22, True), (56, 10), 22, bold=True)
    theme.draw_text(surf, phase_of(pub), (56, 36), 20, theme.colours.accent, bold=True, shadow=False)
    shown = list(lines) + ([waiting_for] if waiting_for else [])
    for i, line in enumerate(shown[:2]):
        theme.draw_text(surf, fit_text(line, rect.w - 24, 17), (14, 58 + i * 18), 17, theme.colours.text_dim,
                        shadow=False)
    return surf.convert_alpha()
