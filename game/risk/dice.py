"""The dice animation: both sides' dice tumble, settle on the rolled faces,
then each compared pair is marked and the losses are shown.

Driven by a `battle` event; the faces shown while tumbling are decoration
(a private random.Random), the settled faces are the event's.
"""
import random

import pygame

from game import theme

DIE = 40
ATTACK_COLOUR, ATTACK_PIPS = (196, 44, 40), (255, 246, 236)
DEFEND_COLOUR, DEFEND_PIPS = (244, 238, 222), (28, 30, 40)
PIPS = {1: [(0.5, 0.5)], 2: [(0.27, 0.27), (0.73, 0.73)], 3: [(0.27, 0.27), (0.5, 0.5), (0.73, 0.73)],
        4: [(0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)],
        5: [(0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)],
        6: [(0.27, 0.25), (0.73, 0.25), (0.27, 0.5), (0.73, 0.5), (0.27, 0.75), (0.73, 0.75)]}
ROLL_SECONDS = 0.65
HOLD_SECONDS = 1.1
PANEL = pygame.Rect(0, 0, 380, 118)
PANEL.center = (520, 658)

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
            pygame.draw.circle(surf, pip, (int(fx * DIE), int(fy * DIE)), 4)
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
        a_loss, d_loss = b["attacker_losses"], b["defender_losses"]
        parts = []
        if a_loss:
            parts.append(f"attacker loses {a_loss}")
        if d_loss:
            parts.append(f"defender loses {d_loss}")
        outcome = "Conquered!" if b["conquered"] else (", ".join(parts).capitalize() or "No losses")
        return {
            "attacker": theme.render_text(self.attacker_name, theme.SIZE_SMALL, theme.lighten(theme.seat_colour(b["attacker"]), 0.2), True),
            "defender": theme.render_text(self.defender_name, theme.SIZE_SMALL, theme.lighten(theme.seat_colour(b["defender"]), 0.2), True),
            "outcome": theme.render_text(outcome, theme.SIZE_BODY, theme.colours.accent if b["conquered"] else theme.colours.text, True),
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
        x0 = PANEL.x + 20
        surface.blit(self._labels["attacker"], (x0, PANEL.y + 10))
        lab = self._labels["defender"]
        surface.blit(lab, lab.get_rect(topright=(PANEL.right - 20, PANEL.y + 10)))
        jiggle = (lambda i: self._rng.randint(-3, 3)) if self.rolling else (lambda i: 0)
        for i, v in enumerate(a_vals):
            surface.blit(face(v, True), (x0 + i * (DIE + 8), PANEL.y + 30 + jiggle(i)))
        right = PANEL.right - 20 - DIE
        for i, v in enumerate(d_vals):
            surface.blit(face(v, False), (right - i * (DIE + 8), PANEL.y + 30 + jiggle(i)))
        vs = theme.render_text("vs", theme.SIZE_BODY, theme.colours.text_dim, True)
        surface.blit(vs, vs.get_rect(center=(PANEL.centerx, PANEL.y + 50)))
        if not self.rolling:
            # mark each compared pair's loser (the lower die; a tie goes to the defender), matching the event's totals
            for i in range(min(len(b["attacker_dice"]), len(b["defender_dice"]))):
                attacker_lost = b["attacker_dice"][i] <= b["defender_dice"][i]
                x = (x0 + i * (DIE + 8)) if attacker_lost else (right - i * (DIE + 8))
                rect = pygame.Rect(x, PANEL.y + 30, DIE, DIE)
                pygame.draw.line(surface, (20, 20, 20), rect.topleft, rect.bottomright, 5)
                pygame.draw.line(surface, (20, 20, 20), rect.topright, rect.bottomleft, 5)
                pygame.draw.line(surface, (250, 80, 60), rect.topleft, rect.bottomright, 3)
                pygame.draw.line(surface, (250, 80, 60), rect.topright, rect.bottomleft, 3)
            out = self._labels["outcome"]
            surface.blit(out, out.get_rect(midbottom=(PANEL.centerx, PANEL.bottom - 10)))
