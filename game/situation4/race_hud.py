"""Heads-up parts of the race: the top bar (the two sides, their players, scores and trays), the side
panel's score box, the box of forces in hand and the flags box. The surfaces are rebuilt only when
what they show changes (board_kit.hud.Cached); `RaceHud` puts them on screen.
"""
import math

import pygame

from game import theme
from game.board_kit.hud import Cached, new_bar
from game.situation4 import icons, layout, palette
from game.theme import fit_text
from game.widgets import Button
from game.words import plural

FORCE_KINDS = ("tank", "paratroop", "bridge")
FORCE_LABELS = {"tank": "Tanks", "paratroop": "Paratroopers", "bridge": "Bridges"}
FORCE_KEYS = {"tank": "T", "paratroop": "P", "bridge": "B"}
SCORE_BOX = pygame.Rect(layout.SIDE.x + 8, layout.SIDE.y + 8, layout.SIDE.w - 16, 150)
FORCES_BOX = pygame.Rect(layout.SIDE.x + 8, SCORE_BOX.bottom + 8, layout.SIDE.w - 16, 116)
FLAG_BOX = pygame.Rect(layout.SIDE.x + 8, FORCES_BOX.bottom + 8, layout.SIDE.w - 16, 150)


def force_slots() -> dict:
    """Where each of my forces-in-hand sits in the forces box (screen rects): drag or click them."""
    w = (FORCES_BOX.w - 24) // 3
    return {kind: pygame.Rect(FORCES_BOX.x + 8 + i * (w + 4), FORCES_BOX.y + 28, w, 60)
            for i, kind in enumerate(FORCE_KINDS)}


def force_icon(kind: str, side: int, size: int = 30) -> pygame.Surface:
    shade = palette.side_shade(side)
    return icons.bridge(shade, size) if kind == "bridge" else icons.force(kind, shade, size)


def force_caption(kind: str, n: int, ready: bool) -> str:
    """What a force's box says under its count, in words: its key while there are some, else why not."""
    if n:
        return f"key {FORCE_KEYS[kind]}"
    if kind == "bridge" or ready:
        return "all used"
    return "finish base"


def build_top_bar(board, sides: list[str], pub: dict, my_side, clock_text: str) -> pygame.Surface:
    surf = new_bar(layout.TOP_BAR.size)
    order = [1 - my_side, my_side] if my_side is not None else [1, 0]
    x = 12
    for side in order:
        shade = palette.side_shade(side)
        pygame.draw.circle(surf, theme.darken(shade, 0.45), (x + 12, 23), 11)
        pygame.draw.circle(surf, shade, (x + 12, 22), 10)
        who = sides[side] + (" (you)" if side == my_side else "")
        theme.draw_text(surf, fit_text(who, 250, 18, True), (x + 30, 4), 18, theme.colours.text, bold=True,
                        shadow=False)
        info = f"{plural(pub['scores'][side], 'point')}  ·  {pub['placed'][side]} laid  ·  {pub['tray_left'][side]} in tray"
        theme.draw_text(surf, info, (x + 30, 22), 16, theme.colours.text_dim, shadow=False)
        x += 340
    theme.draw_text(surf, "SITUATION 4", (layout.TOP_BAR.right - 16, layout.TOP_BAR.centery), 24,
                    theme.colours.accent, bold=True, anchor="midright", shadow=False)
    theme.draw_text(surf, clock_text, (layout.TOP_BAR.right - 190, layout.TOP_BAR.centery), 20, theme.colours.text,
                    anchor="midright", shadow=False)
    theme.draw_text(surf, f"{pub['filled']}/{board.n} on the board", (layout.TOP_BAR.right - 270,
                    layout.TOP_BAR.centery), 16, theme.colours.text_dim, anchor="midright", shadow=False)
    return surf.convert_alpha()


def build_score_box(sides: list[str], pub: dict, my_side, shown_scores: list[int]) -> pygame.Surface:
    rect = SCORE_BOX.move(-SCORE_BOX.x, -SCORE_BOX.y)
    surf = pygame.Surface(rect.size, pygame.SRCALPHA)
    theme.draw_panel(surf, rect, border=theme.colours.accent_dark, alpha=240)
    theme.draw_text(surf, "Score", (12, 6), 16, theme.colours.text_dim, bold=True, shadow=False)
    order = [my_side, 1 - my_side] if my_side is not None else [0, 1]
    for i, side in enumerate(order):
        y = 30 + i * 58
        shade = palette.side_shade(side)
        pygame.draw.rect(surf, theme.darken(shade, 0.55), (8, y, rect.w - 16, 52), border_radius=8)
        pygame.draw.rect(surf, shade, (8, y, 6, 52), border_top_left_radius=8, border_bottom_left_radius=8)
        name = sides[side] + (" — you" if side == my_side else "")
        theme.draw_text(surf, fit_text(name, rect.w - 110, 17, True), (22, y + 5), 17, theme.colours.text, bold=True,
                        shadow=False)
        theme.draw_text(surf, f"{pub['placed'][side]} laid · {pub['tray_left'][side]} in tray", (22, y + 28), 16,
                        theme.colours.text_dim, shadow=False)
        theme.draw_text(surf, str(shown_scores[side]), (rect.w - 16, y + 26), 34, shade, bold=True, anchor="midright")
    return surf.convert_alpha()


def build_forces_box(pub: dict, my_side, armed) -> pygame.Surface:
    rect = FORCES_BOX.move(-FORCES_BOX.x, -FORCES_BOX.y)
    surf = pygame.Surface(rect.size, pygame.SRCALPHA)
    theme.draw_panel(surf, rect, alpha=240)
    theme.draw_text(surf, "In hand: drag onto the board", (12, 4), 16, theme.colours.text_dim, bold=True, shadow=False)
    if my_side is None:
        return surf.convert_alpha()
    enemy = 1 - my_side
    for kind, slot in force_slots().items():
        box = slot.move(-FORCES_BOX.x, -FORCES_BOX.y)
        n = pub["in_hand"][kind][my_side]
        ready = kind == "bridge" or pub["bases_ready"][kind][my_side]
        fill = theme.colours.panel_light if n else theme.darken(theme.colours.panel, 0.2)
        pygame.draw.rect(surf, fill, box, border_radius=8)
        border = theme.colours.accent if kind == armed else theme.colours.panel_border
        pygame.draw.rect(surf, border, box, 2 if kind != armed else 3, border_radius=8)
        icon = force_icon(kind, my_side, 30)
        if not n:
            icon = icon.copy()
            icon.fill((255, 255, 255, 90), special_flags=pygame.BLEND_RGBA_MULT)
        surf.blit(icon, icon.get_rect(center=(box.x + 24, box.y + 22)))
        theme.draw_text(surf, f"×{n}", (box.x + 44, box.y + 22), 20, theme.colours.text if n else theme.colours.text_dim,
                        bold=True, anchor="midleft", shadow=False)
        theme.draw_text(surf, force_caption(kind, n, ready), (box.centerx, box.bottom - 11), 16, theme.colours.text_dim,
                        anchor="center", shadow=False)
    their = ", ".join(str(pub["in_hand"][k][enemy]) for k in FORCE_KINDS)
    theme.draw_text(surf, fit_text(f"They hold (T, P, B): {their}", rect.w - 20, 16), (12, rect.h - 23), 16,
                    theme.colours.text_dim, shadow=False)
    return surf.convert_alpha()


class RaceHud:
    """The race's side panel and top bar on screen: scores counting up, forces in hand, the flag prompt."""

    def __init__(self, board, on_flag):
        self.board = board
        self.shown_scores = [0, 0]
        self._top = Cached(build_top_bar)
        self._scores = Cached(build_score_box)
        self._forces = Cached(build_forces_box)
        box = FLAG_BOX
        self.flag_button = Button((box.x + 10, box.y + 62, box.w - 20, 46), "Plant flag", on_flag, primary=True)

    def ease(self, pub: dict, dt: float) -> None:
        """Scores count up towards the view's, so a jump in points reads as points scored."""
        for side in (0, 1):
            target, cur = pub["scores"][side], self.shown_scores[side]
            if cur != target:
                step = max(1, int(abs(target - cur) * min(1.0, dt * 8)))
                self.shown_scores[side] = cur + step if cur < target else max(target, cur - step)

    def draw(self, surface, pub: dict, *, sides: list[str], side, clock: str, armed, prompt, time: float) -> None:
        """`prompt`: (slot, points, my own moment) of the flag F would plant, or None."""
        surface.blit(self._top.get((repr(pub["scores"]), repr(pub["placed"]), repr(pub["tray_left"]), pub["filled"],
                                    tuple(sides), side, clock, theme.colours),
                                   self.board, sides, pub, side, clock), layout.TOP_BAR)
        surface.blit(self._scores.get((tuple(sides), repr(pub["placed"]), repr(pub["tray_left"]),
                                       tuple(self.shown_scores), side, theme.colours),
                                      sides, pub, side, self.shown_scores), SCORE_BOX)
        surface.blit(self._forces.get((repr(pub["in_hand"]), repr(pub["bases_ready"]), side, armed, theme.colours),
                                      pub, side, armed), FORCES_BOX)
        self._draw_flag_box(surface, pub, side, prompt, time)

    def _draw_flag_box(self, surface, pub, side, prompt, time: float) -> None:
        box = FLAG_BOX
        enemy = None if side is None else 1 - side
        their = pub["flag_windows"][enemy] if enemy is not None else None
        urgent = prompt is not None and prompt[2]
        border = theme.colours.accent if urgent else theme.colours.panel_border
        theme.draw_panel(surface, box, border=border, alpha=240, border_width=3 if urgent else 2)
        if urgent:
            glow = int(60 + 60 * (0.5 + 0.5 * math.sin(time * 7)))
            halo = pygame.Surface(box.inflate(10, 10).size, pygame.SRCALPHA)
            pygame.draw.rect(halo, (*theme.colours.accent, glow), halo.get_rect(), 5, border_radius=14)
            surface.blit(halo, box.inflate(10, 10))
        theme.draw_text(surface, "Flags", (box.x + 12, box.y + 6), 16, theme.colours.text_dim, bold=True, shadow=False)
        if prompt is not None:
            slot, points, own = prompt
            head = f"You laid a {points}: flag it now!" if own else f"Open objective: {points} points"
            size, lines = theme.fit_lines(head, box.w - 24, ((19, 1), (17, 1)), True)
            theme.draw_text(surface, lines[0], (box.x + 12, box.y + 30 + (19 - size) // 2), size,
                            theme.colours.accent if own else theme.colours.text, bold=True)
            self.flag_button.label = f"Plant flag  +{points}   (F)"
            self.flag_button.draw(surface)
        else:
            line = "Lay an objective (a piece with points) and flag it at once." if side is not None else \
                "Watching the race."
            for i, part in enumerate(theme.wrap_text(line, box.w - 24, 17)[:2]):
                theme.draw_text(surface, part, (box.x + 12, box.y + 34 + i * 20), 17, theme.colours.text_dim,
                                shadow=False)
        if their is not None:
            msg = f"{palette.side_name(self.board, enemy)} may flag their {self.board.objectives[their]} — until their next move"
            for i, part in enumerate(theme.wrap_text(msg, box.w - 24, 16)[:2]):
                theme.draw_text(surface, part, (box.x + 12, box.bottom - 42 + i * 18), 16, palette.side_shade(enemy),
                                shadow=False)
