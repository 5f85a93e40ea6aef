"""Heads-up parts of the board: the players bar, the turn box, the hint line,
the territory tooltip and the help overlay.

Each part is rendered into a surface once per change of what it shows (its
key, through game.board_kit.hud.Cached), so a frame blits a few ready surfaces
and renders no text. The hint bar, tooltip and help overlay are the shared
ones from game.board_kit.hud, sized and worded for risk here.
"""
import pygame

from game import theme
from game.board_kit import hud as kit_hud
from game.board_kit.hud import TOP_BAR  # noqa: F401  (the scene places the bar there)
from game.theme import fit_text
from game.words import plural

SIDE = pygame.Rect(1000, 40, 280, 760)
BOTTOM = pygame.Rect(0, 720, 1000, 80)
PHASE_NAMES = {"claim": "Claim", "setup": "Deploy", "reinforce": "Reinforce", "attack": "Attack", "defend": "Defend",
               "occupy": "Occupy", "fortify": "Fortify", "over": "Game over"}


def _icon(surf, kind: str, x: int, y: int, colour) -> None:
    """A small glyph before a number: a territory (a little flag), armies (a token), cards (a card)."""
    if kind == "territories":
        pygame.draw.line(surf, colour, (x + 2, y + 1), (x + 2, y + 12), 2)
        pygame.draw.polygon(surf, colour, [(x + 3, y + 1), (x + 11, y + 4), (x + 3, y + 7)])
    elif kind == "armies":
        pygame.draw.circle(surf, colour, (x + 6, y + 7), 5)
        pygame.draw.circle(surf, theme.colours.panel, (x + 6, y + 7), 2)
    else:
        pygame.draw.rect(surf, colour, (x + 2, y + 1, 9, 12), 2, border_radius=2)


def seat_stats(pub: dict, seat: int) -> dict:
    st = (pub.get("stats") or [])
    st = st[seat] if seat < len(st) else {}
    hands = pub.get("hand_counts") or []
    return {"territories": st.get("territories", 0), "armies": st.get("armies", 0),
            "cards": hands[seat] if seat < len(hands) else 0}


def seat_box(n_seats: int, seat: int) -> pygame.Rect:
    """Where a seat's box is in the top bar (also for the tooltip on hover)."""
    width = min(200, 1000 // max(1, n_seats))
    return pygame.Rect(6 + seat * width, 3, width - 8, TOP_BAR.h - 6)


def build_top_bar(seats: list[dict], pub: dict, shown_seat) -> pygame.Surface:
    surf = kit_hud.new_bar()
    n = len(seats)
    for seat in range(n):
        box = seat_box(n, seat)
        x = box.x
        out = seat in pub.get("eliminated", [])
        current = seat == pub.get("current") and pub.get("phase") != "over"
        if current:
            pygame.draw.rect(surf, theme.colours.panel_light, box, border_radius=8)
            pygame.draw.rect(surf, theme.colours.accent, box, 2, border_radius=8)
        colour = theme.colours.text_dim if out else theme.seat_colour(seat)
        shape = theme.seat_shape(seat)
        theme.draw_shape(surf, shape, (x + 14, 21), 10, theme.darken(colour, 0.4))
        theme.draw_shape(surf, shape, (x + 14, 20), 9, colour)
        name = seats[seat].get("name") or f"Seat {seat + 1}"
        if seat == shown_seat:
            name += " (you)"
        text_colour = theme.colours.text_dim if out else theme.colours.text
        theme.draw_text(surf, fit_text(name, box.w - 34, 17, True), (x + 28, 1), 17, text_colour, bold=True,
                        shadow=False)
        if out:
            theme.draw_text(surf, "out of the game", (x + 28, 19), 16, theme.colours.text_dim, shadow=False)
            continue
        cx = x + 28
        for kind, value in seat_stats(pub, seat).items():
            _icon(surf, kind, cx, 21, theme.colours.text_dim)
            rect = theme.draw_text(surf, str(value), (cx + 13, 19), 16, theme.colours.text, shadow=False)
            cx = rect.right + 8
    return surf.convert_alpha()


def build_turn_box(seats: list[dict], pub: dict, active_seat, waiting_for: str = "") -> pygame.Surface:
    """Whose move, which step and turn, and the one or two numbers that matter now."""
    rect = pygame.Rect(0, 0, SIDE.w - 16, 104)
    surf = pygame.Surface(rect.size, pygame.SRCALPHA)
    theme.draw_panel(surf, rect, border=theme.colours.accent_dark, alpha=240)
    seat = pub.get("current")
    if pub.get("phase") == "defend" and pub.get("pending"):
        seat = pub["pending"].get("defender", seat)
    colour = theme.seat_colour(seat)
    pygame.draw.circle(surf, theme.darken(colour, 0.4), (26, 30), 16)
    pygame.draw.circle(surf, colour, (26, 28), 15)
    name = (seats[seat].get("name") if seat is not None and 0 <= seat < len(seats) else None) or "—"
    who = "Your move" if active_seat is not None and active_seat == seat else f"{name}'s move"
    if active_seat is not None and active_seat == seat and len([s for s in seats if s.get("kind") == "human"]) > 1:
        who = f"{name}: your move"
    theme.draw_text(surf, fit_text(who, rect.w - 60, 22, True), (50, 8), 22, bold=True)
    phase = PHASE_NAMES.get(pub.get("phase"), "")
    turn = pub.get("turn_number", 0)
    theme.draw_text(surf, phase + (f"  ·  turn {turn}" if turn else "  ·  opening"), (50, 34), 19,
                    theme.colours.accent, bold=True, shadow=False)
    lines = []
    if pub.get("phase") == "reinforce":
        lines.append(f"{plural(pub.get('armies_to_place', 0), 'army')} to place")
    if pub.get("phase") == "setup" and seat is not None and pub.get("setup_pools"):
        neutral = " (now one for the neutral)" if pub.get("setup_step") == "neutral" else ""
        lines.append(f"{plural(pub['setup_pools'][seat], 'starting army', 'starting armies')} left{neutral}")
    nsv = pub.get("next_set_value")
    lines.append(f"next card set: {plural(nsv, 'army')}" if nsv is not None else "card sets: fixed values")
    for i, line in enumerate(lines[:2]):
        theme.draw_text(surf, fit_text(line, rect.w - 24, 17), (14, 60 + i * 19), 17, theme.colours.text_dim,
                        shadow=False)
    return surf.convert_alpha()
