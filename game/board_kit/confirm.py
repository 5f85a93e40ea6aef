"""Asking once before what cannot be taken back: ending a phase, letting a card go, passing, surrendering,
resigning.

The table lets a seat take back only what its rules list as undoable (engine.undo); everything else a key or
a button could do by accident is asked first, in a card over the board that names the choice ("End movement
with no battles?") and what follows from it. Enter (or the card's first button) does it, Esc (or its second
button, or a click beside the card) keeps playing. While the card is up it takes every key and click, so the
key that answers never also plays a move, and a held key asks once and answers nothing (game.keys drops
its repeats).
"""
import pygame

from game import theme
from game.widgets import Button

WIDTH = 580
YES_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_y)
NO_KEYS = (pygame.K_ESCAPE, pygame.K_n)
DETAIL_SIZE = theme.SIZE_BODY


class ConfirmCard:
    def __init__(self, centre: tuple[int, int]):
        self.centre = centre
        self.shown = False
        self.for_this_turn = False
        self.question = ""      # what is asked, naming the choice ("Resign the game?")
        self.detail = ""        # what follows from it
        self._then = None
        self.rect = pygame.Rect(0, 0, WIDTH, 200)
        self.yes = Button((0, 0, 236, 40), "", self._confirm, primary=True, hotkey_label="Enter")
        self.no = Button((0, 0, 236, 40), "Keep playing", self.close, hotkey_label="Esc")

    def ask(self, question: str, detail: str, yes: str, then, *, no: str = "Keep playing",
            for_this_turn: bool = False) -> None:
        """Show the card: `question` names the choice, `detail` says what follows, `yes` labels the button that
        calls `then()`. `for_this_turn`: a question about the move on hand, withdrawn when the turn moves on."""
        self.question, self.detail, self._then = question, detail, then
        self.for_this_turn = for_this_turn
        self.yes.label, self.no.label = yes, no
        lines = len(theme.wrap_text(detail, WIDTH - 48, DETAIL_SIZE)) if detail else 0
        self.rect = pygame.Rect(0, 0, WIDTH, 150 + 26 * lines)
        self.rect.center = self.centre
        bottom = self.rect.bottom - 58
        self.yes.rect.topleft = (self.rect.centerx - 246, bottom)
        self.no.rect.topleft = (self.rect.centerx + 10, bottom)
        self.shown = True

    def close(self) -> None:
        self.shown = False
        self._then = None

    def _confirm(self) -> None:
        then = self._then
        self.close()
        if then is not None:
            then()

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
        size, lines = theme.fit_lines(self.question, self.rect.w - 40, ((theme.SIZE_LARGE, 1), (26, 1), (22, 2)),
                                      True)
        for i, line in enumerate(lines):
            theme.draw_text(surface, line, (self.rect.centerx, self.rect.y + 36 + i * 26 - 13 * (len(lines) - 1)),
                            size, theme.colours.accent, bold=True, anchor="center")
        for j, line in enumerate(theme.wrap_text(self.detail, self.rect.w - 48, DETAIL_SIZE) if self.detail else []):
            theme.draw_text(surface, line, (self.rect.centerx, self.rect.y + 70 + 26 * j), DETAIL_SIZE,
                            theme.colours.text, anchor="midtop")
        self.yes.draw(surface)
        self.no.draw(surface)
