"""The Tactics (1940) board's news: the table's events turned into animations, hot-seat standing orders
carried out, and the stage the animations play on (where squares, rows and corners are on screen).

A mixin of BoardScene (game.tactics1940.scene).
"""
import pygame

from game import sound, theme
from game.tactics1940 import effects as fx
from game.tactics1940 import hud
from game.tactics1940.geometry import BOARD_RECT, corner_rect
from game.tactics1940.orders import square
from game.tactics1940.windows import window_step


class BoardNews:
    # ----- the table's news ------------------------------------------------------------------------
    def tick(self, dt: float) -> None:
        self.effects.update(dt, hurry=self.window_open)
        if self.hot_seat:
            self._carry_out_orders()

    def _carry_out_orders(self) -> None:
        """Hot-seat: strike for the players at this screen whose standing orders call for it."""
        public = self.link.view(None) or {}
        if window_step(public.get("public", {})) is None or self.waiting:
            return
        key = self.clock.key
        for seat in self.link.my_seats:
            if (key, seat) in self.standing.carried_out or seat not in public["public"].get("to_act", []):
                continue
            view = self.link.view(seat)
            action = self.standing.strike_for(view, seat) if view else None
            if action is None:
                self.standing.carried_out.add((key, seat))   # nothing to do for this seat in this window
            elif self.seats.send_as(seat, action):
                self.standing.carried_out.add((key, seat))
                return

    def animation_factor(self) -> float:
        settings = getattr(self.app, "settings", None)
        return settings.animation_factor() if settings is not None else 1.0

    def on_event(self, e: dict) -> None:
        super().on_event(e)
        add = lambda anim: self.effects.add(anim, self.animation_factor())  # noqa: E731
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
            colour = self.powers.colour(e["victim"])
            add(fx.Flight(lambda stage: self.sprites.protest(colour, (16, 22)),
                          [(("protests", e["victim"]), ("accepted", e["offender"]))]))
        elif kind == "jackpot":
            add(self._coins([(("reserve", None), ("seat", s)) for s, _ in e["shares"]], duration=1.0))
        elif kind == "drew":
            add(fx.Flight(lambda stage: self.sprites.card_back((40, 54)), [(("deck", None), ("card", None))]))
            sound.play("dice")
        elif kind == "war":
            a, b = e["seats"]
            add(fx.Banner(f"WAR: {self.powers.name(a)} – {self.powers.name(b)}", theme.colours.bad))
        elif kind == "blockade":
            add(fx.Banner("BLOCKADE!", theme.colours.accent, duration=2.2))
            sound.play("conquest")
        elif kind == "turn" and e["seat"] in self.link.my_seats:
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
        colour = self.powers.colour(seat)
        return lambda stage: self.sprites.piece("airplane", colour, stage.cell_px, seat=seat)

    # stage: where things are on screen, for the animations
    @property
    def cell_px(self) -> float:
        return self.map.cell_px

    @property
    def board_rect(self) -> pygame.Rect:
        return BOARD_RECT

    def centre(self, sq) -> tuple[int, int]:
        return self.map.centre(sq)

    def cell_rect(self, sq) -> pygame.Rect:
        return self.map.cell_rect(sq)

    def token(self, piece_id: int) -> pygame.Surface | None:
        p = self._pieces.get(piece_id)
        if p is None:
            return None
        trading = self.pub.get("trading") or []
        supply = p["kind"] == "transport" and p["owner"] < len(trading) and trading[p["owner"]]
        return self.sprites.piece(p["kind"], self.powers.colour(p["owner"]), self.map.cell_px, supply=supply,
                                  seat=p["owner"])

    def place(self, anchor) -> tuple | None:
        name, value = anchor
        if name == "square":
            return self.map.centre(value)
        if name in ("seat", "protests", "accepted"):
            return hud.row_anchor(value, {"seat": "coins"}.get(name, name))
        if name == "card":
            return hud.CARD.center
        if name in ("reserve", "deck"):
            corner = self.board.corners["gold_reserve" if name == "reserve" else "chance_deck"]
            x, y = corner_rect(corner).center
            return self.map.camera.to_screen(x, y)
        if name == "base":
            planes = [p for p in self.pub.get("pieces", ()) if p["owner"] == value and p["kind"] == "airplane"
                      and p["at"] is not None]
            if planes:
                return self.map.centre(planes[0]["at"])
            home = self.board.homes.get(self.powers.name(value))
            return self.map.centre(home.bases[0]) if home else None
        return None
