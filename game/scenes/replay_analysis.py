"""The replay viewer's analysis (A, or the Analyse button): the expert weighs every decision of the game's people
(every seat when none was a person) against its own best, from that seat's view then (bots/analysis.py), in
worker processes on the machine's cores while the replay stays usable; a bar shows how far it is, A or Esc
stops it. Then a panel over the board's side panel shows each seat's marks, the chart of each seat's worth over
the game (also written beside the save as a PNG), and the marked moves: a click (or N for the next one) jumps
the replay to just before it and draws the move played (red) and the expert's better move (green) on the board.
"""
from pathlib import Path

import pygame

from game import theme
from game.analysis_chart import Chart, MARK_STYLE, save_png
from game.board_kit.advice import draw_action
from game.club_link import DECISIONS_WAIT

PANEL = pygame.Rect(1000, 40, 280, 692)
CHART = pygame.Rect(PANEL.x + 4, PANEL.y + 70, PANEL.w - 8, 150)
ROW_H = 40
PLAYED, BETTER = (235, 90, 70), (120, 230, 140)
NEXT_KEY = pygame.K_n


class ClubDecisions:
    """A club game's decisions for its analysis, asked of the club (`fetch()`: a Future of
    club.client.fetch_decisions's record) when the analysis reads them, on the analysis's own thread."""

    def __init__(self, fetch):
        self.fetch = fetch

    def __iter__(self):
        from bots.analysis import Unreadable
        from engine.decisions import Decision
        try:
            record = self.fetch().result(timeout=DECISIONS_WAIT + 10)
        except ValueError as e:   # the club's refusal or the link's trouble, as the sentence to show
            raise Unreadable(str(e)) from e
        except Exception as e:   # noqa: BLE001 - the wait itself ran out
            raise Unreadable(f"The club did not send your decisions: {e!r}") from e
        for d in record["decisions"]:
            yield Decision(d["index"], d["seat"], d["view"], d["action"])


class ReplayAnalysis:
    """The analysis of the game a ReplayScene shows: not started, running, or done (its report)."""

    def __init__(self, scene):
        self.scene = scene
        self.job = None
        self.report = None
        self.chart = None
        self.rows: list[tuple[pygame.Rect, dict]] = []
        self.focus: dict | None = None    # the marked verdict the replay was jumped to
        self.png: Path | None = None
        self.error = None
        self.shown = True                 # the panel is up (A hides it and shows it again)

    @property
    def available(self) -> str | None:
        """Why this game cannot be analysed, or None."""
        from engine import games
        link = self.scene.link
        if getattr(link, "path", None) is None and getattr(link, "fetch_decisions", None) is None:
            return "Only a game you played in can be analysed: a game you watched holds no decisions of yours."
        if games.is_realtime(link.game):
            return "A race in real time has no turns for the expert to weigh."
        return None

    @property
    def running(self) -> bool:
        return self.job is not None and not self.job.progress.finished

    def toggle(self) -> None:
        """A or the button: start the analysis, stop it while it runs, or hide / show its panel."""
        if self.running:
            self.cancel()
            return
        if self.report is not None:
            self.shown = not self.shown
            return
        why = self.available
        if why is not None:
            self.scene.app.notify(why, warning=True)
            return
        self.start()

    def start(self) -> None:
        from bots.analysis import Analysis
        from engine import decisions
        link = self.scene.link
        if getattr(link, "path", None) is None:   # a club game: the club sends the player's own decisions
            shown, self.length = link.seats, link.length
            self.job = Analysis(link.game, ClubDecisions(link.fetch_decisions), None, n_seats=len(shown)).start()
        else:
            header, log = decisions.read(link.path)
            shown, self.length = header.get("seats") or [], len(log)
            seats = [i for i, s in enumerate(shown) if s.get("kind") == "human"] or list(range(header["n_seats"]))
            self.job = Analysis(link.game, decisions.of_save(header, log, seats), seats,
                                n_seats=header["n_seats"]).start()
        self.names = [s.get("name") or f"seat {i}" for i, s in enumerate(shown)]

    def cancel(self) -> bool:
        if not self.running:
            return False
        self.job.cancel()
        self.job = None
        return True

    def update(self) -> None:
        if self.job is None or not self.job.progress.finished or self.report is not None:
            return
        progress = self.job.progress
        self.scene.app.redraw()
        if progress.error:
            self.error, self.job = progress.error, None
            self.scene.app.notify(self.error, warning=True)
            return
        self.report = self.job.result()
        self.job = None
        self.chart = Chart(self.report, CHART, self.length)
        self.png = self._png_path()
        try:
            save_png(self.report, self.png, self.names)
        except (OSError, pygame.error):
            self.png = None

    def _png_path(self) -> Path:
        """Where the chart is written: beside the save, or (a club game, kept by the club) in the saves folder,
        named after the table."""
        link = self.scene.link
        beside = getattr(link, "path", None) or getattr(link, "source", None)
        if beside is not None:
            return Path(str(beside) + ".analysis.png")
        from game import paths
        name = "".join(c if c.isalnum() or c in "-_" else "-" for c in link.table_name.removeprefix("Replay: "))
        folder = paths.saves_dir()
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError:
            pass   # then the chart is not written, and said so by its missing line
        return folder / f"club-{name[:60]}.analysis.png"

    # ----- jumping to a marked move --------------------------------------------------------------------
    @property
    def marked(self) -> list[dict]:
        return [v for v in self.report["verdicts"] if v["mark"]] if self.report else []

    def jump(self, verdict: dict) -> None:
        """The replay just before the marked move (the culprit of a plan), its better move drawn beside it."""
        self.focus = verdict
        self.scene.playing = False
        place = verdict["culprit"]["place"] if verdict.get("culprit") else verdict["index"]
        self.scene.link.seek(place)

    def next_mark(self) -> None:
        marked = self.marked
        if not marked:
            return
        after = [v for v in marked if self.focus is None or v["index"] > self.focus["index"]]
        self.jump((after or marked)[0])

    def handle(self, event) -> bool:
        if self.report is None or not self.shown:
            return False
        if event.type == pygame.KEYDOWN and event.key == NEXT_KEY:
            self.next_mark()
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and PANEL.collidepoint(event.pos):
            for rect, verdict in self.rows:
                if rect.collidepoint(event.pos):
                    self.jump(verdict)
                    return True
            place = self.chart.index_at(event.pos)
            if place is not None:
                self.scene.playing = False
                self.scene.link.seek(place)
            return True
        return False

    # ----- drawing ------------------------------------------------------------------------------------
    def draw_on_board(self, surface, time: float) -> None:
        """On the board: the move played and the expert's better one, while the replay stands before it."""
        focus, points = self.focus, getattr(self.scene.board, "advice_points", None)
        if focus is None or not self.shown or points is None:
            return
        place = focus["culprit"]["place"] if focus.get("culprit") else focus["index"]
        if self.scene.link.position != place:
            return
        played = [focus["culprit"]["action"]] if focus.get("culprit") else focus["played"]
        better = [] if focus.get("culprit") else focus["best"]
        for action in better:
            draw_action(surface, points(action), BETTER, time)
        for action in played:
            draw_action(surface, points(action), PLAYED, time)

    def draw(self, surface) -> None:
        if self.running:
            self._draw_progress(surface)
        elif self.report is not None and self.shown:
            self._draw_panel(surface)

    def _draw_progress(self, surface) -> None:
        progress = self.job.progress
        rect = pygame.Rect(0, 0, 520, 64)
        rect.midtop = (500, 56)
        theme.draw_panel(surface, rect, theme.colours.panel, border=theme.colours.accent, alpha=240)
        done = f"{progress.done} of {progress.total}" if progress.total else "reading the game"
        theme.draw_text(surface, f"The expert is analysing: {done} decisions (A or Esc stops)",
                        (rect.centerx, rect.y + 20), theme.SIZE_SMALL, anchor="center", shadow=False)
        track = pygame.Rect(rect.x + 20, rect.y + 40, rect.w - 40, 8)
        pygame.draw.rect(surface, theme.colours.panel_light, track, border_radius=4)
        share = progress.done / progress.total if progress.total else 0.0
        pygame.draw.rect(surface, theme.colours.accent, (track.x, track.y, round(track.w * share), track.h),
                         border_radius=4)

    def _draw_panel(self, surface) -> None:
        theme.draw_panel(surface, PANEL, theme.colours.panel, border=theme.colours.panel_border, radius=0, alpha=255)
        theme.draw_text(surface, "Analysis", (PANEL.x + 12, PANEL.y + 8), theme.SIZE_BODY, theme.colours.accent,
                        bold=True, shadow=False)
        y = PANEL.y + 36
        for seat in self.report["seats"]:
            s = self.report["summary"][str(seat)]
            line = (f"{self.names[seat]}: {s['blunder']} blunders, {s['mistake']} mistakes, "
                    f"{s['inaccuracy']} inaccuracies")
            for part in theme.whole_lines(line, PANEL.w - 24, 15):   # whole, on as many lines as it takes
                theme.draw_text(surface, part, (PANEL.x + 12, y), 15, theme.seat_colour(seat), shadow=False)
                y += 18
        self.chart.rect.y = max(CHART.y, y + 4)
        self.chart = Chart(self.report, self.chart.rect, self.length)
        self.chart.draw(surface, None, self.scene.link.position)
        y = self.chart.rect.bottom + 8
        theme.draw_text(surface, "Marked moves (click, or N for the next)", (PANEL.x + 12, y), 15,
                        theme.colours.text_dim, shadow=False)
        y += 22
        self.rows = []
        board = self.scene.board
        words = getattr(board, "advice_words", None)
        saved = [] if self.png is None else theme.whole_lines(f"Chart saved: {self.png.name}", PANEL.w - 24, 13)
        for verdict in self.marked:
            place = verdict["culprit"]["place"] if verdict.get("culprit") else verdict["index"]
            head = theme.whole_lines(f"move {place + 1} · {self.names[verdict['seat']]} · {verdict['mark']}",
                                     PANEL.w - 42, 15)
            played = verdict["culprit"]["action"] if verdict.get("culprit") else verdict["played"][0]
            said = theme.whole_lines(words(played) if words is not None else played.get("type", ""), PANEL.w - 42, 13)
            height = max(ROW_H, 8 + 17 * len(head) + 15 * len(said))   # a long move said whole, on more lines
            if y + height > PANEL.bottom - 12 - 15 * len(saved):
                break
            rect = pygame.Rect(PANEL.x + 6, y, PANEL.w - 12, height - 4)
            lit = verdict is self.focus
            pygame.draw.rect(surface, theme.colours.panel_light if lit else theme.colours.panel, rect, border_radius=6)
            radius, colour = MARK_STYLE[verdict["mark"]]
            pygame.draw.circle(surface, colour, (rect.x + 12, rect.y + 11), min(radius, 6))
            line_y = rect.y + 3
            for part in head:
                theme.draw_text(surface, part, (rect.x + 24, line_y), 15, theme.colours.text, shadow=False)
                line_y += 17
            for part in said:
                theme.draw_text(surface, part, (rect.x + 24, line_y), 13, theme.colours.text_dim, shadow=False)
                line_y += 15
            self.rows.append((rect, verdict))
            y += height
        for i, part in enumerate(saved):
            theme.draw_text(surface, part, (PANEL.x + 12, PANEL.bottom - 6 - 15 * (len(saved) - i)), 13,
                            theme.colours.text_dim, shadow=False)
