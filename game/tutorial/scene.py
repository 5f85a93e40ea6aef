"""A lesson on screen: the game's own board, played at a tutorial's table, with the coach over it.

The board is the one every game of that kind is played on (game.boards), fed by a `TutorialTable`; this
scene holds it as a part, as the replay viewer does, passes it every event the coach does not take
(Next, the finish's buttons), lights the step's places with the board's own highlights, and moves the
coach clear of them. A lesson ends with its own last words and the offer of a real game against an easy
bot, not with the game-over scene. Leaving (Esc twice, or closing the window) keeps the lesson: the table
journals every action and the step is kept (game.tutorial.lesson.Keeper), and Learn picks it up there.
"""
import math

import pygame

from engine.tutorial import Tutorial, first_choice, new_session
from game import boards, local_play, tables
from game.board_kit import advice
from game.scene import GLOW, Scene
from game.board_kit.modal_card import ModalCard
from game.tutorial.coach import Coach
from game.tutorial.lesson import Keeper
from game.tutorial.table import TutorialTable

EASY = "easy"


def open_lesson(app, tutorial: Tutorial, *, fresh: bool = False, keeper: Keeper | None = None) -> "LessonScene":
    """Push the lesson of `tutorial`: where the learner left it, or from its beginning (`fresh`, or nothing kept)."""
    keeper = keeper or Keeper()
    kept = None if fresh else keeper.resume(tutorial)
    if kept is None:
        keeper.forget(tutorial)
        session, step = new_session(tutorial, app.settings.player_name), 0
    else:
        session, step = kept
    link = TutorialTable.open(tutorial, session, step, save_path=keeper.save_path(tutorial),
                              bot_delay=tables.BOT_DELAY * app.settings.animation_factor(),
                              on_step=lambda index, finished: keeper.remember(tutorial, index, finished))
    keeper.remember(tutorial, link.lesson.index, link.lesson.finished)
    scene = LessonScene(app, tutorial, link)
    app.push(scene)
    return scene


class LessonScene(Scene):
    def __init__(self, app, tutorial: Tutorial, link: TutorialTable):
        super().__init__(app)
        self.tutorial = tutorial
        self.link = link
        self.lesson = link.lesson
        self.board = boards.board_scene(app, link)
        self.board.game_over_shown = True   # the lesson ends with its own words and offer
        self.coach = Coach(self.lesson, self.board.toast_area, on_play=self.play_real_game, on_leave=self.leave,
                           seat_name=self.board.seat_name)
        self.time = 0.0
        self._refused = link.refused
        self._shown_step = None
        self.shown_how: int | None = None   # the step whose action Hint (E) is showing on the board

    @property
    def toast_area(self):
        return self.board.toast_area

    @property
    def places(self) -> tuple:
        step = self.lesson.step
        return step.light if step is not None else ()

    def place_rects(self) -> list:
        """Where the coach must not stand: the step's lit places, or for a step that lights none the next
        step's, so the card does not cover where the lesson is about to point."""
        lit = self.board.lesson_places
        if lit is None or self.lesson.finished:
            return []
        steps = self.tutorial.steps[self.lesson.index:]
        places = next((step.light for step in steps if step.light), ())
        return lit.rects(places) if places else []

    # ----- leaving and the end ------------------------------------------------------------------------
    def leave(self) -> None:
        """Back to the Learn menu (or the main menu), the lesson kept."""
        self.link.close()
        if self.app.active_link is self.link:
            self.app.active_link = None
        self.app.pop()

    def play_real_game(self) -> None:
        """The finished lesson's offer: the same game, the learner's seat against easy bots."""
        seats = [{"kind": "human", "name": self.app.settings.player_name} if i == self.tutorial.learner
                 else {"kind": "bot", "level": EASY} for i in range(self.tutorial.seats)]
        self.link.close()
        link = local_play.start_local_table(self.app, self.tutorial.game, seats, {})
        self.app.replace(boards.board_scene(self.app, link))

    def on_enter(self) -> None:
        self.board.on_enter()

    def on_exit(self) -> None:
        self.link.close()

    def back(self) -> None:
        self.board.back()

    # ----- the hint --------------------------------------------------------------------------------------
    def show_how(self) -> None:
        """Hint (E, or its button): in a lesson the hint is the step's own action, drawn where the expert's hint
        would be (the board's `advice_points`) until the step moves on."""
        if not self.lesson.learners_turn:
            self.board.refuse("Nothing to do on the board yet: read the box, then press Next.")
            return
        self.shown_how = self.lesson.index

    def how_action(self) -> dict | None:
        lesson = self.lesson
        if self.shown_how != lesson.index or not lesson.learners_turn:
            return None
        left = lesson.tutorial.still_to_do(lesson.index, lesson.session.log)
        return first_choice(left[0]) if left else None

    def _asks_hint(self, event) -> bool:
        hint = self.board.advice
        return advice.is_hint_key(event) or (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
                                             and hint.offered and hint.button.rect.collidepoint(event.pos))

    # ----- the frame -----------------------------------------------------------------------------------
    def card_open(self) -> bool:
        """Whether the board shows a card to read (the chart, the inspector: any key closes it; its help): the
        coach then stands aside, neither drawn over it nor taking its keys. A dialog of the game's own (how many
        armies to move...) is not such a card: Next still goes before it, the words first."""
        return isinstance(self.board.modal(), ModalCard) or self.board.help_card.shown

    def handle(self, event) -> bool:
        if self.card_open():   # the card the learner opened takes the keys first (any key closes the chart)
            return self.board.handle(event)
        if self.coach.handle(event):   # Next goes before a dialog the board has open: the words come first
            return True
        if self._asks_hint(event) and self.board.modal() is None:
            self.show_how()
            return True
        return self.board.handle(event)

    def update(self, dt: float) -> None:
        self.time += dt
        self.board.update(dt)
        self.coach.update(dt)
        if self.link.refused != self._refused:
            self._refused = self.link.refused
            self.coach.refused()
        if self._shown_step != (self.lesson.index, self.lesson.stage):
            self._shown_step = (self.lesson.index, self.lesson.stage)
            show = getattr(self.board.lesson_places, "show", None)
            if show is not None and self.places:
                show(self.places)
            self.app.redraw()

    def frame_rate(self) -> float:
        rate = self.board.frame_rate()
        return max(rate, GLOW) if self.places or self.coach.flash or self.how_action() else rate

    def draw(self, surface) -> None:
        self.board.draw(surface)
        board_busy = self.board.modal() is not None or self.board.help_card.shown or self.board.covered
        lit = self.board.lesson_places
        if self.places and lit is not None and not board_busy:
            lit.light(surface, self.places, int(150 + 105 * (0.5 + 0.5 * math.sin(self.time * 5))))
        how = self.how_action()
        if how is not None and not board_busy:
            advice.draw_action(surface, self.board.advice_points(how), advice.GOLD, self.time)
        if self.card_open():   # the chart's "Chances" and footnote lines stay in sight: the coach comes back after
            return
        self.coach.measure()
        self.coach.place(self.place_rects())
        self.coach.draw(surface)
