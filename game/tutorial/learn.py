"""Learn: the guided first game of each game, listed with how far the player got.

Enter (or a double click) opens the picked lesson where it was left, or from its start; R starts it over.
On the very first run the main menu opens this list once, after asking the player's name.
"""
import pygame

from engine import games
from engine.tutorial import TutorialError
from game import sound, theme
from game.scene import Scene
from game.theme import fit_text
from game.tutorial import library
from game.tutorial.lesson import Keeper
from game.widgets import Button, RowList

COLUMNS = [("Game", 260), ("Lesson", 700), ("", 180)]
FIRST_RUN = "New to these games? Each lesson plays a short game with you, one rule at a time."


class LearnScene(Scene):
    def __init__(self, app, *, first_run: bool = False, keeper: Keeper | None = None):
        super().__init__(app)
        self.first_run = first_run
        self.keeper = keeper or Keeper()
        self.list = RowList((70, 150, 1140, 470), COLUMNS, row_height=56, on_pick=self.open)
        self.start_button = Button((1010, 724, 200, 52), "Start", self.open_selected, primary=True)
        self.again_button = Button((826, 724, 170, 52), "Start over", self.start_over, hotkey=pygame.K_r,
                                   hotkey_label="R")
        self.back_button = Button((70, 724, 200, 52), "Back", self.back)
        self.reload()

    def reload(self) -> None:
        self.lessons = library.tutorials()
        self.list.set_rows([(game, [games.rules(game).TITLE, t.about or t.title, self.status(t)])
                            for game, t in self.lessons.items()])

    def status(self, tutorial) -> str:
        kept = self.keeper.progress(tutorial)
        if kept is None:
            return "new"
        step, finished = kept
        return "done" if finished else f"step {step + 1} of {len(tutorial.steps)}"

    @property
    def selected(self):
        return self.lessons.get(self.list.selected_key)

    def on_enter(self) -> None:
        self.reload()

    def open_selected(self) -> None:
        if self.list.selected_key is not None:
            self.open(self.list.selected_key)

    def start_over(self) -> None:
        if self.selected is not None:
            self.open(self.list.selected_key, fresh=True)

    def open(self, game: str, *, fresh: bool = False) -> None:
        from game.tutorial.scene import open_lesson
        tutorial = self.lessons.get(game)
        if tutorial is None:
            return
        finished = (self.keeper.progress(tutorial) or (0, False))[1]
        try:
            open_lesson(self.app, tutorial, fresh=fresh or finished, keeper=self.keeper)
        except TutorialError as e:   # a tutorial the rules no longer accept: say so, never crash the menu
            sound.play("error")
            self.app.notify(f"That lesson cannot be played: {e}", warning=True)

    def handle(self, event) -> bool:
        return (self.list.handle(event) or self.start_button.handle(event) or self.again_button.handle(event)
                or self.back_button.handle(event))

    def draw(self, surface) -> None:
        c = theme.colours
        surface.blit(theme.backdrop(surface.get_size()), (0, 0))
        theme.draw_title(surface, "Learn", 64)
        under = FIRST_RUN if self.first_run else "a guided first game of each game, one rule at a time"
        theme.draw_text(surface, under, (640, 112), theme.SIZE_SMALL, c.text_dim, anchor="center")
        self.list.draw(surface, empty_text="No lessons here.")
        tutorial = self.selected
        if tutorial is not None:
            kept = self.keeper.progress(tutorial)
            line = (f"{tutorial.title}: {len(tutorial.steps)} steps, about ten minutes."
                    if kept is None or kept[1] else
                    f"{tutorial.title}: Start picks it up at step {kept[0] + 1}; Start over begins again.")
            theme.draw_text(surface, fit_text(line, 1120, theme.SIZE_SMALL), (70, 640), theme.SIZE_SMALL, c.text,
                            shadow=False)
            kept_open = kept is not None and not kept[1]
            self.start_button.label = "Resume" if kept_open else "Start"
        self.start_button.draw(surface)
        self.again_button.draw(surface)
        self.back_button.draw(surface)
        theme.draw_hint(surface, "Up/Down choose  ·  Enter starts  ·  R starts over  ·  Esc back")
