"""The Civil War Game's event log: a sentence per event, on the shared log panel
(game.board_kit.log), in the acting side's colour. Squares are named by their
city where they have one ("Nashville"), else by grid reference ("K7")."""
from game.board_kit import log as kit_log
from game.civil_war.counters import side_colour
from game.civil_war.orders import describe
from game.words import plural

SIDE_TITLES = ("Confederacy", "Union")


def square_name(board: dict, square) -> str:
    """A city's name, or the square's grid reference: column letter A-R, row number 1-18."""
    for c in board["cities"]:
        if c["at"] == list(square):
            return c["name"]
    return f"{chr(ord('A') + square[0])}{square[1] + 1}"


class EventLog(kit_log.EventLog):
    game_id = "civil_war"

    def __init__(self, board: dict, seat_name, width: int):
        super().__init__(width, colour_of=lambda seat: side_colour(seat) if seat is not None and seat >= 0
                         else (150, 150, 150))
        self.board = board
        self.seat_name = seat_name

    def who(self, side: int) -> str:
        return f"{self.seat_name(side)} ({SIDE_TITLES[side]})"

    def sentence(self, e: dict):
        at = lambda sq: square_name(self.board, sq)  # noqa: E731
        kind = e["type"]
        said = lambda text: (SIDE_TITLES[e["side"]] + text, e["side"], None)  # noqa: E731 - a line about the side
        if kind == "moved":
            how = " retreats" if e.get("retreat") else " rides the rails" if e.get("ride") else " moves"
            return said(f"{how}: {describe(e['units'])}, {at(e['from'])} to {at(e['to'])}.")
        if kind == "battle":
            how = {"larger": "a larger force attacks", "even": "even forces: a coin decides",
                   "sacrifice": "a one-unit sacrifice"}.get(e["kind"], e["kind"])
            return (f"Battle at {at(e['at'])}: {e['attack']} against {e['defence']}, {how}.", e["attacker"], None)
        if kind == "coin":
            return f"The coin falls for the {SIDE_TITLES[e['winner']]}.", e["winner"], None
        if kind == "eliminated":
            lost = sum(sum(g["units"].values()) for g in e["units"])
            why = {"battle": "in battle", "no_retreat": "with nowhere to retreat",
                   "losses": f"for the loss of {e.get('city')}"}.get(e["cause"], "")
            where = ", ".join(f"{describe(g['units'])} at {at(g['at'])}" for g in e["units"])
            return said(f" loses {lost} {why}: {where}.")
        if kind == "disabled":
            return said(f": {plural(e['units'], 'unit')} at {at(e['at'])} disabled for a turn.")
        if kind == "retreat_due":
            return said(f" must move {plural(e['units'], 'survivor')} out of {at(e['at'])}.")
        if kind == "captured":
            return (f"{SIDE_TITLES[e['by']]} captures {e['city']}! It costs the other side {plural(e['cost'], 'piece')}.",
                    e["by"], None)
        if kind == "losses_due":
            return said(f" owes {plural(e['count'], 'piece')} for {e['city']}.")
        if kind in ("fortified", "unfortified"):
            verb = "fortifies" if kind == "fortified" else "leaves the works of"
            if e.get("cause") == "abandoned":
                return f"The works at {e['city']} stand empty and are gone.", e["side"], None
            return said(f" {verb} {e['city']}.")
        if kind == "turn":
            return f"Turn {e['turn_number']}: {self.who(e['side'])}", e["side"], None
        if kind == "surrendered":
            return said(" surrenders.")
        if kind == "game_over":
            if not e["winners"]:
                return f"Game over: no winner ({e['reason']}).", None, None
            w = e["winners"][0]
            return f"Game over: the {SIDE_TITLES[w]} wins ({e['reason']}).", w, None
        return None


def action_words(board: dict, action: dict) -> str:
    """An action in the log's words (the expert's hint says it so)."""
    kind, name = action["type"], lambda sq: square_name(board, sq)
    if kind == "move":
        return f"move {describe(action['units'])} from {name(action['from'])} to {name(action['to'])}"
    if kind == "retreat":
        return f"retreat {describe(action['units'])} to {name(action['to'])}"
    if kind in ("fortify", "unfortify"):
        return f"{kind} at {name(action['at'])}"
    if kind == "choose_losses":
        return f"lose {describe(action['units'])} at {name(action['at'])}"
    return {"end_turn": "end the turn", "surrender": "surrender"}.get(kind, kind.replace("_", " "))
