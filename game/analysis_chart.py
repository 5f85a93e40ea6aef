"""The analysis chart: each analysed seat's worth over the game (the expert's evaluation at each of its decisions,
0..1), a line in the seat's colour, its marked decisions as dots sized by the mark. Drawn in the replay viewer's
analysis panel and written as a PNG by `sandtable analyse --png` (bots/analysis.py makes the report)."""
import pygame

from game import theme

MARK_STYLE = {"inaccuracy": (4, (240, 214, 90)), "mistake": (6, (240, 150, 60)), "blunder": (8, (235, 60, 50))}
PAD = (44, 12, 12, 26)   # left, top, right, bottom: room for the axis labels


class Chart:
    """The chart of one report in `rect`: where each verdict is drawn, so a click finds the decision under it."""

    def __init__(self, report: dict, rect: pygame.Rect, length: int | None = None):
        self.report, self.rect = report, pygame.Rect(rect)
        last = max((v["index"] for v in report["verdicts"]), default=0)
        self.length = max(1, length if length is not None else last + 1)
        left, top, right, bottom = PAD
        self.plot = pygame.Rect(self.rect.x + left, self.rect.y + top, self.rect.w - left - right,
                                self.rect.h - top - bottom)

    def point(self, index: int, worth: float) -> tuple[int, int]:
        p = self.plot
        return (p.x + round(p.w * index / self.length), p.bottom - round(p.h * max(0.0, min(1.0, worth))))

    def index_at(self, pos) -> int | None:
        """The log place of the move under `pos` (the nearest analysed decision along the chart), or None."""
        if not self.plot.inflate(8, 8).collidepoint(pos):
            return None
        analysed = [v for v in self.report["verdicts"] if v["worth"] is not None]
        if not analysed:
            return None
        return min(analysed, key=lambda v: abs(self.point(v["index"], 0)[0] - pos[0]))["index"]

    def other_seat(self) -> int | None:
        """In a game of two seats of which one was analysed, the other (its worth is one less the analysed one's)."""
        seats = self.report["seats"]
        if self.report.get("n_seats") == 2 and len(seats) == 1:
            return 1 - seats[0]
        return None

    def draw(self, surface: pygame.Surface, names: list[str] | None = None, at: int | None = None) -> None:
        """The chart; `at`: the replay's place, drawn as a vertical line."""
        p = self.plot
        pygame.draw.rect(surface, theme.colours.panel, self.rect)
        pygame.draw.rect(surface, theme.colours.panel_light, p)
        half = p.bottom - p.h // 2
        pygame.draw.line(surface, theme.colours.panel_border, (p.x, half), (p.right, half))
        for worth, label in ((1.0, "1"), (0.5, "½"), (0.0, "0")):
            theme.draw_text(surface, label, (p.x - 6, self.point(0, worth)[1]), theme.SIZE_SMALL,
                            theme.colours.text_dim, anchor="midright", shadow=False)
        theme.draw_text(surface, f"move {self.length}", (p.right, p.bottom + 4), 14, theme.colours.text_dim,
                        anchor="topright", shadow=False)
        if at is not None:
            x = self.point(at, 0)[0]
            pygame.draw.line(surface, theme.colours.accent, (x, p.y), (x, p.bottom), 2)
        for seat in self.report["seats"]:
            mine = [v for v in self.report["verdicts"] if v["seat"] == seat and v["worth"] is not None]
            colour = theme.seat_colour(seat)
            points = [self.point(v["index"], v["worth"]) for v in mine]
            other = self.other_seat()
            if other is not None and len(points) >= 2:   # the other side, as this seat's expert weighs it
                pygame.draw.lines(surface, theme.seat_colour(other), False,
                                  [self.point(v["index"], 1 - v["worth"]) for v in mine], 1)
            if len(points) >= 2:
                pygame.draw.lines(surface, colour, False, points, 2)
            for v in mine:
                if v["mark"]:
                    radius, dot = MARK_STYLE[v["mark"]]
                    centre = self.point(v["index"], v["worth"])
                    pygame.draw.circle(surface, (0, 0, 0), centre, radius + 1)
                    pygame.draw.circle(surface, dot, centre, radius)
        if names:
            x = p.x + 6
            shown = self.report["seats"] + ([self.other_seat()] if self.other_seat() is not None else [])
            for seat in shown:
                label = names[seat] if seat < len(names) else f"seat {seat}"
                pygame.draw.line(surface, theme.seat_colour(seat), (x, p.y + 10), (x + 16, p.y + 10), 3)
                x = theme.draw_text(surface, label, (x + 20, p.y + 10), 14, theme.colours.text, anchor="midleft",
                                    shadow=False).right + 12


TITLE = "Each side's worth over the game, as the expert weighs it (0 lost, 1 won); dots: inaccuracies, " \
        "mistakes, blunders"


def save_png(report: dict, path, names: list[str] | None = None, size=(900, 340)) -> None:
    """The chart of `report` written to `path` as a PNG (no window needed), under a line saying what it shows."""
    surface = pygame.Surface(size)   # (theme.font starts pygame's fonts where the window has not)
    surface.fill(theme.colours.panel)
    theme.draw_text(surface, TITLE, (10, 6), 14, theme.colours.text_dim, shadow=False)
    Chart(report, pygame.Rect(0, 24, size[0], size[1] - 24)).draw(surface, names)
    pygame.image.save(surface, str(path))
