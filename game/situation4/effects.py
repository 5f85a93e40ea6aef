"""The race's animations: what moves on screen without being the game.

  * bounces — a refused piece or force hopping back to where it came from;
  * flashes — a space glowing for a moment (someone else's placement, a lost race);
  * floaters — "+25" rising from where points were scored;
  * the bubble — why the last drop bounced, by the drop, fading out.
Each is made by one call, moved on by `update(dt)` and drawn by its own method,
so the scene only says what happened.
"""
import math

import pygame

from game import theme
from game.situation4 import layout, palette, race_hud
from game.situation4.board_layer import pulse

BOUNCE_SECONDS = 0.45
FLASH_SECONDS = 1.4
FLOAT_SECONDS = 1.4
BUBBLE_SECONDS = 4.0
FLOAT_STEP = 28       # pixels between stacked floaters
MAX_FLOATERS = 8


class Effects:
    def __init__(self):
        self.bounces: list[dict] = []          # {"kind", "piece", "from", "to", "t"}
        self.flashes: dict[int, list] = {}     # slot -> [seconds left, colour]
        self.floaters: list[list] = []         # [text, (x, y), seconds left, colour]
        self.bubble: dict | None = None        # {"pos", "left", "text"}

    def bounce(self, kind: str, piece, start, end) -> None:
        self.bounces.append({"kind": kind, "piece": piece, "from": start, "to": end, "t": 0.0})

    def flash(self, slot: int, colour) -> None:
        self.flashes[slot] = [FLASH_SECONDS, colour]

    def float(self, text: str, pos, colour) -> None:
        """Points rising from `pos`; one that would land on another still rising starts above it, so a flag, a
        square and a bridge scored at once read as a stack, not a heap."""
        x, y = pos
        for _ in range(MAX_FLOATERS):
            if not self._taken(x, y):
                break
            y -= FLOAT_STEP
        self.floaters.append([text, (x, y), FLOAT_SECONDS, colour])
        del self.floaters[:-MAX_FLOATERS]

    def _taken(self, x: float, y: float) -> bool:
        """True when a floater starting at (x, y) now would cover one already rising."""
        return any(abs(x - fx) < 60 and abs(y - (fy - self._rise(left))) < FLOAT_STEP
                   for _, (fx, fy), left, _ in self.floaters)

    @staticmethod
    def _rise(left: float) -> float:
        return (FLOAT_SECONDS - left) * 30

    def say(self, pos, text: str) -> None:
        self.bubble = {"pos": pos, "left": BUBBLE_SECONDS, "text": text}

    def update(self, dt: float) -> None:
        for b in self.bounces:
            b["t"] += dt
        self.bounces = [b for b in self.bounces if b["t"] < BOUNCE_SECONDS]
        for slot in list(self.flashes):
            self.flashes[slot][0] -= dt
            if self.flashes[slot][0] <= 0:
                del self.flashes[slot]
        for f in self.floaters:
            f[2] -= dt
        self.floaters = [f for f in self.floaters if f[2] > 0]
        if self.bubble is not None:
            self.bubble["left"] -= dt
            if self.bubble["left"] <= 0:
                self.bubble = None

    # ----- drawing --------------------------------------------------------------------------
    def draw_flashes(self, surface, layer, time: float) -> None:
        for slot, (left, colour) in self.flashes.items():
            alpha = int(170 * min(1.0, left / FLASH_SECONDS) * (0.6 + 0.4 * pulse(time, 12)))
            layer.draw_glow(surface, slot, colour, alpha)

    def draw_floaters(self, surface) -> None:
        for text, (x, y), left, colour in self.floaters:
            theme.draw_text(surface, text, (x, y - 20 - self._rise(left)), 28 if len(text) < 6 else 20, colour,
                            bold=True, anchor="center")

    def draw_bounces(self, surface, sprites, proj, side) -> None:
        for b in self.bounces:
            t = min(1.0, b["t"] / BOUNCE_SECONDS)
            ease = 1 - (1 - t) ** 3
            x = b["from"][0] + (b["to"][0] - b["from"][0]) * ease
            y = b["from"][1] + (b["to"][1] - b["from"][1]) * ease - math.sin(t * math.pi) * 40
            if b["kind"] == "piece":
                cell = proj.cell_px + (layout.TRAY_CELL_PX - proj.cell_px) * ease
                sprites.get(b["piece"], side, round(cell), proj.flipped).blit_at(surface, (x, y))
            else:
                icon = race_hud.force_icon(b["kind"], side, 36)
                surface.blit(icon, icon.get_rect(center=(x, y)))

    def draw_bubble(self, surface, tooltip) -> None:
        """`tooltip`: a board_kit.hud.Cached tooltip builder."""
        if self.bubble is None:
            return
        lines = [("Cannot go there", palette.ILLEGAL)] + [(t, theme.colours.text)
                                                          for t in theme.wrap_text(self.bubble["text"], 340, 18)]
        tip = tooltip.get(tuple(lines), lines)
        if self.bubble["left"] < 0.5:
            tip = tip.copy()
            tip.fill((255, 255, 255, int(255 * self.bubble["left"] / 0.5)), special_flags=pygame.BLEND_RGBA_MULT)
        rect = tip.get_rect(midbottom=(self.bubble["pos"][0], self.bubble["pos"][1] - 28))
        rect.clamp_ip(pygame.Rect(0, 48, 1000, 690))
        surface.blit(tip, rect)
