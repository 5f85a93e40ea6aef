"""Tactics (1954) events as sentences on the shared log panel (game.board_kit.log), in the acting
side's colour. Units are named as the game names them ("12th Inf", "IIC HQ"); squares by their
city where they have one, else by column and row ("31,10"). Reserve moves say only that
something moved: where is its owner's secret, and the event carries it only to the owner.
"""
from engine.ah_tactics import queries
from game.ah_tactics.counters import SIDE_TITLES, side_colour, side_of_seat
from game.board_kit import log as kit_log

SIDE_INDEX = {"blue": 0, "red": 1}


def square_name(board: dict, square) -> str:
    if square is None:
        return "?"
    sq = list(square)
    for city in board.get("cities", []):
        if sq in city["squares"]:
            return city["name"]
    return f"{sq[0]},{sq[1]}"


class EventLog(kit_log.EventLog):
    def __init__(self, board: dict, units_of, width: int):
        """`units_of()`: the public units list of the view on show (names and sides)."""
        super().__init__(width, colour_of=lambda s: side_colour(("blue", "red")[s]) if s in (0, 1) else (150, 150, 150))
        self.board = board
        self.units_of = units_of

    def _unit(self, uid) -> dict:
        units = self.units_of() or []
        return units[uid] if isinstance(uid, int) and 0 <= uid < len(units) else {"name": f"unit {uid}", "side": None}

    def name(self, uid) -> str:
        return self._unit(uid)["name"]

    def seat(self, uid=None, side=None):
        side = side or self._unit(uid).get("side")
        return SIDE_INDEX.get(side)

    def _by_side(self, e: dict, what: str):
        """A seat's line in the side's words and colour, as this log names every actor."""
        side = side_of_seat(e["seat"])
        return f"{SIDE_TITLES[side]} {what}", self.seat(side=side), None

    def undo_sentence(self, e: dict):
        return self._by_side(e, "takes back the last move.")

    def resigned_sentence(self, e: dict):
        return self._by_side(e, "forfeits the game.")

    def sentence(self, e: dict):
        at = lambda sq: square_name(self.board, sq)  # noqa: E731
        kind = e["type"]
        if kind == "setup_done":
            return f"{SIDE_TITLES[e['side']]} has finished its set-up.", self.seat(side=e["side"]), None
        if kind == "first_move":
            rolls = ", ".join(f"{b}–{r}" for b, r in e.get("rolls", []))
            return f"Dice for the first move ({rolls}): {SIDE_TITLES[e['first']]} moves first.", \
                self.seat(side=e["first"]), None
        if kind == "turn":
            return f"Turn {e['round']}: {SIDE_TITLES[e['side']]} moves", self.seat(side=e["side"]), None
        if kind == "moved":
            how = " by sea" if e.get("sea") else ""
            cost = e.get("cost")
            return (f"{self.name(e['unit'])}{how}: {at(e['from'])} to {at(e['to'])}"
                    + (f" ({_squares(cost)} sq)" if cost else "") + ".", self.seat(e["unit"]), None)
        if kind == "dropped":
            return f"{self.name(e['unit'])} drops by air on {at(e['to'])}.", self.seat(e["unit"]), None
        if kind == "drop_failed":
            return f"{self.name(e['unit'])}'s drop on {at(e['at'])} is called off.", self.seat(e["unit"]), None
        if kind == "to_reserve":
            return f"{self.name(e['unit'])} goes into reserve, off the board.", self.seat(side=e["side"]), None
        if kind == "reserve_moved":
            if "unit" in e:
                return f"Reserve {self.name(e['unit'])} moves secretly to {at((e['x'], e['y']))}.", \
                    self.seat(side=e["side"]), None
            return f"{SIDE_TITLES[e['side']]} moves a reserve in secret.", self.seat(side=e["side"]), None
        if kind == "revealed":
            why = {"contact": " (stumbled upon)", "drop": " (an air drop upon it)", "fall-back": ""}.get(e.get("reason"), "")
            return f"{self.name(e['unit'])} comes out of reserve at {at(e['at'])}{why}.", self.seat(e["unit"]), None
        if kind == "stumbled":
            return f"{self.name(e['unit'])} stumbles upon hidden reserves!", self.seat(e["unit"]), None
        if kind == "contact_stands":
            return f"The reserves stand and fight {self.name(e['unit'])}.", None, None
        if kind == "regrouped":
            return f"{self.name(e['unit'])} joins {e['corps'] or 'no corps'}.", self.seat(e["unit"]), None
        if kind == "port_seized":
            return f"{e['port']} is seized by {SIDE_TITLES.get(e['by'], e['by'])}.", self.seat(side=e["by"]), None
        if kind == "movement_over":
            n = len(e.get("must_engage") or [])
            return (f"Movement over: {n} enemy unit{'s' if n != 1 else ''} must be engaged." if n
                    else "Movement over: no battles."), None, None
        if kind == "battle":
            att = " + ".join(self.name(u) for u in e["attackers"]) if isinstance(e["attackers"], list) \
                else " + ".join(self.name(int(u)) for u in e["attackers"])
            dfn = " + ".join(self.name(u) for u in e["defenders"])
            die = f", die {e['die']}" if e.get("die") else ""
            return (f"Battle: {att} against {dfn} at {e['odds']}{die}: {e['result']}.",
                    self.seat(_first(e["attackers"])), None)
        if kind == "eliminated":
            return f"{self.name(e['unit'])} is eliminated at {at(e.get('at'))}.", self.seat(e["unit"]), None
        if kind == "captured":
            return f"{self.name(e['unit'])} is taken prisoner.", self.seat(e["unit"]), None
        if kind == "replaced":
            return f"{self.name(e['unit'])} takes the place of {self.name(e['for'])}.", self.seat(e["unit"]), None
        if kind == "fell_back":
            return f"{self.name(e['unit'])} falls back to {at(e['to'])}.", self.seat(e["unit"]), None
        if kind in ("liberated", "escaped", "refitted"):
            verb = {"liberated": "is freed", "escaped": "escapes", "refitted": "is refitted"}[kind]
            return f"{self.name(e['unit'])} {verb}.", self.seat(e["unit"]), None
        if kind == "game_over":
            if not e.get("winner"):
                return f"Game over: no winner ({e.get('reason', '')}).", None, None
            return f"Game over: {SIDE_TITLES.get(e['winner'], e['winner'])} wins ({e.get('reason', '')}).", \
                self.seat(side=e["winner"]), None
        return None


def _squares(thirds) -> str:
    return queries.squares_text(thirds)


def _first(attackers):
    if isinstance(attackers, dict):
        return int(next(iter(attackers)))
    return attackers[0] if attackers else None
