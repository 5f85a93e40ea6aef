"""The Civil War board scene: the 1863 map, the stacks, the orders panel, the battle dialog and the log.

The frame (seats, cover, help, log, hint, Esc, game over) is game.board_kit's BaseBoardScene; the map, its zoom
and pan, the counters, the selection, the lit reach and the battle dialog are the counter-wargame kit's
(game.wargame). The scene composes the board's own parts, each with its state:
  input     the seat's orders, the picked stack and its split, the battle dialog; clicks and keys (input.py)
  panels    the sides' bar, the turn box, the orders panel and the turn's buttons; the hint line (panels.py)
  overlays  the map, the stacks, the lit reach and path, the battle's flash; the tooltip (overlays.py)
  news      the events' sounds and the war's tallies (news.py); log, the dispatches (log.py)
The scene owns no rules: what may be clicked comes from the seat's `legal` through game.civil_war.orders.
"""
import pygame

from engine.civil_war.board import load as load_board
from game.board_kit.board_scene import BaseBoardScene
from game.board_kit.held import Held
from game.board_kit.cover import HotSeatCover
from game.civil_war import hud
from game.civil_war.counters import side_colour
from game.civil_war.geometry import BOARD_RECT, GRID, MAX_ZOOM
from game.civil_war.input import Input
from game.civil_war.log import EventLog, action_words
from game.civil_war.news import News
from game.civil_war.overlays import Overlays
from game.civil_war.panels import LOG_RECT, Panels
from game.scene import GLOW, SMOOTH, STILL
from game.wargame.board_map import open_map
from game.wargame.lit_places import LessonPlaces


class BoardScene(BaseBoardScene):
    side_rect = hud.SIDE
    log_rect = LOG_RECT
    log_title = "Dispatches"
    log_title_gap = 24
    hint_rect = hud.HINT
    hint_reserve = 0
    tooltip_bounds = BOARD_RECT
    toast_area = BOARD_RECT   # notices stay over the map, never over the orders column
    over_hint = "The war is over."
    idle_keys = "H help  ·  mouse over a square for details  ·  wheel zoom"
    pace_rect = pygame.Rect(712, 4, 236, 32)

    # what tests and scripted players read of the board
    selection, dialog, rules, step = Held("input"), Held("input"), Held("input"), Held("input")
    hover, reach, paths = Held("input"), Held("input"), Held("input")
    surrender_button = Held("panels")
    steppers, loss_buttons = Held("panels.orders"), Held("panels.orders")
    counters, flash = Held("overlays"), Held("overlays")

    def __init__(self, app, link):
        super().__init__(app, link, cover=HotSeatCover(self.reveal, colour_of=side_colour))  # never up: no secrets
        self.board = load_board("civil_war").to_dict()
        self.board_map = open_map(GRID, BOARD_RECT, MAX_ZOOM, lambda square, button: self.input.click_cell(square,
                                                                                                          button))
        self.map, self.pointer, self.inspector = self.board_map.view, self.board_map.pointer, self.board_map.inspector
        self.lesson_places = LessonPlaces(self.map, self.board_map.lights)
        self.input = Input(self.seats, self.board, self.board_map, self.ask_first)
        self.panels = Panels(self.seats, self.board, self.input)
        self.overlays = Overlays(self.seats, self.board, self.board_map, self.input)
        self.news = News(self.seats)
        self.listeners = [self.overlays, self.news]
        self.log = EventLog(self.board, self.seat_name, LOG_RECT.w)
        self.refresh()

    # ----- what its parts do not answer by themselves ----------------------------------------------
    def skip_animations(self) -> None:
        self.overlays.skip()

    def tick(self, dt: float) -> None:
        self.overlays.tick(dt)

    def frame_rate(self) -> float:
        if self.overlays.flash is not None:
            return SMOOTH
        step = self.input.step
        if not self.covered and (self.input.selection or (step is not None and step["step"] in ("battle", "retreat"))):
            return GLOW   # the reach of the picked stack, or the square being fought over, pulses
        return STILL

    def advice_words(self, action: dict) -> str:
        return action_words(self.board, action)
