"""Small widgets every scene shares: buttons, a keyboard-driven button column,
value cyclers, and a scrolling list of rows.

Widgets take events already mapped to logical (1280x800) coordinates. Each
gives hover and pressed feedback and plays the click sound when it fires.
Text entry is pygame_gui's (see game/gui.py); these are the parts a game
styles itself.
"""
import contextlib
from typing import Callable

import pygame

from game import sound, theme


_withheld = False   # True while a board that only watches draws its panels (buttons_withheld)


@contextlib.contextmanager
def buttons_withheld(withheld: bool = True):
    """Buttons drawn or handed events inside are neither drawn nor pressed: a board whose window plays no seat
    (a spectator's, a replay's) offers no button to act, none of which it could ever press
    (game.board_kit.board_scene draws its panels and hands them the pointer inside)."""
    global _withheld
    before, _withheld = _withheld, withheld
    try:
        yield
    finally:
        _withheld = before


def buttons_withheld_now() -> bool:
    return _withheld


class Button:
    def __init__(self, rect, label: str, on_click: Callable[[], None] | None = None, *, enabled: bool = True,
                 primary: bool = False, hotkey: int | None = None, hotkey_label: str | None = None,
                 size: int = theme.SIZE_BODY, danger: bool = False):
        self.rect = pygame.Rect(rect)
        self.label = label
        self.on_click = on_click
        self.enabled = enabled
        self.primary = primary
        self.hotkey = hotkey
        self.hotkey_label = hotkey_label
        self.size = size
        self.danger = danger   # it gives something up (theme.draw_button marks it)
        self.hovered = False
        self.pressed = False
        self.focused = False

    @property
    def state(self) -> str:
        if not self.enabled:
            return "disabled"
        if self.pressed and self.hovered:
            return "pressed"
        return "hover" if self.hovered or self.focused else "normal"

    def fire(self) -> None:
        if not self.enabled:
            sound.play("error")
            return
        sound.play("click")
        if self.on_click:
            self.on_click()

    def handle(self, event) -> bool:
        """True if the event was this button's (it may have fired); never while buttons are withheld."""
        if _withheld:
            return False
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.rect.collidepoint(event.pos)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            self.hovered = self.pressed = True
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            was_pressed, self.pressed = self.pressed, False
            if was_pressed and self.rect.collidepoint(event.pos):
                self.fire()
                return True
            return False
        if event.type == pygame.KEYDOWN and self.hotkey is not None and event.key == self.hotkey:
            self.fire()
            return True
        return False

    def draw(self, surface) -> None:
        if _withheld:
            return
        theme.draw_button(surface, self.rect, self.label, self.state, primary=self.primary, size=self.size,
                          focused=self.focused, hotkey=self.hotkey_label, danger=self.danger)


class ButtonColumn:
    """Buttons stacked vertically; Up/Down move the focus, Enter/Space fire it."""

    def __init__(self, buttons: list[Button]):
        self.buttons = buttons
        self.focus = next((i for i, b in enumerate(buttons) if b.enabled), 0)
        self._sync_focus()

    @classmethod
    def centred(cls, items: list[tuple[str, Callable]], center_x: int, top: int, *, width: int = 360,
                height: int = 54, gap: int = 14, primary_first: bool = True) -> "ButtonColumn":
        buttons = []
        for i, (label, action) in enumerate(items):
            rect = pygame.Rect(0, 0, width, height)
            rect.midtop = (center_x, top + i * (height + gap))
            buttons.append(Button(rect, label, action, primary=primary_first and i == 0))
        return cls(buttons)

    def _sync_focus(self) -> None:
        for i, b in enumerate(self.buttons):
            b.focused = i == self.focus

    def move(self, step: int) -> None:
        n = len(self.buttons)
        for _ in range(n):
            self.focus = (self.focus + step) % n
            if self.buttons[self.focus].enabled:
                break
        self._sync_focus()
        sound.play("click")

    def handle(self, event) -> bool:
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_DOWN, pygame.K_TAB):
                self.move(1)
                return True
            if event.key == pygame.K_UP:
                self.move(-1)
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and self.buttons:
                self.buttons[self.focus].fire()
                return True
        if event.type == pygame.MOUSEMOTION:
            for i, b in enumerate(self.buttons):
                if b.rect.collidepoint(event.pos) and b.enabled:
                    self.focus = i
            self._sync_focus()
        return any(b.handle(event) for b in self.buttons)

    def draw(self, surface) -> None:
        for b in self.buttons:
            b.draw(surface)


VALUE_RIGHT = 36   # a Cycler's value ends this far from its right edge, before the ">"
BACK_ZONE = 34     # the width a click on a Cycler's "<" counts as


class Cycler:
    """A labelled value chooser: click (or Left/Right when focused) steps through `values`."""

    def __init__(self, rect, label: str, values: list, *, index: int = 0, on_change=None,
                 format_value: Callable = str, enabled: bool = True):
        self.rect = pygame.Rect(rect)
        self.label = label
        self.values = list(values)
        self.index = index
        self.on_change = on_change
        self.format_value = format_value
        self.enabled = enabled
        self.hovered = False
        self.pressed = False
        self.focused = False

    @property
    def value(self):
        return self.values[self.index]

    def value_text(self) -> str:
        return str(self.format_value(self.value))

    def back_zone(self) -> pygame.Rect:
        """Where a click steps back: the "<" before the value, with a finger's width around it (a click
        anywhere else on the row steps forward, as ">" says)."""
        left = self.rect.right - VALUE_RIGHT - theme.text_width(self.value_text(), theme.SIZE_BODY) - 12
        return pygame.Rect(left - BACK_ZONE, self.rect.y, BACK_ZONE + 10, self.rect.h)

    def step(self, delta: int) -> None:
        if not self.enabled or len(self.values) < 2:
            sound.play("error")
            return
        self.index = (self.index + delta) % len(self.values)
        sound.play("click")
        if self.on_change:
            self.on_change(self.value)

    def handle(self, event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.rect.collidepoint(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and self.rect.collidepoint(event.pos):
            if event.button == 1:
                self.pressed = True
                return True
            if event.button == 3:
                self.step(-1)
                return True
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.pressed:
            self.pressed = False
            if self.rect.collidepoint(event.pos):
                self.step(-1 if self.back_zone().collidepoint(event.pos) else 1)
                return True
        elif event.type == pygame.KEYDOWN and self.focused and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.step(-1 if event.key == pygame.K_LEFT else 1)
            return True
        return False

    def draw(self, surface) -> None:
        state = "disabled" if not self.enabled else ("pressed" if self.pressed else
                                                     ("hover" if self.hovered or self.focused else "normal"))
        theme.draw_button(surface, self.rect, "", state, focused=self.focused)
        c = theme.colours
        y = self.rect.centery + (2 if state == "pressed" else 0)
        if self.label:
            theme.draw_text(surface, self.label, (self.rect.x + 14, y), theme.SIZE_SMALL, c.text_dim, anchor="midleft")
        value_rect = theme.draw_text(surface, self.value_text(), (self.rect.right - VALUE_RIGHT, y),
                                     theme.SIZE_BODY, c.text if self.enabled else c.text_dim, anchor="midright")
        if self.enabled and len(self.values) > 1:
            theme.draw_text(surface, "<", (value_rect.left - 12, y), theme.SIZE_BODY, c.accent, anchor="midright",
                            shadow=False)
            theme.draw_text(surface, ">", (self.rect.right - 14, y), theme.SIZE_BODY, c.accent, anchor="midright",
                            shadow=False)


class RowList:
    """A scrolling list of rows of columns; click or Up/Down + Enter picks one.

    pygame_gui's UISelectionList is one text column per row; tables of tables
    and saved games need aligned columns and seat colours, so this draws its own.
    """

    def __init__(self, rect, columns: list[tuple[str, int]], *, row_height: int = 44, on_pick=None):
        self.rect = pygame.Rect(rect)
        self.columns = columns  # (heading, width in px)
        self.row_height = row_height
        self.on_pick = on_pick
        self.rows: list[tuple[object, list[str]]] = []  # (key, cells)
        self.selected = 0
        self.scroll = 0
        self.hover = -1

    def set_rows(self, rows: list[tuple[object, list[str]]]) -> None:
        key = self.selected_key
        self.rows = list(rows)
        keys = [k for k, _ in self.rows]
        self.selected = keys.index(key) if key in keys else min(self.selected, max(0, len(self.rows) - 1))
        self._keep_visible()

    @property
    def selected_key(self):
        return self.rows[self.selected][0] if 0 <= self.selected < len(self.rows) else None

    @property
    def _body(self) -> pygame.Rect:
        return pygame.Rect(self.rect.x, self.rect.y + 36, self.rect.w, self.rect.h - 36)

    @property
    def _visible_count(self) -> int:
        return max(1, self._body.h // self.row_height)

    def _keep_visible(self) -> None:
        if self.selected < self.scroll:
            self.scroll = self.selected
        elif self.selected >= self.scroll + self._visible_count:
            self.scroll = self.selected - self._visible_count + 1
        self.scroll = max(0, min(self.scroll, max(0, len(self.rows) - self._visible_count)))

    def row_rect(self, i: int) -> pygame.Rect | None:
        """Where row `i` is on screen (None while it is scrolled out of view)."""
        if not self.scroll <= i < min(len(self.rows), self.scroll + self._visible_count):
            return None
        return pygame.Rect(self._body.x, self._body.y + (i - self.scroll) * self.row_height, self._body.w,
                           self.row_height)

    def _row_at(self, pos) -> int:
        if not self._body.collidepoint(pos):
            return -1
        i = self.scroll + (pos[1] - self._body.y) // self.row_height
        return i if i < len(self.rows) else -1

    def pick(self) -> None:
        if self.selected_key is not None and self.on_pick:
            sound.play("click")
            self.on_pick(self.selected_key)

    def handle(self, event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hover = self._row_at(event.pos)
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll = max(0, min(self.scroll - event.y, max(0, len(self.rows) - self._visible_count)))
            return True
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            i = self._row_at(event.pos)
            if i >= 0:
                double = i == self.selected
                self.selected = i
                sound.play("click")
                if double and self.on_pick:
                    self.on_pick(self.selected_key)
                return True
        elif event.type == pygame.KEYDOWN and self.rows:
            if event.key in (pygame.K_DOWN, pygame.K_UP):
                self.selected = max(0, min(len(self.rows) - 1, self.selected + (1 if event.key == pygame.K_DOWN else -1)))
                self._keep_visible()
                sound.play("click")
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.pick()
                return True
        return False

    def draw(self, surface, empty_text: str = "Nothing here yet.", cell_colour=None) -> None:
        c = theme.colours
        theme.draw_panel(surface, self.rect)
        x = self.rect.x + 16
        for heading, width in self.columns:
            theme.draw_text(surface, heading.upper(), (x, self.rect.y + 12), theme.SIZE_SMALL - 2, c.accent, shadow=False)
            x += width
        pygame.draw.line(surface, c.panel_border, (self.rect.x + 8, self.rect.y + 34), (self.rect.right - 8, self.rect.y + 34))
        if not self.rows:
            theme.draw_text(surface, empty_text, self._body.center, theme.SIZE_BODY, c.text_dim, anchor="center")
            return
        clip = surface.get_clip()
        surface.set_clip(self._body)
        for n in range(self._visible_count + 1):
            i = self.scroll + n
            if i >= len(self.rows):
                break
            key, cells = self.rows[i]
            row = pygame.Rect(self.rect.x + 6, self._body.y + n * self.row_height + 2, self.rect.w - 12, self.row_height - 4)
            if i == self.selected:
                pygame.draw.rect(surface, c.button_hover, row, border_radius=8)
                pygame.draw.rect(surface, c.accent, row, 2, border_radius=8)
            elif i == self.hover:
                pygame.draw.rect(surface, c.panel_light, row, border_radius=8)
            x = self.rect.x + 16
            for col, ((_, width), cell) in enumerate(zip(self.columns, cells)):
                colour = cell_colour(key, col) if cell_colour else None
                theme.draw_text(surface, _fit(cell, width - 12), (x, row.centery), theme.SIZE_BODY, colour or c.text,
                                anchor="midleft")
                x += width
        surface.set_clip(clip)
        if len(self.rows) > self._visible_count:
            frac = self._visible_count / len(self.rows)
            bar_h = max(24, int(self._body.h * frac))
            top = self._body.y + int((self._body.h - bar_h) * self.scroll / max(1, len(self.rows) - self._visible_count))
            pygame.draw.rect(surface, c.accent_dark, (self.rect.right - 8, top, 4, bar_h), border_radius=2)


def _fit(text: str, width: int) -> str:
    return theme.fit_text(text, width, theme.SIZE_BODY)
