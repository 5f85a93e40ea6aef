"""The Risk board scene: the map, armies, dice, cards, log and controls.

The scene talks only to a TableLink: it reads views, sends actions and shows what comes back. It never changes
game state and owns no rules: what is legal comes from `engine.risk.legal` via game.risk.controls. The frame
(seats, cover, help, log, hint, Esc, game over) is game.board_kit's BaseBoardScene; the scene composes the board's
own parts, each with its state:
  input     the seat's legal actions and the turn's picks; clicks and keys (input.py)
  panels    the players' bar, the turn box, the buttons, the hand, the dice chooser, the defender's prompt (panels.py)
  overlays  the map, names, lit places, armies, floating numbers, the dice tray; the tooltip (overlays.py)
  news      the events' sounds and the tallies (news.py); log, the sentences (log.py)

Seats: on a LAN (or vs bots) the window plays one seat. In hot-seat it plays several, and shows one at a time:
when the move passes to another human seat a cover asks to pass the device, and only after that player reveals it
does their hand (their private view) appear.
"""
import pygame

from game.board_kit.board_scene import BaseBoardScene
from game.board_kit.held import Held
from game.board_kit.cover import HotSeatCover
from game.risk import hints, hud
from game.risk.geometry import load as load_geometry
from game.risk.input import Input
from game.risk.log import EventLog
from game.risk.map_layer import LessonPlaces
from game.risk.news import News
from game.risk.overlays import Overlays
from game.risk.panels import BOTTOM_DICE_X, Panels
from game.scene import GLOW, SMOOTH, STILL

SIDE = hud.SIDE
LOG_RECT = pygame.Rect(SIDE.x + 4, SIDE.y + 456, SIDE.w - 8, SIDE.h - 460)


class BoardScene(BaseBoardScene):
    side_rect = SIDE
    log_rect = LOG_RECT
    hint_rect = hud.BOTTOM
    help_centre = (500, 400)
    idle_keys = "N names  ·  H help  ·  mouse over a territory for details"
    pace_rect = pygame.Rect(1010, 4, 146, 32)
    undo_rect = pygame.Rect(1162, 4, 110, 32)   # the bottom line's right end is the dice's ...
    advice_rect = pygame.Rect(BOTTOM_DICE_X - 190, hud.BOTTOM.y + 8, 110, 32)   # ... and the Hint stays left of them

    # what tests and scripted players read of the board
    actions, controls, hand, chooser, standing = Held("input"), Held("input"), Held("input"), Held("input"), Held("input")
    hover, private_cards, names = Held("input"), Held("input"), Held("input")
    _defend_prompt_up = Held("input", "defend_prompt_up")
    dice, layer, show_names = Held("overlays"), Held("overlays"), Held("overlays")
    _top_bar, _turn_box = Held("panels"), Held("panels")

    def __init__(self, app, link):
        super().__init__(app, link, cover=HotSeatCover(self.reveal))
        self.geometry = load_geometry()
        self.tooltip.bounds = self.geometry.map_rect
        self.input = Input(self.seats, self.geometry, self.ask_first, app.notify, lambda: self.overlays.toggle_names())
        self.panels = Panels(self.seats, self.input)
        self.overlays = Overlays(self.seats, self.geometry, self.input, lambda: self.animation_factor,
                                 lambda: self.app.mouse_pos)
        self.news = News(self.seats)
        self.listeners = [self.input, self.overlays, self.news]
        self.lesson_places = LessonPlaces(self.overlays.layer, self.geometry)
        self.log = EventLog(self.input.names, self.seat_name, LOG_RECT.w)
        self.refresh()

    # ----- what its parts do not answer by themselves ----------------------------------------------
    def cancel(self) -> bool:
        return self.input.cancel()

    def board_pointer(self, event) -> bool:
        self.input.track(event)
        if self.panels.handle(event) or event.type == pygame.MOUSEWHEEL:
            return True
        if event.type != pygame.MOUSEBUTTONDOWN:
            return False
        if self.geometry.map_rect.collidepoint(event.pos):
            self.overlays.put_dice_away()
        return self.input.click(event)

    def quick_step(self) -> bool:
        """The opening's placements, and a bot's reinforcements, are routine: bots place them quickly."""
        pub = self.pub
        return pub.get("phase") in ("claim", "setup") or (pub.get("phase") == "reinforce" and self.active_seat is None)

    def answer(self, msg: dict) -> None:
        if msg.get("t") == "err":
            self.input.refused()   # a refused attack ends a blitz
        super().answer(msg)

    def skip_animations(self) -> None:
        self.overlays.skip()

    def tick(self, dt: float) -> None:
        self.input.keep_placing()
        self.input.continue_blitz()
        self.overlays.tick(dt)

    def frame_rate(self) -> float:
        if self.overlays.moving:
            return SMOOTH
        if self.view and not self.covered and self.active_seat is not None and self.input.actions:
            return GLOW   # the places I may pick pulse
        return STILL

    def game_over_rows(self) -> list | None:
        if self.overlays.dice is not None:
            return None   # the last roll shows to the end first
        return self.news.game_over_rows()

    def advice_words(self, action: dict) -> str:
        return hints.action_words(action, self.overlays.advised_territories(action), self.input.names)
