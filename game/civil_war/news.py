"""The Civil War board's news: what each event sounds like, and the war's tallies for the game-over table."""
from game import sound
from game.civil_war.log import SIDE_TITLES


class News:
    def __init__(self, seats):
        self.seats = seats
        self.attacks = [0, 0]
        self.lost = [0, 0]

    def on_event(self, e: dict) -> None:
        kind = e["type"]
        if kind == "battle":
            self.attacks[e["attacker"]] += 1
            sound.play("dice")
        elif kind == "captured":
            sound.play("conquest")
        elif kind == "eliminated":
            self.lost[e["side"]] += sum(sum(g["units"].values()) for g in e["units"])
        elif kind == "turn" and e["side"] in self.seats.link.my_seats:
            sound.play("turn")

    def game_over_rows(self) -> list:
        flags = self.seats.pub.get("flags", {})
        return [("Side", list(SIDE_TITLES)),
                ("Cities taken", [sum(1 for s in flags.values() if s == seat) for seat in (0, 1)]),
                ("Attacks made", list(self.attacks)),
                ("Units lost", list(self.lost))]
