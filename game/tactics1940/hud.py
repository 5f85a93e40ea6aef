"""Heads-up parts of the Tactics board: the top bar, the turn box, the powers' table (coins,
protest cards, submarine cards held, fleets), the last card drawn, the reaction banner, and the
keyboard help. Built through game.board_kit.hud.Cached: once per change of what they show."""
import math

import pygame

from game import theme
from game.board_kit import hud as kit_hud
from game.board_kit.hud import TOP_BAR, fit_text
from game.tactics1940.geometry import BOARD_RECT
from game.tactics1940.powers import Powers
from game.tactics1940.sprites import Sprites

SIDE = pygame.Rect(704, 40, 576, 760)
HINT = pygame.Rect(0, 738, 704, 62)
TURN_BOX = pygame.Rect(712, 48, 560, 72)
POWERS = pygame.Rect(712, 126, 560, 210)
POWERS_HEADER = 18
ROW_H = 48
HAND = pygame.Rect(712, 342, 300, 168)
CARD = pygame.Rect(1020, 342, 252, 168)
ACTIONS = pygame.Rect(712, 516, 560, 44)
LOG = pygame.Rect(708, 590, 568, 206)
HAND_CARD = (64, 90)
LAST_CARD = (232, 118)
BANNER_SIZE = (600, 104)
TURN_TEXT_FITS = ((15, 2), (13, 3))   # the turn box's sentence (a prompt, a card's text): two lines, or three smaller

PHASES = {"move": "MOVE", "window": "SUBMARINE!", "card": "CARD", "protest": "PROTEST", "pay": "DEBT",
          "join": "WAR", "return": "TRADE"}
COLUMNS = {"coins": 240, "protests": 292, "accepted": 340, "subs": 410, "fleet": 452}


def phase_of(pub: dict) -> str:
    if pub.get("outcome"):
        return "GAME OVER"
    steps = pub.get("steps") or []
    return PHASES.get(steps[0]["step"], "MOVE") if steps else "MOVE"


# What a pending step asks, when the board has nothing to light for it.
STEP_HINTS = {
    "protest": "Answer the protest: accept the card, or pay 1 coin instead.",
    "join": "You are at war: choose the side you join.",
    "pay": "You owe coins you do not have: click one of your lit pieces to sacrifice it.",
    "return": "Your supply ship traded: click a lit square of your home area to bring it home.",
}


def status_of(pub: dict, seat: int, powers: Powers) -> str:
    """A power's standing: belligerent, neutral, or a neutral at war on one side."""
    camps = pub.get("camps") or []
    camp = camps[seat] if seat < len(camps) else None
    power = powers.name(seat)
    if camp is None:
        return "neutral · trading"
    if camp == power:
        enemy = "South" if camp == "North" else "North"
        return f"belligerent · at war with {enemy}"
    return f"at war · on {camp}'s side"


def opaque(size) -> pygame.Surface:
    """A surface for a part of the side panel: filled with the panel's colour, so it is drawn without
    alpha (a translucent panel over the opaque side panel would always look the same, only slower)."""
    surf = pygame.Surface(size)
    surf.fill(theme.colours.panel)
    return surf


def card_choices(orders, name_of) -> str:
    """What a card step offers, said as it is on screen: the lit pieces or squares to click, and a button
    only where the board shows one (a player to choose, letting the card go)."""
    ways = []
    if orders.pieces_to_choose():
        ways.append("click a lit piece")
    if orders.maneuver_pieces():
        ways.append("click a lit transport, then a lit square")
    if orders.place_squares():
        ways.append("click a lit square")
    players = orders.players_to_choose()
    if players:
        names = " or ".join(name_of(s) for s in players)
        ways.append(f"press Choose {names}" if len(players) == 1 else f"press the button of {names}")
    if orders.may_decline:
        ways.append("press Let the card go")
    if not ways:
        return "nothing to choose: waiting for the table."
    return (", ".join(ways[:-1]) + " or " + ways[-1] if len(ways) > 1 else ways[0]) + "."


def holding_detail(holding: str, pub: dict) -> str:
    """What a holding area in a corner holds, in words (the tooltip over it)."""
    if holding == "gold_reserve":
        return f"{pub.get('reserve', 0)} coins: the jackpot the winning camp shares"
    if holding == "chance_deck":
        return f"{pub.get('deck', 0)} cards face down, {len(pub.get('discard') or ())} used face up"
    if holding == "davy_jones_locker":
        return f"{sum(pub.get('davy_jones_locker') or ())} battleships sunk, out for good"
    return f"{sum(pub.get('supply_base') or ())} transports and airplanes destroyed"


def round_label(pub: dict) -> str:
    """The header's count: the players' turn, numbered as the log numbers it ("Turn 5: North"), and the round
    it falls in (every seat moving once, the engine's `round`, which `turn_limit` counts)."""
    limit = pub.get("turn_limit") or 0
    return f"Turn {pub.get('turn_number', 1)} · round {pub.get('round', 1)}" + (f" of {limit}" if limit else "")


def build_top_bar(pub: dict, powers: Powers, seats: list, shown_seat) -> pygame.Surface:
    surf = kit_hud.underline(opaque(TOP_BAR.size))
    theme.draw_text(surf, "TACTICS", (14, 7), 24, theme.colours.accent, bold=True, shadow=False)
    theme.draw_text(surf, "1940", (118, 12), 17, theme.colours.text_dim, bold=True, shadow=False)
    turn = pub.get("turn", 0)
    colour = powers.colour(turn)
    theme.draw_shape(surf, theme.seat_shape(turn), (190, 21), 10, theme.darken(colour, 0.5))
    theme.draw_shape(surf, theme.seat_shape(turn), (190, 20), 9, colour)
    name = (seats[turn].get("name") if turn < len(seats) else None) or f"Seat {turn + 1}"
    you = " (you)" if turn == shown_seat else ""
    line = f"{round_label(pub)}: {powers.name(turn)} to move — {name}{you}"
    theme.draw_text(surf, fit_text(line, 560, 19, True), (208, 9), 19, theme.colours.text, bold=True, shadow=False)
    phase = phase_of(pub)
    hot = phase == "SUBMARINE!"
    text = theme.font(26, True).render(phase, True, theme.colours.bad if hot else theme.colours.accent)
    surf.blit(text, text.get_rect(midright=(TOP_BAR.right - 14, TOP_BAR.centery)))
    info = f"deck {pub.get('deck', 0)} · reserve {pub.get('reserve', 0)} coins"
    tn = theme.font(16).render(info, True, theme.colours.text_dim)
    surf.blit(tn, tn.get_rect(midright=(TOP_BAR.right - 28 - text.get_width(), TOP_BAR.centery + 2)))
    return surf.convert()


def build_turn_box(pub: dict, powers: Powers, seats: list, headline: str, lines: tuple, seat) -> pygame.Surface:
    rect = pygame.Rect(0, 0, *TURN_BOX.size)
    surf = opaque(rect.size)
    theme.draw_panel(surf, rect, border=theme.colours.accent_dark, alpha=240)
    colour = powers.colour(seat)
    pygame.draw.rect(surf, theme.darken(colour, 0.4), (12, 14, 30, 30), border_radius=6)
    pygame.draw.rect(surf, colour, (12, 12, 30, 30), border_radius=6)
    size, wrapped = theme.fit_lines(" ".join(lines), rect.w - 66, TURN_TEXT_FITS)
    top = 34 if len(wrapped) < 3 else 30
    theme.draw_text(surf, fit_text(headline, rect.w - 70, 21, True), (54, 6 if len(wrapped) < 3 else 4), 21, bold=True)
    step = theme.font(size).get_height() + (2 if len(wrapped) < 3 else 0)
    for i, line in enumerate(wrapped):
        theme.draw_text(surf, line, (54, top + i * step), size, theme.colours.text_dim, shadow=False)
    return surf.convert()


def build_powers(pub: dict, powers: Powers, seats: list, shown_seat, highlight, sprites: Sprites) -> pygame.Surface:
    """The table of powers: who plays each, their standing, coins, protest cards (their own still to
    serve, and those of others they accepted), submarine cards held (how many) and fleet afloat."""
    surf = opaque(POWERS.size)
    theme.draw_panel(surf, surf.get_rect(), alpha=235, radius=10)
    dim = theme.colours.text_dim
    for key, label in (("coins", "coins"), ("protests", "protests"), ("accepted", "accepted"),
                       ("subs", "subs"), ("fleet", "fleet afloat")):
        theme.draw_text(surf, label, (COLUMNS[key], 3), 12, dim, shadow=False)
    n = len(powers.of_seat)
    afloat = [[0, 0, 0] for _ in range(n)]
    for p in pub.get("pieces", ()):
        if p["at"] is not None:
            afloat[p["owner"]][("battleship", "transport", "airplane").index(p["kind"])] += 1
    for seat in range(n):
        row = pygame.Rect(6, POWERS_HEADER + seat * ROW_H, POWERS.w - 12, ROW_H - 4)
        colour = powers.colour(seat)
        if seat == highlight:
            pygame.draw.rect(surf, theme.colours.panel_light, row, border_radius=8)
            pygame.draw.rect(surf, theme.colours.accent, row, 2, border_radius=8)
        shape = theme.seat_shape(seat)
        theme.draw_shape(surf, shape, (row.x + 20, row.centery + 2), 16, theme.darken(colour, 0.5))
        theme.draw_shape(surf, shape, (row.x + 20, row.centery), 16, colour)
        initial = theme.render_text(powers.name(seat)[0], 18, theme.text_on(colour), True)
        surf.blit(initial, initial.get_rect(center=(row.x + 20, row.centery)))
        name = (seats[seat].get("name") if seat < len(seats) else None) or f"Seat {seat + 1}"
        if seat == shown_seat:
            name += " (you)"
        theme.draw_text(surf, fit_text(f"{powers.name(seat)} · {name}", 184, 17, True), (row.x + 44, row.y + 3),
                        17, bold=True, shadow=False)
        theme.draw_text(surf, fit_text(status_of(pub, seat, powers), 184, 13), (row.x + 44, row.y + 24), 13, dim,
                        shadow=False)
        cy = row.centery
        coin = sprites.coin(18)
        surf.blit(coin, coin.get_rect(midleft=(COLUMNS["coins"], cy)))
        theme.draw_text(surf, str(pub["coins"][seat]), (COLUMNS["coins"] + 22, cy), 18, bold=True, shadow=False,
                        anchor="midleft")
        own = sprites.protest(colour, (14, 19))
        surf.blit(own, own.get_rect(midleft=(COLUMNS["protests"], cy)))
        theme.draw_text(surf, str(pub["protest_cards"][seat]), (COLUMNS["protests"] + 18, cy), 18, bold=True,
                        shadow=False, anchor="midleft")
        x = COLUMNS["accepted"]
        accepted = pub.get("accepted", [])[seat] if seat < len(pub.get("accepted", [])) else []
        shown_any = False
        for victim, count in enumerate(accepted):
            if count:
                card = sprites.protest(powers.colour(victim), (11, 15))
                for k in range(count):
                    surf.blit(card, card.get_rect(midleft=(x + k * 4, cy)))
                x += 11 + 4 * (count - 1) + 5
                shown_any = True
        if not shown_any:
            theme.draw_text(surf, "—", (COLUMNS["accepted"] + 6, cy), 15, dim, shadow=False, anchor="midleft")
        back = sprites.card_back((13, 18))
        surf.blit(back, back.get_rect(midleft=(COLUMNS["subs"], cy)))
        theme.draw_text(surf, str(pub["submarines"][seat]), (COLUMNS["subs"] + 18, cy), 18, bold=True, shadow=False,
                        anchor="midleft")
        x = COLUMNS["fleet"]
        for kind, count in zip(("battleship", "transport", "airplane"), afloat[seat]):
            token = sprites.piece(kind, colour, 18, seat=seat)
            surf.blit(token, token.get_rect(midleft=(x, cy)))
            theme.draw_text(surf, str(count), (x + token.get_width(), cy), 15, bold=True, shadow=False,
                            anchor="midleft")
            x += token.get_width() + 12
    return surf.convert()


def row_anchor(seat: int, column: str = "coins") -> tuple[int, int]:
    """Where a power's row (a column of it) is on the screen: coins and cards fly there."""
    return (POWERS.x + COLUMNS[column] + 8, POWERS.y + POWERS_HEADER + seat * ROW_H + (ROW_H - 4) // 2)


def row_at(pos) -> int | None:
    """The seat whose row of the powers' table is under `pos`, if any."""
    if not POWERS.collidepoint(pos):
        return None
    i = (pos[1] - POWERS.y - POWERS_HEADER) // ROW_H
    return int(i) if i >= 0 else None


def build_card_panel(pub: dict, powers: Powers, sprites: Sprites) -> pygame.Surface:
    """The last card drawn, face up with its text, and who drew it."""
    surf = opaque(CARD.size)
    theme.draw_panel(surf, surf.get_rect(), alpha=235, radius=10)
    drawn = pub.get("drawn")
    counts = f"deck {pub.get('deck', 0)} · used {len(pub.get('discard') or [])}"
    theme.draw_text(surf, counts, (CARD.w - 10, 7), 13, theme.colours.text_dim, shadow=False, anchor="topright")
    at = (10, 36)
    if not drawn:
        theme.draw_text(surf, "Last card", (10, 6), 15, theme.colours.text_dim, bold=True, shadow=False)
        back = sprites.card_back(LAST_CARD, label="Chance")
        surf.blit(back, at)
        return surf.convert()
    seat = drawn["seat"]
    theme.draw_text(surf, "Drawn by", (10, 6), 15, theme.colours.text_dim, bold=True, shadow=False)
    theme.draw_text(surf, powers.name(seat), (80, 5), 16, theme.lighten(powers.colour(seat), 0.3), bold=True,
                    shadow=False)
    card = dict(drawn["card"])
    if card.get("kind") == "submarine" and not card.get("text"):
        card["text"] = "Its square stays the drawer's secret until the submarine strikes."
    surf.blit(sprites.card_face(card, LAST_CARD, owner_colour=powers.colour(seat)), at)
    return surf.convert()


def banner_rect(square_centre_y: float) -> pygame.Rect:
    """The reaction banner: over the half of the board away from the square the ship entered."""
    rect = pygame.Rect((0, 0), BANNER_SIZE)
    top_half = square_centre_y < BOARD_RECT.centery
    rect.centerx = BOARD_RECT.centerx
    if top_half:
        rect.bottom = BOARD_RECT.bottom - 150
    else:
        rect.top = BOARD_RECT.top + 150
    return rect


def build_banner(text: str, note: str, colour) -> pygame.Surface:
    """The reaction banner without its countdown (the scene draws that live)."""
    surf = pygame.Surface(BANNER_SIZE, pygame.SRCALPHA)
    rect = surf.get_rect()
    theme.draw_panel(surf, rect, colour=(18, 26, 40), border=theme.colours.bad, alpha=238, radius=14, border_width=3)
    theme.draw_text(surf, "SUBMARINE WINDOW", (16, 8), 20, theme.colours.bad, bold=True, shadow=False)
    lines = theme.wrap_text(text, rect.w - 120, 15)
    for i, line in enumerate(lines[:2]):
        theme.draw_text(surf, line, (16, 34 + 17 * i), 15, theme.colours.text, shadow=False)
    if note:
        theme.draw_text(surf, fit_text(note, rect.w - 120, 14), (16, 72), 14, theme.lighten(colour, 0.2),
                        bold=True, shadow=False)
    return surf.convert_alpha()


def draw_countdown(surface, rect: pygame.Rect, left: float, total: float) -> None:
    """The window's seconds as a ring and a number at the banner's right, and a bar along its foot."""
    frac = 0.0 if total <= 0 else max(0.0, min(1.0, left / total))
    centre = (rect.right - 52, rect.y + 44)
    pygame.draw.circle(surface, (40, 50, 70), centre, 30)
    if frac > 0:
        arc = pygame.Rect(0, 0, 60, 60)
        arc.center = centre
        pygame.draw.arc(surface, theme.colours.bad, arc, math.pi / 2, math.pi / 2 + frac * math.tau, 6)
    theme.draw_text(surface, f"{left:.1f}", centre, 20, theme.colours.text, bold=True, anchor="center", shadow=False)
    bar = pygame.Rect(rect.x + 14, rect.bottom - 12, rect.w - 28, 5)
    pygame.draw.rect(surface, (40, 50, 70), bar, border_radius=3)
    pygame.draw.rect(surface, theme.colours.bad, (bar.x, bar.y, round(bar.w * frac), bar.h), border_radius=3)
