"""The Tactics (1954) board's news: moves sliding, battles playing one after another (the map pans to one out of
view), losses fading, their sounds, and the war's tallies for the game-over table."""
from engine.ah_tactics import queries
from game import sound
from game.ah_tactics.counters import look, side_of_seat
from game.ah_tactics.effects import Effects
from game.ah_tactics.geometry import GRID


class News:
    def __init__(self, seats, places, view, factor):
        """`places`: where the units show; `view`: the MapView a battle out of sight is panned into; `factor()`:
        the animations' speed now (0: none)."""
        self.seats, self.places, self.view, self.factor = seats, places, view, factor
        self.effects = Effects()
        self.last_battle: dict | None = None  # the last `battle` event: its cell lights in the chart
        self.battles_seen = 0

    def on_event(self, e: dict) -> None:
        kind, factor = e["type"], self.factor()
        positions = self.places.positions
        if kind in ("moved", "fell_back", "dropped"):
            self.effects.slide(e["unit"], e.get("from"), e.get("to"), factor)
        elif kind == "battle":
            self.battles_seen += 1
            self.last_battle = e
            squares = [positions.get(u) for u in e["defenders"]]
            around = [positions.get(int(u)) for u in e["attackers"]]
            self.effects.battle(e, squares, factor, around)
            self._show_battle([sq for sq in squares + around if sq is not None])
            sound.play("dice")
        elif kind == "eliminated":
            u = self.places.unit(e["unit"])
            if u is not None:
                self.effects.loss(e["unit"], e.get("at"), look(u), factor)
        elif kind == "turn" and any(side_of_seat(s) == e["side"] for s in self.seats.link.my_seats):
            sound.play("turn")

    def _show_battle(self, squares: list) -> None:
        """A battle about to play out of view: the map pans (at the zoom the player chose) to show it."""
        if not squares or self.effects.battles[-1:] == [] or any(self.view.is_visible(sq) for sq in squares):
            return
        x = sum(sq[0] for sq in squares) / len(squares)
        y = sum(sq[1] for sq in squares) / len(squares)
        self.view.camera.centre_on((x + 0.5) * GRID.size, (y + 0.5) * GRID.size)

    def game_over_rows(self) -> list | None:
        if self.effects.battles:
            return None   # let the last battles play first
        # the game's own tally of the state shown, not the events this window happened to see (a game
        # continued, or units lost in battle, would go uncounted)
        tally = queries.army_tallies(self.seats.view or {})
        return [("Side", ["Blue", "Red"]), ("Divisions left", [tally["blue"]["divisions"], tally["red"]["divisions"]]),
                ("Units lost", [tally["blue"]["lost"], tally["red"]["lost"]])]
