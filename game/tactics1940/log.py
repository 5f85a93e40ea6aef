"""Tactics (1940)'s event log: a sentence per event, on the shared log panel (game.board_kit.log),
in the colour of the power it is about. Squares are named as the board prints them ("NW 4",
"the safety zone", "North's seaport"); players by their power."""
from game.board_kit import log as kit_log
from game.tactics1940.geometry import board

KIND_NAMES = {"battleship": "battleship", "transport": "transport", "airplane": "airplane"}
CAUSES = {"jumped": "jumped", "trapped": "trapped", "sailed into a trap": "sailed into a trap and sank",
          "submarine": "torpedoed by a submarine", "plane": "bombed from the air", "storm_at_sea": "lost in a storm",
          "sabotage": "sabotaged", "sacrificed": "sacrificed to pay a debt"}

# Events told in one sentence about the seat that acted: its power is {power}, the rest the event's own fields.
SEAT_SAYS = {
    "passed": "{power} cannot move and passes.",
    "declined": "{power} lets the card go.",
    "conscripted": "{power} conscripts a transport back into service.",
    "loan": "{power} takes a war loan of {coins} coin.",
    "forfeit_unpaid": "{power} cannot pay the rest ({reason}).",
    "sacrifice_owed": "{power} owes {owed} coin and has none: a piece must be sacrificed ({reason}).",
    "sacrifice_settled": "{power} settles with a sacrifice: {paid} paid, {change} back as change.",
    "joined": "{power} joins {camp}'s side.",
}


def square_name(sq) -> str:
    """A square as the board prints it: "NW 4" on the oceans, else the place it belongs to."""
    b = board()
    sq = (sq[0], sq[1])
    if sq in b.ocean_at:
        ocean, number = b.ocean_at[sq]
        return f"{ocean} {number}"
    kind = b.kinds.get(sq)
    if kind == "safety":
        return "the safety zone"
    if sq in b.home_of:
        power = b.home_of[sq]
        if sq in b.bases:
            return f"{power}'s plane base"
        return f"{power}'s seaport" if kind == "seaport" else f"{power}'s home area"
    holding = holding_area(sq)
    return HOLDING_NAMES[holding] if holding else "off the board"


HOLDING_NAMES = {"davy_jones_locker": "Davy Jones' Locker", "supply_base": "the Supply Base",
                 "gold_reserve": "the Gold Reserve", "chance_deck": "the chance cards"}


def holding_area(sq) -> str | None:
    """The holding area (a corner off the playing area) `sq` lies in, by its board name, or None."""
    b = board()
    for name, corner in b.corners.items():
        if (sq[0], sq[1]) in b.corner_squares[corner]:
            return name
    return None


class EventLog(kit_log.EventLog):
    heading_prefix = "Round "   # a turn's line counts rounds, as the top bar does
    game_id = "tactics1940"

    def __init__(self, width: int, *, powers, seat_name, piece_info):
        """`powers()`: the table's Powers (names and colours); `seat_name(seat)`: the player's name;
        `piece_info(id)`: (kind, owner) of a piece."""
        super().__init__(width, colour_of=lambda seat: powers().colour(seat))
        self.powers = powers
        self.seat_name = seat_name
        self.piece_info = piece_info

    def power(self, seat) -> str:
        return self.powers().name(seat)

    def own(self, name: str, seat) -> str:
        """A place named from its owner's side: "its seaport" for North's own, else the name as it is."""
        mine = f"{self.power(seat)}'s "
        return "its " + name[len(mine):] if seat is not None and name.startswith(mine) else name

    def route(self, e: dict) -> str:
        """Where a move went, as a person says it: "from NW 4 to NW 5", "from NW 4, jumping 2 transports, to
        NW 12", "from its seaport to SW 18", "within its home area" (a step inside one named place)."""
        path = e["path"]
        start, end = self.own(square_name(e["from"]), e["seat"]), self.own(square_name(path[-1]), e["seat"])
        jumped = len(e["captured"])
        over = f", jumping {jumped} transport{'s' if jumped > 1 else ''}," if jumped else ""
        if start == end and not jumped:
            return f"within {start}"
        return f"from {start}{over} to {end}"

    def at(self, square, seat) -> str:
        """Where a piece stood, with its preposition: "at NW 4", "in its home area", "in the safety zone"."""
        name = self.own(square_name(square), seat)
        spot = (square[0], square[1]) in board().ocean_at or name.endswith("plane base")
        return ("at " if spot else "in ") + name

    def sentence(self, e: dict):  # noqa: C901 - one branch per event type, as the protocol lists them
        kind = e["type"]
        power = self.power
        if kind in SEAT_SAYS:
            return SEAT_SAYS[kind].format_map({**e, "power": power(e["seat"])}), e["seat"], None
        if kind == "turn":
            seat = e["seat"]
            return f"Round {e['round']}: {power(seat)} ({self.seat_name(seat)})", seat, None
        if kind == "moved":
            kind_name = KIND_NAMES.get(self.piece_info(e["piece"])[0], "piece")
            return f"{power(e['seat'])} moves a {kind_name} {self.route(e)}.", e["seat"], None
        if kind == "destroyed":
            why = CAUSES.get(e["cause"], e["cause"])
            by = f" by {power(e['by'])}" if e.get("by") is not None and e["by"] != e["owner"] \
                and e["cause"] in ("jumped", "trapped", "plane") else ""
            where = "Davy Jones' Locker" if e["to"] == "davy_jones_locker" else "the Supply Base"
            return (f"{power(e['owner'])}'s {e['kind']} {self.at(e['at'], e['owner'])} is {why}{by}, off to "
                    f"{where}.", e["owner"], None)
        if kind == "window_opened":
            return (f"{power(e['mover'])} enters {square_name(e['square'])}: a submarine may strike "
                    f"({e['seconds']} s).", e["mover"], None)
        if kind == "window_closed":
            return f"No submarine at {square_name(e['square'])}.", None, None
        if kind == "strike":
            return (f"Submarine! {power(e['seat'])} strikes at {square_name(e['square'])}.", e["seat"], None)
        if kind == "drew":
            card = e["card"]
            return f"{power(e['seat'])} draws {card.get('title', 'a card')}.", e["seat"], None
        if kind == "reshuffled":
            return f"The discards are shuffled into a new deck of {e['cards']}.", None, None
        if kind == "deck_empty":
            return "The deck is empty: no card this turn.", e["seat"], None
        if kind == "no_effect":
            why = e.get("reason")
            return (f"{power(e['seat'])}'s card has nothing to act on" + (f": {why}." if why else "."),
                    e["seat"], None)
        if kind == "damaged":
            return (f"{power(e['by'])}'s planes damage {power(e['owner'])}'s battleship: back to port for "
                    "repairs.", e["by"], None)
        if kind == "moved_aside":
            return "A transport moves aside in its home port to make room for repairs.", None, None
        if kind == "maneuvered":
            return (f"Surprise maneuver: {power(e['seat'])}'s transport appears at {square_name(e['to'])}.",
                    e["seat"], None)
        if kind == "forfeit":
            to = "the Gold Reserve" if e["to"] is None else power(e["to"])
            return f"{power(e['seat'])} pays {to} {e['coins']} coin ({e['reason']}).", e["seat"], None
        if kind == "traded":
            return f"{power(e['seat'])}'s supply ship trades with {power(e['with'])}: a coin each.", e["seat"], None
        if kind == "returned":
            return f"{power(e['seat'])}'s supply ship sails home to {square_name(e['to'])}.", e["seat"], None
        if kind == "protest_served":
            return (f"{power(e['victim'])} serves a diplomatic protest on {power(e['offender'])}.",
                    e["victim"], None)
        if kind == "protest_paid":
            return f"{power(e['offender'])} pays {power(e['victim'])} 1 coin instead.", e["offender"], None
        if kind == "protest_accepted":
            n = e["accepted"]
            return (f"{power(e['offender'])} accepts the protest: it now holds {n} of {power(e['victim'])}'s "
                    "protest cards (three mean war).", e["offender"], None)
        if kind == "war":
            a, b = e["seats"]
            return f"War! {power(a)} and {power(b)} are at war.", a, None
        if kind == "demanded":
            return (f"{power(e['by'])} orders {power(e['owner'])}'s ship away from {e['port']}'s "
                    "seaport.", e["by"], None)
        if kind == "blockade":
            return f"BLOCKADE! {power(e['seat'])}'s seaport is shut by {e['by']}'s camp.", e["seat"], None
        if kind == "jackpot":
            shares = ", ".join(f"{power(s)} {c}" for s, c in e["shares"])
            return f"The jackpot of {e['coins']} coins goes to {e['camp']}'s camp: {shares}.", None, None
        if kind == "game_over":
            winners = " and ".join(power(w) for w in e["winners"]) or "nobody"
            return f"Game over: {winners} {'wins' if len(e['winners']) == 1 else 'win'} ({e['reason']}).", \
                (e["winners"][0] if e["winners"] else None), None
        return None



def advised_squares(pub: dict, action: dict) -> list:
    """The squares an action names: where its piece stands, the path it takes, where it goes."""
    at = None
    if "piece" in action:
        piece = next((p for p in pub.get("pieces", []) if p["id"] == action["piece"]), None)
        at = piece["at"] if piece is not None else None
    return ([at] if at is not None else []) + list(action.get("path") or []) + ([action["to"]] if "to" in action else [])


def action_words(powers, pub: dict, action: dict) -> str:
    """An action in the log's words (the expert's hint says it so)."""
    kind, squares = action["type"], [square_name(sq) for sq in advised_squares(pub, action)]
    piece = next((p for p in pub.get("pieces", []) if p["id"] == action.get("piece")), None)
    what = f"{powers.name(piece['owner'])}'s {piece['kind']}" if piece is not None else "the piece"
    if kind == "move":
        return f"move {what} from {squares[0]} to {squares[-1]}" if squares else "move"
    if kind in ("choose_piece", "demand"):
        return f"{'take' if kind == 'choose_piece' else 'demand'} {what}" + (f" on {squares[0]}" if squares else "")
    if kind in ("place", "maneuver"):
        return f"{'place' if kind == 'place' else 'maneuver'} {what if kind == 'maneuver' else 'the transport'} " \
               f"to {squares[-1]}"
    if kind == "choose_player":
        return f"pick {powers.name(action['seat'])}"
    return {"pass": "pass", "decline": "let the card go", "close_window": "let the window close"}.get(
        kind, kind.replace("_", " "))
