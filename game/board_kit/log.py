"""The event log panel: each event as a short sentence in its seat's colour.

A board subclasses `EventLog` and writes `sentence(event)`; the panel renders a
line once, when it arrives, and drawing blits ready surfaces. A sentence may
carry a merge key: consecutive events with the same key (but for a count) merge
into one line whose `{count}` grows, so repetitive openings do not flood the log.
Lines starting with `heading_prefix` (e.g. "Turn ") stand out in the accent colour.
The Session's own `{"type": "undo", "seat": S}` reads the same on every board ("Ada takes back the
last move."), named by the board's `seat_name` (or its `who`, where a board names a side so); so does
its `{"type": "resigned", "seat": S}` ("Ada forfeits the game.": the table resigned the seat).
"""
import pygame

from engine.resign import RESIGNED
from engine.undo import UNDO_EVENT
from game import theme

LINE_SIZE = 17
MAX_ENTRIES = 200


class EventLog:
    heading_prefix = "Turn "

    def __init__(self, width: int, *, colour_of=None):
        """`colour_of(seat)`: the colour for a seat's lines (theme.seat_colour by default)."""
        self.width = width
        self.colour_of = colour_of or theme.seat_colour
        self.entries: list[dict] = []  # {"template", "count", "seat", "key", "text", "surfs"}
        self.scroll = 0

    # ----- what a board provides ---------------------------------------------------
    def sentence(self, event: dict):
        """(text, seat for colour, merge key or None) for an event, or None for events not worth a line.

        A merge key is a tuple whose last item is this event's count; the text then holds `{count}`."""
        return None

    def count_text(self, count: int) -> str:
        """How a merged count reads in the line ("3 armies")."""
        return str(count)

    def actor_name(self, seat) -> str:
        """Who a seat is in a line of the frame's own (an undo): the board's `seat_name`, else "Seat N"."""
        name_of = getattr(self, "seat_name", None)
        return name_of(seat) if callable(name_of) and seat is not None else f"Seat {seat + 1}" if seat is not None \
            else "Someone"

    def undo_sentence(self, event: dict):
        """The Session's undo (engine.undo), the same on every board."""
        seat = event.get("seat")
        return f"{self.actor_name(seat)} takes back the last move.", seat, None

    def resigned_sentence(self, event: dict):
        """The table resigned a seat (engine.resign: a missed move deadline at a club table)."""
        seat = event.get("seat")
        return f"{self.actor_name(seat)} forfeits the game.", seat, None

    # ----- the panel ------------------------------------------------------------------
    def add(self, event: dict) -> None:
        kind = event.get("type")
        said = self.undo_sentence(event) if kind == UNDO_EVENT else self.resigned_sentence(event) \
            if kind == RESIGNED else self.sentence(event)
        if said is None:
            return
        text, seat, key = said
        if key is not None:
            last = self.entries[-1] if self.entries else None
            if last is not None and last["key"] is not None and last["key"][:-1] == key[:-1]:
                last["count"] += key[-1]
                self._render(last)
                return
            entry = {"template": text, "count": key[-1], "seat": seat, "key": key}
        else:
            entry = {"template": text, "count": None, "seat": seat, "key": None}
        self._append(entry)

    def add_text(self, text: str, seat=None) -> None:
        """A line that is not an event (chat, a notice)."""
        self._append({"template": text.replace("{", "(").replace("}", ")"), "count": None, "seat": seat, "key": None})

    def _append(self, entry: dict) -> None:
        self._render(entry)
        self.entries.append(entry)
        del self.entries[:-MAX_ENTRIES]
        self.scroll = 0

    def _render(self, entry: dict) -> None:
        text = entry["template"]
        if entry["count"] is not None:
            text = text.replace("{count}", self.count_text(entry["count"]))
        entry["text"] = text
        colour = theme.lighten(self.colour_of(entry["seat"]), 0.35) if entry["seat"] is not None else theme.colours.text
        heading = bool(self.heading_prefix) and text.startswith(self.heading_prefix)
        lines = theme.wrap_text(text, self.width - 14, LINE_SIZE, bold=heading)
        entry["surfs"] = [theme.render_text(line, LINE_SIZE, theme.colours.accent if heading else colour, heading)
                          for line in lines]

    def handle_wheel(self, dy: int) -> None:
        self.scroll = max(0, min(len(self.entries) - 1, self.scroll + dy))

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The newest lines at the bottom of `rect`, older ones above (scrolled by the wheel)."""
        y = rect.bottom - 4
        end = len(self.entries) - self.scroll
        clip = surface.get_clip()
        surface.set_clip(rect)
        for entry in reversed(self.entries[:end]):
            surfs = entry["surfs"]
            h = sum(s.get_height() for s in surfs) + 3
            y -= h
            if y + h < rect.y:
                break
            yy = y
            for s in surfs:
                surface.blit(s, (rect.x + 8, yy))
                yy += s.get_height()
        surface.set_clip(clip)
