"""The dice tray: both sides' dice tumble, settle on the rolled faces, then each compared pair is
marked and the losses are shown.

It is transient and keeps out of the way: it sits in the map's empty south-western sea (the map's
names are laid out around it), holds only as long as it takes to read, and the board drops it at
once when the turn passes, when the player clicks, or when fast-forwarding. Driven by a `battle`
event; the faces shown while tumbling are decoration (a private random.Random), the settled faces
are the event's.
"""
import random

import pygame

from engine.risk import queries
from game import theme
from game.risk.log import losses_text
from game.theme import fit_text

DIE = 32
ATTACK_COLOUR, ATTACK_PIPS = (196, 44, 40), (255, 246, 236)
DEFEND_COLOUR, DEFEND_PIPS = (244, 238, 222), (28, 30, 40)
PIPS = {1: [(0.5, 0.5)], 2: [(0.27, 0.27), (0.73, 0.73)], 3: [(0.27, 0.27), (0.5, 0.5), (0.73, 0.73)],
        4: [(0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)],
        5: [(0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)],
        6: [(0.27, 0.25), (0.73, 0.25), (0.27, 0.5), (0.73, 0.5), (0.27, 0.75), (0.73, 0.75)]}
ROLL_SECONDS = 0.65
HOLD_SECONDS = 1.1
PANEL = pygame.Rect(8, 606, 250, 106)   # the open sea off South America, inside the map

_faces: dict[tuple, pygame.Surface] = {}


def face(value: int, attacker: bool) -> pygame.Surface:
    key = (value, attacker)
    if key not in _faces:
        body, pip = (ATTACK_COLOUR, ATTACK_PIPS) if attacker else (DEFEND_COLOUR, DEFEND_PIPS)
        surf = pygame.Surface((DIE + 4, DIE + 4), pygame.SRCALPHA)
        pygame.draw.rect(surf, (0, 0, 0, 120), pygame.Rect(3, 4, DIE, DIE), border_radius=8)
        pygame.draw.rect(surf, theme.darken(body, 0.3), pygame.Rect(0, 0, DIE, DIE), border_radius=8)
        pygame.draw.rect(surf, body, pygame.Rect(1, 1, DIE - 2, DIE - 4), border_radius=8)
        for fx, fy in PIPS[value]:
            pygame.draw.circle(surf, pip, (int(fx * DIE), int(fy * DIE)), 3)
        _faces[key] = surf.convert_alpha()
    return _faces[key]


class DiceRoll:
    """One battle on screen. `done` once it has rolled and been held long enough to read."""

    def __init__(self, battle: dict, attacker_name: str, defender_name: str, speed: float = 1.0,
                 seed: int | None = None):
        self.battle = battle
        self.attacker_name = attacker_name
        self.defender_name = defender_name
        self.speed = speed
        self.t = 0.0
        self._rng = random.Random(seed)
        self._tumble = ([1] * len(battle["attacker_dice"]), [1] * len(battle["defender_dice"]))
        self._next_tumble = 0.0
        self._labels = self._make_labels()

    @property
    def rolling(self) -> bool:
        return self.t < ROLL_SECONDS * self.speed

    @property
    def done(self) -> bool:
        return self.t >= (ROLL_SECONDS + HOLD_SECONDS) * self.speed

    @property
    def losers(self) -> list[str]:
        """The loser of each compared pair, "attacker" or "defender", as the rules decide it."""
        return queries.pair_losers(self.battle["attacker_dice"], self.battle["defender_dice"])

    def skip(self) -> None:
        self.t = (ROLL_SECONDS + HOLD_SECONDS) * self.speed

    def update(self, dt: float) -> None:
        self.t += dt
        if self.rolling and self.t >= self._next_tumble:
            self._next_tumble = self.t + 0.06
            self._tumble = ([self._rng.randint(1, 6) for _ in self._tumble[0]],
                            [self._rng.randint(1, 6) for _ in self._tumble[1]])

    def _make_labels(self) -> dict:
        b = self.battle
        outcome = "Conquered!" if b["conquered"] else losses_text(b["attacker_losses"], b["defender_losses"]).capitalize()
        half = PANEL.w // 2 - 14
        return {
            "attacker": theme.render_text(fit_text(self.attacker_name, half, 17, True), 17,
                                          theme.lighten(theme.seat_colour(b["attacker"]), 0.2), True),
            "defender": theme.render_text(fit_text(self.defender_name, half, 17, True), 17,
                                          theme.lighten(theme.seat_colour(b["defender"]), 0.2), True),
            "outcome": theme.render_text(outcome, 18, theme.colours.accent if b["conquered"] else theme.colours.text,
                                         True),
        }

    def draw(self, surface: pygame.Surface) -> None:
        b = self.battle
        fade = 1.0
        end = (ROLL_SECONDS + HOLD_SECONDS) * self.speed
        if self.t > end - 0.25 * self.speed and self.speed > 0:
            fade = max(0.0, (end - self.t) / (0.25 * self.speed))
        theme.draw_panel(surface, PANEL, border=theme.colours.accent_dark, alpha=int(235 * fade))
        if fade <= 0:
            return
        a_vals, d_vals = (self._tumble if self.rolling else (b["attacker_dice"], b["defender_dice"]))
        x0 = PANEL.x + 12
        surface.blit(self._labels["attacker"], (x0, PANEL.y + 6))
        lab = self._labels["defender"]
        surface.blit(lab, lab.get_rect(topright=(PANEL.right - 12, PANEL.y + 6)))
        jiggle = (lambda i: self._rng.randint(-2, 2)) if self.rolling else (lambda i: 0)
        top = PANEL.y + 30
        for i, v in enumerate(a_vals):
            surface.blit(face(v, True), (x0 + i * (DIE + 4), top + jiggle(i)))
        right = PANEL.right - 12 - DIE
        for i, v in enumerate(d_vals):
            surface.blit(face(v, False), (right - i * (DIE + 4), top + jiggle(i)))
        vs = theme.render_text("vs", 17, theme.colours.text_dim, True)
        surface.blit(vs, vs.get_rect(center=(PANEL.centerx + 18, top + DIE // 2)))
        if not self.rolling:
            # mark each compared pair's loser as the rules decide it, matching the event's totals
            for i, loser in enumerate(self.losers):
                attacker_lost = loser == "attacker"
                x = (x0 + i * (DIE + 4)) if attacker_lost else (right - i * (DIE + 4))
                rect = pygame.Rect(x, top, DIE, DIE).inflate(-4, -4)
                pygame.draw.line(surface, (20, 20, 20), rect.topleft, rect.bottomright, 5)
                pygame.draw.line(surface, (20, 20, 20), rect.topright, rect.bottomleft, 5)
                pygame.draw.line(surface, (250, 80, 60), rect.topleft, rect.bottomright, 3)
                pygame.draw.line(surface, (250, 80, 60), rect.topright, rect.bottomleft, 3)
            out = self._labels["outcome"]
            surface.blit(out, out.get_rect(midbottom=(PANEL.centerx, PANEL.bottom - 5)))
