"""The Tactics (1940) board scene: the naval board, the powers' table, the seat's submarine cards, the last chance
card, the reaction banner, the action buttons and the log.

The frame (seats, cover, help, log, hint, Esc, game over) is game.board_kit's BaseBoardScene; the board, its zoom
and pan, and the lit squares are the counter-wargame kit's (game.wargame). The scene composes the board's own
parts, each with its state:
  pieces    the powers, the pieces by id, the seat's own cards, read once per view (pieces.py)
  input     the seat's orders, the picks, the action buttons, the lit squares; clicks, keys, standing orders
            carried out (input.py)
  panels    the header, turn box, powers' table, card, hand and buttons; the tooltip and the hint line (panels.py)
  overlays  the map: art, lit squares, pieces and their rings, the animations, the submarine window (overlays.py)
  news      events into animations and sounds (news.py), played on the stage (stage.py); log, the dispatches
The scene owns no rules: what may be clicked comes from the seat's `legal` through game.tactics1940.orders; of the
rules package it reads the static board, and asks the documented queries (engine.tactics1940.queries.refusal) for
the rules' own reason when it refuses a move.

Two things differ from a plain turn-based board:
  * a submarine window asks every seat but the mover at once: the scene counts the same seconds on every screen
    (windows.ReactionClock), offers a strike only to a seat whose `legal` lists one, and never treats the window
    as a change of turn (no hot-seat cover): WindowSeats says so;
  * at one screen (hot-seat) nobody strikes by hand: standing orders given behind the cover are carried out the
    moment a window opens (windows.StandingOrders).
"""
from game.board_kit.board_scene import BaseBoardScene
from game.board_kit.held import Held
from game.board_kit.cover import HotSeatCover
from game.board_kit.seats import Seats
from game.tactics1940 import hud
from game.tactics1940.geometry import BOARD_RECT, GRID, MAX_ZOOM, board
from game.tactics1940.hand import HandPanel
from game.tactics1940.input import Input
from game.tactics1940.log import EventLog, action_words
from game.tactics1940.news import News
from game.tactics1940.overlays import Overlays
from game.tactics1940.panels import Panels
from game.tactics1940.pieces import Pieces
from game.tactics1940.sprites import Sprites
from game.tactics1940.stage import Stage
from game.tactics1940.windows import ReactionClock, window_step
from game.wargame.lit_places import LessonPlaces
from game.wargame.map_input import MapPointer
from game.wargame.map_view import MapView

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

    # what tests and scripted players read of the board
    orders, selected, chain, demand_target = Held("input"), Held("input"), Held("input"), Held("input")
    buttons, targets, standing, window_open = Held("input"), Held("input"), Held("input"), Held("input")
    powers, piece_info, own_cards, _pieces = Held("pieces"), Held("pieces"), Held("pieces"), Held("pieces", "by_id")
    effects, strikes_seen, last_move = Held("news"), Held("news"), Held("news")
    layer, _demand_marks = Held("overlays"), Held("overlays", "demand_marks")
    tooltip_rect = Held("panels")

    def __init__(self, app, link):
        cover = HotSeatCover(self.reveal, note=COVER_NOTE, colour_of=lambda s: self.pieces.powers.colour(s))
        super().__init__(app, link, cover=cover, seats=WindowSeats(app, link, cover))
        self.board = board()
        self.sprites = Sprites()
        self.map = MapView(GRID, BOARD_RECT, max_zoom=MAX_ZOOM)
        self.pointer = MapPointer(self.map, lambda cell, button: self.input.click_cell(cell, button))
        self.clock = ReactionClock()
        self.hand = HandPanel(self.sprites)
        self.pieces = Pieces(self.seats)
        self.stage = Stage(self.seats, self.pieces, self.map, self.sprites, self.board)
        settings = getattr(app, "settings", None)
        self.news = News(self.seats, self.pieces, self.sprites, self.board,
                         lambda: settings.animation_factor() if settings is not None else 1.0)
        self.input = Input(self.seats, self.pieces, self.clock, self.ask_first, app.notify)
        self.overlays = Overlays(self.seats, self.pieces, self.map, self.pointer, self.input, self.news, self.clock,
                                 self.stage, self.sprites, self.board)
        self.lesson_places = LessonPlaces(self.map, self.overlays.lights)
        self.panels = Panels(self.seats, self.pieces, self.input, self.news, self.hand, self.map, self.pointer,
                             self.sprites, self.board, self.tooltip)
        self.listeners = [self.news]
        self.log = EventLog(hud.LOG.w, powers=lambda: self.pieces.powers, seat_name=self.seat_name,
                            piece_info=self.pieces.piece_info)
        self.refresh()

    # ----- what its parts do not answer by themselves ----------------------------------------------
    def read_view(self) -> None:
        self.pieces.read()
        self.clock.update(self.pub, self.time)
        self.input.read_orders()

    def tick(self, dt: float) -> None:
        self.news.effects.update(dt, hurry=self.input.window_open)
        if self.hot_seat:
            self.input.carry_out_orders()

    def game_over_rows(self) -> list | None:
        return self.panels.game_over_rows()

    def game_over_colours(self) -> list | None:
        return self.panels.game_over_colours()

    def draw_tooltip(self, surface) -> None:
        self.panels.draw_tooltip(surface, self.app.mouse_pos)

    def tooltip_lines(self) -> list | None:
        return self.panels.tooltip_lines()

    def advice_words(self, action: dict) -> str:
        return action_words(self.pieces.powers, self.pub, action)
