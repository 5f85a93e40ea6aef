"""The event log: each event as a short sentence in its player's colour.

A line is rendered once, when it arrives; drawing the log blits ready
surfaces. Consecutive placements by one player on one territory merge into
one line so the opening does not flood the log.
"""
import pygame

from game import theme

LINE_SIZE = 17
MAX_ENTRIES = 200


class EventLog:
    def __init__(self, names: dict, seat_name, width: int):
        self.names = names          # territory id -> name
        self.seat_name = seat_name  # seat -> player name
        self.width = width
        self.entries: list[dict] = []  # {"text", "colour", "key", "surfs"}
        self.scroll = 0

    # ----- wording ---------------------------------------------------------------
    def sentence(self, e: dict) -> tuple[str, object, object] | None:
        """(text, seat for colour, merge key) for an event, or None for events not worth a line."""
        n, p = self.names, self.seat_name
        kind = e["type"]
        if kind == "claimed":
            return f"{p(e['seat'])} claims {n[e['territory']]}.", e["seat"], None
        if kind == "placed":
            neutral = e.get("owner") == -1
            who = "Neutral" if neutral else p(e["seat"])
            where = n[e["territory"]]
            seat = -1 if neutral else e["seat"]
            return f"{who} places {{count}} on {where}.", seat, ("placed", seat, e["territory"], e["count"])
        if kind == "turn":
            return f"Turn {e['turn_number']}: {p(e['seat'])} to play", e["seat"], None
        if kind == "reinforcements":
            bonus = ", ".join(f"{v} for {c.replace('_', ' ').title()}" for c, v in e.get("continents", {}).items())
            extra = f" ({e['territories']} for territories{', ' + bonus if bonus else ''})"
            return f"{p(e['seat'])} receives {e['armies']} armies{extra}.", e["seat"], None
        if kind == "traded":
            bonus = (f" +{e['bonus_armies']} on {n[e['bonus_territory']]}" if e.get("bonus_territory") else "")
            return f"{p(e['seat'])} trades a set for {e['armies']} armies{bonus}.", e["seat"], None
        if kind == "battle":
            a = " ".join(map(str, e["attacker_dice"]))
            d = " ".join(map(str, e["defender_dice"]))
            tail = " Conquered!" if e["conquered"] else ""
            return (f"{p(e['attacker'])}: {n[e['from']]} attacks {n[e['to']]}, {a} vs {d},"
                    f" losses {e['attacker_losses']}/{e['defender_losses']}.{tail}"), e["attacker"], None
        if kind == "occupied":
            return f"{p(e['seat'])} moves {e['count']} into {n[e['to']]}.", e["seat"], None
        if kind == "fortified":
            return f"{p(e['seat'])} fortifies {n[e['to']]} with {e['count']} from {n[e['from']]}.", e["seat"], None
        if kind == "card_drawn":
            card = e.get("card")
            what = f": {n.get(card.get('territory'), 'Wild') if card.get('territory') else 'Wild'} ({card['symbol']})" if card else ""
            return f"{p(e['seat'])} draws a card{what}.", e["seat"], None
        if kind == "eliminated":
            return f"{p(e['seat'])} is out, beaten by {p(e['by'])} ({e.get('cards_taken', 0)} cards taken).", e["by"], None
        if kind == "game_over":
            return f"Game over: {', '.join(p(w) for w in e['winners'])} wins!", (e["winners"] or [None])[0], None
        return None

    def add(self, event: dict) -> None:
        said = self.sentence(event)
        if said is None:
            return
        text, seat, key = said
        if key is not None and key[0] == "placed":
            last = self.entries[-1] if self.entries else None
            if last is not None and last["key"] is not None and last["key"][:3] == key[:3]:
                last["count"] += key[3]
                self._render(last)
                return
            entry = {"template": text, "count": key[3], "seat": seat, "key": key}
        else:
            entry = {"template": text, "count": None, "seat": seat, "key": None}
        self._render(entry)
        self.entries.append(entry)
        del self.entries[:-MAX_ENTRIES]
        self.scroll = 0

    def add_text(self, text: str, seat=None) -> None:
        entry = {"template": text.replace("{", "(").replace("}", ")"), "count": None, "seat": seat, "key": None}
        self._render(entry)
        self.entries.append(entry)

    def _render(self, entry: dict) -> None:
        text = entry["template"]
        if entry["count"] is not None:
            c = entry["count"]
            text = text.replace("{count}", f"{c} {'army' if c == 1 else 'armies'}")
        entry["text"] = text
        colour = theme.lighten(theme.seat_colour(entry["seat"]), 0.35) if entry["seat"] is not None else theme.colours.text
        is_turn = text.startswith("Turn ")
        lines = theme.wrap_text(text, self.width - 14, LINE_SIZE, bold=is_turn)
        entry["surfs"] = [theme.font(LINE_SIZE, is_turn).render(line, True, theme.colours.accent if is_turn else colour)
                          for line in lines]

    # ----- drawing -----------------------------------------------------------------
    def handle_wheel(self, dy: int) -> None:
        self.scroll = max(0, min(len(self.entries) - 1, self.scroll + dy))

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
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
