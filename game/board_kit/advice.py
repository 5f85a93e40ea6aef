"""The expert's hint on every turn-based board, and the better move an analysis shows beside the one played.

E (or the Hint button, at the hint line's right, left of Undo) asks the expert (bots.hint) what the seat on show
would do now, from that seat's own view, within its budget, in a helper process (board_kit.hint_helper) so that
the window keeps drawing at its full rate: a ring fills while it thinks (E again or Esc stops it). Its answer is drawn on the board — a gold ring on each place
the action names and an arrow along them (unit to square, attacker to defender, a card's target) at points the
board gives (`advice_points(action)`) — and said in one line with its reason, in the game's own evaluation terms.
The answer stays until the position moves on. Nothing is sent: the player still makes the move.
"""
import math

import pygame

from game import theme
from game.widgets import Button

HINT_KEY = pygame.K_e
LABEL = "Hint (E)"
SIZE = (96, 32)
BUDGET = None         # seconds the expert thinks for a hint: None, its decision budget in play (the catalog's)
GOLD = (255, 214, 90)
BETTER = (120, 230, 140)   # the analysis's better move, beside the one played (gold)


def default_rect(hint_rect: pygame.Rect, undo_rect: pygame.Rect) -> pygame.Rect:
    """The button's place when a board names none: at the hint line's right end, left of the Undo button where
    that sits on the line too."""
    rect = pygame.Rect((0, 0), SIZE)
    right = undo_rect.x - 8 if hint_rect.colliderect(undo_rect) else hint_rect.right - 10
    rect.topright = (right, hint_rect.y + 8)
    return rect


def is_hint_key(event) -> bool:
    return event.type == pygame.KEYDOWN and event.key == HINT_KEY and not event.mod & (pygame.KMOD_CTRL |
                                                                                        pygame.KMOD_META)


def describe(action: dict) -> str:
    """An action in plain words where a board has none of its own: its type and fields."""
    words = [str(action.get("type", "")).replace("_", " ")]
    for key, value in action.items():
        if key != "type":
            words.append(f"{key.replace('_', ' ')} {value}")
    return " ".join(words)


class Advice:
    """The hint on one board: the expert thinking (a bots.hint.Hint), then its answer shown until the position
    changes. `board` is the BaseBoardScene it serves."""

    def __init__(self, board, rect: pygame.Rect):
        self.board = board
        self.button = Button(rect, LABEL, self.ask, size=17)
        self.job = None          # the hint being thought
        self.asked = None        # the revision it was asked at
        self.answer = None       # (position, seat, action, reason, error) once answered
        self.turns = {}          # seat -> the positions it stood in this turn (bots.cycles.Turn): never hinted back

    # ----- when it is offered ---------------------------------------------------------------
    @property
    def offered(self) -> bool:
        """A turn-based game, a seat of this window to act, the game on, not a replay."""
        board = self.board
        if board.over or board.active_seat is None or getattr(board.link, "replay", False):
            return False
        from engine import games, legal, undo
        listed = undo.without((board.view or {}).get("private", {}).get("legal"))
        return not games.is_realtime(board.game_id) and bool(listed) and legal.size(listed) > 0

    @property
    def thinking(self) -> bool:
        return self.job is not None and not self.job.answered

    # ----- asking ----------------------------------------------------------------------------
    def ask(self) -> None:
        """E or the button: think of a hint, or stop the one being thought."""
        if self.thinking:
            self.cancel()
            return
        if not self.offered:
            self.board.refuse("The expert gives hints on your own move." if not self.board.over
                              else "The game is over.")
            return
        from game.board_kit.hint_helper import HelpedHint
        board = self.board
        board.refresh()   # the view as the table has it now: the hint answers for that
        self.answer, self.asked = None, self._position()
        import bots
        budget = BUDGET if BUDGET is not None else bots.expert_settings(board.game_id).budget
        self.job = HelpedHint(board.game_id, board.active_seat, board.view, board.shown_rev or 0, budget,
                              self._stood())

    def _stood(self) -> list:
        """The positions the seat on show stood in this turn, as this window saw its views go by."""
        from bots import cycles
        board = self.board
        if board.active_seat is None or not board.view:
            return []
        return list(self.turns.setdefault(board.active_seat, cycles.Turn(board.active_seat)).see(board.view))

    def _position(self) -> tuple:
        """What a hint answers for: the seat to act and how many actions this window has sent (another seat's
        action in a simultaneous phase, a set-up, leaves the seat's choices as they were: the hint stands)."""
        return self.board.active_seat, len(self.board.sent)

    def cancel(self) -> bool:
        """Stop thinking (Esc); True if something was stopped."""
        if not self.thinking:
            return False
        self.job.cancel()
        self.job = None
        return True

    def update(self) -> None:
        """Take the answer once it is ready (its reason when that follows); drop what the position has moved past."""
        board = self.board
        self._stood()   # each position of the turn taken in as it goes by (once a rev)
        if self.job is not None and self._position() != self.asked:
            self.cancel()   # the table moved on while it thought
        job = self.job
        if job is not None and job.answered:
            self.answer = (self.asked, job.seat, job.action, job.reason, job.error)
            if job.done:
                self.job = None
            board.app.redraw()
        elif job is not None and job.done:   # it failed before answering
            self.answer, self.job = (self.asked, job.seat, None, "", job.error), None
        if self.answer is not None and (self.answer[0] != self._position() or not self._still_listed(self.answer[2])):
            self.answer = None

    def _still_listed(self, action) -> bool:
        from engine import legal
        allowed = (self.board.view or {}).get("private", {}).get("legal")
        return action is None or (bool(allowed) and legal.contains(allowed, action))

    # ----- drawing ----------------------------------------------------------------------------
    def line(self) -> str | None:
        """The hint line's sentence while a hint is shown or thought, else None."""
        if self.thinking:
            return "The expert is thinking… (E or Esc stops it)"
        if self.answer is None:
            return None
        _, _, action, reason, error = self.answer
        if error:
            return error
        if action is None:
            return "The expert has nothing to suggest here."
        words = getattr(self.board, "advice_words", describe)(action)
        return f"Expert: {words}" + (f" — {reason}" if reason else "")

    def draw(self, surface: pygame.Surface) -> None:
        if self.offered or self.thinking:
            self.button.label = "Stop (E)" if self.thinking else LABEL
            self.button.draw(surface)
        if self.thinking:
            draw_progress(surface, self.button.rect.midleft, self.job.progress(), self.board.time)
        if self.answer is not None and self.answer[2] is not None:
            draw_action(surface, self.board.advice_points(self.answer[2]), GOLD, self.board.time)

    def handle(self, event) -> bool:
        if is_hint_key(event):
            self.ask()
            return True
        return (self.offered or self.thinking) and self.button.handle(event)


def draw_progress(surface, at, share: float, time: float) -> None:
    """A ring filling as the budget is spent, just left of `at`."""
    centre = (at[0] - 18, at[1])
    pygame.draw.circle(surface, theme.colours.panel_border, centre, 11, 3)
    if share > 0:
        rect = pygame.Rect(0, 0, 22, 22)
        rect.center = centre
        start = math.pi / 2 - 2 * math.pi * share
        pygame.draw.arc(surface, GOLD, rect, start, math.pi / 2, 3)
    dot = (centre[0] + round(11 * math.cos(time * 6)), centre[1] + round(11 * math.sin(time * 6)))
    pygame.draw.circle(surface, GOLD, dot, 2)


def draw_action(surface, points: list, colour, time: float) -> None:
    """An action the expert names: a ring on each of its places, an arrow from each to the next."""
    pulse = 0.5 + 0.5 * math.sin(time * 4)
    radius = 14 + round(3 * pulse)
    for a, b in zip(points, points[1:]):
        _arrow(surface, a, b, colour)
    for p in points:
        pygame.draw.circle(surface, (0, 0, 0), p, radius + 2, 2)
        pygame.draw.circle(surface, colour, p, radius, 3)


def _arrow(surface, a, b, colour) -> None:
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy)
    if length < 4:
        return
    ux, uy = dx / length, dy / length
    tip = (b[0] - ux * 12, b[1] - uy * 12)
    for width, shade in ((8, (0, 0, 0)), (4, colour)):
        pygame.draw.line(surface, shade, a, tip, width)
    left = (tip[0] - ux * 12 + uy * 8, tip[1] - uy * 12 - ux * 8)
    right = (tip[0] - ux * 12 - uy * 8, tip[1] - uy * 12 + ux * 8)
    pygame.draw.polygon(surface, (0, 0, 0), [tip, left, right])
    pygame.draw.polygon(surface, colour, [tip, left, right], 0)
