"""The Situation 4 board scene: a real-time jigsaw race, seen from your own edge.

The frame (link, help, log, hint, Esc, game over) is game.board_kit's BaseBoardScene;
the race's own parts are small objects of their own:
  targets      where my side may lay, drop and plant, from the seat's `legal` only
  hand         the input state machine: press, drag, pick, a paratrooper landing
  held         what is in hand on screen: the lit spaces, the dragged piece and its verdict
  predictions  my moves shown before the table settles them, rolled back when a race is lost
  effects      bounces, flashes, floaters and the "why not" bubble
  race_hud     the top bar and the side panel's boxes; tray its own tools; tally the final count
The scene joins them: it reads the view, turns drops into actions (only those
`legal` lists; anything else bounces with a sentence, nothing is sent), and says
what each event looks and sounds like.

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
from game.board_kit.countdown import Countdown
from game.board_kit.seats import Seats
from game.scene import GLOW, SMOOTH, STILL, TICK
from game.situation4 import layout, palette, race_hud
from game.situation4.board_layer import BoardLayer
from game.situation4.effects import Effects
from game.situation4.hand import Hand
from game.situation4.lit_places import LessonPlaces
from game.situation4.held import HeldPainter
from game.situation4.predictions import RacePredictions
from game.situation4.race_log import RaceLog
from game.situation4.sprites import PieceSprites
from game.situation4.tally import FinalTally
from game.situation4.targets import PARATROOP, TANK, Targets
from game.situation4.tray import Tray

COUNTDOWN_SECONDS = games.start_countdown("situation4")
BRIDGE_PICK_RADIUS = 34
BURST_EVENTS = 12           # more events than this in one frame is a catch-up, shown without effects
REASON_SECONDS = 4.0
FORCE_KEYS = {pygame.K_t: TANK, pygame.K_p: PARATROOP, pygame.K_b: "bridge"}

class RaceSeats(Seats):
    """A race: the window plays its first seat (hot-seat too: teammates build one side), and acts only while the
    race runs; `on_refused(message)` hears every refusal (the hint line says the last)."""
    countdown = None   # the scene's Countdown, once it has one

    def __init__(self, app, link, on_refused):
        super().__init__(app, link)
        self.on_refused = on_refused

    @property
    def seat(self) -> int | None:
        mine = self.link.my_seats
        return mine[0] if mine else None

    @property
    def shown_seat(self) -> int | None:
        return self.seat

    @property
    def racing(self) -> bool:
        return (self.seat is not None and self.view is not None and not self.over and self.countdown is not None
                and not self.countdown.running and self.seat in (self.pub.get("to_act") or []))

    @property
    def active_seat(self) -> int | None:
        return self.seat if self.racing else None

    def refuse(self, message: str, *, toast: bool = True) -> None:
        super().refuse(message, toast=toast)
        self.on_refused(message)


class BoardScene(BaseBoardScene):
    side_rect = layout.SIDE
    log_rect = layout.LOG
    log_title = "Race log"
    hint_rect = layout.HINT

    def __init__(self, app, link):
        super().__init__(app, link, seats=RaceSeats(app, link, self._refused))
        self.board = load_board()
        mine = list(link.my_seats)
        self.seat: int | None = mine[0] if mine else None
        self.side: int | None = None if self.seat is None else side_of(self.seat)
        self.factor = app.settings.animation_factor() if hasattr(app, "settings") else 1.0
        self.sprites = PieceSprites(self.board)
        self.proj = layout.Projection(self.board, layout.BOARD, flipped=self.side == 1)
        self.layer = BoardLayer(self.board, self.sprites, self.proj)
        self.tray = Tray(self.board, self.sprites, self.side or 0, self.proj.flipped)
        self.lesson_places = LessonPlaces(self.board, self.proj, self.layer, self.tray)
        self.log = RaceLog(self.board, layout.LOG.w, self.seat_name)
        self.predictions = RacePredictions(self.board, self.seat, self.side, self.seat_name, len(link.seats))
        self.hand = Hand(self)
        self.effects = Effects()
        self.hud = race_hud.RaceHud(self.board, self.plant_flag)
        self.targets = Targets(self.board, None, {"owner": [], "forces": []}, self.side)
        self.tally: FinalTally | None = None
        self.race_time = 0.0
        self.reason, self.reason_left = "", 0.0   # the last refusal, shown on the hint line
        self._tip = kit_hud.Cached(kit_hud.build_tooltip)
        self.held = HeldPainter(self.board, self.sprites, self.layer, self._tip)
        self.refresh()
        self.tray.sync(self.tray_order(), self.predictions.in_flight_pieces(), self.targets.fitting)
        # A race nothing has happened in since this window took it (a new one, or one continued from its save)
        # starts with the count every racer keeps; one already running (a reconnect, a late join) does not.
        self.start_rev = self.pub.get("rev", 0)
        session = getattr(link, "session", None)
        fresh = self.seat is not None and self.start_rev == getattr(session, "saved_log_length", 0)
        self.countdown = self.seats.countdown = Countdown(COUNTDOWN_SECONDS * self.factor if fresh else 0.0)
        self._count_shown = self.countdown.label() if self.countdown.running else None
        if self.countdown.running:
            sound.play("tick")
        self.log.add_text(("Race started: build from your base line!" if self.start_rev == 0 else
                           "Race continued: build on from where you were!") if fresh else "Race in progress.", None)

    # ----- seats ---------------------------------------------------------------------------
    @property
    def racing(self) -> bool:
        return self.seats.racing

    def why_not_racing(self) -> str:
        if self.countdown.running:
            return "Wait for Go!"
        return "You are watching this race." if self.seat is None else "The race is over."

    def side_label(self, side: int) -> str:
        """'Orange: Ada & Grace' — a side and who builds it."""
        names = [self.seat_name(s) for s in range(len(self.link.seats)) if side_of(s) == side]
        return f"{palette.side_name(self.board, side)}: {' & '.join(names)}"

    def in_hand(self, kind: str) -> int:
        return self.pub["in_hand"][kind][self.side]

    def tray_order(self) -> list:
        return list((self.view or {}).get("private", {}).get("tray", [])) if self.seat is not None else []

    # ----- the view ------------------------------------------------------------------------
    def read_view(self) -> None:
        self.predictions.caught_up(self.pub.get("rev", self.shown_rev))
        self.layer.sync(self.pub["owner"])
        self.rethink()

    def rethink(self) -> None:
        """Targets anew: a new view, or a move sent or settled."""
        legal = (self.view or {}).get("private", {}).get("legal")
        self.targets = Targets(self.board, legal, self.pub, self.side, self.predictions.actions())

    # ----- acting --------------------------------------------------------------------------
    def submit(self, action: dict) -> int | None:
        """Send `action` (one that `legal` lists) for my seat and show it at once as a prediction."""
        if not self.racing:
            self.refuse(self.why_not_racing())
            return None
        self.seats.sent.append(action)
        seq = self.link.send(action, self.seat)
        self.predictions.send(seq, action)
        self.rethink()
        sound.play("click")
        return seq

    def refuse(self, message: str, *, toast: bool = True) -> None:
        self.seats.refuse(message, toast=toast)

    def _refused(self, message: str) -> None:
        self.reason, self.reason_left = message, REASON_SECONDS

    def clicked(self) -> None:
        sound.play("click")

    def send_home(self, kind: str, piece, start) -> None:
        """What was in hand hops back where it came from (the tray, or the forces box)."""
        end = self.tray.home_of(piece) if kind == "piece" else race_hud.force_slots()[kind].center
        self.effects.bounce(kind, piece, start, end)

    def bounce(self, kind: str, piece, start, reason: str) -> None:
        """A refused drop: home it goes, and the reason shows by the drop and on the hint line."""
        self.send_home(kind, piece, start)
        self.effects.say(start, reason)
        self.refuse(reason, toast=False)

    def drop_piece(self, piece: int, pos, *, start=None) -> None:
        start = start or pos
        slot = self.proj.slot_at(pos)
        if slot is None:
            if not layout.TRAY.collidepoint(pos):
                self.send_home("piece", piece, start)
            return
        action, reason = self.targets.piece_drop(piece, slot, self.hand.landing)
        if action is None:
            self.bounce("piece", piece, start, reason)
            return
        if action["type"] == "paradrop":
            self.hand.landing = None
        self.submit(action)

    def drop_force(self, kind: str, pos) -> None:
        t = self.targets
        if kind == "bridge":
            position = self.bridge_at(pos)
            if position is None:
                if self.proj.rect.collidepoint(pos):
                    self.bounce(kind, None, pos, "Drop a bridge on a bridge position (the white dots by the river).")
            elif position in t.bridges:
                self.submit({"type": "bridge", "position": position})
            else:
                self.bounce(kind, None, pos, t.why_not_bridge(position))
            return
        slot = self.proj.slot_at(pos)
        if slot is None:
            return
        if kind == TANK:
            if slot in t.tank_slots:
                self.submit({"type": "tank", "slot": slot})
            else:
                self.bounce(kind, None, pos, t.why_not_tank(slot))
        elif slot in t.para_targets:   # a paratrooper lands; a piece of mine must join it next
            self.hand.landing = slot
            sound.play("click")
        else:
            self.bounce(kind, None, pos, t.why_not_land(slot))

    def plant_flag(self) -> None:
        slot = self.targets.flag_choice() if self.side is not None else None
        if slot is None:
            self.refuse("There is no objective you may flag now.")
            return
        self.submit({"type": "flag", "slot": slot})

    def flag_prompt(self):
        """(slot, points, my own moment) of the flag F would plant, or None."""
        slot = self.targets.flag_choice() if self.side is not None else None
        if slot is None or not self.racing:
            return None
        return slot, self.board.objectives[slot], self.pub["flag_windows"][self.side] == slot

    def bridge_at(self, pos):
        best, best_d = None, BRIDGE_PICK_RADIUS
        for position, (a, b) in enumerate(self.board.bridge_positions):
            p, q = self.proj.edge_points(a, b)
            d = math.dist(pos, ((p[0] + q[0]) / 2, (p[1] + q[1]) / 2))
            if d < best_d:
                best, best_d = position, d
        return best

    # ----- input ---------------------------------------------------------------------------
    def modal(self):
        return self.tally

    def cancel(self) -> bool:
        return self.hand.cancel()

    def board_key(self, event) -> bool:
        if event.key == pygame.K_f:
            self.plant_flag()
            return True
        if event.key in FORCE_KEYS:
            self.hand.select(FORCE_KEYS[event.key])
            return True
        return self.tray.handle(event, self.app.mouse_pos)

    def board_pointer(self, event) -> bool:
        if self.tray.handle(event, self.app.mouse_pos):
            return True
        if event.type == pygame.MOUSEWHEEL:
            return True
        if self.flag_prompt() is not None and self.hud.flag_button.handle(event):
            return True
        return self.hand.handle(event)

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
                    self._show_rollback(rollback)
            elif t in ("ok", "err"):
                self._answer(msg)
            elif t == "chat":
                self.log.add_text(f"{msg.get('from') or 'someone'}: {msg.get('text', '')}", None)
            elif t == "status" and msg.get("status") == "closed":
                self.app.notify(msg.get("msg") or "The table closed.", warning=True)

    def _answer(self, msg: dict) -> None:
        if self.pending_seq is not None and msg.get("seq") == self.pending_seq:
            super().answer(msg)   # an undo, sent through the frame's `send` rather than as a prediction
            return
        if msg.get("t") == "ok":   # a move went through: an earlier refusal is no longer the news
            self.reason, self.reason_left = "", 0.0
            self.seats.end_refusals()
        said = self.predictions.settle(msg, self.link.view(self.seat) or self.view)
        if said is None:
            return
        if msg.get("code") == "game_over" or self.tally is not None:
            return   # the puzzle was completed while the move was on its way: nothing to roll back, no refusal
        if isinstance(said, str):
            self.refuse(said)
            if msg.get("rule"):   # the rule that refused it stays in the log with its help (engine.why)
                self.log.add_refusal(said, msg["rule"])
        else:
            self._show_rollback(said)

    def _show_rollback(self, rollback) -> None:
        a = rollback.prediction.action
        if rollback.teammate:   # my side's piece stands there: nothing flies back
            self.effects.flash(a["slot"], palette.TEAMMATE_FLASH)
        elif a["type"] in ("place", "paradrop"):
            self.effects.flash(a["slot"], palette.ILLEGAL)
            self.effects.bounce("piece", a["piece"], self.proj.slot_centre(a["slot"]), self.tray.home_of(a["piece"]))
        elif a["type"] == "tank":
            self.effects.flash(a["slot"], palette.ILLEGAL)
        self.rethink()
        self.refuse(rollback.reason)

    def on_event(self, e: dict) -> None:
        super().on_event(e)
        kind = e["type"]
        mine = self.side is not None and e.get("side") == self.side
        fx = self.effects
        if kind == "placed":
            if e.get("seat") != self.seat:
                fx.flash(e["slot"], palette.TEAMMATE_FLASH if mine else palette.OPPONENT_FLASH)
            else:
                sound.play("place")
        elif kind == "flag_window" and mine:
            sound.play("turn")
        elif kind == "flagged":
            fx.float(f"+{e['points']}", self.proj.slot_centre(e["slot"]), palette.side_shade(e["side"]))
            if mine:
                sound.play("flag")
        elif kind == "square_won":
            xs = [self.proj.slot_centre(s) for s in self.board.squares[e["square"]]]
            centre = (sum(p[0] for p in xs) / len(xs), sum(p[1] for p in xs) / len(xs))
            fx.float(f"+{e['points']}", centre, palette.side_shade(e["side"]))
        elif kind == "bridge_placed":
            p, q = self.proj.edge_points(*self.board.bridge_positions[e["position"]])
            fx.float(f"+{e['points']}", ((p[0] + q[0]) / 2, (p[1] + q[1]) / 2), palette.side_shade(e["side"]))
        elif kind == "base_complete" and mine:
            box = race_hud.force_slots()[e["base"]]
            what = "tanks" if e["base"] == TANK else "paratroopers"
            fx.float(f"+{e['forces']} {what}", (box.centerx, box.bottom + 26), theme.colours.good)
            sound.play("turn")
        elif kind in ("paradropped", "tank_placed") and not mine:
            fx.flash(e.get("target", e.get("slot")), palette.OPPONENT_FLASH)

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
        self.tray.sync(self.tray_order(), self.predictions.in_flight_pieces(), self.targets.fitting)
        self.effects.update(dt)
        self.reason_left = max(0.0, self.reason_left - dt)
        if self.view is not None:
            self.hud.ease(self.pub, dt)
        if self.hand.landing is not None and self.hand.landing not in self.targets.para_targets:
            self.hand.landing = None
        if self.over and self.tally is None and not getattr(self.link, "replay", False):
            self.hand.cancel()   # moves still in flight are no longer drawn; their answers are still counted
            self.tally = FinalTally(self.board, self.pub, lambda s: palette.side_name(self.board, s),
                                    centre=(self.proj.rect.centerx, layout.TRAY.bottom), on_done=self._tally_read,
                                    factor=self.factor)
        if self.tally is not None:
            self.tally.update(dt)

    def frame_rate(self) -> float:
        fx = self.effects
        scores = self.pub.get("scores") if self.view is not None else None
        if (self.countdown.showing or fx.bounces or fx.flashes or fx.floaters or self.hand.drag is not None
                or len(self.predictions) or (scores is not None and self.hud.shown_scores != list(scores))
                or (fx.bubble is not None and fx.bubble["left"] < 1.0)
                or (self.tally is not None and not self.tally.finished)):
            return SMOOTH
        if self.hand.holding or self.flag_prompt() is not None:
            return GLOW   # the spaces lit for what is in hand, the flag box, pulse
        if self.racing or fx.bubble is not None or self.reason_left > 0:
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
        self.held.draw_targets(surface, self.hand, self.targets, self.side, self.app.mouse_pos, self.time)

    def _draw_flag_outlines(self, surface, pub) -> None:
        prompt = self.flag_prompt()
        if prompt is not None:
            self.layer.draw_outline(surface, prompt[0], theme.colours.accent, 3)
        if self.side is not None and pub["flag_windows"][1 - self.side] is not None:
            self.layer.draw_outline(surface, pub["flag_windows"][1 - self.side], palette.side_shade(1 - self.side), 3)

    def draw_panels(self, surface) -> None:
        pub = self.pub
        clock = f"{int(self.race_time) // 60}:{int(self.race_time) % 60:02d}"
        self.hud.draw(surface, pub, sides=[self.side_label(s) for s in (0, 1)], side=self.side, clock=clock,
                      armed=self.hand.armed, prompt=self.flag_prompt(), time=self.time)
        count, total = len(self.tray.items), len(self.tray_order())
        label = (f"Your tray  {count}" + (f"/{total}" if count != total else "")) if self.seat is not None else \
            "Trays are private"
        self.tray.draw_tools(surface, label)
        self.tray.draw(surface, selected=(self.hand.selected or {}).get("piece"),
                       lifted=(self.hand.drag or {}).get("piece"),
                       empty_text=None if self.seat is not None else "Watching: each side's tray is its own secret")
        self.effects.draw_floaters(surface)
        self.effects.draw_bounces(surface, self.sprites, self.proj, self.side)
        self.held.draw_held(surface, self.hand, self.targets, self.side, self.app.mouse_pos)
        if self.hand.drag is None:
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
        hand = self.hand
        if self.reason_left > 0 and self.reason:
            return f"Refused: {self.reason}", keys
        if pub.get("result"):
            return "The puzzle is complete: the final tally.", "Enter continue"
        if self.seat is None:
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
        prompt = self.flag_prompt()
        if prompt is not None and prompt[2]:
            return f"Plant your flag on the {prompt[1]} now (F), before your next move!", keys
        if pub["placed"][self.side] == 0:
            return "Start on your base line: the red-bordered row along your (bottom) edge; green ticks fit now.", keys
        return f"Build out from your pieces. {self.targets.open_spaces} spaces are open to you.", keys
