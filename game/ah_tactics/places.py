"""Where each Tactics (1954) unit shows on the board of the seat on show: the public squares, in the set-up the
seat's own arrangement, and all game long its own reserves (drawn for it only) — read once per view."""
from game.ah_tactics.counters import side_of_seat

ON_BOARD = ("active", "prisoner", "refitting")


class Places:
    def __init__(self, seats):
        self.seats = seats
        self.positions: dict[int, tuple] = {}
        self.hidden: set[int] = set()         # our own reserves (drawn for us only, with the secret rim)
        self.by_square: dict[tuple, int] = {}
        self.units_key = ""                   # the units' statuses and sides, as a key for what draws them
        self.placed = 0                       # bumped whenever the units' squares are read again

    @property
    def units(self) -> list[dict]:
        return self.seats.pub.get("units") or []

    @property
    def phase(self) -> str:
        return self.seats.pub.get("phase", "")

    @property
    def my_side(self) -> str | None:
        seat = self.seats.shown_seat
        return side_of_seat(seat) if seat is not None and not self.seats.covered else None

    @property
    def allowance(self):
        return ((self.seats.view or {}).get("private") or {}).get("allowance")

    def unit(self, uid) -> dict | None:
        units = self.units
        return units[uid] if uid is not None and 0 <= uid < len(units) else None

    def read(self) -> None:
        private = (self.seats.view or {}).get("private") or {}
        pos, hidden = {}, set()
        for u in self.units:
            if u.get("at") is not None and u["status"] in ON_BOARD:
                pos[u["id"]] = tuple(u["at"])
        for uid, sq in (private.get("arrangement") or {}).items():
            pos[int(uid)] = tuple(sq)
        for r in private.get("reserves") or []:
            pos[r["unit"]] = (r["x"], r["y"])
            hidden.add(r["unit"])
        if pos != self.positions or hidden != self.hidden:
            self.placed += 1
        self.positions, self.hidden = pos, hidden
        self.units_key = repr([(u["status"], u["side"]) for u in self.units])
        self.by_square = {sq: uid for uid, sq in pos.items()}
