"""Rules: each game's rules in our own words (its catalog entry's `help`, then its rules one by one as events and
refusals name them: its `rule_help`, game.rule_help), scrollable; a game with charts (its entry's `charts`:
[(label, Chart)]) shows them in a chart window (C)."""
import pygame

import catalog
from engine import games, resources
from game import rule_help, theme
from game.board_kit.chart_window import ChartWindow
from game.scene import Scene
from game.widgets import Button

TEXT_RECT = pygame.Rect(150, 176, 980, 526)
TABS = pygame.Rect(150, 112, 1040, 38)   # the games' tabs share this row, 10 px apart, at most 200 px each
TAB_GAP, TAB_MOST = 10, 200
LINE_HEIGHT = 30


def help_games() -> list[str]:
    """Games that exist here and have a help text."""
    return [g for g in games.available() if catalog.spec(g).help is not None]


def layout(markdown: str, width: int) -> list[tuple[str, str]]:
    """(style, line) pairs from a small markdown subset: '# ' headings, '- ' bullets, paragraphs."""
    out = []
    for raw in markdown.splitlines():
        line = raw.rstrip()
        if line.startswith("#"):
            out.append(("heading", line.lstrip("#").strip()))
        elif line.startswith("- "):
            wrapped = theme.wrap_text(line[2:], width - 30, theme.SIZE_BODY)
            out.append(("bullet", wrapped[0]))
            out.extend(("cont", w) for w in wrapped[1:])
        elif not line:
            out.append(("blank", ""))
        else:
            out.extend(("text", w) for w in theme.wrap_text(line, width, theme.SIZE_BODY))
    return out


class RulesScene(Scene):
    def __init__(self, app, game_id: str | None = None):
        super().__init__(app)
        self.games = help_games()
        self.index = self.games.index(game_id) if game_id in self.games else 0
        self.scroll = 0
        width = min(TAB_MOST, (TABS.w - TAB_GAP * (len(self.games) - 1)) // max(1, len(self.games)))
        self.tabs = [Button((TABS.x + i * (width + TAB_GAP), TABS.y, width, TABS.h), games.rules(g).TITLE,
                            lambda i=i: self.choose(i), size=theme.SIZE_SMALL) for i, g in enumerate(self.games)]
        self.back_button = Button((150, 720, 160, 40), "Back", self.back)
        self.chart_window = ChartWindow(pygame.Rect(0, 0, 1280, 800))
        self.chart_button = Button((330, 720, 340, 40), "", self.show_chart, size=theme.SIZE_SMALL)
        self.charts: list = []
        self._load()

    def show_chart(self) -> None:
        if self.charts:
            self.chart_window.show(self.charts[0][1])

    def choose(self, i: int) -> None:
        self.index = i
        self.scroll = 0
        self._load()

    def _load(self) -> None:
        if not self.games:
            self.lines = [("text", "No rules texts are installed.")]
            return
        entry = catalog.spec(self.games[self.index])
        text = resources.package_path(*catalog.shipped(entry.help)).read_text(encoding="utf-8")
        text = text.rstrip("\n") + "\n\n" + rule_help.markdown(entry.id)
        self.lines = layout(text, TEXT_RECT.w - 40)
        self.charts = catalog.load(entry.charts)() if entry.charts else []
        self.chart_button.label = f"{self.charts[0][0]} (C)" if self.charts else ""

    @property
    def max_scroll(self) -> int:
        return max(0, len(self.lines) * LINE_HEIGHT - TEXT_RECT.h + 40)

    def scroll_by(self, pixels: int) -> None:
        self.scroll = max(0, min(self.max_scroll, self.scroll + pixels))

    def handle(self, event):
        if self.chart_window.shown:
            return self.chart_window.handle(event)
        if event.type == pygame.KEYDOWN and event.key == pygame.K_c and self.charts:
            self.show_chart()
            return True
        if self.charts and self.chart_button.handle(event):
            return True
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y * 3 * LINE_HEIGHT)
            return True
        if event.type == pygame.KEYDOWN:
            steps = {pygame.K_DOWN: LINE_HEIGHT, pygame.K_UP: -LINE_HEIGHT, pygame.K_PAGEDOWN: TEXT_RECT.h - 60,
                     pygame.K_PAGEUP: -(TEXT_RECT.h - 60), pygame.K_SPACE: TEXT_RECT.h - 60,
                     pygame.K_HOME: -10 ** 6, pygame.K_END: 10 ** 6}
            if event.key in steps:
                self.scroll_by(steps[event.key])
                return True
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT) and len(self.games) > 1:
                self.choose((self.index + (1 if event.key == pygame.K_RIGHT else -1)) % len(self.games))
                return True
        return any(b.handle(event) for b in self.tabs + [self.back_button])

    def draw(self, surface):
        c = theme.colours
        surface.blit(theme.backdrop(surface.get_size()), (0, 0))
        theme.draw_title(surface, "How to play", 60)
        for i, tab in enumerate(self.tabs):
            tab.focused = i == self.index
            tab.draw(surface)
        theme.draw_panel(surface, TEXT_RECT.inflate(40, 20))
        clip = surface.get_clip()
        surface.set_clip(TEXT_RECT)
        y = TEXT_RECT.y + 10 - self.scroll
        for style, line in self.lines:
            if TEXT_RECT.y - 40 < y < TEXT_RECT.bottom + 10:
                if style == "heading":
                    theme.draw_text(surface, line, (TEXT_RECT.x + 10, y), theme.SIZE_LARGE - 4, c.accent, bold=True)
                elif style == "bullet":
                    pygame.draw.circle(surface, c.accent, (TEXT_RECT.x + 18, y + 9), 4)
                    theme.draw_text(surface, line, (TEXT_RECT.x + 34, y), theme.SIZE_BODY, c.text, shadow=False)
                elif style == "cont":
                    theme.draw_text(surface, line, (TEXT_RECT.x + 34, y), theme.SIZE_BODY, c.text, shadow=False)
                else:
                    theme.draw_text(surface, line, (TEXT_RECT.x + 10, y), theme.SIZE_BODY, c.text, shadow=False)
            y += LINE_HEIGHT + (6 if style == "heading" else 0)
        surface.set_clip(clip)
        if self.max_scroll:
            frac = TEXT_RECT.h / (TEXT_RECT.h + self.max_scroll)
            bar_h = max(30, int(TEXT_RECT.h * frac))
            top = TEXT_RECT.y + int((TEXT_RECT.h - bar_h) * self.scroll / self.max_scroll)
            pygame.draw.rect(surface, c.accent_dark, (TEXT_RECT.right + 12, top, 5, bar_h), border_radius=3)
        self.back_button.draw(surface)
        if self.charts:
            self.chart_button.draw(surface)
        theme.draw_hint(surface, "Wheel, Up/Down, PgUp/PgDn scroll  ·  Left/Right switch game  ·  Esc back"
                        + ("  ·  C the chart" if self.charts else ""))
        self.chart_window.draw(surface)
