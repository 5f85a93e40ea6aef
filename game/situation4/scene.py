"""The Situation 4 board scene: a real-time jigsaw race, seen from your own edge.

The frame (link, help, log, hint, Esc, game over) is game.board_kit's BaseBoardScene; the race's own parts are
small objects of their own, each with its state:
  seats        the window's seat, acting only while the race runs, and the last refusal (race_seats)
  drops        the input: where my side may lay, drop and plant (targets, from the seat's `legal` only), the hand
               (press, drag, pick, a paratrooper landing), and what a drop or a key sends (drops)
  news         what the table's events look and sound like, and its answers to my moves (news)
  predictions  my moves shown before the table settles them, rolled back when a race is lost
  held         what is in hand on screen: the lit spaces, the dragged piece and its verdict
  effects      bounces, flashes, floaters and the "why not" bubble
  race_hud     the top bar and the side panel's boxes; tray its own tools; tally the final count; log the race log
The scene joins them: it reads the view and the link, keeps the race's clock (the count before Go!, the time
raced, the final tally) and draws the parts in their order.

Seats: the window plays one seat (LAN, vs bots, a team game seat); in hot-seat it
plays the first human seat. Teammates build the same side.
"""
import math

import pygame

from engine import games
from engine.situation4.board import load as load_board
from engine.situation4.queries import side_of
from game import sound, tables, theme
from game.board_kit import history, hud as kit_hud
from game.board_kit.board_scene import BaseBoardScene
from game.board_kit.held import Held
from game.board_kit.countdown import Countdown
from game.scene import GLOW, SMOOTH, STILL, TICK
from game.situation4 import layout, palette, race_hud
from game.situation4.board_layer import BoardLayer
from game.situation4.drops import Drops
from game.situation4.effects import Effects
from game.situation4.lit_places import LessonPlaces
from game.situation4.held import HeldPainter
from game.situation4.news import RaceNews
from game.situation4.predictions import RacePredictions
from game.situation4.race_log import RaceLog
from game.situation4.race_seats import RaceSeats
from game.situation4.sprites import PieceSprites
from game.situation4.tally import FinalTally
from game.situation4.tray import Tray

COUNTDOWN_SECONDS = games.start_countdown("situation4")
BURST_EVENTS = 12           # more events than this in one frame is a catch-up, shown without effects


class BoardScene(BaseBoardScene):
    side_rect = layout.SIDE
    log_rect = layout.LOG
    log_title = "Race log"
    hint_rect = layout.HINT

    # what tests and scripted players read of the board
    seat, side, racing, reason = Held("seats"), Held("seats"), Held("seats"), Held("seats")
    hand, targets, flag_prompt, tray_order = Held("drops"), Held("drops"), Held("drops"), Held("drops")
    submit, plant_flag = Held("drops"), Held("drops")

    def __init__(self, app, link):
        super().__init__(app, link, seats=RaceSeats(app, link))
        self.board = load_board()
        self.factor = app.settings.animation_factor() if hasattr(app, "settings") else 1.0
        self.sprites = PieceSprites(self.board)
        self.proj = layout.Projection(self.board, layout.BOARD, flipped=self.seats.side == 1)
        self.layer = BoardLayer(self.board, self.sprites, self.proj)
        self.tray = Tray(self.board, self.sprites, self.seats.side or 0, self.proj.flipped)
        self.lesson_places = LessonPlaces(self.board, self.proj, self.layer, self.tray)
        self.log = RaceLog(self.board, layout.LOG.w, self.seat_name)
        self.predictions = RacePredictions(self.board, self.seats.seat, self.seats.side, self.seat_name,
                                           len(link.seats))
        self.effects = Effects()
        self.hud = race_hud.RaceHud(self.board, lambda: self.drops.plant_flag())
        self.drops = Drops(self.seats, self.board, self.proj, self.tray, self.predictions, self.effects, self.hud,
                           lambda: self.app.mouse_pos)
        self.news = RaceNews(self.seats, self.board, self.proj, self.tray, self.predictions, self.effects, self.drops,
                             self.log)
        self.listeners = [self.news]
        self.tally: FinalTally | None = None
        self.race_time = 0.0
        self._tip = kit_hud.Cached(kit_hud.build_tooltip)
        self.held = HeldPainter(self.board, self.sprites, self.layer, self._tip)
        self.refresh()
        self.tray.sync(self.drops.tray_order(), self.predictions.in_flight_pieces(), self.drops.targets.fitting)
        # A race nothing has happened in since this window took it (a new one, or one continued from its save)
        # starts with the count every racer keeps; one already running (a reconnect, a late join) does not.
        self.start_rev = self.pub.get("rev", 0)
        session = getattr(link, "session", None)
        fresh = self.seats.seat is not None and self.start_rev == getattr(session, "saved_log_length", 0)
        self.countdown = self.seats.countdown = Countdown(COUNTDOWN_SECONDS * self.factor if fresh else 0.0)
        self._count_shown = self.countdown.label() if self.countdown.running else None
        if self.countdown.running:
            sound.play("tick")
        self.log.add_text(("Race started: build from your base line!" if self.start_rev == 0 else
                           "Race continued: build on from where you were!") if fresh else "Race in progress.", None)

    def side_label(self, side: int) -> str:
        """'Orange: Ada & Grace' — a side and who builds it."""
        names = [self.seat_name(s) for s in range(len(self.link.seats)) if side_of(s) == side]
        return f"{palette.side_name(self.board, side)}: {' & '.join(names)}"

    # ----- the frame's questions -------------------------------------------------------------
    def read_view(self) -> None:
        self.predictions.caught_up(self.pub.get("rev", self.shown_rev))
        self.layer.sync(self.pub["owner"])
        self.drops.rethink()

    def modal(self):
        return self.tally

    def cancel(self) -> bool:
        return self.drops.hand.cancel()

    def board_key(self, event) -> bool:
        return self.drops.key(event)

    def board_pointer(self, event) -> bool:
        return self.drops.pointer(event)

    # ----- the link ------------------------------------------------------------------------
    def read_link(self) -> None:
        messages = self.link.poll()
        for e in history.arrived(self.link):   # the race before this window joined it (Rejoin): its log
            self.log.add(e)
        # A frame bringing a flood of events is a catch-up (a replay seek, a reconnect): log it, no fireworks.
        quiet = sum(len(m.get("events", ())) for m in messages if m.get("t") == "update") > BURST_EVENTS
        for msg in messages:
            t = msg.get("t")
            if t == "update":
                for e in msg.get("events", []):
                    self.predictions.seen(e)
                    if quiet:
                        self.log.add(e)
                    else:
                        self.on_event(e)
                for rollback in self.predictions.lost_races(msg.get("view")):
                    self.news.show_rollback(rollback)
            elif t in ("ok", "err"):
                if self.pending_seq is not None and msg.get("seq") == self.pending_seq:
                    self.answer(msg)   # an undo, sent through the frame's `send` rather than as a prediction
                else:
                    self.news.answer(msg, tallied=self.tally is not None)
            elif t == "chat":
                self.log.add_text(f"{msg.get('from') or 'someone'}: {msg.get('text', '')}", None)
            elif t == "status" and msg.get("status") == "closed":
                self.app.notify(msg.get("msg") or "The table closed.", warning=True)

    # ----- frame ---------------------------------------------------------------------------
    @property
    def paused(self) -> bool:
        """The help is open in a race against this window's own bots: the race waits (a LAN race cannot)."""
        return self.help_card.shown and tables.is_local(self.link) and not self.over

    def update(self, dt: float) -> None:
        if self.paused:   # the table is not polled, so its bots do not move, and no clock runs
            self.time += dt
            return
        if self.countdown.update(dt):
            sound.play("go")
        elif self.countdown.running and self.countdown.label() != self._count_shown:
            self._count_shown = self.countdown.label()
            sound.play("tick")
        super().update(dt)

    def skip_animations(self) -> None:
        if self.tally is not None and not self.tally.done:
            self.tally.t = self.tally.per_line * 3

    def tick(self, dt: float) -> None:
        if self.countdown.running and self.pub.get("rev", 0) > self.start_rev and self.countdown.go_now():
            # Someone did not wait for our count (a racer on another machine): the race is on now.
            sound.play("go")
            self.log.add_text("The race is on: the others have started!", None)
        self.predictions.update(dt)
        if self.view is not None and not self.countdown.running and not self.over:
            self.race_time += dt
        self.tray.sync(self.drops.tray_order(), self.predictions.in_flight_pieces(), self.drops.targets.fitting)
        self.effects.update(dt)
        self.seats.tick(dt)
        if self.view is not None:
            self.hud.ease(self.pub, dt)
        hand = self.drops.hand
        if hand.landing is not None and hand.landing not in self.drops.targets.para_targets:
            hand.landing = None
        if self.over and self.tally is None and not getattr(self.link, "replay", False):
            hand.cancel()   # moves still in flight are no longer drawn; their answers are still counted
            self.tally = FinalTally(self.board, self.pub, lambda s: palette.side_name(self.board, s),
                                    centre=(self.proj.rect.centerx, layout.TRAY.bottom), on_done=self._tally_read,
                                    factor=self.factor)
        if self.tally is not None:
            self.tally.update(dt)

    def frame_rate(self) -> float:
        fx = self.effects
        scores = self.pub.get("scores") if self.view is not None else None
        if (self.countdown.showing or fx.bounces or fx.flashes or fx.floaters or self.drops.hand.drag is not None
                or len(self.predictions) or (scores is not None and self.hud.shown_scores != list(scores))
                or (fx.bubble is not None and fx.bubble["left"] < 1.0)
                or (self.tally is not None and not self.tally.finished)):
            return SMOOTH
        if self.drops.hand.holding or self.drops.flag_prompt() is not None:
            return GLOW   # the spaces lit for what is in hand, the flag box, pulse
        if self.seats.racing or fx.bubble is not None or self.seats.reason_left > 0:
            return TICK   # the race clock, and notices that go by themselves
        return STILL

    def _tally_read(self) -> None:
        self.tally.t = math.inf

    def game_over_rows(self) -> list | None:
        if self.tally is None or not self.tally.finished:
            return None
        pub, n = self.pub, len(self.link.seats)
        br = self.tally.breakdown
        sides = [side_of(s) for s in range(n)]
        return [("Side", [palette.side_name(self.board, side) for side in sides]),
                ("Objectives", [br[side]["objectives"] for side in sides]),
                ("Bridges", [br[side]["bridges"] for side in sides]),
                ("Whole squares", [br[side]["squares"] for side in sides]),
                ("Pieces laid (side)", [pub["placed"][side] for side in sides])]

    def game_over_colours(self) -> list:
        return [palette.side_shade(side_of(s)) for s in range(len(self.link.seats))]

    # ----- drawing -------------------------------------------------------------------------
    def draw_board(self, surface: pygame.Surface) -> None:
        pub = self.pub
        surface.blit(theme.backdrop(surface.get_size()), (0, 0))
        frame = self.proj.rect.inflate(16, 16)
        pygame.draw.rect(surface, (58, 40, 26), frame, border_radius=8)
        pygame.draw.rect(surface, (92, 66, 42), frame, 3, border_radius=8)
        surface.blit(self.layer.pieces, self.proj.rect)
        if self.tally is None:   # the final board is the host's, whole
            self.predictions.draw(surface, self.sprites, self.layer, self.time)
        self.effects.draw_flashes(surface, self.layer, self.time)
        surface.blit(self.layer.overlay(pub), self.proj.rect)
        if self.tally is not None:
            self.tally.draw_won_squares(surface, self.proj)
        self._draw_flag_outlines(surface, pub)
        self.held.draw_targets(surface, self.drops.hand, self.drops.targets, self.seats.side, self.app.mouse_pos,
                               self.time)

    def _draw_flag_outlines(self, surface, pub) -> None:
        prompt = self.drops.flag_prompt()
        if prompt is not None:
            self.layer.draw_outline(surface, prompt[0], theme.colours.accent, 3)
        side = self.seats.side
        if side is not None and pub["flag_windows"][1 - side] is not None:
            self.layer.draw_outline(surface, pub["flag_windows"][1 - side], palette.side_shade(1 - side), 3)

    def draw_panels(self, surface) -> None:
        pub = self.pub
        clock = f"{int(self.race_time) // 60}:{int(self.race_time) % 60:02d}"
        hand, seat = self.drops.hand, self.seats.seat
        self.hud.draw(surface, pub, sides=[self.side_label(s) for s in (0, 1)], side=self.seats.side, clock=clock,
                      armed=hand.armed, prompt=self.drops.flag_prompt(), time=self.time)
        count, total = len(self.tray.items), len(self.drops.tray_order())
        label = (f"Your tray  {count}" + (f"/{total}" if count != total else "")) if seat is not None else \
            "Trays are private"
        self.tray.draw_tools(surface, label)
        self.tray.draw(surface, selected=(hand.selected or {}).get("piece"),
                       lifted=(hand.drag or {}).get("piece"),
                       empty_text=None if seat is not None else "Watching: each side's tray is its own secret")
        self.effects.draw_floaters(surface)
        self.effects.draw_bounces(surface, self.sprites, self.proj, self.seats.side)
        self.held.draw_held(surface, hand, self.drops.targets, self.seats.side, self.app.mouse_pos)
        if hand.drag is None:
            self.effects.draw_bubble(surface, self._tip)
        if self.countdown.showing:
            self.countdown.draw(surface, self.proj.rect.center, caption="Both sides start together")

    def draw(self, surface) -> None:
        super().draw(surface)
        if self.paused:
            theme.draw_text(surface, "The race is paused while the help is open: any key goes back to it.",
                            (640, 776), theme.SIZE_BODY, theme.colours.warning, anchor="center")

    def hint(self) -> tuple[str, str]:
        pub = self.pub
        keys = "drag pieces  ·  F flag  ·  T/P/B tank, paratrooper, bridge  ·  1-4 filter  ·  S sort  ·  Left/Right scroll" \
               "  ·  Esc drop  ·  H help"
        hand, seats = self.drops.hand, self.seats
        if seats.reason_left > 0 and seats.reason:
            return f"Refused: {seats.reason}", keys
        if pub.get("result"):
            return "The puzzle is complete: the final tally.", "Enter continue"
        if seats.seat is None:
            return "Watching the race.", "H help"
        if self.countdown.running:
            return "Get ready: the race starts at Go!", keys
        if hand.drag is not None:
            if hand.drag["kind"] == "piece":
                return "Drop it on its space: the lit outline shows where it may go now.", keys
            return f"Drop the {race_hud.FORCE_LABELS[hand.drag['kind']].lower()[:-1]} where it is lit.", keys
        if hand.landing is not None:
            return "Paratrooper ready: lay a piece of yours next to the lit enemy piece.", keys
        if hand.selected is not None:
            if hand.selected["kind"] == "piece":
                return "Picked: click its space on the board (or drag it there).", keys
            return f"Click where the {race_hud.FORCE_LABELS[hand.selected['kind']].lower()[:-1]} goes.", keys
        prompt = self.drops.flag_prompt()
        if prompt is not None and prompt[2]:
            return f"Plant your flag on the {prompt[1]} now (F), before your next move!", keys
        if pub["placed"][seats.side] == 0:
            return "Start on your base line: the red-bordered row along your (bottom) edge; green ticks fit now.", keys
        return f"Build out from your pieces. {self.drops.targets.open_spaces} spaces are open to you.", keys
