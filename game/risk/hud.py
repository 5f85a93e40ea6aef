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
from game.board_kit.hud import fit_text

TOP_BAR = pygame.Rect(0, 0, 1280, 40)
SIDE = pygame.Rect(1000, 40, 280, 760)
BOTTOM = pygame.Rect(0, 720, 1000, 80)
PHASE_NAMES = {"claim": "Claim", "setup": "Deploy", "reinforce": "Reinforce", "attack": "Attack", "defend": "Defend",
               "occupy": "Occupy", "fortify": "Fortify", "over": "Game over"}

HELP_LINES = [
    ("Click", "choose a territory: a source first, then a lit target"),
    ("Shift+click", "reinforce: place every army you have left there"),
    ("Enter / Space", "end the attack phase, or end the turn when fortifying"),
    ("A", "attack again with the same pair"),
    ("B", "blitz: keep attacking until it is taken or you are down to 1"),
    ("1 2 3", "attack dice to roll (default: as many as allowed)"),
    ("M", "move all, in the army chooser"),
    ("T", "trade the three cards you picked (click cards to pick)"),
    ("Esc", "cancel the selection; twice to leave the game"),
    ("H / F1", "this help"),
]


def build_top_bar(seats: list[dict], pub: dict, shown_seat) -> pygame.Surface:
    surf = pygame.Surface(TOP_BAR.size, pygame.SRCALPHA)
    surf.fill((*theme.colours.panel, 255))
    pygame.draw.line(surf, theme.colours.panel_border, (0, TOP_BAR.h - 1), (TOP_BAR.w, TOP_BAR.h - 1), 2)
    n = len(seats)
    width = min(200, 1000 // max(1, n))
    stats = pub.get("stats") or [{}] * n
    hands = pub.get("hand_counts") or [0] * n
    for seat in range(n):
        x = 6 + seat * width
        box = pygame.Rect(x, 4, width - 8, TOP_BAR.h - 8)
        out = seat in pub.get("eliminated", [])
        current = seat == pub.get("current") and pub.get("phase") != "over"
        if current:
            pygame.draw.rect(surf, theme.colours.panel_light, box, border_radius=8)
            pygame.draw.rect(surf, theme.colours.accent, box, 2, border_radius=8)
        colour = theme.colours.text_dim if out else theme.seat_colour(seat)
        pygame.draw.circle(surf, theme.darken(colour, 0.4), (x + 15, 21), 10)
        pygame.draw.circle(surf, colour, (x + 15, 20), 9)
        name = seats[seat].get("name") or f"Seat {seat + 1}"
        if seat == shown_seat:
            name += " (you)"
        label = theme.font(18, current).render(fit_text(name, width - 44, 18, current), True,
                                                theme.colours.text_dim if out else theme.colours.text)
        surf.blit(label, (x + 30, 5))
        st = stats[seat] if seat < len(stats) else {}
        info = "out" if out else f"{st.get('territories', 0)} terr · {st.get('armies', 0)} armies · {hands[seat] if seat < len(hands) else 0} cards"
        small = theme.font(14).render(info, True, theme.colours.text_dim)
        surf.blit(small, (x + 30, 22))
    # phase at the right end
    phase = PHASE_NAMES.get(pub.get("phase"), pub.get("phase", ""))
    text = theme.font(26, True).render(phase.upper(), True, theme.colours.accent)
    surf.blit(text, text.get_rect(midright=(TOP_BAR.right - 14, TOP_BAR.centery)))
    tn = theme.font(16).render(f"turn {pub.get('turn_number', 0)}", True, theme.colours.text_dim)
    surf.blit(tn, tn.get_rect(midright=(TOP_BAR.right - 24 - text.get_width(), TOP_BAR.centery + 2)))
    return surf.convert_alpha()


def build_turn_box(seats: list[dict], pub: dict, active_seat, waiting_for: str) -> pygame.Surface:
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
    theme.draw_text(surf, fit_text(who, rect.w - 60, 22, True), (50, 12), 22, bold=True)
    phase = PHASE_NAMES.get(pub.get("phase"), "")
    theme.draw_text(surf, phase, (50, 36), 20, theme.colours.accent, bold=True, shadow=False)
    lines = []
    if pub.get("phase") == "reinforce":
        lines.append(f"{pub.get('armies_to_place', 0)} armies to place")
    if pub.get("phase") == "setup" and seat is not None and pub.get("setup_pools"):
        step = " (neutral)" if pub.get("setup_step") == "neutral" else ""
        lines.append(f"{pub['setup_pools'][seat]} starting armies left{step}")
    nsv = pub.get("next_set_value")
    lines.append(f"next card set: {nsv} armies" if nsv is not None else "card sets: fixed values")
    if waiting_for:
        lines.append(waiting_for)
    for i, line in enumerate(lines[:3]):
        theme.draw_text(surf, line, (14, 58 + i * 16), 16, theme.colours.text_dim, shadow=False)
    return surf.convert_alpha()


def build_help() -> pygame.Surface:
    return kit_hud.build_help("How to play the board", HELP_LINES,
                              "Each turn: reinforce, attack as you like, then fortify once. Hold whole continents "
                              "for bonus armies.")
