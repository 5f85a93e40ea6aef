"""The Situation 4 board scene: a real-time jigsaw race, seen from your own edge.

Talks only to a TableLink. Every change of the game goes through `link.act`;
what may go where is judged with `engine.situation4.legality` on the view
(the same code the rules run), only to give feedback before sending. A move
shows at once as a prediction (a drawing overlay, game.board_kit.predictions),
confirmed by `ok` or rolled back with a bounce and the reason on `err`.

Seats: the window plays one seat (LAN, vs bots, a team game seat); in
hot-seat it plays the first human seat. Teammates build the same side.
"""
import math

import pygame

from engine import games
from engine.situation4 import get_board
from engine.situation4 import legality
from engine.situation4.legality import PARATROOP, TANK
from game import sound, theme
from game.board_kit import hud as kit_hud
from game.board_kit.countdown import Countdown
from game.board_kit.help_card import HelpCard
from game.board_kit.predictions import PredictionLedger
from game.scene import Scene
from game.situation4 import layout, palette, race_hud
from game.situation4.board_layer import BoardLayer, pulse
from game.situation4.race_log import RaceLog
from game.situation4.sprites import PieceSprites
from game.situation4.tally import FinalTally
from game.situation4.tray import FILTER_LABELS, FILTERS, SORT_LABELS, Tray
from game.widgets import Button

COUNTDOWN_SECONDS = games.start_countdown("situation4")
DRAG_THRESHOLD = 5          # pixels the mouse must travel before a press becomes a drag
BOUNCE_SECONDS = 0.45
FLASH_SECONDS = 1.4
REASON_SECONDS = 4.0
ESC_LEAVE_SECONDS = 2.5
FLOAT_SECONDS = 1.4
BRIDGE_PICK_RADIUS = 34
BURST_EVENTS = 12           # more events than this in one frame is a catch-up, shown without effects

HELP_LINES = [
    ("Drag", "a piece from your tray onto the board; it snaps where it may go"),
    ("Click", "a tray piece to pick it, then click its space (or drag it)"),
    ("T / P / B", "pick a tank, a paratrooper or a bridge, then click where"),
    ("F", "plant your flag on the objective you just laid (or an open one)"),
    ("1 2 3 4", "tray filter: all, red border, objectives, bases"),
    ("S", "tray sort: as dealt, my edge first, fits now first"),
    ("Left Right / wheel", "scroll the tray ([ ] and PgUp/PgDn too)"),
    ("Esc", "drop what you hold; twice to leave the race"),
    ("H / F1", "this help"),
]


def build_help_card() -> pygame.Surface:
    return kit_hud.build_help("Racing in Situation 4", HELP_LINES,
                              "Lay your pieces from your red edge; flag objectives at once.", width=820, key_column=200)


class BoardScene(Scene):
    def __init__(self, app, link):
        super().__init__(app)
        self.link = link
        self.board = get_board()
        mine = list(link.my_seats)
        self.seat: int | None = mine[0] if mine else None
        self.side: int | None = None if self.seat is None else self.seat % 2
        self.sprites = PieceSprites(self.board)
        self.proj = layout.Projection(self.board, layout.BOARD, flipped=self.side == 1)
        self.layer = BoardLayer(self.board, self.sprites, self.proj)
        self.tray = Tray(self.board, self.sprites, self.side or 0, self.proj.flipped)
        self.log = RaceLog(self.board, layout.LOG.w, self.seat_name)
        self.predictions = PredictionLedger()
        self.view: dict | None = None
        self.view_rev = -1
        self.time = 0.0
        self.race_time = 0.0
        self.help_card = HelpCard(build_help_card, (640, 400))
        self.esc_armed = 0.0
        self.press = None           # {"kind", "piece", "pos"}: mouse down, not yet a drag
        self.drag = None            # {"kind", "piece", "pos", "grab"}: what is under the mouse
        self.selected = None        # {"kind", "piece"}: picked by click or key, placed by a click on the board
        self.para_target: int | None = None   # an enemy piece a paratrooper is about to land on
        self.bounces: list[dict] = []
        self.flashes: dict[int, list] = {}    # slot -> [seconds left, colour]
        self.floaters: list[list] = []        # [text, (x, y), seconds left, colour]
        self.reason = ""                      # the last refusal, shown on the hint line
        self.reason_left = 0.0
        self.bubble = None                    # {"pos", "left", "text"}: why a drop bounced, by the drop
        self._quiet = False
        self.sent: list[dict] = []
        self.refusals: list[str] = []
        self.rolled_back: list[dict] = []     # predictions the table refused (tests read it)
        self._silenced: set = set()           # seqs already rolled back from an update
        self.placed_by: dict[int, int] = {}   # slot -> the seat that laid its piece (from the events seen)
        self.tally: FinalTally | None = None
        self.game_over_shown = False
        self.shown_scores = [0, 0]
        self._top = kit_hud.Cached(race_hud.build_top_bar)
        self._scores = kit_hud.Cached(race_hud.build_score_box)
        self._forces = kit_hud.Cached(race_hud.build_forces_box)
        self._hint = kit_hud.Cached(kit_hud.build_hint)
        self._tip = kit_hud.Cached(kit_hud.build_tooltip)
        self._side_panel = self._make_side_panel()
        self._fitting: set = set()
        self._make_buttons()
        factor = app.settings.animation_factor() if hasattr(app, "settings") else 1.0
        self.factor = factor
        self.refresh(force=True)
        self.tray.sync(self.tray_order(), self.in_flight(), self._fitting)   # the first frame shows a full tray
        fresh = (self.view or {}).get("public", {}).get("rev", 0) == 0 and self.seat is not None
        self.countdown = Countdown(COUNTDOWN_SECONDS * factor if fresh else 0.0)
        if self.countdown.running:
            sound.play("turn")
        self.log.add_text("Race started: build from your edge!" if fresh else "Race in progress.", None)

    # ----- widgets ----------------------------------------------------------------------
    def _make_buttons(self) -> None:
        t = layout.TRAY_TOOLS
        self.filter_buttons = {}
        for i, name in enumerate(FILTERS):
            rect = (t.x + (i % 2) * 76, t.y + 26 + (i // 2) * 32, 72, 28)
            self.filter_buttons[name] = Button(rect, FILTER_LABELS[name], lambda n=name: self.set_filter(n), size=16,
                                               hotkey_label=None)
        self.sort_button = Button((t.x, t.y + 92, 148, 28), "", self.next_sort, size=15)
        box = race_hud.FLAG_BOX
        self.flag_button = Button((box.x + 10, box.y + 62, box.w - 20, 46), "Plant flag", self.plant_flag,
                                  primary=True)
        self.tray_buttons = list(self.filter_buttons.values()) + [self.sort_button]

    def _make_side_panel(self) -> pygame.Surface:
        surf = pygame.Surface(layout.SIDE.size)
        surf.fill(theme.colours.panel)
        pygame.draw.line(surf, theme.colours.panel_border, (0, 0), (0, layout.SIDE.h), 2)
        log = layout.LOG.move(-layout.SIDE.x, -layout.SIDE.y)
        theme.draw_text(surf, "Race log", (12, log.y - 22), 18, theme.colours.text_dim, bold=True, shadow=False)
        pygame.draw.rect(surf, theme.darken(theme.colours.panel, 0.3), log, border_radius=8)
        return surf.convert()

    # ----- seats and names ----------------------------------------------------------------
    def seat_name(self, seat) -> str:
        seats = self.link.seats
        if seat is None or not 0 <= seat < len(seats):
            return "Someone"
        return seats[seat].get("name") or f"Seat {seat + 1}"

    def side_label(self, side: int) -> str:
        """'Orange: Ada & Grace' — a side and who builds it."""
        names = [self.seat_name(s) for s in range(len(self.link.seats)) if s % 2 == side]
        return f"{palette.side_name(self.board, side)}: {' & '.join(names)}"

    @property
    def pub(self) -> dict:
        return self.view["public"]

    @property
    def racing(self) -> bool:
        return (self.seat is not None and self.view is not None and not self.pub.get("result")
                and not self.countdown.running and self.seat in (self.pub.get("to_act") or []))

    # ----- state from the link --------------------------------------------------------------
    def refresh(self, force: bool = False) -> None:
        rev = self.link.rev
        if not force and rev == self.view_rev and self.view is not None:
            return
        view = self.link.view(self.seat) if self.seat is not None else None
        view = view or self.link.view(None)
        if not view:
            return
        self.view = view
        self.view_rev = rev
        pub = view["public"]
        self.predictions.caught_up(pub.get("rev", rev))
        self.layer.sync(pub["owner"])
        self._fitting = self._fitting_pieces()

    def predicted_owner(self) -> list:
        """The board as this window believes it: the view plus its own moves in flight."""
        owner = list(self.pub["owner"])
        for p in self.predictions:
            slot = p.action.get("slot")
            if slot is not None and owner[slot] is None:
                owner[slot] = self.side
        return owner

    def predicted_forces(self) -> list:
        forces = [None if f is None else dict(f) for f in self.pub["forces"]]
        for p in self.predictions:
            a = p.action
            if a["type"] == "tank" and forces[a["slot"]] is None:
                forces[a["slot"]] = {"kind": TANK, "side": self.side}
            elif a["type"] == "paradrop" and forces[a["target"]] is None:
                forces[a["target"]] = {"kind": PARATROOP, "side": self.side}
        return forces

    def in_flight(self) -> set:
        return {p.action["piece"] for p in self.predictions if "piece" in p.action}

    def tray_order(self) -> list:
        return list((self.view or {}).get("private", {}).get("tray", [])) if self.seat is not None else []

    def _fitting_pieces(self) -> set:
        if self.side is None or self.view is None:
            return set()
        owner, forces = self.predicted_owner(), self.predicted_forces()
        return set(legality.placeable_slots(self.board, owner, forces, self.side))

    def place_problem(self, piece: int, slot: int):
        return legality.place_problem(self.board, self.predicted_owner(), self.predicted_forces(), self.side,
                                      piece, slot)

    # ----- acting -------------------------------------------------------------------------
    def submit(self, action: dict, **info) -> int | None:
        """Send `action` for my seat and show it at once as a prediction."""
        if not self.racing:
            self.refuse("Wait for Go!" if self.countdown.running else
                        "You are watching this race." if self.seat is None else "The race is over.")
            return None
        self.sent.append(action)
        seq = self.link.act(action, self.seat)
        self.predictions.add(seq, action, self.seat, **info)
        self._fitting = self._fitting_pieces()
        sound.play("click")
        return seq

    def refuse(self, message: str, *, toast: bool = True) -> None:
        self.refusals.append(message)
        del self.refusals[:-32]
        self.reason, self.reason_left = message, REASON_SECONDS
        if toast:
            self.app.notify(message, warning=True)
        sound.play("error")

    def bounce(self, kind: str, piece, start, reason: str) -> None:
        """Send what was dropped back where it came from, saying why (by the drop and on the hint line)."""
        end = self.tray.home_of(piece) if kind == "piece" else race_hud.force_slots()[kind].center
        self.bounces.append({"kind": kind, "piece": piece, "from": start, "to": end, "t": 0.0})
        self.bubble = {"pos": start, "left": REASON_SECONDS, "text": reason}
        self.refuse(reason, toast=False)

    def drop_piece(self, piece: int, pos, *, start=None) -> None:
        start = start or pos
        slot = self.proj.slot_at(pos)
        if slot is None:
            if not layout.TRAY.collidepoint(pos):
                self.bounces.append({"kind": "piece", "piece": piece, "from": start, "to": self.tray.home_of(piece),
                                     "t": 0.0})
            return
        if self.para_target is not None and slot in self.board.neighbours[self.para_target]:
            problem = legality.paradrop_problem(self.board, self.predicted_owner(), self.predicted_forces(), self.side,
                                                self.pub["in_hand"][PARATROOP][self.side], self.para_target, piece,
                                                slot)
            if problem:
                self.bounce("piece", piece, start, problem)
                return
            target, self.para_target = self.para_target, None
            self.submit({"type": "paradrop", "target": target, "piece": piece, "slot": slot}, home=start)
            return
        problem = self.place_problem(piece, slot)
        if problem:
            self.bounce("piece", piece, start, problem)
            return
        self.submit({"type": "place", "piece": piece, "slot": slot}, home=start)

    def drop_force(self, kind: str, pos) -> None:
        start = pos
        owner, forces = self.predicted_owner(), self.predicted_forces()
        in_hand = self.pub["in_hand"][kind][self.side]
        if kind == "bridge":
            position = self.bridge_at(pos)
            if position is None:
                if self.proj.rect.collidepoint(pos):
                    self.bounce(kind, None, start, "Drop a bridge on a bridge position (the white dots by the river).")
                return
            problem = legality.bridge_problem(self.board, owner, self.pub["bridges"], self.side, in_hand, position)
            if problem:
                self.bounce(kind, None, start, problem)
            else:
                self.submit({"type": "bridge", "position": position})
            return
        slot = self.proj.slot_at(pos)
        if slot is None:
            return
        if kind == TANK:
            land = [False] * self.board.n
            for s in self.pub["tank_reach"][self.side]:
                land[s] = True
            problem = legality.tank_problem(self.board, owner, forces, land, self.side, in_hand, slot)
            if problem:
                self.bounce(kind, None, start, problem)
            else:
                self.submit({"type": "tank", "slot": slot})
            return
        # a paratrooper: it lands on an enemy piece, then a piece of ours must join it
        if in_hand <= 0:
            self.bounce(kind, None, start, legality.paradrop_problem(self.board, owner, forces, self.side, 0, 0, 0, 0))
            return
        if owner[slot] != 1 - self.side:
            self.bounce(kind, None, start, "A paratrooper must land on one of your opponent's pieces.")
            return
        if forces[slot] is not None:
            self.bounce(kind, None, start, "That piece already holds a tank or paratrooper.")
            return
        if not any(owner[n] is None and not legality.guarded_against(self.board, forces, n, self.side)
                   for n in self.board.neighbours[slot]):
            self.bounce(kind, None, start, "No empty space next to that piece for your own piece to join it.")
            return
        self.para_target = slot   # the hint line now asks for the piece that joins it
        sound.play("click")

    def plant_flag(self) -> None:
        slot = self.flag_choice()
        if slot is None:
            self.refuse("There is no objective you may flag now.")
            return
        self.submit({"type": "flag", "slot": slot})

    def flag_choice(self):
        """The objective F would flag: my side's open window first, else an open objective I may take."""
        if self.side is None or self.view is None:
            return None
        pub = self.pub
        flagging = {p.action["slot"] for p in self.predictions if p.action["type"] == "flag"}
        mine = pub["flag_windows"][self.side]
        if mine is not None and mine not in flagging:
            return mine
        for slot in pub["open_objectives"]:
            if slot in flagging:
                continue
            if pub["lapsed_flag"] == "either_side" or pub["owner"][slot] != self.side:
                return slot
        return None

    def bridge_at(self, pos):
        best, best_d = None, BRIDGE_PICK_RADIUS
        for position, (a, b) in enumerate(self.board.bridge_positions):
            p, q = self.proj.edge_points(a, b)
            d = math.dist(pos, ((p[0] + q[0]) / 2, (p[1] + q[1]) / 2))
            if d < best_d:
                best, best_d = position, d
        return best

    def set_filter(self, name: str) -> None:
        self.tray.set_filter(name)

    def next_sort(self) -> None:
        self.tray.next_sort()

    def select(self, kind: str, piece=None) -> None:
        if self.side is None:
            return
        if kind != "piece" and self.pub["in_hand"][kind][self.side] <= 0:
            self.refuse(f"You have no {race_hud.FORCE_LABELS[kind].lower()} in hand.")
            return
        if self.selected == {"kind": kind, "piece": piece}:
            self.selected = None
        else:
            self.selected = {"kind": kind, "piece": piece}
        sound.play("click")

    def leave(self) -> None:
        from game.scenes.title import TitleScene
        if self.app.active_link is self.link:
            self.app.active_link = None
        self.link.close()
        self.app.back_to(TitleScene)

    def back(self) -> None:
        if self.drag or self.selected or self.para_target is not None:
            self.cancel()
            return
        if self.esc_armed > 0 or (self.view and self.pub.get("result")):
            self.leave()
        else:
            self.esc_armed = ESC_LEAVE_SECONDS
            self.app.notify("Press Esc again to leave the race.")

    def cancel(self) -> None:
        if self.drag is not None:
            kind, piece = self.drag["kind"], self.drag["piece"]
            end = self.tray.home_of(piece) if kind == "piece" else race_hud.force_slots()[kind].center
            self.bounces.append({"kind": kind, "piece": piece, "from": self.drag["pos"], "to": end, "t": 0.0})
        self.drag = self.press = self.selected = None
        self.para_target = None

    # ----- input ---------------------------------------------------------------------------
    def handle(self, event) -> bool:
        if self.tally is not None:
            if (event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_SPACE, pygame.K_KP_ENTER)) \
                    or (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1):
                if self.tally.done:
                    self._show_game_over()
                else:
                    self.tally.t = self.tally.per_line * 3
                return True
            return event.type != pygame.KEYDOWN or event.key != pygame.K_ESCAPE
        answer = self.help_card.answer(event)
        if answer is not None:
            return answer
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        if event.type == pygame.MOUSEWHEEL:
            if layout.TRAY.collidepoint(self.app.mouse_pos):
                self.tray.scroll_by(-event.y if event.y else event.x)
            elif layout.LOG.collidepoint(self.app.mouse_pos):
                self.log.handle_wheel(event.y)
            return True
        for b in self.tray_buttons:
            if b.handle(event):
                return True
        if self._flag_prompt() is not None and self.flag_button.handle(event):
            return True
        if event.type == pygame.MOUSEBUTTONDOWN:
            return self._mouse_down(event)
        if event.type == pygame.MOUSEMOTION:
            return self._mouse_move(event)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            return self._mouse_up(event)
        return False

    def _mouse_down(self, event) -> bool:
        if event.button == 3:
            self.cancel()
            return True
        if event.button != 1 or self.side is None or self.view is None:
            return False
        pos = event.pos
        piece = self.tray.piece_at(pos)
        if piece is not None:
            self.press = {"kind": "piece", "piece": piece, "pos": pos}
            return True
        for kind, rect in race_hud.force_slots().items():
            if rect.collidepoint(pos):
                self.press = {"kind": kind, "piece": None, "pos": pos}
                return True
        if self.proj.rect.collidepoint(pos) and self.selected is not None:
            self._place_selected(pos)
            return True
        return False

    def _place_selected(self, pos) -> None:
        sel = self.selected
        if not self.racing:
            self.refuse("Wait for Go!" if self.countdown.running else "The race is over.")
            return
        if sel["kind"] == "piece":
            piece = sel["piece"]
            slot = self.proj.slot_at(pos)
            if slot is None:
                return
            self.selected = None
            self.drop_piece(piece, pos, start=self.tray.home_of(piece))
        else:
            kind = sel["kind"]
            self.selected = None
            self.drop_force(kind, pos)

    def _mouse_move(self, event) -> bool:
        pos = event.pos
        if self.drag is not None:
            self.drag["pos"] = pos
            return True
        if self.press is not None and math.dist(pos, self.press["pos"]) >= DRAG_THRESHOLD:
            if not self.racing:
                self.refuse("Wait for Go!" if self.countdown.running else "You cannot move now.")
                self.press = None
                return True
            kind = self.press["kind"]
            if kind != "piece" and self.pub["in_hand"][kind][self.side] <= 0:
                self.refuse(f"You have no {race_hud.FORCE_LABELS[kind].lower()} in hand.")
                self.press = None
                return True
            start = self.press["pos"]
            if kind == "piece":
                home = self.tray.rects.get(self.press["piece"])
                grab = (start[0] - home.centerx, start[1] - home.centery) if home else (0, 0)
                grab = (grab[0] * self.proj.cell_px / layout.TRAY_CELL_PX, grab[1] * self.proj.cell_px / layout.TRAY_CELL_PX)
            else:
                grab = (0, 0)
            self.drag = {"kind": kind, "piece": self.press["piece"], "pos": pos, "grab": grab, "start": start}
            self.press = None
            self.selected = None
            return True
        return False

    def _mouse_up(self, event) -> bool:
        pos = event.pos
        if self.drag is not None:
            drag, self.drag = self.drag, None
            if drag["kind"] == "piece":
                centre = (pos[0] - drag["grab"][0], pos[1] - drag["grab"][1])
                at = pos if self.proj.slot_at(centre) is None else centre
                self.drop_piece(drag["piece"], at, start=pos)
            else:
                self.drop_force(drag["kind"], pos)
            return True
        if self.press is not None:
            press, self.press = self.press, None
            self.select(press["kind"], press["piece"])
            return True
        return False

    def _key(self, event) -> bool:
        k = event.key
        if k in (pygame.K_h, pygame.K_F1):
            self.help_card.shown = True
            return True
        if k == pygame.K_ESCAPE:
            return False  # the app calls back(): cancel, or leave on a second press
        if k == pygame.K_f:
            self.plant_flag()
            return True
        if k in (pygame.K_t, pygame.K_p, pygame.K_b):
            self.select({pygame.K_t: TANK, pygame.K_p: PARATROOP, pygame.K_b: "bridge"}[k])
            return True
        numbers = (pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4)
        if k in numbers:
            self.set_filter(FILTERS[numbers.index(k)])
            return True
        if k == pygame.K_s:
            self.next_sort()
            return True
        step = {pygame.K_RIGHT: 1, pygame.K_LEFT: -1, pygame.K_RIGHTBRACKET: 1, pygame.K_LEFTBRACKET: -1,
                pygame.K_PAGEDOWN: self.tray.cols_visible, pygame.K_PAGEUP: -self.tray.cols_visible}.get(k)
        if step is not None:
            self.tray.scroll_by(step)
            return True
        return False

    # ----- frame ---------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.time += dt
        self.esc_armed = max(0.0, self.esc_armed - dt)
        if self.countdown.update(dt):
            sound.play("turn")
        messages = self.link.poll()
        # A frame bringing a flood of events is a catch-up (a replay seek, a reconnect): log it, no fireworks.
        self._quiet = sum(len(m.get("events", ())) for m in messages if m.get("t") == "update") > BURST_EVENTS
        for msg in messages:
            self._message(msg)
        self.refresh()
        if self.countdown.running and self.view is not None and self.pub.get("rev", 0) > 0 \
                and self.countdown.go_now():
            # Someone did not wait for our count (a racer on another machine): the race is on now.
            sound.play("turn")
            self.log.add_text("The race is on: the others have started!", None)
        self.predictions.update(dt)
        if self.view is not None and not self.countdown.running and not self.pub.get("result"):
            self.race_time += dt
        self.tray.sync(self.tray_order(), self.in_flight(), self._fitting)
        for b in self.bounces:
            b["t"] += dt
        self.bounces = [b for b in self.bounces if b["t"] < BOUNCE_SECONDS]
        for slot in list(self.flashes):
            self.flashes[slot][0] -= dt
            if self.flashes[slot][0] <= 0:
                del self.flashes[slot]
        for f in self.floaters:
            f[2] -= dt
        self.floaters = [f for f in self.floaters if f[2] > 0]
        self.reason_left = max(0.0, self.reason_left - dt)
        if self.bubble is not None:
            self.bubble["left"] -= dt
            if self.bubble["left"] <= 0:
                self.bubble = None
        self._ease_scores(dt)
        if self.para_target is not None and self.view is not None and \
                (self.pub["in_hand"][PARATROOP][self.side] <= 0 or self.pub["forces"][self.para_target] is not None):
            self.para_target = None
        self._maybe_tally(dt)

    def _ease_scores(self, dt: float) -> None:
        if self.view is None:
            return
        for side in (0, 1):
            target = self.pub["scores"][side]
            cur = self.shown_scores[side]
            if cur != target:
                step = max(1, int(abs(target - cur) * min(1.0, dt * 8)))
                self.shown_scores[side] = cur + step if cur < target else max(target, cur - step)

    def _message(self, msg: dict) -> None:
        t = msg.get("t")
        if t == "update":
            self.view_rev = -1  # read the new view this frame
            for e in msg.get("events", []):
                if e.get("type") == "placed":
                    self.placed_by[e["slot"]] = e.get("seat")
                if self._quiet:
                    self.log.add(e)
                else:
                    self._event(e)
            self._roll_back_lost_races(msg.get("view"))
        elif t in ("ok", "err"):
            refused = self.predictions.answer(msg)
            if t == "err":
                if msg.get("seq") in self._silenced:
                    self._silenced.discard(msg.get("seq"))
                    return
                if msg.get("code") == "game_over" or self.tally is not None:
                    # The puzzle was completed while this move was on its way: there is nothing left to
                    # roll back, and the tally is no place for a refusal.
                    self.view_rev = -1
                    return
                reason = msg.get("msg") or "The table refused that move."
                if refused is not None:
                    self._show_rollback(refused, reason)
                else:
                    self.refuse(reason)
            self.view_rev = -1
        elif t == "chat":
            self.log.add_text(f"{msg.get('from') or 'someone'}: {msg.get('text', '')}", None)
        elif t == "status" and msg.get("status") == "closed":
            self.app.notify(msg.get("msg") or "The table closed.", warning=True)

    def _roll_back_lost_races(self, view) -> None:
        """An update showing my predicted space taken by someone else: the race is lost, roll back now."""
        if not view or self.side is None:
            return
        owner = view["public"]["owner"]
        for p in self.predictions:
            slot = p.action.get("slot")
            if p.confirmed_rev is None and p.action["type"] in ("place", "paradrop") and owner[slot] is not None \
                    and owner[slot] != self.side:
                self.predictions.lost(p.seq)
                self._silenced.add(p.seq)
                self._show_rollback(p, f"{palette.side_name(self.board, owner[slot])} got there first.")

    def _show_rollback(self, p, reason: str) -> None:
        self.rolled_back.append({"action": p.action, "reason": reason})
        a = p.action
        mate = self._teammate_took(a)
        if mate is not None:
            # A teammate laid that piece first: it stays on the board for our side, nothing flies back.
            reason = f"{mate} got there first: the piece is on the board for your side."
            self.rolled_back[-1]["reason"] = reason
            self.flashes[a["slot"]] = [FLASH_SECONDS, palette.TEAMMATE_FLASH]
        elif a["type"] in ("place", "paradrop"):
            self.flashes[a["slot"]] = [FLASH_SECONDS, palette.ILLEGAL]
            self.bounces.append({"kind": "piece", "piece": a["piece"], "from": self.proj.slot_centre(a["slot"]),
                                 "to": self.tray.home_of(a["piece"]), "t": 0.0})
        elif a["type"] == "tank":
            self.flashes[a["slot"]] = [FLASH_SECONDS, palette.ILLEGAL]
        self.refuse(reason)

    def _teammate_took(self, action: dict):
        """The name of the teammate whose piece now fills the space `action` (a place or a paradrop)
        meant to fill, or None (the space is empty, or the other side's)."""
        if action.get("type") not in ("place", "paradrop") or self.side is None:
            return None
        view = self.link.view(self.seat) or self.view
        slot = action["slot"]
        if view is None or view["public"]["owner"][slot] != self.side:
            return None
        seat = self.placed_by.get(slot)
        if seat == self.seat or (seat is None and len(self.link.seats) <= 2):
            return None   # my own piece (or no teammate at all): an ordinary refusal
        return "Your teammate" if seat is None else self.seat_name(seat)

    def _event(self, e: dict) -> None:
        self.log.add(e)
        kind = e["type"]
        mine = self.side is not None and e.get("side") == self.side
        if kind == "placed":
            if e.get("seat") != self.seat:
                self.flashes[e["slot"]] = [FLASH_SECONDS, palette.TEAMMATE_FLASH if mine else palette.OPPONENT_FLASH]
        elif kind == "flag_window" and mine:
            sound.play("turn")
        elif kind == "flagged":
            self._float(e["slot"], f"+{e['points']}", e["side"])
            if mine:
                sound.play("conquest")
        elif kind == "square_won":
            slots = self.board.squares[e["square"]]
            xs = [self.proj.slot_centre(s) for s in slots]
            centre = (sum(p[0] for p in xs) / len(xs), sum(p[1] for p in xs) / len(xs))
            self.floaters.append([f"+{e['points']}", centre, FLOAT_SECONDS, palette.side_shade(e["side"])])
        elif kind == "bridge_placed":
            a, b = self.board.bridge_positions[e["position"]]
            p, q = self.proj.edge_points(a, b)
            self.floaters.append([f"+{e['points']}", ((p[0] + q[0]) / 2, (p[1] + q[1]) / 2), FLOAT_SECONDS,
                                  palette.side_shade(e["side"])])
        elif kind == "base_complete":
            what = "tanks" if e["base"] == TANK else "paratroopers"
            if mine:
                box = race_hud.force_slots()[e["base"]]
                self.floaters.append([f"+{e['forces']} {what}", (box.centerx, box.bottom + 26), FLOAT_SECONDS,
                                      theme.colours.good])
                sound.play("turn")
        elif kind in ("paradropped", "tank_placed") and not mine:
            slot = e.get("target", e.get("slot"))
            self.flashes[slot] = [FLASH_SECONDS, palette.OPPONENT_FLASH]

    def _float(self, slot, text, side) -> None:
        self.floaters.append([text, self.proj.slot_centre(slot), FLOAT_SECONDS, palette.side_shade(side)])

    def _maybe_tally(self, dt: float) -> None:
        if self.view is None or not self.pub.get("result") or getattr(self.link, "replay", False):
            return
        if self.tally is None:
            self.cancel()   # predictions still in flight are no longer drawn; their answers are still counted
            self.tally = FinalTally(self.board, self.pub, lambda s: palette.side_name(self.board, s), factor=self.factor)
        self.tally.update(dt)
        if self.tally.finished:
            self._show_game_over()

    def _show_game_over(self) -> None:
        if self.game_over_shown:
            return
        self.game_over_shown = True
        pub = self.pub
        n = len(self.link.seats)
        br = self.tally.breakdown if self.tally else [{"objectives": 0, "bridges": 0, "squares": 0}] * 2
        rows = [("Side", [palette.side_name(self.board, s % 2) for s in range(n)]),
                ("Objectives", [br[s % 2]["objectives"] for s in range(n)]),
                ("Bridges", [br[s % 2]["bridges"] for s in range(n)]),
                ("Whole squares", [br[s % 2]["squares"] for s in range(n)]),
                ("Pieces laid (side)", [pub["placed"][s % 2] for s in range(n)])]
        from game.scenes.game_over import show_game_over
        show_game_over(self.app, self.link, rows, colours=[palette.side_shade(s % 2) for s in range(n)])

    # ----- drawing ---------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        if self.view is None:
            surface.blit(theme.backdrop(surface.get_size()), (0, 0))
            theme.draw_text(surface, "Waiting for the table…", (640, 400), theme.SIZE_LARGE, anchor="center")
            return
        pub = self.pub
        surface.blit(theme.backdrop(surface.get_size()), (0, 0))
        frame = self.proj.rect.inflate(16, 16)
        pygame.draw.rect(surface, (58, 40, 26), frame, border_radius=8)
        pygame.draw.rect(surface, (92, 66, 42), frame, 3, border_radius=8)
        surface.blit(self.layer.pieces, self.proj.rect)
        self._draw_predictions(surface)
        self._draw_flashes(surface)
        surface.blit(self.layer.overlay(pub), self.proj.rect)
        if self.tally is not None:
            self._draw_won_squares(surface)
        self._draw_targets(surface)
        self._draw_panels(surface, pub)
        self.tray.draw(surface, selected=(self.selected or {}).get("piece"), lifted=(self.drag or {}).get("piece"),
                       empty_text=None if self.seat is not None else "Watching: each side's tray is its own secret")
        self._draw_floaters(surface)
        self._draw_bounces(surface)
        self._draw_drag(surface)
        self._draw_bubble(surface)
        if self.countdown.showing:
            self.countdown.draw(surface, self.proj.rect.center, caption="Both sides start together")
        if self.tally is not None:
            self.tally.draw(surface, (self.proj.rect.centerx, layout.TRAY.bottom))  # over the empty tray
        self.help_card.draw(surface)

    def _draw_predictions(self, surface) -> None:
        if self.tally is not None:
            return   # the final board is the host's, whole
        glow = int(120 + 100 * pulse(self.time, 8))
        for p in self.predictions:
            a = p.action
            if a["type"] in ("place", "paradrop"):
                sprite = self.sprites.get(a["piece"], self.side, self.proj.cell_px, self.proj.flipped)
                confirmed = p.confirmed_rev is not None
                sprite.blit_at(surface, self.proj.slot_centre(a["slot"]), alpha=None if confirmed else 200)
                if not confirmed:
                    self.layer.draw_outline(surface, a["slot"], (255, 255, 255, glow), 2)

    def _draw_flashes(self, surface) -> None:
        for slot, (left, colour) in self.flashes.items():
            alpha = int(170 * min(1.0, left / FLASH_SECONDS) * (0.6 + 0.4 * pulse(self.time, 12)))
            self.layer.draw_glow(surface, slot, colour, alpha)

    def _draw_won_squares(self, surface) -> None:
        for side in (0, 1):
            for q in self.tally.squares_lit(side):
                rects = [self.proj.slot_rect(s) for s in self.board.squares[q]]
                box = rects[0].unionall(rects[1:])
                tint = pygame.Surface(box.size, pygame.SRCALPHA)
                tint.fill((*theme.lighten(palette.side_shade(side), 0.6), 110))
                surface.blit(tint, box)
                pygame.draw.rect(surface, theme.darken(palette.side_shade(side), 0.5), box, 5)

    def _draw_targets(self, surface) -> None:
        """Where what is being dragged (or is picked) may go."""
        held = self.drag or self.selected
        if held is None or self.side is None:
            if self.para_target is not None:
                self.layer.draw_glow(surface, self.para_target, theme.colours.warning, 120)
            return
        kind = held["kind"]
        strength = int(110 + 90 * pulse(self.time))
        owner, forces = self.predicted_owner(), self.predicted_forces()
        if kind == "piece":
            piece = held["piece"]
            if self.para_target is not None:
                self.layer.draw_glow(surface, self.para_target, theme.colours.warning, 120)
                if piece in self.board.neighbours[self.para_target] and owner[piece] is None:
                    self.layer.draw_glow(surface, piece, palette.LEGAL, strength)
            elif owner[piece] is None and self.place_problem(piece, piece) is None:
                self.layer.draw_glow(surface, piece, palette.LEGAL, strength)
                self.layer.draw_outline(surface, piece, palette.LEGAL, 3)
            hover = self.proj.slot_at(self._held_centre())
            if hover is not None and self.drag is not None:
                problem = self.place_problem(piece, hover)
                if problem and not (self.para_target is not None and hover in self.board.neighbours[self.para_target]):
                    self.layer.draw_outline(surface, hover, palette.ILLEGAL, 2)
        elif kind == TANK:
            land = set(self.pub["tank_reach"][self.side])
            for s in land:
                if forces[s] is None and owner[s] == self.side:
                    self.layer.draw_glow(surface, s, palette.LEGAL, strength // 2)
        elif kind == PARATROOP:
            for s in range(self.board.n):
                if owner[s] == 1 - self.side and forces[s] is None and any(
                        owner[n] is None and not legality.guarded_against(self.board, forces, n, self.side)
                        for n in self.board.neighbours[s]):
                    self.layer.draw_glow(surface, s, theme.colours.warning, strength // 2)
        elif kind == "bridge":
            in_hand = self.pub["in_hand"]["bridge"][self.side]
            for position, (a, b) in enumerate(self.board.bridge_positions):
                if legality.bridge_problem(self.board, owner, self.pub["bridges"], self.side, in_hand, position) is None:
                    p, q = self.proj.edge_points(a, b)
                    mid = (round((p[0] + q[0]) / 2), round((p[1] + q[1]) / 2))
                    pygame.draw.circle(surface, palette.LEGAL, mid, 22, 4)

    def _held_centre(self):
        if self.drag is None:
            return self.app.mouse_pos
        pos, grab = self.drag["pos"], self.drag["grab"]
        return (pos[0] - grab[0], pos[1] - grab[1])

    def _draw_panels(self, surface, pub) -> None:
        sides = [self.side_label(s) for s in (0, 1)]
        clock = f"{int(self.race_time) // 60}:{int(self.race_time) % 60:02d}"
        surface.blit(self._top.get((repr(pub["scores"]), repr(pub["placed"]), repr(pub["tray_left"]), pub["filled"],
                                    tuple(sides), self.side, clock, theme.colours),
                                   self.board, sides, pub, self.side, clock), layout.TOP_BAR)
        surface.blit(self._side_panel, layout.SIDE)
        surface.blit(self._scores.get((tuple(sides), repr(pub["placed"]), repr(pub["tray_left"]),
                                       tuple(self.shown_scores), self.side, theme.colours),
                                      sides, pub, self.side, self.shown_scores), race_hud.SCORE_BOX)
        armed = (self.selected or self.drag or {}).get("kind")
        surface.blit(self._forces.get((repr(pub["in_hand"]), repr(pub["bases_ready"]), self.side, armed,
                                       theme.colours), pub, self.side, armed), race_hud.FORCES_BOX)
        self._draw_flag_box(surface, pub)
        self.log.draw(surface, layout.LOG)
        self._draw_tray_tools(surface)
        text, keys = self.hint(pub)
        surface.blit(self._hint.get((text, keys, theme.colours), layout.HINT.size, text, keys), layout.HINT)

    def _flag_prompt(self):
        """(slot, points, mine_window) of the flag F would plant, or None."""
        slot = self.flag_choice()
        if slot is None or not self.racing:
            return None
        return slot, self.board.objectives[slot], self.pub["flag_windows"][self.side] == slot

    def _draw_flag_box(self, surface, pub) -> None:
        box = race_hud.FLAG_BOX
        prompt = self._flag_prompt()
        enemy = None if self.side is None else 1 - self.side
        their = pub["flag_windows"][enemy] if enemy is not None else None
        urgent = prompt is not None and prompt[2]
        border = theme.colours.accent if urgent else theme.colours.panel_border
        theme.draw_panel(surface, box, border=border, alpha=240, border_width=3 if urgent else 2)
        if urgent:
            glow = int(60 + 60 * pulse(self.time, 7))
            halo = pygame.Surface(box.inflate(10, 10).size, pygame.SRCALPHA)
            pygame.draw.rect(halo, (*theme.colours.accent, glow), halo.get_rect(), 5, border_radius=14)
            surface.blit(halo, box.inflate(10, 10))
        theme.draw_text(surface, "Flags", (box.x + 12, box.y + 6), 16, theme.colours.text_dim, bold=True, shadow=False)
        if prompt is not None:
            slot, points, own = prompt
            head = f"You laid a {points}! Plant your flag now" if own else f"Open objective: {points} points"
            theme.draw_text(surface, kit_hud.fit_text(head, box.w - 24, 19, True), (box.x + 12, box.y + 30), 19,
                            theme.colours.accent if own else theme.colours.text, bold=True)
            self.flag_button.label = f"Plant flag  +{points}   (F)"
            self.flag_button.draw(surface)
            self.layer.draw_outline(surface, slot, theme.colours.accent, 3)
        else:
            line = "Lay an objective (a piece with points) and flag it at once." if self.side is not None else \
                "Watching the race."
            for i, part in enumerate(theme.wrap_text(line, box.w - 24, 17)[:2]):
                theme.draw_text(surface, part, (box.x + 12, box.y + 34 + i * 20), 17, theme.colours.text_dim,
                                shadow=False)
        if their is not None:
            name = palette.side_name(self.board, enemy)
            msg = f"{name} may flag their {self.board.objectives[their]} — until their next move"
            for i, part in enumerate(theme.wrap_text(msg, box.w - 24, 15)[:2]):
                theme.draw_text(surface, part, (box.x + 12, box.bottom - 40 + i * 17), 15, palette.side_shade(enemy),
                                shadow=False)
            self.layer.draw_outline(surface, their, palette.side_shade(enemy), 3)

    def _draw_tray_tools(self, surface) -> None:
        pygame.draw.rect(surface, theme.colours.panel, layout.TRAY, border_radius=10)
        pygame.draw.rect(surface, theme.colours.panel_border, layout.TRAY, 2, border_radius=10)
        t = layout.TRAY_TOOLS
        count = len(self.tray.items)
        total = len(self.tray_order())
        label = f"Your tray  {count}" + (f"/{total}" if count != total else "") if self.seat is not None else \
            "Trays are private"
        theme.draw_text(surface, label, (t.x, t.y), 17, theme.colours.text, bold=True, shadow=False)
        for name, b in self.filter_buttons.items():
            b.primary = self.tray.filter == name
            b.draw(surface)
        self.sort_button.label = f"Sort: {SORT_LABELS[self.tray.sort]}"
        self.sort_button.draw(surface)

    def _draw_floaters(self, surface) -> None:
        for text, (x, y), left, colour in self.floaters:
            rise = (FLOAT_SECONDS - left) * 30
            theme.draw_text(surface, text, (x, y - 20 - rise), 28 if len(text) < 6 else 20, colour, bold=True,
                            anchor="center")

    def _sprite_for(self, kind, piece, cell_px):
        if kind == "piece":
            return self.sprites.get(piece, self.side, cell_px, self.proj.flipped)
        return None

    def _draw_bounces(self, surface) -> None:
        for b in self.bounces:
            t = min(1.0, b["t"] / BOUNCE_SECONDS)
            ease = 1 - (1 - t) ** 3
            x = b["from"][0] + (b["to"][0] - b["from"][0]) * ease
            y = b["from"][1] + (b["to"][1] - b["from"][1]) * ease - math.sin(t * math.pi) * 40
            if b["kind"] == "piece":
                cell = self.proj.cell_px + (layout.TRAY_CELL_PX - self.proj.cell_px) * ease
                sprite = self.sprites.get(b["piece"], self.side, round(cell), self.proj.flipped)
                sprite.blit_at(surface, (x, y))
            else:
                icon = race_hud.force_icon(b["kind"], self.side, 36)
                surface.blit(icon, icon.get_rect(center=(x, y)))

    def _draw_drag(self, surface) -> None:
        if self.drag is None:
            if self.selected is not None and self.proj.rect.collidepoint(self.app.mouse_pos) \
                    and self.selected["kind"] != "piece":
                icon = race_hud.force_icon(self.selected["kind"], self.side, 36)
                surface.blit(icon, icon.get_rect(center=self.app.mouse_pos))
            return
        d = self.drag
        if d["kind"] == "piece":
            sprite = self.sprites.get(d["piece"], self.side, self.proj.cell_px, self.proj.flipped)
            centre = self._held_centre()
            shadow = sprite.surface.copy()
            shadow.fill((0, 0, 0, 90), special_flags=pygame.BLEND_RGBA_MULT)
            surface.blit(shadow, (centre[0] - sprite.anchor[0] + 6, centre[1] - sprite.anchor[1] + 8))
            sprite.blit_at(surface, centre)
            hover = self.proj.slot_at(centre)
            if hover is not None:
                problem = self.place_problem(d["piece"], hover)
                if self.para_target is not None and hover in self.board.neighbours[self.para_target]:
                    problem = legality.paradrop_problem(self.board, self.predicted_owner(), self.predicted_forces(),
                                                        self.side, self.pub["in_hand"][PARATROOP][self.side],
                                                        self.para_target, d["piece"], hover)
                lines = [("Drop: it snaps into place", palette.LEGAL)] if problem is None else \
                    [("Cannot go here", palette.ILLEGAL)] + [(t, theme.colours.text) for t in
                                                            theme.wrap_text(problem, 360, 18)]
                tip = self._tip.get(tuple(lines), lines)
                rect = tip.get_rect(topleft=(d["pos"][0] + 24, d["pos"][1] + 30))
                rect.clamp_ip(pygame.Rect(0, 0, 1280, 740))
                surface.blit(tip, rect)
        else:
            icon = race_hud.force_icon(d["kind"], self.side, 40)
            surface.blit(icon, icon.get_rect(center=d["pos"]))

    def _draw_bubble(self, surface) -> None:
        if self.bubble is None or self.drag is not None:
            return
        lines = [("Cannot go there", palette.ILLEGAL)] + [(t, theme.colours.text)
                                                          for t in theme.wrap_text(self.bubble["text"], 340, 18)]
        tip = self._tip.get(tuple(lines), lines)
        if self.bubble["left"] < 0.5:
            tip = tip.copy()
            tip.fill((255, 255, 255, int(255 * self.bubble["left"] / 0.5)), special_flags=pygame.BLEND_RGBA_MULT)
        rect = tip.get_rect(midbottom=(self.bubble["pos"][0], self.bubble["pos"][1] - 28))
        rect.clamp_ip(pygame.Rect(0, 48, 1000, 690))
        surface.blit(tip, rect)

    def hint(self, pub) -> tuple[str, str]:
        keys = "drag pieces  ·  F flag  ·  T/P/B tank, paratrooper, bridge  ·  1-4 filter  ·  S sort  ·  Left/Right scroll" \
               "  ·  Esc drop  ·  H help"
        if self.reason_left > 0 and self.reason:
            return f"Refused: {self.reason}", keys
        if pub.get("result"):
            return "The puzzle is complete: the final tally.", "Enter continue"
        if self.seat is None:
            return "Watching the race.", "H help"
        if self.countdown.running:
            return "Get ready: the race starts at Go!", keys
        if self.drag is not None:
            if self.drag["kind"] == "piece":
                return "Drop it on its space: the lit outline shows where it may go now.", keys
            return f"Drop the {race_hud.FORCE_LABELS[self.drag['kind']].lower()[:-1]} where it is lit.", keys
        if self.para_target is not None:
            return "Paratrooper ready: lay a piece of yours next to the lit enemy piece.", keys
        if self.selected is not None:
            if self.selected["kind"] == "piece":
                return "Picked: click its space on the board (or drag it there).", keys
            return f"Click where the {race_hud.FORCE_LABELS[self.selected['kind']].lower()[:-1]} goes.", keys
        prompt = self._flag_prompt()
        if prompt is not None and prompt[2]:
            return f"Plant your flag on the {prompt[1]} now (F), before your next move!", keys
        if pub["placed"][self.side] == 0:
            return "Start on your red edge: drag a red-bordered piece to the bottom row.", keys
        return f"Build out from your pieces. {len(self._fitting)} spaces are open to you.", keys
