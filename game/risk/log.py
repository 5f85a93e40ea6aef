"""Risk's event log: the sentences for risk's events, on the shared log panel
(game.board_kit.log). Consecutive placements by one player on one territory
merge into one line so the opening does not flood the log. Every battle and every
turn's reinforcements follow the same rule, so their lines end with a "(?)" for it,
not its name.
"""
from game.board_kit import log as kit_log
from game.words import plural


def losses_text(attacker: int, defender: int) -> str:
    """'attacker loses 1, defender loses 1', 'defender loses 2', or 'no losses'."""
    parts = [f"{who} loses {n}" for who, n in (("attacker", attacker), ("defender", defender)) if n]
    return ", ".join(parts) or "no losses"


class EventLog(kit_log.EventLog):
    game_id = "risk"
    rule_marked = frozenset({"battle", "reinforcements"})

    def __init__(self, names: dict, seat_name, width: int):
        super().__init__(width)
        self.names = names          # territory id -> name
        self.seat_name = seat_name  # seat -> player name

    def count_text(self, count: int) -> str:
        return plural(count, "army")

    def sentence(self, e: dict):
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
            return f"{p(e['seat'])} receives {plural(e['armies'], 'army')}{extra}.", e["seat"], None
        if kind == "traded":
            bonus = (f" +{e['bonus_armies']} on {n[e['bonus_territory']]}" if e.get("bonus_territory") else "")
            return f"{p(e['seat'])} trades a set for {plural(e['armies'], 'army')}{bonus}.", e["seat"], None
        if kind == "battle":
            a = " ".join(map(str, e["attacker_dice"]))
            d = " ".join(map(str, e["defender_dice"]))
            tail = " Conquered!" if e["conquered"] else ""
            return (f"{p(e['attacker'])} attacks {n[e['to']]} from {n[e['from']]}: {a} against {d}, "
                    f"{losses_text(e['attacker_losses'], e['defender_losses'])}.{tail}"), e["attacker"], None
        if kind == "occupied":
            return f"{p(e['seat'])} moves {e['count']} into {n[e['to']]}.", e["seat"], None
        if kind == "fortified":
            return f"{p(e['seat'])} fortifies {n[e['to']]} with {e['count']} from {n[e['from']]}.", e["seat"], None
        if kind == "card_drawn":
            card = e.get("card")
            what = f": {n.get(card.get('territory'), 'Wild') if card.get('territory') else 'Wild'} ({card['symbol']})" if card else ""
            return f"{p(e['seat'])} draws a card{what}.", e["seat"], None
        if kind == "eliminated":
            return (f"{p(e['seat'])} has lost the last territory and is out: {p(e['by'])} takes "
                    f"{plural(e.get('cards_taken', 0), 'card')}.", e["by"], None)
        if kind == "game_over":
            return f"Game over: {', '.join(p(w) for w in e['winners'])} wins!", (e["winners"] or [None])[0], None
        return None
