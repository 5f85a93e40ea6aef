"""Replays: the saved games in the data folder; open one and step or play it at speed."""
import time
from pathlib import Path

import pygame

from engine import games, saves
from engine.errors import SaveError
from game import boards, paths, sound, theme
from game.replay_link import ReplayLink
from game.scene import SMOOTH, Scene
from game.widgets import Button, RowList

COLUMNS = [("Date", 240), ("Game", 230), ("Players", 520), ("Moves", 120)]
SPEEDS = (1, 2, 4, 8, 16)  # moves per second when playing


def list_saves(folder: Path | None = None) -> list[dict]:
    """Saved games, newest first: {"path", "date", "game", "players", "moves"}.

    Unreadable files are skipped, and so are games without a single move (a lobby that never started).
    """
    folder = folder or paths.saves_dir()
    out = []
    for path in folder.glob("*.sandtable") if folder.exists() else []:
        try:
            header, log, _ = saves.read_records(path)
        except SaveError:
            continue
        if not log:
            continue
        names = [s.get("name") or ("bot" if s.get("kind") == "bot" else f"seat {i + 1}")
                 for i, s in enumerate(header["seats"])]
        out.append({"path": path, "mtime": path.stat().st_mtime, "game": header["game"], "players": names,
                    "moves": len(log)})
    out.sort(key=lambda s: s["mtime"], reverse=True)
    for s in out:
        s["date"] = time.strftime("%Y-%m-%d %H:%M", time.localtime(s["mtime"]))
    return out


class ReplaysScene(Scene):
    def __init__(self, app):
        super().__init__(app)
        self.list = RowList((70, 140, 1140, 560), COLUMNS, on_pick=self.open)
        self.watch_button = Button((1010, 724, 200, 52), "Watch", self.open_selected, primary=True)
        self.back_button = Button((70, 724, 200, 52), "Back", self.back)
        self.reload()

    def reload(self) -> None:
        self.saves = {str(s["path"]): s for s in list_saves()}
        self.list.set_rows([(key, [s["date"], games.rules(s["game"]).TITLE if s["game"] in games.available()
                                   else s["game"], ", ".join(s["players"]), str(s["moves"])])
                            for key, s in self.saves.items()])
        self.watch_button.enabled = bool(self.saves)

    def on_enter(self) -> None:
        self.reload()

    def open_selected(self) -> None:
        if self.list.selected_key is not None:
            self.open(self.list.selected_key)

    def open(self, key) -> None:
        try:
            link = ReplayLink(self.saves[key]["path"])
            self.app.push(ReplayScene(self.app, link))
        except (SaveError, ImportError, AttributeError, KeyError) as e:
            sound.play("error")
            self.app.notify(f"That replay cannot be shown: {e}", warning=True)

    def handle(self, event):
        return self.list.handle(event) or self.watch_button.handle(event) or self.back_button.handle(event)

    def draw(self, surface):
        surface.blit(theme.backdrop(surface.get_size()), (0, 0))
        theme.draw_title(surface, "Replays", 64)
        theme.draw_text(surface, f"saved games in {paths.saves_dir()}", (640, 112), theme.SIZE_SMALL,
                        theme.colours.text_dim, anchor="center")
        self.list.draw(surface, empty_text="No saved games yet: every local game is saved here as it is played.")
        self.watch_button.draw(surface)
        self.back_button.draw(surface)
        theme.draw_hint(surface, "Up/Down choose  ·  Enter or double-click watches  ·  Esc back")


class ReplayScene(Scene):
    """The game's own board, fed by a ReplayLink, under a bar of replay controls."""

    def __init__(self, app, link: ReplayLink):
        super().__init__(app)
        self.link = link
        self.board = boards.board_module(link.game).BoardScene(app, link)
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
        self.link.close()
        self.app.pop()

    def handle(self, event):
        if event.type == pygame.KEYDOWN and event.key == pygame.K_MINUS:
            self.speed_index = max(0, self.speed_index - 1)
            return True
        if any(b.handle(event) for b in self.controls):
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            return False  # Esc leaves the replay, not whatever the board would do with it
        return self.board.handle(event)

    def frame_rate(self) -> float:
        return SMOOTH if self.playing else self.board.frame_rate()

    def update(self, dt):
        if self.playing:
            self.clock += dt
            while self.clock >= 1.0 / self.speed:
                self.clock -= 1.0 / self.speed
                if not self.link.step():
                    self.playing = False
                    break
        self.board.update(dt)

    def draw(self, surface):
        self.board.draw(surface)
        bar = pygame.Rect(0, 732, 1280, 68)
        theme.draw_panel(surface, bar, radius=0, alpha=255)
        self.controls[2].label = "Pause" if self.playing else "Play"
        self.controls[5].label = f"{self.speed}x"
        for b in self.controls:
            b.draw(surface)
        track = pygame.Rect(520, 764, 560, 8)
        pygame.draw.rect(surface, theme.colours.panel_light, track, border_radius=4)
        done = track.w * self.link.position // max(1, self.link.length)
        pygame.draw.rect(surface, theme.colours.accent, (track.x, track.y, done, track.h), border_radius=4)
        theme.draw_text(surface, f"move {self.link.position} of {self.link.length}", (1100, 768), theme.SIZE_SMALL,
                        theme.colours.text, anchor="midleft")
