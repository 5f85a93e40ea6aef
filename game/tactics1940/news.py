"""The Tactics (1940) board's news: the table's events turned into animations (game.tactics1940.effects) and
sounds, the last move lit faintly, and the strikes this screen saw."""
from game import sound, theme
from game.tactics1940 import effects as fx
from game.tactics1940.effects import Effects
from game.tactics1940.orders import square


class News:
    def __init__(self, seats, pieces, sprites, board, factor):
        """`pieces`: the board's Pieces (the powers); `board`: the static board; `factor()`: the animations' speed."""
        self.seats, self.pieces, self.sprites, self.board, self.factor = seats, pieces, sprites, board, factor
        self.effects = Effects()
        self.last_move: tuple | None = None  # (from, to) of the last move, lit faintly
        self.strikes_seen: list[dict] = []   # strike events as this screen got them (tests read them)

    def on_event(self, e: dict) -> None:
        add = lambda anim: self.effects.add(anim, self.factor())  # noqa: E731
        kind = e["type"]
        if kind == "moved":
            add(fx.Slide(e["piece"], [e["from"], *e["path"]]))
            self.last_move = (square(e["from"]), square(e["path"][-1]))
        elif kind == "destroyed":
            if e["cause"] == "plane" and e.get("by") is not None:
                add(fx.Flight(self._plane_sprite(e["by"]), [(("base", e["by"]), ("square", e["at"]))], spin=True))
            add(fx.Sink(e["piece"], e["at"], blast=e["cause"] in ("plane", "submarine", "sabotage")))
        elif kind == "window_opened":
            add(fx.Flash(e["square"], theme.colours.bad))
        elif kind == "strike":
            self.strikes_seen.append(e)
            add(fx.Surfacing(e["square"], self.sprites.surfacing, self._open_water_beside(e["square"])))
            sound.play("conquest")
        elif kind == "damaged":
            add(fx.Flight(self._plane_sprite(e["by"]), [(("base", e["by"]), ("square", e["from"]))], spin=True))
            add(fx.Slide(e["piece"], [e["from"], e["to"]], arc=0.5, speed=0.6))
        elif kind in ("moved_aside",):
            add(fx.Slide(e["piece"], [e["from"], e["to"]]))
        elif kind == "maneuvered":
            add(fx.Slide(e["piece"], [e["from"], e["to"]], arc=0.9, speed=0.5))
        elif kind == "returned":
            add(fx.Slide(e["piece"], [e["from"], e["to"]], arc=1.1, speed=0.5))
        elif kind == "conscripted":
            add(fx.Flash(e["to"], theme.colours.good, appear=e["piece"]))
        elif kind == "traded":
            add(self._coins([(("reserve", None), ("seat", s)) for s in e["paid"]]))
        elif kind == "loan":
            add(self._coins([(("reserve", None), ("seat", e["seat"]))]))
        elif kind == "forfeit" and e["coins"]:
            to = ("reserve", None) if e["to"] is None else ("seat", e["to"])
            add(self._coins([(("seat", e["seat"]), to)]))
        elif kind == "protest_paid":
            add(self._coins([(("seat", e["offender"]), ("seat", e["victim"]))]))
        elif kind == "protest_served":
            colour = self.pieces.powers.colour(e["victim"])
            add(fx.Flight(lambda stage: self.sprites.protest(colour, (16, 22)),
                          [(("protests", e["victim"]), ("accepted", e["offender"]))]))
        elif kind == "jackpot":
            add(self._coins([(("reserve", None), ("seat", s)) for s, _ in e["shares"]], duration=1.0))
        elif kind == "drew":
            add(fx.Flight(lambda stage: self.sprites.card_back((40, 54)), [(("deck", None), ("card", None))]))
            sound.play("dice")
        elif kind == "war":
            a, b = e["seats"]
            add(fx.Banner(f"WAR: {self.pieces.powers.name(a)} – {self.pieces.powers.name(b)}", theme.colours.bad))
        elif kind == "blockade":
            add(fx.Banner("BLOCKADE!", theme.colours.accent, duration=2.2))
            sound.play("conquest")
        elif kind == "turn" and e["seat"] in self.seats.link.my_seats:
            sound.play("turn")

    def _open_water_beside(self, sq) -> int:
        """Which side of `sq` (east 1, west -1) is ocean for a submarine to come up in; 0 for neither."""
        for side in (1, -1):
            if self.board.kinds.get((sq[0] + side, sq[1])) == "ocean":
                return side
        return 0

    def _coins(self, legs, duration: float = fx.FLIGHT_SECONDS):
        return fx.Flight(lambda stage: self.sprites.coin(18), legs, duration=duration)

    def _plane_sprite(self, seat):
        colour = self.pieces.powers.colour(seat)
        return lambda stage: self.sprites.piece("airplane", colour, stage.cell_px, seat=seat)
