"""The race's event log: who placed what, flags, bases, bridges, beachheads, in the side's shade (a line is
keyed by its side; a seat's own lines, chat and resigning, by the side it builds)."""
from engine.situation4.queries import side_of
from game.board_kit.log import EventLog
from game.situation4 import palette


class RaceLog(EventLog):
    heading_prefix = "Race "
    game_id = "situation4"
    rule_marked = frozenset({"square_won"})   # "fills a whole square: +50" says it all

    def __init__(self, board, width: int, seat_name):
        super().__init__(width, colour_of=palette.side_shade)
        self.board = board
        self.seat_name = seat_name

    def add_text(self, text: str, seat=None) -> None:
        super().add_text(text, None if seat is None else side_of(seat))

    def undo_sentence(self, event: dict):
        return self._by_side(*super().undo_sentence(event))

    def resigned_sentence(self, event: dict):
        return self._by_side(*super().resigned_sentence(event))

    @staticmethod
    def _by_side(text: str, seat, key):
        return text, None if seat is None else side_of(seat), key

    def side(self, side: int) -> str:
        return palette.side_name(self.board, side)

    def count_text(self, count: int) -> str:
        return f"{count} piece{'s' if count != 1 else ''}"

    def sentence(self, e: dict):
        kind = e["type"]
        side = e.get("side")
        if kind == "placed":
            return f"{self.seat_name(e['seat'])} lays {{count}}.", side, ("placed", e["seat"], 1)
        if kind == "square_won":
            return f"{self.side(side)} fills a whole square: +{e['points']}.", side, None
        if kind == "base_complete":
            what = "tanks roll onto" if e["base"] == "tank" else "paratroopers land on"
            return f"{self.side(side)}'s {e['forces']} {what} their base.", side, None
        if kind == "flag_window":
            return f"{self.side(side)} laid an objective worth {e['points']}: flag it now!", side, None
        if kind == "flag_lapsed":
            return f"{self.side(side)} let the moment pass: that objective is open.", side, None
        if kind == "flagged":
            how = {"at_once": "at once", "lapsed": "on an open objective", "at_completion": "as the race ended"}
            return f"{self.side(side)} plants a flag {how.get(e['how'], '')}: +{e['points']}.", side, None
        if kind == "paradropped":
            return f"{self.seat_name(e['seat'])} drops a paratrooper: a beachhead!", side, None
        if kind == "tank_placed":
            return f"{self.seat_name(e['seat'])} posts a tank.", side, None
        if kind == "bridge_placed":
            return f"{self.seat_name(e['seat'])} bridges the river: +{e['points']}.", side, None
        if kind == "complete":
            totals = e["totals"]
            return (f"Race over: {self.side(0)} {totals[0]}, {self.side(1)} {totals[1]}.", None, None)
        return None
