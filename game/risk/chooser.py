"""The count chooser for occupying and fortifying: a slider with - and +
buttons, "Move all" (M) and the button that moves them, named for what it does
(Enter). Esc cancels when cancelling is allowed (fortify); an occupation must be settled.
"""
import pygame

from game import theme
from game.widgets import Button

PANEL = pygame.Rect(0, 0, 440, 210)
PANEL.center = (500, 380)


class CountChooser:
    takes_escape = True   # Esc is its own (cancel, where it may be cancelled), never the board's

    def __init__(self, title: str, lo: int, hi: int, on_done, *, on_cancel=None, initial: int | None = None,
                 confirm: str = "Move them"):
        self.title = title
        self.lo, self.hi = lo, hi
        self.value = hi if initial is None else max(lo, min(hi, initial))
        self.on_done = on_done
        self.on_cancel = on_cancel
        self.dragging = False
        x, y = PANEL.x, PANEL.y
        self.minus = Button((x + 24, y + 70, 48, 44), "-", lambda: self.set(self.value - 1))
        self.plus = Button((PANEL.right - 72, y + 70, 48, 44), "+", lambda: self.set(self.value + 1))
        self.all = Button((x + 24, PANEL.bottom - 60, 180, 44), "Move all", lambda: self.set(self.hi),
                          hotkey=pygame.K_m, hotkey_label="M")
        self.ok = Button((PANEL.right - 204, PANEL.bottom - 60, 180, 44), confirm, self.confirm, primary=True,
                         hotkey_label="Enter")
        self.track = pygame.Rect(x + 92, y + 88, PANEL.w - 184, 8)

    def set(self, value: int) -> None:
        self.value = max(self.lo, min(self.hi, value))

    def confirm(self) -> None:
        self.on_done(self.value)

    def _value_at(self, x: int) -> int:
        if self.hi == self.lo:
            return self.lo
        frac = (x - self.track.x) / max(1, self.track.w)
        return round(self.lo + max(0.0, min(1.0, frac)) * (self.hi - self.lo))

    def handle(self, event) -> bool:
        for b in (self.minus, self.plus, self.all, self.ok):
            if b.handle(event):
                return True
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.confirm()
            elif event.key in (pygame.K_LEFT, pygame.K_MINUS, pygame.K_KP_MINUS, pygame.K_DOWN):
                self.set(self.value - 1)
            elif event.key in (pygame.K_RIGHT, pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS, pygame.K_UP):
                self.set(self.value + 1)
            elif event.key == pygame.K_ESCAPE and self.on_cancel:
                self.on_cancel()
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.track.inflate(0, 24).collidepoint(event.pos):
                self.dragging = True
                self.set(self._value_at(event.pos[0]))
            return True
        if event.type == pygame.MOUSEMOTION and self.dragging:
            self.set(self._value_at(event.pos[0]))
            return True
        if event.type == pygame.MOUSEBUTTONUP:
            self.dragging = False
            return True
        if event.type == pygame.MOUSEWHEEL:
            self.set(self.value + (1 if event.y > 0 else -1))
            return True
        return event.type in (pygame.MOUSEBUTTONDOWN,)

    def draw(self, surface: pygame.Surface) -> None:
        theme.draw_panel(surface, PANEL, border=theme.colours.accent, alpha=245)
        theme.draw_text(surface, self.title, (PANEL.centerx, PANEL.y + 26), theme.SIZE_BODY, bold=True,
                        anchor="center")
        pygame.draw.rect(surface, theme.colours.panel_light, self.track, border_radius=4)
        if self.hi > self.lo:
            frac = (self.value - self.lo) / (self.hi - self.lo)
        else:
            frac = 1.0
        filled = self.track.copy()
        filled.w = int(self.track.w * frac)
        pygame.draw.rect(surface, theme.colours.accent_dark, filled, border_radius=4)
        knob = (self.track.x + filled.w, self.track.centery)
        pygame.draw.circle(surface, theme.colours.accent, knob, 12)
        pygame.draw.circle(surface, theme.darken(theme.colours.accent, 0.4), knob, 12, 2)
        theme.draw_text(surface, str(self.value), (PANEL.centerx, PANEL.y + 122), theme.SIZE_LARGE,
                        theme.colours.accent, bold=True, anchor="center")
        theme.draw_text(surface, f"{self.lo}", (self.track.x, self.track.bottom + 10), theme.SIZE_SMALL - 2,
                        theme.colours.text_dim, anchor="midtop", shadow=False)
        theme.draw_text(surface, f"{self.hi}", (self.track.right, self.track.bottom + 10), theme.SIZE_SMALL - 2,
                        theme.colours.text_dim, anchor="midtop", shadow=False)
        for b in (self.minus, self.plus, self.all, self.ok):
            b.draw(surface)
