"""The event log panel: each event as a short sentence in its seat's colour, saying why where a rule decided.

A board subclasses `EventLog` and writes `sentence(event)`; the panel renders a
line once, when it arrives, and drawing blits ready surfaces. A sentence may
carry a merge key: consecutive events with the same key (but for a count) merge
into one line whose `{count}` grows, so repetitive openings do not flood the log.
Lines starting with `heading_prefix` (e.g. "Round ") stand out in the accent colour.

Why (engine.why): an event that names its rule ends its line with the rule, "(F: an HQ is lost on contact)",
as the game's glossary words it (game.rule_help, `game_id`); where the sentence already names it (a card drawn
is its own rule) or the board says it would only repeat what every line of that kind says (`rule_marked`), the
line ends with a "(?)" instead. Either way the pointer resting on it shows the rule's help (`rule_at`). Only
whole lines are drawn: the oldest one shown is never cut by the panel's top edge.

The Session's own events read the same on every board: `{"type": "undo", "seat": S, "events": N}` strikes out
the lines of the N events before it, the action taken back (`trail` keeps which line each event went to);
`{"type": "resigned", "seat": S}` reads "Ada forfeits the game." (the table resigned the seat), named by the
board's `seat_name` (or its `who`, where a board names a side so).
"""
import pygame

from engine.resign import RESIGNED
from engine.undo import UNDO_EVENT
from engine.why import RULE
from game import rule_help, theme

LINE_SIZE = 17
MAX_ENTRIES = 200
TRAIL = 400          # events remembered for taking back (an undo reaches back one seat's actions, at most 64)
MARK = "(?)"         # a line's rule where its sentence already says what the rule is


class EventLog:
    heading_prefix = "Turn "
    game_id: str | None = None              # whose glossary explains the rules the events name
    rule_marked: frozenset = frozenset()    # event types whose line shows its rule as MARK only

    def __init__(self, width: int, *, colour_of=None):
        """`colour_of(seat)`: the colour for a seat's lines (theme.seat_colour by default)."""
        self.width = width
        self.colour_of = colour_of or theme.seat_colour
        self.entries: list[dict] = []  # {"template", "count", "seat", "key", "rule", "marked", "struck", ...}
        self.trail: list = []          # per event received, newest last: (its entry, its count) or None
        self.scroll = 0
        self._hits: list = []          # (screen rect, RuleHelp) of the rules drawn in the last frame

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
        """An undo whose action's lines cannot be found (a log that did not see them): a line of its own."""
        seat = event.get("seat")
        return f"{self.actor_name(seat)} takes back the last move.", seat, None

    def resigned_sentence(self, event: dict):
        """The table resigned a seat (engine.resign: a missed move deadline at a club table)."""
        seat = event.get("seat")
        return f"{self.actor_name(seat)} forfeits the game.", seat, None

    # ----- the panel ------------------------------------------------------------------
    def add(self, event: dict) -> None:
        kind = event.get("type")
        if kind == UNDO_EVENT and self.take_back(event.get("events")):
            return
        said = self.undo_sentence(event) if kind == UNDO_EVENT else self.resigned_sentence(event) \
            if kind == RESIGNED else self.sentence(event)
        if said is None:
            self._remember(None)
            return
        text, seat, key = said
        rule = rule_help.help_of(self.game_id, event.get(RULE)) if self.game_id else None
        if key is not None:
            last = self.entries[-1] if self.entries else None
            if last is not None and last["key"] is not None and last["key"][:-1] == key[:-1] and not last["struck"]:
                last["count"] += key[-1]
                self._render(last)
                self._remember((last, key[-1]))
                return
            entry = self._entry(text, key[-1], seat, key, rule, kind)
        else:
            entry = self._entry(text, None, seat, None, rule, kind)
        self._append(entry)
        self._remember((entry, entry["count"]))

    def _entry(self, text, count, seat, key, rule, kind) -> dict:
        named = rule is not None and rule.title.lower() in text.lower()
        return {"template": text, "count": count, "seat": seat, "key": key, "rule": rule,
                "marked": named or kind in self.rule_marked, "struck": False}

    def add_text(self, text: str, seat=None) -> None:
        """A line that is not an event (chat, a notice)."""
        self._append(self._entry(text.replace("{", "(").replace("}", ")"), None, seat, None, None, None))

    def add_refusal(self, text: str, rule_id, seat=None) -> None:
        """The table refused this window's action under a rule (an `err` naming it): a line that stays after the
        notice fades, ending with the rule."""
        rule = rule_help.help_of(self.game_id, rule_id) if self.game_id else None
        if rule is not None:
            self._append(self._entry(f"Refused: {text}".replace("{", "(").replace("}", ")"), None, seat, None, rule,
                                     None))

    def _remember(self, item) -> None:
        self.trail.append(item)
        del self.trail[:-TRAIL]

    def take_back(self, count) -> bool:
        """An undo took back the action whose events were the last `count` this log received: strike their
        lines out (a merged line gives back its share of the count, and is struck once nothing is left of it).
        False when the log cannot tell which lines those were (it did not see them all)."""
        if not isinstance(count, int) or count < 0 or count > len(self.trail):
            return False
        for _ in range(count):
            item = self.trail.pop()
            if item is None:
                continue
            entry, share = item
            if entry["count"] is not None and share is not None and entry["count"] > share:
                entry["count"] -= share
            else:
                entry["struck"] = True
            self._render(entry)
        return True

    def _append(self, entry: dict) -> None:
        self._render(entry)
        self.entries.append(entry)
        del self.entries[:-MAX_ENTRIES]
        self.scroll = 0

    def _render(self, entry: dict) -> None:
        """The entry's line surfaces, and where its rule sits among them (`rule_rects`, from its top-left)."""
        text = entry["template"]
        if entry["count"] is not None:
            text = text.replace("{count}", self.count_text(entry["count"]))
        entry["text"] = text
        room = self.width - 14
        heading = bool(self.heading_prefix) and text.startswith(self.heading_prefix)
        colour = theme.lighten(self.colour_of(entry["seat"]), 0.35) if entry["seat"] is not None else theme.colours.text
        if heading:
            colour = theme.colours.accent
        if entry["struck"]:
            colour = theme.colours.text_dim
        lines = [[(line, colour, False)] for line in theme.wrap_text(text, room, LINE_SIZE, bold=heading)]
        rule = entry["rule"]
        label = (MARK if entry["marked"] else f"({rule.label})") if rule is not None else None
        if label is not None:
            rule_colour = theme.colours.text_dim if entry["struck"] else theme.colours.accent
            if theme.text_width(f"{lines[-1][0][0]} {label}", LINE_SIZE, heading) <= room:
                lines[-1].append((label, rule_colour, True))
            else:
                lines += [[(part, rule_colour, True)] for part in theme.wrap_text(label, room, LINE_SIZE)]
        entry["surfs"], entry["rule_rects"] = [], []
        y = 0
        for parts in lines:
            surf, rule_x = self._line(parts, heading, entry["struck"])
            if rule_x is not None:
                entry["rule_rects"].append(pygame.Rect(rule_x, y, surf.get_width() - rule_x, surf.get_height()))
            entry["surfs"].append(surf)
            y += surf.get_height()

    def _line(self, parts, bold: bool, struck: bool):
        """One line of (text, colour, is the rule) parts side by side, a space between, struck through when taken
        back; and where its rule part begins (None when it has none)."""
        rendered = [theme.render_text(text, LINE_SIZE, colour, bold and not is_rule) for text, colour, is_rule in parts]
        space = theme.font(LINE_SIZE).size(" ")[0]
        width = sum(s.get_width() for s in rendered) + space * (len(rendered) - 1)
        height = max(s.get_height() for s in rendered)
        surf = pygame.Surface((max(1, width), height), pygame.SRCALPHA)
        x, rule_x = 0, None
        for (_, _, is_rule), s in zip(parts, rendered):
            if is_rule and rule_x is None:
                rule_x = x
            surf.blit(s, (x, 0))
            x += s.get_width() + space
        if struck:
            pygame.draw.line(surf, theme.colours.text_dim, (0, height // 2 + 1), (width, height // 2 + 1), 1)
        return surf, rule_x

    def handle_wheel(self, dy: int) -> None:
        self.scroll = max(0, min(len(self.entries) - 1, self.scroll + dy))

    def rule_at(self, pos) -> "rule_help.RuleHelp | None":
        """The rule whose name is under `pos` in the last frame drawn, or None."""
        for rect, rule in self._hits:
            if rect.collidepoint(pos):
                return rule
        return None

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The newest lines at the bottom of `rect`, older ones above (scrolled by the wheel): whole entries only,
        so the top line is never cut by the panel's edge (an entry taller than the panel shows its last lines)."""
        y = rect.bottom - 4
        top = rect.y + 2
        end = len(self.entries) - self.scroll
        self._hits = []
        clip = surface.get_clip()
        surface.set_clip(rect)
        for entry in reversed(self.entries[:end]):
            surfs = entry["surfs"]
            h = sum(s.get_height() for s in surfs) + 3
            if y - h < top and y < rect.bottom - 4:
                break   # this entry would be cut: the lines above the newest whole ones stay empty
            y -= h
            yy = y
            for s in surfs:
                if yy >= top:
                    surface.blit(s, (rect.x + 8, yy))
                yy += s.get_height()
            for r in entry["rule_rects"]:
                hit = r.move(rect.x + 8, y)
                if hit.top >= top:
                    self._hits.append((hit, entry["rule"]))
            if y < top:
                break
        surface.set_clip(clip)
