"""Tactics (1954) events as sentences on the shared log panel (game.board_kit.log), in the acting
side's colour. Units are named as the game names them ("12th Inf", "IIC HQ"), with their side's name
where a line names both sides' units or a loss (both armies have a 6th Inf, an IIC HQ...: counters.of_side,
"Red's 6th Inf"); squares by their
city where they have one, else by column and row ("31,10"). Reserve moves say only that
something moved: where is its owner's secret, and the event carries it only to the owner.

A loss says why: an HQ lost in contact names the unit whose move made the contact ("1st Army HQ is
eliminated — Red's 2nd Armd moved next to it"), a unit halted names what it met, and the rule follows
(board_kit.log: "(F: an HQ is lost on contact)", its help under the pointer).
"""
from engine.ah_tactics import queries
from game.ah_tactics.charts import columns_text
from game.ah_tactics.counters import SIDE_TITLES, of_side, side_colour, side_of_seat, unit_name
from game.board_kit import log as kit_log

SIDE_INDEX = {"blue": 0, "red": 1}


def square_name(board: dict, square) -> str:
    if square is None:
        return "?"
    sq = list(square)
    for city in board.get("cities", []):
        if sq in city["squares"]:
            return city["name"]
    return queries.square_text(sq)


class EventLog(kit_log.EventLog):
    heading_prefix = "Round "   # the turn event counts rounds, as the top bar does
    game_id = "ah_tactics"

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

    def names(self, uids) -> str:
        """Units in a sentence: "9th Inf", "9th Inf and 2nd Armd", "9th Inf, 12th Inf and 2nd Armd"."""
        named = [self.name(u) for u in uids]
        return ", ".join(named[:-1]) + " and " + named[-1] if len(named) > 1 else "".join(named)

    def sided(self, uid) -> str:
        """A unit with its side's name: "Red's 2nd Armd"."""
        return unit_name(self._unit(uid))

    def sided_names(self, uids, joiner=None) -> str:
        """One side's units with its name once: "Red's 9th Inf and 2nd Armd" (`joiner`: how the names join)."""
        uids = list(uids)
        text = joiner([self.name(u) for u in uids]) if joiner else self.names(uids)
        return of_side(self._unit(uids[0]).get("side"), text) if uids else text

    def where(self, e: dict) -> str:
        return _where(self.board, e)

    def why_lost(self, e: dict) -> str:
        """Why a unit was eliminated, in a few words: whose move made the contact, the battle, no room..."""
        if e.get("reason") == "contact":
            return self.lost_in_contact(e)
        return LOST_BECAUSE.get(e.get("reason"), e.get("reason") or "lost")

    def lost_in_contact(self, e: dict) -> str:
        """Why an HQ (or a refitting unit) was lost in contact: whose move made the contact."""
        lost, mover, by = e["unit"], e.get("mover"), list(e.get("by") or [])
        if mover is not None and mover in by:
            return f"{self.sided(mover)} moved next to it"
        if mover == lost and by:
            return f"it moved next to {self.sided(by[0])}" + (f" and {len(by) - 1} more" if len(by) > 1 else "")
        return f"in contact with {self.sided_names(by)}" if by else "in enemy contact"

    def halted_sentence(self, e: dict, at):
        """A unit halted in contact, naming what it met that still stands: an HQ its arrival took out (the line
        before says it is eliminated) is not named as its contact."""
        took = set(e.get("lost") or [])
        standing = [u for u in e.get("by") or [] if u not in took]
        if standing:
            met = f", in contact with {self.sided_names(standing)}"
        elif took:
            met = f", where it took out {self.sided_names(sorted(took))}"
        else:
            met = ", in contact"
        who = self.sided(e["unit"]) if e.get("by") else self.name(e["unit"])
        return f"{who} halts at {at(e['at'])}{met}.", self.seat(e["unit"]), None

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
            return f"Round {e['round']}: {SIDE_TITLES[e['side']]} moves", self.seat(side=e["side"]), None
        if kind == "moved":
            how = " by sea" if e.get("sea") else ""
            cost = e.get("cost")
            start, end = at(e["from"]), at(e["to"])
            if start == end and list(e["from"]) != list(e["to"]):   # within one city: its squares, and the city
                start, end = queries.square_text(e["from"]), f"{queries.square_text(e['to'])} in {end}"
            return (f"{self.name(e['unit'])}{how}: {start} to {end}"
                    + (f" ({_squares(cost)} sq)" if cost else "") + ".", self.seat(e["unit"]), None)
        if kind == "halted":
            return self.halted_sentence(e, at)
        if kind == "dropped":
            return f"{self.name(e['unit'])} drops by air on {at(e['to'])}.", self.seat(e["unit"]), None
        if kind == "drop_failed":
            return f"{self.name(e['unit'])}'s drop is called off: a hidden reserve holds the ground.", \
                self.seat(e["unit"]), None
        if kind == "to_reserve":
            return f"{self.name(e['unit'])} goes into reserve, off the board.", self.seat(side=e["side"]), None
        if kind == "reserve_moved":
            if "unit" in e:
                return f"Reserve {self.name(e['unit'])} moves secretly to {at((e['x'], e['y']))}.", \
                    self.seat(side=e["side"]), None
            return f"{SIDE_TITLES[e['side']]} moves a reserve in secret.", self.seat(side=e["side"]), None
        if kind == "revealed":
            why = {"contact": ": an enemy came next to it", "drop": ": an air drop came down on it",
                   "fall-back": ": a unit falling back ran into it"}.get(e.get("reason"), "")
            return f"{self.name(e['unit'])} comes out of reserve at {at(e['at'])}{why}.", self.seat(e["unit"]), None
        if kind == "stumbled":
            return f"{self.name(e['unit'])} stumbles upon hidden reserves!", self.seat(e["unit"]), None
        if kind == "contact_stands":
            return f"The reserves stand and fight {self.sided(e['unit'])}, which stays where it stopped.", None, None
        if kind == "regrouped":
            return f"{self.name(e['unit'])} joins {e['corps'] or 'no corps'}.", self.seat(e["unit"]), None
        if kind == "port_seized":
            return f"{e['port']} is seized by {SIDE_TITLES.get(e['by'], e['by'])}.", self.seat(side=e["by"]), None
        if kind == "movement_over":
            n = len(e.get("must_engage") or [])
            return (f"Movement over: {n} enemy unit{'s' if n != 1 else ''} must be engaged." if n
                    else "Movement over: no battles."), None, None
        if kind == "battle":
            plus = " + ".join
            att = self.sided_names([int(u) for u in e["attackers"]], plus)
            dfn = self.sided_names(e["defenders"], plus)
            die = f", die {e['die']}" if e.get("die") else ""
            return (f"Battle: {att} against {dfn} at {columns_text(e)}{die}: {e['result']}.",
                    self.seat(_first(e["attackers"])), None)
        if kind == "eliminated":
            return f"{self.sided(e['unit'])} is eliminated{self.where(e)} — {self.why_lost(e)}.", \
                self.seat(e["unit"]), None
        if kind == "captured":
            by = f" by {SIDE_TITLES[e['by']]}" if e.get("by") in SIDE_TITLES else ""
            cut_off = ", cut off for two complete turns" if e.get("reason") == "encircled" else ""
            return f"{self.sided(e['unit'])} is taken prisoner{by}{cut_off}.", self.seat(e["unit"]), None
        if kind == "replaced":
            return f"{self.name(e['unit'])} takes the place of {self.name(e['for'])}.", self.seat(e["unit"]), None
        if kind == "fell_back":
            if e.get("reason") == "reserves":
                return (f"{self.name(e['unit'])} falls back to {at(e['to'])}, where it set out: it met hidden "
                        "reserves.", self.seat(e["unit"]), None)
            return f"{self.name(e['unit'])} falls back to {at(e['to'])}.", self.seat(e["unit"]), None
        if kind == "liberated":
            return f"{self.name(e['unit'])} is freed by its own side and goes to refit.", self.seat(e["unit"]), None
        if kind == "escaped":
            return (f"{self.name(e['unit'])}, left unguarded, escapes to refit at {at(e['at'])}.",
                    self.seat(e["unit"]), None)
        if kind == "refitted":
            return f"{self.name(e['unit'])} is refitted and fights again.", self.seat(e["unit"]), None
        if kind == "game_over":
            if not e.get("winner"):
                return f"Game over: no winner ({e.get('reason', '')}).", None, None
            return f"Game over: {SIDE_TITLES.get(e['winner'], e['winner'])} wins ({e.get('reason', '')}).", \
                self.seat(side=e["winner"]), None
        return None


def _where(board, e: dict) -> str:
    return f" at {square_name(board, e['at'])}" if e.get("at") else ""


LOST_BECAUSE = {"battle": "lost in battle", "exchange": "lost in the exchange",
                "no room to fall back": "no free ground to fall back on", "encircled": "cut off for two complete turns",
                "escaped with nowhere to go": "it escaped, and its Replacement Center has no room"}


def _squares(thirds) -> str:
    return queries.squares_text(thirds)


def _first(attackers):
    if isinstance(attackers, dict):
        return int(next(iter(attackers)))
    return attackers[0] if attackers else None


def action_words(unit_of, board: dict, action: dict, reader: str | None = None) -> str:
    """An action in the log's words (the expert's hint says it so); `unit_of(uid)`: the unit, or None; the
    enemy's units (not `reader`'s side) named with their side: "7th Inf attacks Red's 6th Inf"."""
    def name(uid):
        return unit_name(unit_of(uid), reader)
    kind = action["type"]
    to = square_name(board, action["to"]) if "to" in action else ""
    if kind in ("move", "place", "drop", "retreat"):
        verb = {"move": "move", "place": "place", "drop": "drop", "retreat": "fall back with"}[kind]
        return f"{verb} {name(action['unit'])} to {to}"
    if kind == "assign":
        return f"{name(action['attacker'])} attacks {name(action['defender'])}"
    if kind == "combine":
        return f"fight {name(action['defender'])} and {name(action['with'])} as one battle"
    if kind in ("reserve", "reveal", "unassign"):
        verb = {"reserve": "send {} into reserve", "reveal": "bring {} back", "unassign": "take {} out of the plan"}
        return verb[kind].format(name(action["unit"]))
    if kind == "regroup":
        return f"{name(action['unit'])} joins {action['corps']}"
    if kind == "contact":
        return {"fight": "fight", "fall_back": "fall back"}.get(action["choice"], str(action["choice"]))
    return {"end_movement": "end the movement", "confirm_battles": "confirm the battle plan",
            "setup_done": "finish the set-up"}.get(kind, kind.replace("_", " "))
