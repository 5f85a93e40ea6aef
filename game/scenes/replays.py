"""Replays: the saved games in the data folder; open one and step or play it at speed."""
from pathlib import Path

import pygame

from engine.errors import SaveError
from game import boards, local_play, saved_games, sound, theme
from game.theme import fit_text
from game.replay_link import ReplayLink
from game.saved_games import SavedGame
from game.scene import SMOOTH, STILL, TICK, Scene
from game.scenes.replay_analysis import ReplayAnalysis
from game.widgets import Button, RowList

COLUMNS = [("Date", 190), ("Game", 220), ("Players", 440), ("Moves", 100), ("", 170)]
SPEEDS = (1, 2, 4, 8, 16)  # moves per second when playing


def list_saves(folder: Path | None = None) -> list[SavedGame]:
    """Saved games that can be watched, newest first (see game.saved_games for every file, damaged too)."""
    return [s for s in saved_games.listing(folder) if s.can_watch]


class ReplaysScene(Scene):
    """Every saved game: watch it, or continue it when it is unfinished. A damaged file is listed too, with
    what is wrong with it, so no game vanishes without a word."""

    def __init__(self, app):
        super().__init__(app)
        self.list = RowList((70, 140, 1140, 520), COLUMNS, on_pick=self.open)
        self.continue_button = Button((830, 724, 170, 52), "Continue", self.continue_selected, hotkey=pygame.K_c,
                                      hotkey_label="C")
        self.watch_button = Button((1010, 724, 200, 52), "Watch", self.open_selected, primary=True)
        self.back_button = Button((70, 724, 200, 52), "Back", self.back)
        self.reload()

    def reload(self) -> None:
        self.saves = {str(s.path): s for s in saved_games.listing()}
        self.list.set_rows([(key, [s.date, s.title if s.problem is None else s.path.name, ", ".join(s.players),
                                   str(s.moves) if s.problem is None else "", s.status])
                            for key, s in self.saves.items()])

    @property
    def selected(self) -> SavedGame | None:
        return self.saves.get(self.list.selected_key)

    def on_enter(self) -> None:
        self.reload()

    def open_selected(self) -> None:
        if self.list.selected_key is not None:
            self.open(self.list.selected_key)

    def continue_selected(self) -> None:
        saved = self.selected
        if saved is None or not saved.can_continue:
            sound.play("error")
            self.app.notify("Only an unfinished game can be continued." if saved is None or saved.problem is None
                            else f"That save is damaged: {saved.problem}", warning=True)
            return
        local_play.continue_game(self.app, saved.path)

    def open(self, key) -> None:
        saved = self.saves.get(key)
        if saved is not None and saved.problem is not None:
            sound.play("error")
            self.app.notify(f"That save is damaged: {saved.problem}", warning=True)
            return
        try:
            link = saved_games.replay_link(saved.path)
            self.app.push(ReplayScene(self.app, link))
        except (SaveError, ValueError, ImportError, AttributeError, KeyError) as e:
            sound.play("error")
            self.app.notify(f"That replay cannot be shown: {e}", warning=True)

    def _sync_buttons(self) -> None:
        saved = self.selected
        self.watch_button.enabled = saved is not None and saved.can_watch
        self.continue_button.enabled = saved is not None and saved.can_continue

    def handle(self, event):
        self._sync_buttons()
        return (self.list.handle(event) or self.continue_button.handle(event) or self.watch_button.handle(event)
                or self.back_button.handle(event))

    def _cell_colour(self, key, column: int):
        saved = self.saves.get(key)
        if saved is None:
            return None
        if saved.problem is not None:
            return theme.colours.bad if column == 4 else theme.colours.text_dim
        if column == 4:
            return theme.colours.good if saved.can_continue else theme.colours.text_dim
        return None

    def draw(self, surface):
        c = theme.colours
        surface.blit(theme.backdrop(surface.get_size()), (0, 0))
        theme.draw_title(surface, "Replays", 64)
        unfinished = sum(1 for s in self.saves.values() if s.can_continue)
        count = len(self.saves)
        summary = (f"{count} saved game{'' if count == 1 else 's'}"
                   + (f" · {unfinished} in progress, ready to continue" if unfinished else "")) if count else \
            "every game you play is saved here as it goes"
        theme.draw_text(surface, summary, (640, 112), theme.SIZE_SMALL, c.text_dim, anchor="center")
        self.list.draw(surface, empty_text="No saved games yet: every game is saved here as it is played.",
                       cell_colour=self._cell_colour)
        saved = self.selected
        if saved is not None:
            if saved.problem is not None:
                line, colour = f"Damaged: {saved.problem}", c.bad
            elif saved.seen:
                line, colour = f"{saved.describe()}: played at another computer's table. Watch replays what your " \
                               "seat saw; A there analyses your decisions.", c.text_dim
            elif saved.can_continue:
                line, colour = f"{saved.describe()}: Continue picks it up where it was left; Watch replays it.", c.text
            else:
                line, colour = f"{saved.describe()}: finished. Watch replays it move by move.", c.text_dim
            theme.draw_text(surface, fit_text(line, 1120, theme.SIZE_SMALL), (70, 676), theme.SIZE_SMALL, colour,
                            shadow=False)
        self._sync_buttons()
        self.continue_button.draw(surface)
        self.watch_button.draw(surface)
        self.back_button.draw(surface)
        theme.draw_hint(surface, "Up/Down choose  ·  Enter watches  ·  C continues  ·  Esc back")


class ReplayScene(Scene):
    """The game's own board, fed by a ReplayLink, under a bar of replay controls."""

    def __init__(self, app, link: ReplayLink):
        super().__init__(app)
        self.link = link
        self.board = boards.board_class(link.game)(app, link)
        self.playing = False
        self.speed_index = 1
        self.clock = 0.0
        bar_y = 748
        self.controls = [
            Button((20, bar_y, 60, 40), "|<", lambda: self.link.seek(0), hotkey=pygame.K_HOME, size=theme.SIZE_SMALL),
            Button((88, bar_y, 60, 40), "<", self.step_back, hotkey=pygame.K_LEFT, size=theme.SIZE_SMALL),
            Button((156, bar_y, 100, 40), "Play", self.toggle, hotkey=pygame.K_SPACE, size=theme.SIZE_SMALL),
            Button((264, bar_y, 60, 40), ">", self.link.step, hotkey=pygame.K_RIGHT, size=theme.SIZE_SMALL),
            Button((332, bar_y, 60, 40), ">|", lambda: self.link.seek(self.link.length), hotkey=pygame.K_END,
                   size=theme.SIZE_SMALL),
            Button((400, bar_y, 90, 40), "1x", self.faster, hotkey=pygame.K_EQUALS, size=theme.SIZE_SMALL),
        ]
        self.analysis = ReplayAnalysis(self)
        self.analyse_button = Button((1140, bar_y, 130, 40), "Analyse (A)", self.analysis.toggle, hotkey=pygame.K_a,
                                     size=theme.SIZE_SMALL)
        self.controls.append(self.analyse_button)

    @property
    def speed(self) -> int:
        return SPEEDS[self.speed_index]

    def toggle(self) -> None:
        if not self.playing and self.link.position >= self.link.length:
            self.link.seek(0)
        self.playing = not self.playing
        self.clock = 0.0

    def step_back(self) -> None:
        self.playing = False
        self.link.seek(self.link.position - 1)

    def faster(self) -> None:
        self.speed_index = (self.speed_index + 1) % len(SPEEDS)

    def back(self) -> None:
        self.analysis.cancel()
        self.link.close()
        self.app.pop()

    def handle(self, event):
        if event.type == pygame.KEYDOWN and event.key == pygame.K_MINUS:
            self.speed_index = max(0, self.speed_index - 1)
            return True
        if any(b.handle(event) for b in self.controls) or self.analysis.handle(event):
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            return self.analysis.cancel()  # else Esc leaves the replay, not whatever the board would do with it
        return self.board.handle(event)

    def frame_rate(self) -> float:
        return SMOOTH if self.playing else max(self.board.frame_rate(), TICK if self.analysis.running else STILL)

    def update(self, dt):
        if self.playing:
            self.clock += dt
            while self.clock >= 1.0 / self.speed:
                self.clock -= 1.0 / self.speed
                if not self.link.step():
                    self.playing = False
                    break
        self.board.update(dt)
        self.analysis.update()

    def draw(self, surface):
        self.board.draw(surface)
        bar = pygame.Rect(0, 732, 1280, 68)
        theme.draw_panel(surface, bar, radius=0, alpha=255)
        self.controls[2].label = "Pause" if self.playing else "Play"
        self.controls[5].label = f"{self.speed}x"
        self.analyse_button.label = "Stop (A)" if self.analysis.running else \
            ("Hide (A)" if self.analysis.shown else "Analysis (A)") if self.analysis.report is not None else "Analyse (A)"
        for b in self.controls:   # (each label set first: a frame drawn once shows what the button does now)
            b.draw(surface)
        self.analysis.draw_on_board(surface, getattr(self.board, "time", 0.0))
        self.analysis.draw(surface)
        track = pygame.Rect(520, 764, 480, 8)
        pygame.draw.rect(surface, theme.colours.panel_light, track, border_radius=4)
        done = track.w * self.link.position // max(1, self.link.length)
        pygame.draw.rect(surface, theme.colours.accent, (track.x, track.y, done, track.h), border_radius=4)
        theme.draw_text(surface, f"move {self.link.position} of {self.link.length}", (1010, 768), theme.SIZE_SMALL,
                        theme.colours.text, anchor="midleft")
