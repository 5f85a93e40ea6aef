"""Heads-up surfaces for board scenes, rendered once per change of what they show.

`Cached(build).get(key, *args)` rebuilds its surface only when `key` changes, so a
frame blits ready surfaces and renders no text. The builders here are the parts
every board has: the hint line (what to do now, and the keys that help), the
tooltip box, and the keyboard-help overlay.
"""
import pygame

from game import theme
from game.theme import fit_text  # noqa: F401  (boards import it from here)


TOP_BAR = pygame.Rect(0, 0, 1280, 40)   # the bar of sides along the top of a board (the race's is taller)


def underline(surf: pygame.Surface) -> pygame.Surface:
    """`surf` (a top bar) with the panel's border line drawn along its bottom edge."""
    w, h = surf.get_size()
    pygame.draw.line(surf, theme.colours.panel_border, (0, h - 1), (w, h - 1), 2)
    return surf


def new_bar(size=TOP_BAR.size) -> pygame.Surface:
    """A top bar's ground: the panel's colour, opaque, underlined."""
    surf = pygame.Surface(size, pygame.SRCALPHA)
    surf.fill((*theme.colours.panel, 255))
    return underline(surf)


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


HINT_FITS = ((24, 1), (20, 1), (18, 2), (17, 2))   # the hint's sentence: one line if it can, else two smaller
KEY_FITS = ((17, 1), (15, 1))


def build_hint(size, text: str, keys: str, *, reserve: int = 250) -> pygame.Surface:
    """The hint bar: a bold sentence (leaving `reserve` pixels on the right free) over a dim key list. The
    sentence keeps one line when it can and takes two, smaller, when it must; it is never cut."""
    w, h = size
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    surf.fill((*theme.colours.panel, 255))
    pygame.draw.line(surf, theme.colours.panel_border, (0, 0), (w, 0), 2)
    text_size, lines = theme.fit_lines(text, w - reserve - 16, HINT_FITS, True)
    key_size, key_lines = theme.fit_lines(keys, w - 24, KEY_FITS)
    step = theme.font(text_size, True).get_height()
    top = max(4, h // 2 - 26) if len(lines) == 1 else max(2, (h - 2 * step - 20) // 2)
    for i, line in enumerate(lines):
        theme.draw_text(surf, line, (16, top + i * step), text_size, theme.colours.text, bold=True)
    keys_top = top + 34 if len(lines) == 1 else top + 2 * step + 1
    theme.draw_text(surf, key_lines[0], (16, keys_top), key_size, theme.colours.text_dim, shadow=False)
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


RULE_HELP_WIDTH = 380


def build_rule_help(rule) -> pygame.Surface:
    """A rule's help (game.rule_help.RuleHelp) as a tooltip box: its section and title, then its text wrapped."""
    title = f"{rule.ref} · {rule.title}" if rule.ref else rule.title
    lines = [(title[0].upper() + title[1:], theme.colours.accent)]
    lines += [(line, theme.colours.text) for line in theme.wrap_text(rule.text, RULE_HELP_WIDTH, 18)]
    return build_tooltip(lines)


HELP_ROW = 34        # a help row's height; a row whose sentence wraps grows by HELP_WRAP a line
HELP_WRAP = 26


def build_help(title: str, lines: list[tuple[str, str]], footer: str = "", *, width: int = 720,
               key_column: int = 170) -> pygame.Surface:
    """The keyboard-help overlay: a title, then (key, what it does) rows, then a footer sentence. A sentence
    too long for its column wraps under itself, and the card grows to hold it."""
    room = width - key_column - 20 - 24
    rows = [(key, theme.wrap_text(what, room, theme.SIZE_BODY)) for key, what in lines]
    footer_lines = theme.wrap_text(footer, width - 32, 17) if footer else []
    height = 76 + sum(HELP_ROW + HELP_WRAP * (len(w) - 1) for _, w in rows) + 20 + 22 * len(footer_lines) + 16
    rect = pygame.Rect(0, 0, width, height)
    surf = pygame.Surface(rect.size, pygame.SRCALPHA)
    theme.draw_panel(surf, rect, border=theme.colours.accent, alpha=248)
    theme.draw_text(surf, title, (rect.centerx, 34), theme.SIZE_LARGE, theme.colours.accent, bold=True,
                    anchor="center")
    y = 76
    for key, wrapped in rows:
        theme.draw_text(surf, key, (key_column, y), theme.SIZE_BODY, theme.colours.accent, bold=True,
                        anchor="topright")
        for j, part in enumerate(wrapped):
            theme.draw_text(surf, part, (key_column + 20, y + j * HELP_WRAP), theme.SIZE_BODY, theme.colours.text)
        y += HELP_ROW + HELP_WRAP * (len(wrapped) - 1)
    for j, part in enumerate(footer_lines):
        theme.draw_text(surf, part, (rect.centerx, y + 20 + 22 * j), 17, theme.colours.text_dim, anchor="midtop")
    return surf.convert_alpha()


def draw_side_box(surf: pygame.Surface, x: int, width: int, colour, lit: bool, title: str, info: str,
                  mark: int | None = None) -> None:
    """One side's box in a top bar: rimmed in the accent when it is that side's move (`lit`), its colour's
    swatch (in the shape of seat `mark`, with the colour-blind marks on), its title (who plays it) and a line
    of what it holds."""
    box = pygame.Rect(x, 4, width, surf.get_height() - 8)
    if lit:
        pygame.draw.rect(surf, theme.colours.panel_light, box, border_radius=8)
        pygame.draw.rect(surf, theme.colours.accent, box, 2, border_radius=8)
    shape = theme.seat_shape(mark)
    if shape == "circle" and not theme.marks():
        pygame.draw.rect(surf, theme.darken(colour, 0.5), (x + 6, 10, 20, 20), border_radius=4)
        pygame.draw.rect(surf, colour, (x + 6, 9, 20, 19), border_radius=4)
    else:
        theme.draw_shape(surf, shape, (x + 16, 20), 10, theme.darken(colour, 0.5))
        theme.draw_shape(surf, shape, (x + 16, 19), 10, colour)
        if theme.striped(mark):
            theme.draw_stripes(surf, (x + 8, 11, 17, 17), theme.darken(colour, 0.55), every=5)
    theme.draw_text(surf, title, (x + 34, 1), 17, theme.colours.text, bold=True, shadow=False)
    theme.draw_text(surf, info, (x + 34, 19), 16, theme.colours.text_dim, shadow=False)


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


class HintLine:
    """The hint line along a board's foot: what to do now and the keys that help, its sentence stopping `reserve`
    pixels short of the line's right end (the board's buttons sit there)."""

    def __init__(self, rect: pygame.Rect, reserve: int):
        self.rect = rect
        self._bar = Cached(lambda text, keys: build_hint(rect.size, text, keys, reserve=reserve))

    def draw(self, surface, text: str, keys: str) -> None:
        surface.blit(self._bar.get((text, keys, theme.colours), text, keys), self.rect)


class Tooltip:
    """The box by the mouse: a board's words about what is under the pointer, or the help of the rule the log names
    there. It keeps within `bounds`, and clear of an area a board names (a path being drawn)."""

    def __init__(self, bounds: pygame.Rect):
        self.bounds = bounds
        self._box = Cached(build_tooltip)
        self._rule = Cached(build_rule_help)

    def box(self, lines: list) -> pygame.Surface:
        return self._box.get((tuple(lines), theme.colours), lines)

    def draw_rule(self, surface, rule, mouse) -> None:
        """The rule's help beside the pointer (the log sits at the window's edge: the box goes where it fits)."""
        tip = self._rule.get((rule, theme.colours), rule)
        rect = tip.get_rect(bottomright=(mouse[0] - 12, mouse[1] - 8))
        if rect.left < 0:
            rect.left = mouse[0] + 16
        rect.clamp_ip(surface.get_rect())
        surface.blit(tip, rect)

    def draw(self, surface, lines: list, mouse, avoid: pygame.Rect | None = None) -> None:
        """`lines` below right of the pointer, unless that covers `avoid`: then wherever clear of it."""
        tip = self.box(lines)
        mx, my = mouse
        rect = None
        places = [("topleft", (mx + 18, my + 14)), ("bottomleft", (mx + 18, my - 14)),
                  ("topright", (mx - 18, my + 14)), ("bottomright", (mx - 18, my - 14))]
        if avoid is not None:   # clear of the area altogether: under it, over it, beside it
            places += [("midtop", (mx, avoid.bottom + 8)), ("midbottom", (mx, avoid.top - 8)),
                       ("midleft", (avoid.right + 8, my)), ("midright", (avoid.left - 8, my))]
        for anchor, at in places:
            here = tip.get_rect(**{anchor: at})
            here.clamp_ip(self.bounds)
            if rect is None:
                rect = here   # below right of the pointer, unless that covers what must stay in sight
            if avoid is None or not here.colliderect(avoid):
                rect = here
                break
        surface.blit(tip, rect)
