"""Heads-up surfaces for board scenes, rendered once per change of what they show.

`Cached(build).get(key, *args)` rebuilds its surface only when `key` changes, so a
frame blits ready surfaces and renders no text. The builders here are the parts
every board has: the hint line (what to do now, and the keys that help), the
tooltip box, and the keyboard-help overlay.
"""
import pygame

from game import theme
from game.theme import fit_text  # noqa: F401  (boards import it from here)


class Cached:
    """A surface rebuilt only when its key changes (`builds` counts rebuilds; tests read it)."""

    def __init__(self, build):
        self.build = build
        self.key = object()
        self.surface = None
        self.builds = 0

    def get(self, key, *args):
        if key != self.key:
            self.surface = self.build(*args)
            self.key = key
            self.builds += 1
        return self.surface


def build_hint(size, text: str, keys: str, *, reserve: int = 250) -> pygame.Surface:
    """The hint bar: a bold sentence (leaving `reserve` pixels on the right free) over a dim key list."""
    w, h = size
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    surf.fill((*theme.colours.panel, 255))
    pygame.draw.line(surf, theme.colours.panel_border, (0, 0), (w, 0), 2)
    top = max(4, h // 2 - 26)
    theme.draw_text(surf, fit_text(text, w - reserve - 16, 24, True), (16, top), 24, theme.colours.text, bold=True)
    theme.draw_text(surf, fit_text(keys, w - 24, 17), (16, top + 34), 17, theme.colours.text_dim, shadow=False)
    return surf.convert_alpha()


def build_tooltip(lines: list[tuple[str, tuple]]) -> pygame.Surface:
    """A small box of (text, colour) lines, the first one a little larger and bold."""
    rendered = [theme.render_text(t, 18 if i else 20, c, i == 0) for i, (t, c) in enumerate(lines)]
    w = max(s.get_width() for s in rendered) + 20
    h = sum(s.get_height() for s in rendered) + 14
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    theme.draw_panel(surf, surf.get_rect(), radius=8, alpha=235)
    y = 7
    for s in rendered:
        surf.blit(s, (10, y))
        y += s.get_height()
    return surf.convert_alpha()


def build_help(title: str, lines: list[tuple[str, str]], footer: str = "", *, width: int = 720,
               key_column: int = 170) -> pygame.Surface:
    """The keyboard-help overlay: a title, then (key, what it does) rows, then a footer sentence. Every text
    is wrapped to fit the box (a long row takes two lines), and the box grows to hold them."""
    row_h, foot_h, size = 28, 21, theme.SIZE_BODY
    text_w = width - key_column - 20 - 24
    rows = [(key, theme.wrap_text(what, text_w, size)) for key, what in lines]
    foot = theme.wrap_text(footer, width - 48, 17) if footer else []
    height = 76 + sum(len(w) * row_h + 6 for _, w in rows) + (len(foot) * foot_h + 18 if foot else 0) + 18
    rect = pygame.Rect(0, 0, width, height)
    surf = pygame.Surface(rect.size, pygame.SRCALPHA)
    theme.draw_panel(surf, rect, border=theme.colours.accent, alpha=248)
    theme.draw_text(surf, title, (rect.centerx, 34), theme.SIZE_LARGE, theme.colours.accent, bold=True,
                    anchor="center")
    y = 66
    for key, wrapped in rows:
        theme.draw_text(surf, key, (key_column, y), size, theme.colours.accent, bold=True, anchor="topright")
        for line in wrapped:
            theme.draw_text(surf, line, (key_column + 20, y), size, theme.colours.text)
            y += row_h
        y += 6
    y += 12
    for line in foot:
        theme.draw_text(surf, line, (rect.centerx, y), 17, theme.colours.text_dim, anchor="midtop")
        y += foot_h
    return surf.convert_alpha()


def build_side_panel(side: pygame.Rect, log: pygame.Rect, log_title: str, *, title_gap: int = 22) -> pygame.Surface:
    """The board's right-hand panel backdrop: a bordered panel with the event log's well and its title
    (`log` is in window coordinates, inside `side`)."""
    surf = pygame.Surface(side.size)
    surf.fill(theme.colours.panel)
    pygame.draw.line(surf, theme.colours.panel_border, (0, 0), (0, side.h), 2)
    theme.draw_text(surf, log_title, (12, log.y - side.y - title_gap), 18, theme.colours.text_dim, bold=True,
                    shadow=False)
    pygame.draw.rect(surf, theme.darken(theme.colours.panel, 0.3), log.move(-side.x, -side.y), border_radius=8)
    return surf.convert()
