"""The Tactics (1954) board scene: the map of two halves, the divisions as NATO-style counters, the allowance
gauge, the battle plan, the reserves and the log.

The frame (seats, cover, help, log, hint, Esc, game over) is game.board_kit's BaseBoardScene; the map, its zoom
and pan and the counters are the counter-wargame kit's (game.wargame). The scene composes the board's own parts,
each with its state:
  places    where each unit shows for the seat on show (places.py)
  input     the seat's orders, the picks, the picked unit's reach and path; clicks, keys, the CRT chart and the
            unit inspector (input.py)
  panels    the top bar and the side column: turn box, gauge, unit card, panel, buttons; tooltip, hint (panels.py)
  overlays  the map: terrain, reach, path, lights, counters, the plan, the front line, HQ ranges (overlays.py)
  news      animations, sounds and tallies from the events (news.py); log, the dispatches (log.py)
The scene owns no rules: what may be clicked comes from the seat's `legal` through game.ah_tactics.orders. Secrets
stay secret: during the set-up a side's arrangement, and all game long its reserves, come only from the shown
seat's private view, and the hot-seat cover hides the board whenever the device passes.
"""
import pygame

from engine.resources import read_board
from game.ah_tactics import hud
from game.ah_tactics.counters import seat_colour, side_colour
from game.ah_tactics.geometry import BOARD_RECT, GRID, MAX_ZOOM
from game.ah_tactics.input import Input
from game.ah_tactics.log import EventLog, action_words
from game.ah_tactics.news import News
from game.ah_tactics.overlays import Overlays
from game.ah_tactics.panels import Panels
from game.ah_tactics.places import Places
from game.board_kit.board_scene import BaseBoardScene
from game.board_kit.held import Held
from game.board_kit.chart_window import ChartWindow
from game.board_kit.cover import HotSeatCover
from game.board_kit.seats import Seats
from game.scene import GLOW, SMOOTH, STILL
from game.wargame.board_map import open_map
from game.wargame.lit_places import LessonPlaces

COVER_NOTE = "Everyone else, look away: the set-up and the reserves are secret."


class SideSeats(Seats):
    """Two a side, both seats of the side on the move are in `to_act` at once (the commander first): a window
    playing the second seat acts whenever its seat is asked, not only when it is first in the list."""

    def asks_every_listed_seat(self) -> bool:
        return True


class BoardScene(BaseBoardScene):
    side_rect = hud.SIDE
    log_rect = hud.LOG_RECT
    log_title = "Dispatches"
    hint_rect = pygame.Rect(0, 740, 1000, 60)
    hint_reserve = 0
    tooltip_bounds = BOARD_RECT
    toast_area = BOARD_RECT   # notices stay over the map, never over the status column
    over_hint = "The war is over."
    idle_keys = "H help  ·  mouse over a unit for details  ·  wheel zoom, 0 whole map"

    # what tests and scripted players read of the board
    positions, hidden, by_square = Held("places"), Held("places"), Held("places")
    units, phase, my_side, allowance, unit = Held("places"), Held("places"), Held("places"), Held("places"), Held("places")
    orders, selected, picked_defender, air = Held("input"), Held("input"), Held("input"), Held("input")
    factors, regrouping, guard_passes, hover = Held("input"), Held("input"), Held("input"), Held("input")
    reach, path_to, targets, focused_battle = Held("input"), Held("input"), Held("input"), Held("input")
    front_shown, show_crt, inspect = Held("input"), Held("input"), Held("input")
    main_button, second_button, buttons, _panel_rows = Held("panels"), Held("panels"), Held("panels"), Held("panels")
    _framed, _badge_square = Held("overlays"), Held("overlays")
    effects, battles_seen = Held("news"), Held("news")

    def __init__(self, app, link):
        cover = HotSeatCover(self.reveal, note=COVER_NOTE, colour_of=seat_colour)
        super().__init__(app, link, cover=cover, seats=SideSeats(app, link, cover))
        self.board = read_board("ah_tactics")
        self.board_map = open_map(GRID, BOARD_RECT, MAX_ZOOM, lambda square, button: self.input.click_cell(square,
                                                                                                          button))
        self.map, self.pointer, self.inspector = self.board_map.view, self.board_map.pointer, self.board_map.inspector
        self.lesson_places = LessonPlaces(self.map, self.board_map.lights)
        self.chart = ChartWindow(BOARD_RECT)
        self.places = Places(self.seats)
        self.news = News(self.seats, self.places, self.map, lambda: self.animation_factor)
        self.input = Input(self.seats, self.places, self.board, self.board_map, self.chart, self.news, self.ask_first,
                           app.notify, lambda: self.app.mouse_pos)
        settings = getattr(app, "settings", None)
        self.overlays = Overlays(self.seats, self.places, self.board, self.board_map, self.input, self.news.effects,
                                 lambda: settings.scale if settings is not None else 1.0)
        self.panels = Panels(self.seats, self.places, self.board, self.input, self._side_panel)
        self.listeners = [self.news]
        self.log = EventLog(self.board, lambda: self.pub.get("units"), hud.LOG_RECT.w)
        self.refresh()

    # ----- what its parts do not answer by themselves ----------------------------------------------
    def read_view(self) -> None:
        self.places.read()
        self.overlays.frame_if_due()
        self.input.read_orders()

    def skip_animations(self) -> None:
        self.news.effects.skip()

    def tick(self, dt: float) -> None:
        self.news.effects.tick(dt)
        self.input.send_guarding()

    def frame_rate(self) -> float:
        if self.news.effects.busy:
            return SMOOTH
        if not self.covered and (self.input.selected is not None or self.places.phase in ("battle", "retreat")):
            return GLOW
        return STILL

    def game_over_colours(self) -> list:
        return [side_colour("blue"), side_colour("red")]

    def advice_words(self, action: dict) -> str:
        return action_words(self.places.unit, self.board, action, self.places.my_side)
