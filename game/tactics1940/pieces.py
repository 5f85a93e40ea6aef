"""The Tactics (1940) table as the board reads it once per view: the powers, the pieces by id, what the side
panels show (worked out once per revision), and the seat's own submarine cards."""
from game.tactics1940.map_layer import MapLayer
from game.tactics1940.powers import Powers


class Pieces:
    def __init__(self, seats):
        self.seats = seats
        link = seats.link
        first = link.view(None) or (link.view(link.my_seats[0]) if link.my_seats else None) or {}
        self.powers = Powers(first.get("public", {}).get("powers") or [])
        self.by_id: dict[int, dict] = {}
        self.panel_keys: tuple = ()        # what the side panels show, worked out once per revision

    def read(self) -> None:
        pub = self.seats.pub
        if not self.powers.of_seat and pub.get("powers"):
            self.powers = Powers(pub["powers"])
        self.by_id = {p["id"]: p for p in pub.get("pieces", ())}
        self.panel_keys = (repr(pub.get("coins")), repr(pub.get("protest_cards")), repr(pub.get("accepted")),
                           repr(pub.get("submarines")), repr(pub.get("camps")), MapLayer.key_of(pub),
                           repr(pub.get("drawn")), pub.get("deck"), len(pub.get("discard") or ()))

    def piece_info(self, piece_id: int) -> tuple[str, int]:
        p = self.by_id.get(piece_id)
        return (p["kind"], p["owner"]) if p else ("transport", -1)

    def piece_at(self, cell) -> dict | None:
        for p in self.seats.pub.get("pieces", ()):
            if p["at"] is not None and (p["at"][0], p["at"][1]) == tuple(cell):
                return p
        return None

    def own_cards(self) -> list[dict]:
        """The shown seat's own submarine cards; nothing under the cover or for a spectator."""
        seats = self.seats
        if seats.covered or seats.shown_seat is None or not seats.view:
            return []
        return list(seats.view.get("private", {}).get("submarines") or [])
