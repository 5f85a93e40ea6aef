"""The coach: the card on the board that says what to do next, what happened and the rule behind it.

It shows the lesson's words for its stage (game.tutorial.lesson): a step's `say` while it waits, its
`then` once done, each with Next (Enter) where the learner reads before going on; the last words with
the offer of a real game. It stands in a corner of the board's area clear of the places the step
lights, and flashes when an action was refused, so the eye goes to the words that say what to do.
"""
import pygame

from game import theme
from game.tutorial.lesson import DOING, FINISHED, READ, THEN
from game.widgets import Button

WIDTH = 440
PAD = 16
TEXT_SIZE = 20
LINE = 25
MARGIN = 12
FLASH_SECONDS = 0.9
BUTTON_H = 40


class Coach:
    def __init__(self, lesson, area: pygame.Rect, *, on_play, on_leave, seat_name=None):
        """`area`: where the card may stand (the board's map); `on_play` starts a real game, `on_leave` leaves;
        `seat_name(seat)`: what a scripted seat is called."""
        self.lesson = lesson
        self.area = pygame.Rect(area)
        self.seat_name = seat_name or (lambda seat: f"Seat {seat + 1}")
        self.rect = pygame.Rect(0, 0, WIDTH, 100)
        self.flash = 0.0
        self.next_button = Button((0, 0, 150, BUTTON_H), "Next", self.lesson.next, primary=True,
                                  hotkey_label="Enter", size=theme.SIZE_SMALL)
        self.play_button = Button((0, 0, WIDTH - 2 * PAD, BUTTON_H), "Play a real game against an easy bot", on_play,
                                  primary=True, size=theme.SIZE_SMALL)
        self.leave_button = Button((0, 0, WIDTH - 2 * PAD, BUTTON_H), "Back to the lessons", on_leave,
                                   size=theme.SIZE_SMALL)
        self._wrapped: tuple = (None, [])

    # ----- what shows --------------------------------------------------------------------------
    def heading(self) -> str:
        lesson = self.lesson
        if lesson.finished:
            return "Lesson complete"
        title = lesson.step.title
        return f"Step {lesson.index + 1} of {lesson.count}" + (f"  ·  {title}" if title else "")

    def footer(self) -> str:
        """The line under the words while nothing is to be pressed."""
        lesson = self.lesson
        if lesson.stage != DOING:
            return ""
        if lesson.learners_turn:
            return "Your move: do it on the board (E shows how)."
        seat = lesson.step.seat(lesson.tutorial.learner)
        return "A moment…" if seat is None else f"{self.seat_name(seat)} is moving…"

    def buttons(self) -> list[Button]:
        stage = self.lesson.stage
        if stage in (READ, THEN):
            return [self.next_button]
        return [self.play_button, self.leave_button] if stage == FINISHED else []

    def refused(self) -> None:
        self.flash = FLASH_SECONDS

    # ----- input ----------------------------------------------------------------------------------
    def handle(self, event) -> bool:
        """Next on Enter (or its button) while the words wait for it; the finish's buttons."""
        buttons = self.buttons()
        if (event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER)
                and self.next_button in buttons):
            self.next_button.fire()
            return True
        return any(b.handle(event) for b in buttons)

    def update(self, dt: float) -> None:
        self.flash = max(0.0, self.flash - dt)

    # ----- drawing ----------------------------------------------------------------------------------
    def place(self, avoid: list) -> None:
        """Stand in the corner of the area that covers the fewest of `avoid` (screen rects), bottom left first."""
        a = self.area
        w, h = self.rect.size
        corners = [(a.x + MARGIN, a.bottom - MARGIN - h), (a.right - MARGIN - w, a.bottom - MARGIN - h),
                   (a.x + MARGIN, a.y + MARGIN + 40), (a.right - MARGIN - w, a.y + MARGIN + 40)]

        def covered(at) -> int:
            r = pygame.Rect(at, (w, h))
            return sum(r.clip(x).w * r.clip(x).h for x in avoid)
        best = min(corners, key=covered)
        self.rect.topleft = best

    def _body(self) -> tuple[list[str], int]:
        """The words now, wrapped to the card (paragraphs apart), and their height: wrapped once per text."""
        text = self.lesson.text()
        if self._wrapped[0] != text:
            lines = []
            for paragraph in text.split("\n\n"):
                if lines:
                    lines.append("")
                lines += theme.wrap_text(" ".join(paragraph.split()), WIDTH - 2 * PAD, TEXT_SIZE)
            self._wrapped = (text, lines)
        lines = self._wrapped[1]
        return lines, len(lines) * LINE

    def measure(self) -> None:
        """The card's height for what it says now."""
        lines, body = self._body()
        footer = 0
        buttons = self.buttons()
        if buttons:
            footer = 10 + (BUTTON_H + 8) * (len(buttons) if self.lesson.finished else 1)
        elif self.footer():
            footer = 30
        self.rect.h = PAD + 28 + body + footer + PAD

    def draw(self, surface) -> None:
        c = theme.colours
        border = c.warning if self.flash > 0 and int(self.flash * 8) % 2 == 0 else c.accent
        theme.draw_panel(surface, self.rect, c.panel, border=border, alpha=245, border_width=3)
        x, y = self.rect.x + PAD, self.rect.y + PAD
        theme.draw_text(surface, theme.fit_text(self.heading(), WIDTH - 2 * PAD, theme.SIZE_SMALL, bold=True), (x, y),
                        theme.SIZE_SMALL, c.accent, bold=True, shadow=False)
        y += 28
        lines, body = self._body()
        for line in lines:
            if line:
                theme.draw_text(surface, line, (x, y), TEXT_SIZE, c.text, shadow=False)
            y += LINE
        y += 10
        buttons = self.buttons()
        if self.lesson.finished:
            for b in buttons:
                b.rect.topleft = (x, y)
                b.draw(surface)
                y += BUTTON_H + 8
        elif buttons:
            b = buttons[0]
            b.rect.topright = (self.rect.right - PAD, y)
            b.draw(surface)
        elif self.footer():
            theme.draw_text(surface, self.footer(), (x, y + 2), theme.SIZE_SMALL, c.text_dim, shadow=False)
