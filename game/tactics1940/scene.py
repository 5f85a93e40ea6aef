"""The Tactics (1940) board scene: the naval board, the powers' table, the seat's submarine cards,
the last chance card, the reaction banner, the action buttons and the log.

The frame (seats, cover, help, log, hint, Esc, game over) is game.board_kit's BaseBoardScene;
this module keeps the state and draws the board; the rest is split by concern into mixins:
board_input (clicks, keys, buttons, the lit squares), board_news (events into animations, standing
orders, the animations' stage) and board_panels (panels, tooltip, hint, game over).
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

from game import theme
from game.board_kit.board_scene import BaseBoardScene
from game.board_kit.cover import HotSeatCover
from game.board_kit.hud import Cached
from game.board_kit.seats import Seats
from game.tactics1940.board_input import BoardInput
from game.tactics1940.board_news import BoardNews
from game.tactics1940.board_panels import BoardPanels
from game.tactics1940 import hud
from game.tactics1940.effects import Effects
from game.tactics1940.geometry import BOARD_RECT, GRID, MAX_ZOOM, board
from game.tactics1940.hand import HandPanel
from game.tactics1940.lights import SquareLights
from game.tactics1940.log import EventLog, square_name
from game.tactics1940.map_layer import MapLayer
from game.tactics1940.orders import Orders
from game.tactics1940.powers import Powers
from game.tactics1940.sprites import Sprites
from game.tactics1940.windows import ReactionClock, StandingOrders, window_step
from game.wargame.fog import FogLayer
from game.wargame.map_input import MapPointer
from game.wargame.lit_places import LessonPlaces
from game.wargame.map_view import MapView, WorldPicture
from game.widgets import Button

COVER_NOTE = "Everyone else, look away: this player's submarine cards are about to show."


class WindowSeats(Seats):
    """A submarine window asks every seat but the mover at once, and is no change of turn."""

    def actor(self, view) -> int | None:
        """The seat the game waits on: in a submarine window the mover (every other seat is asked at once and most
        have nothing to do), else the first seat to act."""
        step = window_step((view or {}).get("public", {}))
        return step["mover"] if step is not None else super().actor(view)

    def asks_every_listed_seat(self) -> bool:
        """In a submarine window at a screen of one player, that player's seat acts whenever the table asks it
        (its `legal` says whether it can strike)."""
        return window_step(self.pub) is not None


class BoardScene(BoardInput, BoardNews, BoardPanels, BaseBoardScene):
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
        cover = HotSeatCover(self.reveal, note=COVER_NOTE, colour_of=lambda s: self.powers.colour(s))
        super().__init__(app, link, cover=cover, seats=WindowSeats(app, link, cover))
        self.board = board()
        self.sprites = Sprites()
        self.layer = MapLayer(self.sprites)
        self.map = MapView(GRID, BOARD_RECT, max_zoom=MAX_ZOOM)
        self.picture = WorldPicture()
        self.pointer = MapPointer(self.map, self.click_cell)
        self.lights = SquareLights()
        self.lesson_places = LessonPlaces(self.map, self.lights)
        self.fog = FogLayer()
        self.effects = Effects()
        self.clock = ReactionClock()
        self.standing = StandingOrders()
        self.hand = HandPanel(self.sprites)
        first = link.view(None) or (link.view(link.my_seats[0]) if link.my_seats else None) or {}
        self.powers = Powers(first.get("public", {}).get("powers") or [])
        self.log = EventLog(hud.LOG.w, powers=lambda: self.powers, seat_name=self.seat_name,
                            piece_info=self.piece_info)
        self.orders: Orders | None = None
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

    # ----- the expert's hint --------------------------------------------------------------------
    def _advised_squares(self, action: dict) -> list:
        at = None
        if "piece" in action:
            piece = next((p for p in self.pub.get("pieces", []) if p["id"] == action["piece"]), None)
            at = piece["at"] if piece is not None else None
        return ([at] if at is not None else []) + list(action.get("path") or []) + \
            ([action["to"]] if "to" in action else [])

    def advice_points(self, action: dict) -> list:
        return [self.map.centre(tuple(sq)) for sq in self._advised_squares(action)]

    def advice_words(self, action: dict) -> str:
        kind, squares = action["type"], [square_name(sq) for sq in self._advised_squares(action)]
        piece = next((p for p in self.pub.get("pieces", []) if p["id"] == action.get("piece")), None)
        what = f"{self.powers.name(piece['owner'])}'s {piece['kind']}" if piece is not None else "the piece"
        if kind == "move":
            return f"move {what} from {squares[0]} to {squares[-1]}" if squares else "move"
        if kind in ("choose_piece", "demand"):
            return f"{'take' if kind == 'choose_piece' else 'demand'} {what}" + (f" on {squares[0]}" if squares else "")
        if kind in ("place", "maneuver"):
            return f"{'place' if kind == 'place' else 'maneuver'} {what if kind == 'maneuver' else 'the transport'} " \
                   f"to {squares[-1]}"
        if kind == "choose_player":
            return f"pick {self.powers.name(action['seat'])}"
        return {"pass": "pass", "decline": "let the card go", "close_window": "let the window close"}.get(
            kind, kind.replace("_", " "))

    @property
    def window_open(self) -> bool:
        return window_step(self.pub) is not None

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
        if self.seats.orders_changed():
            self.orders = self.seats.read_orders(Orders)
            self.reset_input()

    def own_cards(self) -> list[dict]:
        """The shown seat's own submarine cards; nothing under the cover or for a spectator."""
        if self.covered or self.shown_seat is None or not self.view:
            return []
        return list(self.view.get("private", {}).get("submarines") or [])

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
