"""The Tactics (1940) board scene: the naval board, the powers' table, the seat's submarine cards,
the last chance card, the reaction banner, the action buttons and the log.

The frame (seats, cover, help, log, hint, Esc, game over) is game.board_kit's BaseBoardScene;
the board, its zoom and pan, and the lit squares are the counter-wargame kit's (game.wargame).
The scene owns no rules: what may be clicked comes from the seat's `legal` through
game.tactics1940.orders; of the rules package it reads the static board, and asks the documented
queries (engine.tactics1940.queries.refusal) for the rules' own reason when it refuses a move.

Two things differ from a plain turn-based board:
  * a submarine window asks every seat but the mover at once: the scene counts the same
    seconds on every screen (windows.ReactionClock), offers a strike only to a seat whose
    `legal` lists one, and never treats the window as a change of turn (no hot-seat cover);
  * at one screen (hot-seat) nobody strikes by hand: standing orders given behind the cover
    are carried out the moment a window opens (windows.StandingOrders).
"""
import math

import pygame

from engine.tactics1940 import queries
from game import sound, theme
from game.board_kit.board_scene import BaseBoardScene
from game.board_kit.cover import HotSeatCover
from game.board_kit.hud import Cached
from game.tactics1940 import effects as fx
from game.tactics1940 import hud
from game.tactics1940.effects import Effects
from game.tactics1940.geometry import BOARD_RECT, GRID, MAX_ZOOM, board, corner_rect
from game.tactics1940.hand import HandPanel
from game.tactics1940.lights import SquareLights
from game.tactics1940.log import EventLog, holding_area, square_name
from game.tactics1940.map_layer import MapLayer
from game.tactics1940.orders import Orders, square
from game.tactics1940.powers import Powers
from game.tactics1940.sprites import Sprites
from game.tactics1940.tooltip import place as place_tooltip
from game.tactics1940.windows import LABELS, ReactionClock, StandingOrders, window_step
from game.wargame.fog import FogLayer
from game.wargame.map_input import MapPointer
from game.wargame.map_view import MapView, WorldPicture
from game.widgets import Button

COVER_NOTE = "Everyone else, look away: this player's submarine cards are about to show."
STEP_HINTS = {
    "protest": "Answer the protest: accept the card, or pay 1 coin instead.",
    "join": "You are at war: choose the side you join.",
    "pay": "You owe coins you do not have: click one of your lit pieces to sacrifice it.",
    "return": "Your supply ship traded: click a lit square of your home area to bring it home.",
}


class BoardScene(BaseBoardScene):
    side_rect = hud.SIDE
    log_rect = hud.LOG
    log_title = "Dispatches"
    log_title_gap = 20
    hint_rect = hud.HINT
    hint_reserve = 0
    tooltip_bounds = BOARD_RECT
    help_centre = (640, 400)
    over_hint = "The war is over."
    idle_keys = "H help  ·  mouse over a square for details  ·  wheel zoom"

    def __init__(self, app, link):
        super().__init__(app, link, build_help=hud.build_help)
        self.board = board()
        self.sprites = Sprites()
        self.layer = MapLayer(self.sprites)
        self.map = MapView(GRID, BOARD_RECT, max_zoom=MAX_ZOOM)
        self.picture = WorldPicture()
        self.pointer = MapPointer(self.map, self.click_cell)
        self.lights = SquareLights()
        self.fog = FogLayer()
        self.effects = Effects()
        self.clock = ReactionClock()
        self.standing = StandingOrders()
        self.hand = HandPanel(self.sprites)
        first = link.view(None) or (link.view(link.my_seats[0]) if link.my_seats else None) or {}
        self.powers = Powers(first.get("public", {}).get("powers") or [])
        self.log = EventLog(hud.LOG.w, powers=lambda: self.powers, seat_name=self.seat_name,
                            piece_info=self.piece_info)
        self.cover = HotSeatCover(self.reveal, note=COVER_NOTE, colour_of=lambda s: self.powers.colour(s))
        self.orders: Orders | None = None
        self._orders_key = None
        self.orders_serial = 0
        self.selected: int | None = None     # the piece picked to move (or to maneuver)
        self.chain: tuple = ()               # the squares entered so far by the picked piece
        self.demand_target: int | None = None
        self.buttons: list[Button] = []
        self._buttons_key = None
        self._pieces: dict[int, dict] = {}
        self._targets_key, self._targets = None, {}
        self._layout_key, self._layout, self._demand_marks = None, [], []
        self._panel_keys: tuple = ()        # what the side panels show, worked out once per revision
        self._rim: tuple = (None, None)     # (cell size, sprite) of the own-submarine rim
        self.last_move: tuple | None = None  # (from, to) of the last move, lit faintly
        self.tooltip_rect: pygame.Rect | None = None   # where the tooltip was drawn last (tests read it)
        self.strikes_seen: list[dict] = []   # strike events as this screen got them (tests read them)
        self._top_bar = Cached(hud.build_top_bar)
        self._turn_box = Cached(hud.build_turn_box)
        self._powers_panel = Cached(hud.build_powers)
        self._card_panel = Cached(hud.build_card_panel)
        self._banner = Cached(hud.build_banner)
        self.refresh()

    # ----- who is acting ---------------------------------------------------------------------
    def actor(self, view) -> int | None:
        """The seat the game waits on: in a submarine window the mover (the window is no change of turn:
        every other seat is asked at once and most have nothing to do), else the first seat to act."""
        pub = (view or {}).get("public", {})
        step = window_step(pub)
        if step is not None:
            return step["mover"]
        to_act = pub.get("to_act") or []
        return to_act[0] if to_act else None

    @property
    def window_open(self) -> bool:
        return window_step(self.pub) is not None

    @property
    def active_seat(self) -> int | None:
        """The seat this window may act for now. In a submarine window at a screen of one player, that
        player's seat whenever the table asks it (its `legal` says whether it can strike)."""
        if self.window_open and not self.hot_seat and self.link.my_seats and not self.covered:
            seat = self.link.my_seats[0]
            return seat if seat in (self.pub.get("to_act") or []) else None
        return super().active_seat

    # ----- the view ------------------------------------------------------------------------------
    def piece_info(self, piece_id: int) -> tuple[str, int]:
        p = self._pieces.get(piece_id)
        return (p["kind"], p["owner"]) if p else ("transport", -1)

    def reset_input(self) -> None:
        self.selected, self.chain, self.demand_target = None, (), None

    def read_view(self) -> None:
        pub = self.pub
        if not self.powers.of_seat and pub.get("powers"):
            self.powers = Powers(pub["powers"])
        self._pieces = {p["id"]: p for p in pub.get("pieces", ())}
        self._panel_keys = (repr(pub.get("coins")), repr(pub.get("protest_cards")), repr(pub.get("accepted")),
                            repr(pub.get("submarines")), repr(pub.get("camps")), self.layer.key_of(pub),
                            repr(pub.get("drawn")), pub.get("deck"), len(pub.get("discard") or ()))
        self.clock.update(pub, self.time)
        active = self.active_seat
        key = (self.shown_rev, active)
        if key != self._orders_key:
            self._orders_key = key
            self.orders = Orders(self.view, active) if active is not None and not self.over else None
            self.orders_serial += 1   # tells scripted players the orders they read are new
            self.reset_input()

    def own_cards(self) -> list[dict]:
        """The shown seat's own submarine cards; nothing under the cover or for a spectator."""
        if self.covered or self.shown_seat is None or not self.view:
            return []
        return list(self.view.get("private", {}).get("submarines") or [])

    # ----- acting ----------------------------------------------------------------------------------
    def send_as(self, seat: int, action: dict) -> bool:
        """Send for one of this screen's seats that is not on show (hot-seat standing orders)."""
        if self.waiting or seat not in self.link.my_seats:
            return False
        self.sent.append(action)
        self.pending_seq = self.link.act(action, seat)
        return True

    def send_move(self, piece: int, path: tuple) -> None:
        if self.send(self.orders.move_action(piece, path)):
            self.reset_input()

    def stop_chain(self) -> None:
        if self.orders and self.selected is not None and self.chain and self.orders.is_move(self.selected, self.chain):
            self.send_move(self.selected, self.chain)
        else:
            self.refuse("Pick a piece and click a lit square first.")

    def rules_say(self, action: dict) -> str | None:
        """The rules' own reason for refusing the turn's `action` here (engine.tactics1940.queries.refusal),
        or None when they give none."""
        seat = self.active_seat
        said = queries.refusal(self.view, seat, action) if seat is not None and self.view else None
        return said[1] if said else None

    def pass_turn(self) -> None:
        if self.orders and self.orders.may_pass:
            self.send({"type": "pass"})
        else:
            self.refuse(self.rules_say({"type": "pass"}) or "You may pass only when none of your pieces can move.")

    def demand(self) -> None:
        if self.orders and self.demand_target in self.orders.demandable():
            piece = self.demand_target
            self.reset_input()
            self.send({"type": "demand", "piece": piece})
        else:
            self.refuse("Click a lit neutral ship near the enemy's port first.")

    def strike(self, card: int | None = None) -> None:
        strikes = self.orders.strikes() if self.orders else []
        if self.hot_seat and self.window_open:
            self.refuse("At one screen your standing orders strike for you (set them on your turn).")
            return
        if not strikes:
            self.refuse("You have no submarine watching that square." if self.window_open
                        else "A submarine strikes only when a ship enters its square.")
            return
        self.send({"type": "strike", "card": card if card in strikes else strikes[0]})

    def primary(self) -> None:
        """Enter / Space: the one button on offer, if there is exactly one."""
        live = [b for b in self.buttons if b.enabled]
        if len(live) == 1:
            live[0].fire()
        elif live:
            self.refuse("Choose with the buttons.")
        elif self.orders and self.chain:
            self.stop_chain()

    def _rebuild_buttons(self) -> None:
        """The action buttons for what the orders allow now (rebuilt when they or the selection change)."""
        o = self.orders
        key = (self.orders_serial, self.selected, self.chain, self.demand_target)
        if key == self._buttons_key:
            return
        self._buttons_key = key
        items: list[tuple[str, dict | None, object]] = []
        if o is not None:
            kind = o.kind
            if kind == "move":
                if self.selected is not None and self.chain and o.is_move(self.selected, self.chain):
                    items.append(("Stop here", o.move_action(self.selected, self.chain), self.stop_chain))
                if self.demand_target is not None:
                    items.append(("Order it aside", {"type": "demand", "piece": self.demand_target}, self.demand))
                if o.may_pass:
                    items.append(("Pass", {"type": "pass"}, self.pass_turn))
            elif kind == "window" and not self.hot_seat:
                for card in o.strikes():
                    items.append(("Strike! (S)", {"type": "strike", "card": card}, lambda c=card: self.strike(c)))
            elif kind == "card":
                for seat in o.players_to_choose():
                    action = {"type": "choose_player", "seat": seat}
                    items.append((f"Choose {self.powers.name(seat)}", action, lambda a=action: self.send(a)))
                if o.may_decline:
                    items.append(("Let the card go", {"type": "decline"}, lambda: self.send({"type": "decline"})))
            elif kind == "protest":
                for pay in o.protest_answers():
                    action = {"type": "answer_protest", "pay": pay}
                    items.append(("Pay 1 coin" if pay else "Accept the card", action, lambda a=action: self.send(a)))
            elif kind == "join":
                for side in o.sides_to_choose():
                    action = {"type": "choose_side", "side": side}
                    items.append((f"Join {side}", action, lambda a=action: self.send(a)))
        n = max(1, len(items))
        gap = 8
        w = min(200, (hud.ACTIONS.w - gap * (n - 1)) // n)
        self.buttons = []
        for i, (label, action, fire) in enumerate(items[:4]):
            b = Button((hud.ACTIONS.x + i * (w + gap), hud.ACTIONS.y, w, hud.ACTIONS.h), label, fire,
                       primary=i == 0, size=18)
            b.action = action   # what it sends (scripted players look buttons up by it)
            self.buttons.append(b)

    # ----- clicks --------------------------------------------------------------------------------
    def piece_at(self, cell) -> dict | None:
        for p in self.pub.get("pieces", ()):
            if p["at"] is not None and (p["at"][0], p["at"][1]) == tuple(cell):
                return p
        return None

    def click_cell(self, cell, button: int) -> None:
        if button == 3:
            self.reset_input()
            return
        if button != 1:
            return
        o = self.orders
        if o is None or self.active_seat is None:
            self.refuse(self.not_your_move())
            return
        if self.waiting:
            self.refuse("Waiting for the table to answer…")
            return
        cell = tuple(cell)
        here = self.piece_at(cell)
        kind = o.kind
        if kind == "move":
            self._click_move(o, cell, here)
        elif kind == "window":
            if cell == self.clock.square and o.strikes() and not self.hot_seat:
                self.strike()
            else:
                self.refuse("A submarine window is open: only a holder of its card may act." if not o.strikes()
                            else "Strike with the button (or S) while the window is open.")
        elif kind in ("card", "pay", "return"):
            self._click_choice(o, cell, here)
        else:
            self.refuse(STEP_HINTS.get(kind, "Answer with the buttons."))

    def _click_move(self, o: Orders, cell, here) -> None:
        sel = self.selected
        if sel is not None and cell in o.next_squares(sel, self.chain):
            self.chain = self.chain + (cell,)
            sound.play("click")
            if not o.continues(sel, self.chain):
                self.send_move(sel, self.chain)
            return
        if sel is not None and self.chain and cell == self.chain[-1]:
            self.stop_chain()
            return
        if here is not None and here["id"] in o.sources():
            self.selected, self.chain, self.demand_target = here["id"], (), None
            sound.play("click")
            return
        if here is not None and here["id"] in o.demandable():
            self.selected, self.chain, self.demand_target = None, (), here["id"]
            sound.play("click")
            return
        if sel is not None:
            self.refuse(self.rules_say(o.move_action(sel, self.chain + (cell,)))
                        or f"That piece cannot reach {square_name(cell)}: click a lit square.")
        elif here is not None and here["owner"] == self.active_seat:
            self.refuse("That piece cannot move now.")
        else:
            self.refuse("Click one of your lit pieces first.")

    def _click_choice(self, o: Orders, cell, here) -> None:
        if here is not None and here["id"] in o.pieces_to_choose():
            self.send({"type": "choose_piece", "piece": here["id"]})
            return
        if self.selected is not None and cell in o.maneuver_squares(self.selected):
            self.send({"type": "maneuver", "piece": self.selected, "to": list(cell)})
            return
        if here is not None and here["id"] in o.maneuver_pieces():
            self.selected = here["id"]
            sound.play("click")
            return
        if cell in o.place_squares():
            self.send({"type": "place", "to": list(cell)})
            return
        self.refuse(STEP_HINTS.get(o.kind) or hud.card_choices(o, self.powers.name))

    def click_hand(self, card: int) -> None:
        if self.hot_seat:
            seat = self.shown_seat
            if seat is None or self.active_seat != seat or self.window_open:
                self.refuse("Set your standing orders on your own turn.")
                return
            order = self.standing.cycle(seat, card)
            self.app.notify(f"Standing order: {LABELS[order]}.")
            sound.play("click")
            return
        if self.orders and card in self.orders.strikes():
            self.strike(card)
            return
        mine = next((c for c in self.own_cards() if c["card"] == card), None)
        if mine:
            self.app.notify(f"This submarine watches {mine['ocean']} {mine['number']}.")

    # ----- input ---------------------------------------------------------------------------------
    def cancel(self) -> bool:
        if self.selected is not None or self.demand_target is not None:
            self.reset_input()
            return True
        return False

    def key_commands(self) -> dict:
        return {pygame.K_RETURN: self.primary, pygame.K_KP_ENTER: self.primary, pygame.K_SPACE: self.primary,
                pygame.K_s: self.strike, pygame.K_p: self.pass_turn, pygame.K_d: self.demand}

    def board_key(self, event) -> bool:
        return super().board_key(event) or self.pointer.key(event.key)

    def board_pointer(self, event) -> bool:
        self._rebuild_buttons()
        for b in self.buttons:
            if b.handle(event):
                return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            card = self.hand.card_at(event.pos)
            if card is not None:
                self.click_hand(card)
                return True
        return self.pointer.handle(event)

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
            elif self.send_as(seat, action):
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
        return lambda stage: self.sprites.piece("airplane", colour, stage.cell_px)

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
        return self.sprites.piece(p["kind"], self.powers.colour(p["owner"]), self.map.cell_px, supply=supply)

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

    # ----- game over -----------------------------------------------------------------------------
    def game_over_rows(self) -> list | None:
        if self.effects.busy:
            return None   # the blockade shows on the board first
        pub = self.pub
        outcome = pub.get("outcome") or {}
        n = len(self.powers.of_seat)
        breakdown = outcome.get("breakdown") or [{} for _ in range(n)]
        settlement = outcome.get("settlement") or [[0] * n for _ in range(n)]
        return [("Power", [self.powers.name(s) for s in range(n)]),
                ("Coins", [b.get("coins", 0) for b in breakdown]),
                ("Fleet (x1 + x2 + x3)", [f"{b.get('regular', 0)} + {b.get('double', 0)} + {b.get('triple', 0)}"
                                          for b in breakdown]),
                ("Settles with the others", [f"{sum(row):+d}" for row in settlement])]

    def game_over_colours(self) -> list | None:
        return [self.powers.colour(s) for s in range(len(self.powers.of_seat))] or None

    # ----- drawing ---------------------------------------------------------------------------------
    def draw_board(self, surface: pygame.Surface) -> None:
        pub = self.pub
        pygame.draw.rect(surface, theme.darken(theme.colours.panel, 0.4), BOARD_RECT.inflate(16, 16), 8)
        self.picture.draw(surface, self.map, self.layer.composite(pub, (self._panel_keys[5], id(theme.colours))))
        with self.map.clipped(surface):
            self._draw_highlights(surface)
            self._draw_own_submarines(surface)
            self._draw_pieces(surface, pub)
            self.effects.draw(surface, self)
            self._draw_window(surface)

    def _draw_highlights(self, surface) -> None:
        pulse = int(200 + 55 * math.sin(self.time * 5.0))
        light = self.lights.light
        if self.last_move is not None and not self.effects.busy:
            for sq in self.last_move:
                light(surface, self.map, sq, "source", 110)
        o = self.orders
        if o is not None and not self.effects.busy:
            for cell, style in self.targets().items():
                light(surface, self.map, cell, style, 255 if style == "selected" else pulse)
        if self.pointer.hover is not None:
            light(surface, self.map, self.pointer.hover, "hover", 200)

    def targets(self) -> dict:
        """Squares lit for the seat at the controls: cell -> highlight style (worked out once per change
        of the orders or the selection)."""
        key = (self.orders_serial, self.selected, self.chain, self.demand_target)
        if key != self._targets_key:
            self._targets_key = key
            self._targets = self._work_out_targets()
        return self._targets

    def _work_out_targets(self) -> dict:
        o = self.orders
        out = {}
        if o is None:
            return out
        pos = {p["id"]: square(p["at"]) for p in self.pub.get("pieces", ()) if p["at"] is not None}
        kind = o.kind
        if kind == "move":
            if self.selected is not None:
                origin = pos.get(self.selected)
                out[origin] = "selected"
                for sq in self.chain:
                    out[sq] = "selected"
                last = self.chain[-1] if self.chain else origin
                for sq in o.next_squares(self.selected, self.chain):
                    far = max(abs(sq[0] - last[0]), abs(sq[1] - last[1])) > 1
                    out[sq] = "attack" if far else "move"
            else:
                for pid in o.sources():
                    out[pos[pid]] = "source"
                for pid in o.demandable():
                    out[pos[pid]] = "selected" if pid == self.demand_target else "target"
        elif kind in ("card", "pay"):
            for pid in o.pieces_to_choose():
                if pid in pos:
                    out[pos[pid]] = "target"
            for sq in o.place_squares():
                out[sq] = "friendly"
            if self.selected is not None:
                out[pos[self.selected]] = "selected"
                for sq in o.maneuver_squares(self.selected):
                    out[sq] = "move"
            else:
                for pid in o.maneuver_pieces():
                    out[pos[pid]] = "source"
        elif kind == "return":
            for sq in o.place_squares():
                out[sq] = "friendly"
        return out

    def _draw_own_submarines(self, surface) -> None:
        """Only this seat's own submarine squares, with a dashed rim (the kit's mark for a secret of one's own),
        painted once per cell size and blitted."""
        cards = self.own_cards()
        if not cards:
            return
        rect = self.map.cell_rect((0, 0))
        if self._rim[0] != rect.size:
            rim = pygame.Surface(rect.inflate(4, 4).size, pygame.SRCALPHA)
            view = MapView(GRID, pygame.Rect(2, 2, rect.w, rect.h), max_zoom=MAX_ZOOM)
            view.camera.set_zoom(self.map.zoom)
            view.camera.offset = (0.0, 0.0)
            self.fog.own_hidden(rim, view, (0, 0))
            self._rim = (rect.size, rim.convert_alpha())
        for card in cards:
            sq = self.board.square_of(card["ocean"], card["number"])
            if self.map.is_visible(sq):
                surface.blit(self._rim[1], self.map.cell_rect(sq).move(-2, -2))

    def _draw_pieces(self, surface, pub) -> None:
        rings = self._rings()
        for pid, token, centre, faded_from in self._piece_layout(pub):
            if faded_from is not None:   # the picked piece's square, while its chain of jumps is being built
                faded = token.copy()
                faded.set_alpha(90)
                surface.blit(faded, faded.get_rect(center=faded_from))
            ring = rings.get(pid)
            if ring is not None:
                colour, width = ring
                pygame.draw.circle(surface, colour, centre, token.get_width() // 2 + 1 + width, width)
            surface.blit(token, token.get_rect(center=centre))
        for centre in self._demand_marks:
            self._demand_mark(surface, centre)

    def _piece_layout(self, pub) -> list:
        """(piece id, sprite, screen centre, square it came from or None) for every piece the board draws,
        worked out once per change of the view, the camera, the selection or the animations."""
        fx_state = (self.effects.played, self.effects.skipped, len(self.effects.queue))
        key = (self.shown_rev, self.map.state(), self.selected, self.chain, fx_state, id(theme.colours))
        if key == self._layout_key:
            return self._layout
        self._layout_key = key
        resting = self.effects.resting()
        demanded = {d["piece"] for d in pub.get("demands") or ()}
        chain_end = self.chain[-1] if self.selected is not None and self.chain else None
        layout, marks = [], []
        for p in pub.get("pieces", ()):
            pid = p["id"]
            at = resting[pid] if pid in resting else p["at"]
            if at is None or not self.map.is_visible(at):
                continue
            centre = self.map.centre(at)
            came_from = None
            if pid == self.selected and chain_end is not None:
                came_from, centre = centre, self.map.centre(chain_end)
            layout.append((pid, self.token(pid), centre, came_from))
            if pid in demanded:
                marks.append(centre)
        self._layout, self._demand_marks = layout, marks
        return layout

    def _rings(self) -> dict:
        """Rings round pieces, piece id -> (colour, width): the picked piece (solid brass); the seat's pieces
        that can act now (brass) and the others' pieces a card or a demand may pick (red), both blinking."""
        o = self.orders
        if o is None or self.effects.busy:
            return {}
        out = {}
        if self.selected is not None:
            out[self.selected] = (theme.colours.accent, 4)
        if self.selected is not None or math.sin(self.time * 5.0) < -0.6:
            return out
        mine = self.active_seat
        if o.kind == "move":
            out.update({p: (theme.colours.accent, 2) for p in o.sources()})
            out.update({p: (theme.colours.bad, 3) for p in o.demandable()})
        elif o.kind in ("card", "pay"):
            out.update({p: (theme.colours.accent, 2) for p in o.maneuver_pieces()})
            for p in o.pieces_to_choose():
                owner = self._pieces.get(p, {}).get("owner")
                out[p] = (theme.colours.accent, 2) if owner == mine else (theme.colours.bad, 3)
        return out

    def _demand_mark(self, surface, centre) -> None:
        r = max(6, round(self.map.cell_px * 0.16))
        at = (centre[0] + round(self.map.cell_px * 0.32), centre[1] - round(self.map.cell_px * 0.32))
        pygame.draw.circle(surface, (30, 20, 10), at, r + 1)
        pygame.draw.circle(surface, theme.colours.warning, at, r)
        theme.draw_text(surface, "!", at, r * 2 + 4, (30, 20, 10), bold=True, shadow=False, anchor="center")

    def _draw_window(self, surface) -> None:
        """The open submarine window: the square ringed and the banner with the countdown, alike on every
        screen; a seat holding the card (at a screen of its own) also sees its Strike button lit."""
        step = window_step(self.pub)
        if step is None or not self.clock.open:
            return
        sq = tuple(step["square"])
        left = self.clock.left(self.time)
        rect = self.map.cell_rect(sq)
        ring = rect.inflate(round(rect.w * 0.5), round(rect.h * 0.5))
        pulse = 0.5 + 0.5 * math.sin(self.time * 9)
        pygame.draw.ellipse(surface, theme.lighten(theme.colours.bad, 0.3 * pulse), ring, 3)
        if self.hot_seat:
            note = "Standing orders given behind the cover are carried out now."
        elif self.orders and self.orders.strikes():
            note = "Your submarine watches this square: press S to strike!"
        else:
            note = ""
        banner = hud.banner_rect(self.map.centre(sq)[1])
        text = self.pub["prompt"].get("text", "")
        surface.blit(self._banner.get((text, note, theme.colours), text, note, theme.colours.accent), banner)
        hud.draw_countdown(surface, banner, left, self.clock.seconds)

    def draw_panels(self, surface) -> None:
        pub, seats = self.pub, self.link.seats
        seat_names = tuple(s.get("name") for s in seats)
        surface.blit(self._top_bar.get((pub.get("turn"), pub.get("turn_number"), pub.get("deck"), pub.get("reserve"),
                                        hud.phase_of(pub), self.shown_seat, theme.colours, seat_names),
                                       pub, self.powers, seats, self.shown_seat), hud.TOP_BAR)
        headline, lines, seat = self._turn_text()
        surface.blit(self._turn_box.get((headline, lines, seat, theme.colours), pub, self.powers, seats, headline,
                                        lines, seat), hud.TURN_BOX)
        highlight = self.actor(self.view)
        key = (self._panel_keys[:6], highlight, self.shown_seat, seat_names, id(theme.colours))
        surface.blit(self._powers_panel.get(key, pub, self.powers, seats, self.shown_seat, highlight, self.sprites),
                     hud.POWERS)
        surface.blit(self._card_panel.get((self._panel_keys[6:], id(theme.colours)), pub, self.powers, self.sprites),
                     hud.CARD)
        self._draw_hand(surface)
        self._rebuild_buttons()
        for b in self.buttons:
            b.enabled = not self.waiting
            b.draw(surface)

    def _draw_hand(self, surface) -> None:
        seat = None if self.covered else self.shown_seat
        cards = self.own_cards()
        lit = set(self.orders.strikes()) if self.orders and not self.hot_seat else set()
        if seat is None:
            title, empty = "Submarine cards", "Watching: the players' submarine cards are secret."
        else:
            who = "Your" if not self.hot_seat else f"{self.seat_name(seat)}'s"
            title = f"{who} submarines ({len(cards)})" + ("  ·  click: standing order" if self.hot_seat and cards
                                                           else "")
            empty = ("No submarine cards. A submarine card drawn from the deck is kept secret here until "
                     "you strike with it.")
        orders = (lambda card: self.standing.order(seat, card)) if self.hot_seat and seat is not None else None
        self.hand.draw(surface, title=title, cards=cards, seat=seat, colour=self.powers.colour(seat), lit=lit,
                       orders=orders, empty=empty)

    def _turn_text(self) -> tuple[str, tuple, int]:
        pub = self.pub
        if pub.get("outcome"):
            out = pub["outcome"]
            return "The war is over", (out.get("reason", ""),), (out.get("winners") or [pub.get("turn", 0)])[0]
        prompt = pub.get("prompt")
        actor = self.actor(self.view)
        actor = pub.get("turn", 0) if actor is None else actor
        name = f"{self.powers.name(actor)} ({self.seat_name(actor)})"
        mine = self.active_seat is not None and self.active_seat == actor
        if prompt is None:
            headline = "Your move" + (f", {self.seat_name(actor)}" if self.hot_seat and mine else "") if mine \
                else f"{name} to move"
            return headline, ("Move one piece, then draw a chance card.",), actor
        if prompt["kind"] == "reaction":
            return f"Submarine window at {square_name(prompt['square'])}", (prompt["text"],), actor
        asked = prompt["seats"][0] if prompt.get("seats") else actor
        headline = ("You" if self.active_seat == asked else self.powers.name(asked)) + {
            "card": " must act on a card", "protest": ": a protest to answer", "sacrifice": ": a debt to settle",
            "choose_side": ": choose a side", "return_home": ": bring the supply ship home"}.get(prompt["kind"], "")
        return headline, (prompt["text"],), asked

    def draw_tooltip(self, surface) -> None:
        """The tooltip by the mouse, placed off the lit squares and the square it describes."""
        lines = self.tooltip_lines()
        if not lines:
            return
        tip = self._tooltip.get((tuple(lines), theme.colours), lines)
        clear = [self.map.cell_rect(cell) for cell in self.targets()]
        if self.pointer.hover is not None:
            clear.append(self.map.cell_rect(self.pointer.hover))
        self.tooltip_rect = place_tooltip(tip.get_size(), self.app.mouse_pos, self.tooltip_bounds, clear)
        surface.blit(tip, self.tooltip_rect)

    def tooltip_lines(self) -> list | None:
        cell = self.pointer.hover
        if cell is None:
            return None
        name = square_name(cell)
        lines = [(name[0].upper() + name[1:], theme.colours.text)]
        holding = holding_area(cell)
        if holding is not None:
            return lines + [(hud.holding_detail(holding, self.pub), theme.colours.text_dim)]
        if cell in self.board.ocean_at and any(cell == sq for _, _, sq in self.board.submarine_squares()):
            lines.append(("a submarine card names this square", theme.colours.text_dim))
        here = self.piece_at(cell)
        if here is not None:
            trading = (self.pub.get("trading") or [])
            what = "supply ship" if here["kind"] == "transport" and here["owner"] < len(trading) and \
                trading[here["owner"]] else here["kind"]
            lines.append((f"{self.powers.name(here['owner'])}'s {what}",
                          theme.lighten(self.powers.colour(here["owner"]), 0.35)))
        mine = [c for c in self.own_cards() if self.board.square_of(c["ocean"], c["number"]) == cell]
        if mine:
            lines.append(("your submarine watches here", theme.colours.accent))
        style = self.targets().get(cell)
        if style in ("move", "attack"):
            lines.append(("click: jump here" if style == "attack" else "click: move here", theme.colours.accent))
        return lines

    def move_hint(self) -> tuple[str, str]:
        o = self.orders
        keys = "Enter main button  ·  right-click / Esc drop  ·  wheel zoom  ·  H help"
        if o is None:
            return "Waiting…", "H help"
        kind = o.kind
        if kind == "window":
            if self.hot_seat:
                return "A submarine window is open: standing orders decide.", "H help"
            if o.strikes():
                return "Your submarine watches that square: strike now (S) or let it pass!", "S strike  ·  H help"
            return "A ship entered a submarine square: waiting for the window to close…", "H help"
        if kind == "move":
            if o.may_pass and not o.sources():
                return "None of your pieces can move: pass (Enter).", "Enter pass  ·  H help"
            if self.demand_target is not None:
                return "Order this neutral ship out of the enemy port's waters (Enter), or pick a piece.", keys
            if self.selected is not None and self.chain:
                return "Jump on (click a red square) or stop here (Enter).", keys
            if self.selected is not None:
                return "Click a lit square: a brass frame (dot) to step, a red frame (cross) to jump.", keys
            return "Your move: pick one of your lit pieces.", keys
        if kind == "card":
            card = (self.pub.get("prompt") or {}).get("card") or {}
            return f"{card.get('title', 'Card')}: {hud.card_choices(o, self.powers.name)}", keys
        return STEP_HINTS.get(kind, "Answer with the buttons."), keys
