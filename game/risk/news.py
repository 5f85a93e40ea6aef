"""The Risk board's news: what each event sounds like, and the tallies for the game-over table."""
from game import sound


class News:
    def __init__(self, seats):
        self.seats = seats
        n = len(seats.link.seats)
        self.traded = [0] * n
        self.conquests = [0] * n

    def on_event(self, e: dict) -> None:
        kind = e["type"]
        if kind == "battle":
            sound.play("conquest" if e["conquered"] else "dice")
            if e["conquered"] and 0 <= e["attacker"] < len(self.conquests):
                self.conquests[e["attacker"]] += 1
        elif kind == "traded" and 0 <= e["seat"] < len(self.traded):
            self.traded[e["seat"]] += 1
        elif kind == "turn" and e["seat"] in self.seats.link.my_seats:
            sound.play("turn")

    def game_over_rows(self) -> list:
        stats = self.seats.pub.get("stats") or []
        return [("Territories", [s.get("territories", 0) for s in stats]),
                ("Armies", [s.get("armies", 0) for s in stats]),
                ("Sets traded", list(self.traded)),
                ("Conquests", list(self.conquests))]
