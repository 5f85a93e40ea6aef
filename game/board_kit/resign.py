"""Conceding the game from the window: Ctrl+R asks, and Enter (or the Resign button) resigns the seat on show.

The table decides (engine.resign): a seat may resign itself at any time, its turn or not, in a game of two
camps; its camp loses and the game ends for everyone. Nothing after it can be undone, so the window asks
first, in a card over the board that takes every key and click while it is up (the key that answers never
also plays a move). A game of more camps says why not at once, in the engine's own words.
"""
import pygame

from engine import resign
from game import theme
from game.widgets import Button

KEY = pygame.K_r
CARD = pygame.Rect(0, 0, 560, 220)
YES_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_y)
NO_KEYS = (pygame.K_ESCAPE, pygame.K_n)


def is_resign_key(event) -> bool:
    """Ctrl+R (either Ctrl; Cmd+R on a Mac)."""
    return (event.type == pygame.KEYDOWN and event.key == KEY
            and bool(event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META)))


def action(seat: int) -> dict:
    return {"type": resign.RESIGN, "seat": seat}


def refusal(view: dict | None) -> str | None:
    """Why the seat on show cannot resign in this game (the engine's sentence), or None."""
    sides = ((view or {}).get("public") or {}).get("sides")
    return resign.refusal(sides) if sides else None


class ResignCard:
    def __init__(self, centre: tuple[int, int], on_resign):
        """`on_resign()` sends the resignation once the player confirms."""
        self.rect = CARD.copy()
        self.rect.center = centre
        self.on_resign = on_resign
        self.shown = False
        self.side = ""
        bottom = self.rect.bottom - 58
        self.yes = Button((self.rect.centerx - 226, bottom, 216, 40), "Resign", self._confirm, primary=True,
                          hotkey_label="Enter")
        self.no = Button((self.rect.centerx + 10, bottom, 216, 40), "Keep playing", self.close, hotkey_label="Esc")

    def ask(self, side: str) -> None:
        """Show the card for the side `side` (its name, as the board calls it)."""
        self.side, self.shown = side, True

    def close(self) -> None:
        self.shown = False

    def _confirm(self) -> None:
        self.shown = False
        self.on_resign()

    def answer(self, event) -> bool | None:
        """What a scene's `handle` returns while the card is up (it takes every event); None when it is not."""
        if not self.shown:
            return None
        if event.type == pygame.KEYDOWN:
            if event.key in YES_KEYS:
                self._confirm()
            elif event.key in NO_KEYS:
                self.close()
            return True
        for button in (self.yes, self.no):
            if button.handle(event):
                return True
        if event.type == pygame.MOUSEBUTTONDOWN and not self.rect.collidepoint(event.pos):
            self.close()   # a click beside the card keeps playing, as Esc does
        return True

    def draw(self, surface: pygame.Surface) -> None:
        if not self.shown:
            return
        theme.draw_panel(surface, self.rect, border=theme.colours.accent, alpha=248)
        theme.draw_text(surface, "Resign the game?", (self.rect.centerx, self.rect.y + 36), theme.SIZE_LARGE,
                        theme.colours.accent, bold=True, anchor="center")
        for j, line in enumerate(theme.wrap_text(f"{self.side} concedes: the other side wins, and the game ends "
                                                 "for every player. It cannot be taken back.",
                                                 self.rect.width - 48, theme.SIZE_BODY)):
            theme.draw_text(surface, line, (self.rect.centerx, self.rect.y + 70 + 26 * j), theme.SIZE_BODY,
                            theme.colours.text, anchor="midtop")
        self.yes.draw(surface)
        self.no.draw(surface)
