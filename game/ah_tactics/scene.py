"""The Tactics (1954) board scene: the map of two halves, the divisions as NATO-style counters,
the allowance gauge, the battle plan, the reserves and the log.

The frame (seats, cover, help, log, hint, Esc, game over) is game.board_kit's BaseBoardScene;
the map, its zoom and pan, the counters and the lit reach are the counter-wargame kit's
(game.wargame). The scene owns no rules: what may be clicked comes from the seat's `legal`
through game.ah_tactics.orders. Secrets stay secret: during the set-up a side's arrangement, and
all game long its reserves, come only from the shown seat's private view, and the hot-seat cover
hides the board whenever the device passes.
"""
import math

import pygame

from engine.resources import read_board
from game import sound, theme
from game.ah_tactics import hud
from game.ah_tactics.counters import FACE, SIDE_TITLES, look, seat_colour, side_colour, side_of_seat
from game.ah_tactics.effects import Effects
from game.ah_tactics.geometry import ART_FILE, BOARD_RECT, GRID, MAX_ZOOM, local_centre
from game.ah_tactics.log import EventLog, square_name
from game.ah_tactics.orders import Orders, thirds_text
from game.board_kit.board_scene import BaseBoardScene
from game.board_kit.cover import HotSeatCover
from game.board_kit.hud import Cached
from game.scene import GLOW, SMOOTH, STILL
from game.wargame import stacks
from game.wargame.counters import Counters
from game.wargame.fog import FogLayer
from game.wargame.map_input import MapPointer
from game.wargame.map_view import MapView, WorldPicture
from game.wargame.reach import Mark, ReachOverlay
from game.wargame.terrain import TerrainLayer
from game.widgets import Button

COVER_NOTE = "Everyone else, look away: the set-up and the reserves are secret."
ON_BOARD = ("active", "prisoner", "refitting")
COST_LABEL_PX = 30   # squares smaller than this on screen show no cost label (hundreds would be a blur)
# the side column above the log: turn box, gauge, unit card, panel and buttons, drawn as one layer
COLUMN = pygame.Rect(hud.SIDE.x, hud.SIDE.y, hud.SIDE.w, hud.BUTTONS_Y + 52 - hud.SIDE.y)


class BoardScene(BaseBoardScene):
    side_rect = hud.SIDE
    log_rect = hud.LOG_RECT
    log_title = "Dispatches"
    hint_rect = pygame.Rect(0, 740, 1000, 60)
    hint_reserve = 0
    tooltip_bounds = BOARD_RECT
    over_hint = "The war is over."
    idle_keys = "H help  ·  mouse over a unit for details  ·  wheel zoom"

    def __init__(self, app, link):
        super().__init__(app, link, build_help=hud.build_help)
        self.board = read_board("ah_tactics")
        self.terrain = TerrainLayer(GRID, art=pygame.image.load(str(ART_FILE)).convert())
        self.map = MapView(GRID, BOARD_RECT, max_zoom=MAX_ZOOM)
        self.picture = WorldPicture()
        self.pointer = MapPointer(self.map, self.click_cell)
        self.lights = ReachOverlay()
        self.counters = Counters()
        self.fog = FogLayer(self.counters)
        self.effects = Effects()
        self.log = EventLog(self.board, lambda: self.pub.get("units"), hud.LOG_RECT.w)
        self.cover = HotSeatCover(self.reveal, note=COVER_NOTE, colour_of=seat_colour)
        self.orders: Orders | None = None
        self.orders_serial = 0
        self._orders_key = None
        self.selected: int | None = None      # a unit of ours picked to move, place, fall back or attack
        self.picked_defender: int | None = None   # an enemy picked to join another battle (combine)
        self.air = False                      # the picked parachute division drops by air
        self.factors: int | None = None       # the factors the next assignment gives (None: all it may)
        self.regrouping = False               # the picked division's corps choices show in the panel
        self.positions: dict[int, tuple] = {}
        self.hidden: set[int] = set()         # our own reserves (drawn for us only, with the secret rim)
        self.by_square: dict[tuple, int] = {}
        self.battles_seen = 0
        self._units_key = ""
        self._still_layer: dict = {}
        self._column: dict = {}
        self._placed = 0                      # bumped whenever the units' squares are read again
        self.lost = {"blue": 0, "red": 0}
        self._top_bar = Cached(hud.build_top_bar)
        self._turn_box = Cached(hud.build_turn_box)
        self._gauge = Cached(hud.build_gauge)
        self._card = Cached(hud.build_card)
        self._panel = Cached(hud.build_panel)
        x, y = hud.PANEL.x, hud.BUTTONS_Y
        self.main_button = Button((x, y, 158, 48), "End movement", self.main_action, primary=True, size=18)
        self.second_button = Button((x + 164, y, 100, 48), "Reserve", self.second_action, size=17)
        self.buttons = [self.main_button, self.second_button]
        self.refresh()

    @property
    def hover(self):
        return self.pointer.hover

    @property
    def phase(self) -> str:
        return self.pub.get("phase", "")

    @property
    def units(self) -> list[dict]:
        return self.pub.get("units") or []

    @property
    def my_side(self) -> str | None:
        seat = self.shown_seat
        return side_of_seat(seat) if seat is not None and not self.covered else None

    @property
    def active_seat(self) -> int | None:
        """The seat this window may act for now. Two a side, both seats of the side on the move are in
        `to_act` at once (the commander first): a window playing the second seat acts whenever its seat
        is asked, not only when it is first in the list."""
        if not self.hot_seat and self.link.my_seats and not self.covered:
            seat = self.link.my_seats[0]
            return seat if seat in (self.pub.get("to_act") or []) else None
        return super().active_seat

    @property
    def allowance(self):
        return ((self.view or {}).get("private") or {}).get("allowance")

    # ----- the view ------------------------------------------------------------------------------
    def reset_input(self) -> None:
        self.selected = None
        self.picked_defender = None
        self.air = False
        self.factors = None
        self.regrouping = False

    def read_view(self) -> None:
        self._place_units()
        active = self.active_seat
        key = (self.shown_rev, active)
        if key != self._orders_key:
            self._orders_key = key
            self.orders = Orders(self.view, active) if active is not None and not self.over else None
            self.orders_serial += 1
            self._keep_selection()

    def _place_units(self) -> None:
        """Where each unit shows: the public squares; in the set-up our own arrangement; our reserves."""
        private = (self.view or {}).get("private") or {}
        pos, hidden = {}, set()
        for u in self.units:
            if u.get("at") is not None and u["status"] in ON_BOARD:
                pos[u["id"]] = tuple(u["at"])
        for uid, sq in (private.get("arrangement") or {}).items():
            pos[int(uid)] = tuple(sq)
        for r in private.get("reserves") or []:
            pos[r["unit"]] = (r["x"], r["y"])
            hidden.add(r["unit"])
        if pos != self.positions or hidden != self.hidden:
            self._placed += 1
        self.positions, self.hidden = pos, hidden
        self._units_key = repr([(u["status"], u["side"]) for u in self.units])
        self.by_square = {sq: uid for uid, sq in pos.items()}

    def _keep_selection(self) -> None:
        o = self.orders
        if o is None:
            self.reset_input()
            return
        if self.phase == "retreat":
            units = sorted(o.units("retreat"))
            if self.selected not in units:
                self.selected = units[0] if units else None
            return
        if self.selected is not None and not self._selectable(self.selected):
            self.selected = None
            self.air = False
        if self.regrouping and (self.selected is None or not o.regroups(self.selected)):
            self.regrouping = False
        if self.picked_defender is not None and not o.combines(self.picked_defender):
            self.picked_defender = None

    def _selectable(self, uid: int) -> bool:
        o = self.orders
        if o is None:
            return False
        if self.phase == "setup":
            return uid in o.units("place")
        if self.phase == "move":
            return uid in o.units("move") | o.units("drop") | o.units("reserve") | o.units("reveal") | o.units("regroup")
        if self.phase == "battle":
            return uid in o.attackers()
        if self.phase == "retreat":
            return uid in o.units("retreat")
        return False

    def unit(self, uid) -> dict | None:
        units = self.units
        return units[uid] if uid is not None and 0 <= uid < len(units) else None

    # ----- where the picked unit may go ----------------------------------------------------------
    def kind_now(self) -> str | None:
        return {"setup": "place", "move": "drop" if self.air else "move", "retreat": "retreat"}.get(self.phase)

    def reach(self) -> dict:
        """square -> cost in thirds (or None) for the picked unit, as `legal` lists it."""
        kind = self.kind_now()
        if self.orders is None or self.selected is None or kind is None:
            return {}
        return self.orders.reach(self.selected, kind)

    def targets(self) -> dict[int, list[int]]:
        """In the battle plan: enemy unit -> factor counts the picked attacker may give it."""
        if self.orders is None or self.phase != "battle" or self.selected is None:
            return {}
        return self.orders.targets_of(self.selected)

    # ----- acting ------------------------------------------------------------------------------
    def main_action(self) -> None:
        kind = {"setup": "setup_done", "move": "end_movement", "battle": "confirm_battles",
                "contact": "contact"}.get(self.phase)
        if self.active_seat is None or self.orders is None:
            self.refuse(self.not_your_move() if self.active_seat is None else "Nothing to do just now.")
            return
        if kind == "contact":
            self._contact("fight")
            return
        action = self.orders.simple(kind) if kind else None
        if action is None:
            if self.phase == "battle":
                left = len(self.pub.get("unengaged") or [])
                self.refuse(f"Engage every enemy next to your units first ({left} left), then confirm.")
            elif self.phase == "setup":
                self.refuse("Only your side's commander declares the set-up done.")
            else:
                self.refuse("Only your side's commander may do that.")
            return
        self.reset_input()
        self.send(action)

    def second_action(self) -> None:
        if self.phase == "contact":
            self._contact("fall_back")
        elif self.phase == "move":
            self.reserve_or_reveal()
        elif self.phase == "battle" and self.selected is not None:
            self.send({"type": "unassign", "unit": self.selected})

    def _contact(self, choice: str) -> None:
        action = {"type": "contact", "choice": choice}
        if self.orders is None or not self.orders.can(action):
            self.refuse("Only the commander whose reserves were found chooses.")
            return
        self.send(action)

    def reserve_or_reveal(self) -> None:
        if self.orders is None or self.selected is None:
            self.refuse("Pick a unit first: one behind your front line goes into reserve.")
            return
        for kind in ("reveal", "reserve"):
            action = {"type": kind, "unit": self.selected}
            if self.orders.can(action):
                self.send(action)
                self.reset_input()
                return
        self.refuse("That unit cannot go into reserve: it must stand behind your front line, away from the enemy.")

    def toggle_air(self) -> None:
        if self.selected is None or self.orders is None or self.selected not in self.orders.units("drop"):
            self.refuse("Pick a parachute division that has not moved this turn to drop it by air.")
            return
        self.air = not self.air
        sound.play("click")

    def set_factors(self, n: int) -> None:
        self.factors = n
        self.app.notify(f"The next attack gives {n} factor{'s' if n > 1 else ''}.")

    def toggle_regroup(self) -> None:
        """G: the picked division's corps choices show in the panel (a number or a click picks one)."""
        if self.phase != "move" or self.selected is None or self.orders is None:
            self.refuse("In your movement, pick a division first, then G to change its corps.")
            return
        if not self.orders.regroups(self.selected):
            self.refuse("That unit cannot change corps now: only the commander regroups, only divisions, "
                        "and every corps keeps three to nine.")
            return
        self.regrouping = not self.regrouping
        sound.play("click")

    def regroup_to(self, index: int) -> None:
        choices = self.orders.regroups(self.selected) if self.orders and self.selected is not None else []
        if not 0 <= index < len(choices):
            self.refuse(f"Pick a number from 1 to {len(choices)}." if choices else "Nothing to regroup.")
            return
        self.send({"type": "regroup", "unit": self.selected, "corps": choices[index]})
        self.regrouping = False

    def number_key(self, n: int) -> None:
        """1-5: a corps while regrouping, else how many factors the next attack gives."""
        if self.regrouping:
            self.regroup_to(n - 1)
        elif self.phase == "battle" and n <= 2:
            self.set_factors(n)

    def click_cell(self, square, button: int) -> None:
        square = tuple(square)
        if button == 3:
            self._right_click(square)
        elif button == 1:
            if self.active_seat is None:
                self.refuse(self.not_your_move())
                return
            getattr(self, "_click_" + self.phase, self._click_other)(square)

    def _right_click(self, square) -> None:
        uid = self.by_square.get(square)
        if self.phase == "battle" and self.orders is not None and uid in self.orders.unassignable():
            self.send({"type": "unassign", "unit": uid})
        elif self.phase != "retreat":
            self.reset_input()

    def _click_other(self, square) -> None:
        if self.phase == "contact":
            self.refuse("Your reserves were found: Fight or Fall back (the buttons).")
        else:
            self.refuse("Nothing to do on the map now.")

    def _click_setup(self, square) -> None:
        self._click_to(square, "place", "Your units set up within their own bivouac area (the lit squares).")

    def _click_move(self, square) -> None:
        self._click_to(square, "drop" if self.air else "move",
                       "That unit cannot get there with the allowance left (the lit squares show where it can).")

    def _click_retreat(self, square) -> None:
        self._click_to(square, "retreat", "The beaten unit falls back to one of the lit squares.")

    def _click_to(self, square, kind: str, why: str) -> None:
        uid = self.by_square.get(square)
        if self.selected is not None and square in self.reach():
            self.send({"type": kind, "unit": self.selected, "to": list(square)})
            if self.phase != "retreat":
                self.selected = None
                self.air = False
            return
        if uid is not None and uid == self.selected and self.phase != "retreat":
            self.reset_input()
            sound.play("click")
            return
        if uid is not None and self._selectable(uid):
            self.selected, self.air = uid, False
            sound.play("click")
            return
        if self.selected is not None:
            self.refuse(why)
        elif uid is not None and self.unit(uid) and self.unit(uid)["side"] != self.my_side:
            self.refuse("That is an enemy unit: pick one of yours.")
        else:
            self.refuse("Click one of your units (those lit can act).")

    def _click_battle(self, square) -> None:
        uid = self.by_square.get(square)
        o = self.orders
        if uid is None:
            self.refuse("Click one of your units, then the enemy it attacks.")
            return
        mine = self.unit(uid)["side"] == self.my_side
        if mine:
            if uid in o.attackers():
                self.selected, self.picked_defender = (None if uid == self.selected else uid), None
                sound.play("click")
            else:
                self.refuse("That unit has no enemy it may attack.")
            return
        targets = self.targets()
        if self.selected is not None and uid in targets:
            counts = targets[uid]
            factors = self.factors if self.factors in counts else max(counts)
            self.send({"type": "assign", "attacker": self.selected, "defender": uid, "factors": factors})
            self.factors = None
            return
        if self.picked_defender is not None and uid in o.combines(self.picked_defender):
            self.send({"type": "combine", "defender": self.picked_defender, "with": uid})
            self.picked_defender = None
            return
        if self.selected is None and o.combines(uid):
            self.picked_defender = uid
            sound.play("click")
            return
        if self.selected is not None:
            self.refuse(f"{self.unit(self.selected)['name']} cannot attack {self.unit(uid)['name']}.")
        else:
            self.refuse("Click one of your units first, then the enemy it attacks.")

    # ----- input -------------------------------------------------------------------------------
    def cancel(self) -> bool:
        if (self.selected is not None and self.phase != "retreat") or self.picked_defender is not None:
            self.reset_input()
            return True
        return False

    def key_commands(self) -> dict:
        return {pygame.K_RETURN: self.main_action, pygame.K_KP_ENTER: self.main_action,
                pygame.K_r: self.reserve_or_reveal, pygame.K_v: self.reserve_or_reveal, pygame.K_d: self.toggle_air,
                pygame.K_g: self.toggle_regroup,
                **{pygame.K_0 + n: (lambda n=n: self.number_key(n)) for n in range(1, 6)},
                pygame.K_f: lambda: self._contact("fight"), pygame.K_b: lambda: self._contact("fall_back")}

    def board_key(self, event) -> bool:
        return super().board_key(event) or self.pointer.key(event.key)

    def board_pointer(self, event) -> bool:
        if (self.regrouping and event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
                and hud.PANEL.collidepoint(event.pos)):
            row = hud.panel_row_at(event.pos)
            if row is not None:
                self.regroup_to(row)
            return True
        for b in self.buttons:
            if b.enabled and b.handle(event):
                return True
        return self.pointer.handle(event)

    # ----- events and animations -----------------------------------------------------------------
    def skip_animations(self) -> None:
        self.effects.skip()

    def tick(self, dt: float) -> None:
        self.effects.tick(dt)

    def frame_rate(self) -> float:
        if self.effects.busy:
            return SMOOTH
        if not self.covered and (self.selected is not None or self.phase in ("battle", "retreat")):
            return GLOW
        return STILL

    def on_event(self, e: dict) -> None:
        super().on_event(e)
        kind, factor = e["type"], self.animation_factor
        if kind in ("moved", "fell_back", "dropped"):
            self.effects.slide(e["unit"], e.get("from"), e.get("to"), factor)
        elif kind == "battle":
            self.battles_seen += 1
            squares = [self.positions.get(u) for u in e["defenders"]]
            self.effects.battle(e, squares, factor)
            sound.play("dice")
        elif kind == "eliminated":
            u = self.unit(e["unit"])
            if u is not None:
                self.lost[u["side"]] += 1
                self.effects.loss(e["unit"], e.get("at"), look(u), factor)
        elif kind == "turn" and any(side_of_seat(s) == e["side"] for s in self.link.my_seats):
            sound.play("turn")

    def game_over_rows(self) -> list | None:
        if self.effects.battles:
            return None   # let the last battles play first
        on_board = {s: sum(1 for u in self.units if u["side"] == s and u["kind"] != "hq"
                           and u["status"] in ("active", "reserve")) for s in ("blue", "red")}
        return [("Side", ["Blue", "Red"]), ("Divisions left", [on_board["blue"], on_board["red"]]),
                ("Units lost", [self.lost["blue"], self.lost["red"]])]

    def game_over_colours(self) -> list:
        return [side_colour("blue"), side_colour("red")]

    # ----- drawing -----------------------------------------------------------------------------
    def composite(self) -> pygame.Surface:
        ports = self.pub.get("ports") or {}

        def decorate(surf):
            for city in self.board["cities"]:   # a pennant in its holder's colour on every city
                owner = ports.get(city["name"], city["side"])
                x, y = local_centre(min(city["squares"]))
                pygame.draw.line(surf, (30, 26, 20), (x - 14, y + 12), (x - 14, y - 16), 2)
                pygame.draw.polygon(surf, side_colour(owner), [(x - 13, y - 16), (x + 2, y - 11), (x - 13, y - 6)])
                pygame.draw.polygon(surf, (250, 250, 250), [(x - 13, y - 16), (x + 2, y - 11), (x - 13, y - 6)], 1)
        return self.terrain.composite((repr(sorted(ports.items())), theme.colours), decorate)

    def draw_board(self, surface: pygame.Surface) -> None:
        pygame.draw.rect(surface, theme.darken(theme.colours.panel, 0.4), BOARD_RECT.inflate(16, 16), 8)
        with self.map.clipped(surface):
            if self.effects.slides:   # units on the move: drawn one by one
                self._draw_still(surface, units=False)
                self._draw_units(surface)
            else:   # the map, the lit reach and a still army are one opaque blit, redrawn when they change
                key = (self.shown_rev, self.map.state(), self.selected, self.air, self._placed,
                       repr(self.pub.get("ports")), theme.colours)
                surface.blit(self._layer(self._still_layer, key, self._draw_still), BOARD_RECT)
            self._draw_lights(surface)
            for uid in self.hidden:   # our own reserves: the dashed rim only we see
                if uid in self.positions and self.map.is_visible(self.positions[uid]):
                    self.fog.own_hidden(surface, self.map, self.positions[uid])
            self._draw_plan(surface)
            self.effects.draw(surface, self.map, self.counters, self._face())
            if self.hover is not None:
                self.lights.light(surface, self.map, self.hover, "hover", 170)

    def _draw_still(self, surface, units: bool = True) -> None:
        self.picture.draw(surface, self.map, self.composite())
        if self.selected is not None:
            labelled = self.map.cell_px >= COST_LABEL_PX   # zoomed out, the costs are the tooltip's
            marks = {sq: Mark("friendly" if self.air else "move", None if c is None or not labelled else thirds_text(c))
                     for sq, c in self.reach().items()}
            self.lights.draw(surface, self.map, marks, alpha=215)
        if units:
            self._draw_units(surface)

    def _face(self) -> tuple[int, int]:
        return stacks.face_size(self.map.cell_px, *FACE)

    def _draw_lights(self, surface) -> None:
        pulse = int(200 + 55 * math.sin(self.time * 5.0))
        light = self.lights.light
        for uid in self.pub.get("unengaged") or []:
            sq = self.positions.get(uid)
            if sq is not None and self.map.is_visible(sq):
                light(surface, self.map, sq, "target", pulse)
        if self.selected is not None and self.selected in self.positions:
            light(surface, self.map, self.positions[self.selected], "selected", pulse)
            for uid in self.targets():
                sq = self.positions.get(uid)
                if sq is not None and self.map.is_visible(sq):
                    light(surface, self.map, sq, "attack", pulse)
        if self.picked_defender is not None and self.picked_defender in self.positions:
            light(surface, self.map, self.positions[self.picked_defender], "selected")
            for uid in self.orders.combines(self.picked_defender) if self.orders else ():
                if uid in self.positions:
                    light(surface, self.map, self.positions[uid], "target", pulse)

    def _layer(self, cache: dict, key, paint) -> pygame.Surface:
        """An opaque surface the size of the map holding what `paint` draws, remade only when `key` changes
        (the art, hundreds of lit squares and every counter then cost one blit a frame)."""
        if cache.get("key") != key:
            layer = cache.get("surface")
            if layer is None:
                layer = cache["surface"] = pygame.Surface(BOARD_RECT.size).convert()
            layer.fill(theme.darken(theme.colours.panel, 0.4))
            shifted = _Shifted(layer, BOARD_RECT.topleft)
            paint(shifted)
            cache["key"] = key
        return cache["surface"]

    def _draw_units(self, surface) -> None:
        face = self._face()
        halted = set(self.pub.get("halted") or [])
        for uid, sq in self.positions.items():
            at = self.effects.offset_of(uid, self.map)
            rect = self.map.cell_rect(sq)
            if at is not None:
                rect.topleft = at
            if not rect.colliderect(self.map.viewport):
                continue
            u = self.units[uid]
            sprite = self.counters.sprite(look(u, dimmed=uid in halted, selected=uid == self.selected,
                                               prisoner=u["status"] != "active"), face)
            surface.blit(sprite, (rect.centerx - face[0] // 2, rect.centery - face[1] // 2))

    def _draw_plan(self, surface) -> None:
        """Each planned battle: a line from every attacker to the defenders, and its odds over them."""
        for battle in self.pub.get("plan") or []:
            defenders = [self.positions[d] for d in battle["defenders"] if d in self.positions]
            if not defenders:
                continue
            dx = sum(self.map.centre(d)[0] for d in defenders) / len(defenders)
            dy = sum(self.map.centre(d)[1] for d in defenders) / len(defenders)
            for a in battle["attackers"]:
                sq = self.positions.get(int(a))
                if sq is not None:
                    ax, ay = self.map.centre(sq)
                    pygame.draw.line(surface, (255, 214, 90), (ax, ay), (dx, dy), max(2, round(self.map.cell_px / 14)))
            text = theme.render_text(f"{battle['odds']}", max(13, round(self.map.cell_px * 0.42)), (255, 255, 255), True)
            box = pygame.Rect(0, 0, text.get_width() + 10, text.get_height() + 2)
            box.center = (dx, dy - self.map.cell_px * 0.55)
            pygame.draw.rect(surface, (150, 28, 20), box, border_radius=6)
            pygame.draw.rect(surface, (255, 214, 90), box, 2, border_radius=6)
            surface.blit(text, text.get_rect(center=box.center))

    def draw_panels(self, surface) -> None:
        pub, seats = self.pub, self.link.seats
        allowance = self.allowance
        surface.blit(self._top_bar.get((self._units_key, pub.get("phase"),
                                        pub.get("round"), pub.get("active"), repr(pub.get("reserves")), allowance,
                                        self.shown_seat, theme.colours, tuple(s.get("name") for s in seats)),
                                       seats, pub, self.shown_seat, allowance), hud.TOP_BAR)
        self._sync_buttons()
        # the turn box, gauge, unit card, panel and buttons change a few times a turn: one opaque blit
        mine = self.active_seat is not None
        lines = self._turn_lines()
        shown = self.selected if self.selected is not None else self.by_square.get(self.hover) if self.hover else None
        unit = self.unit(shown)
        card_lines = self._unit_lines(unit) if unit else ()
        title, rows = self._panel_rows()
        side = pub.get("active")
        parts = (
            (hud.TURN_BOX, self._turn_box, (pub.get("phase"), side, mine, lines, bool(pub.get("result"))),
             (seats, pub, mine, lines)),
            (hud.GAUGE, self._gauge, (allowance, side), (allowance, side)),
            (hud.CARD, self._card, (shown, card_lines), (unit, card_lines)),
            (hud.PANEL, self._panel, (title, rows), (title, rows)),
        )
        key = (tuple(part[2] for part in parts), theme.colours,
               tuple((b.label, b.state, b.primary, b.focused) for b in self.buttons))
        if self._column.get("key") != key:
            layer = self._column.get("surface")
            if layer is None:
                layer = self._column["surface"] = pygame.Surface(COLUMN.size).convert()
            layer.blit(self._side_panel, (0, 0), COLUMN.move(-self.side_rect.x, -self.side_rect.y))
            shifted = _Shifted(layer, COLUMN.topleft)
            for rect, cached, part_key, args in parts:
                shifted.blit(cached.get((part_key, theme.colours), *args), rect)
            for b in self.buttons:   # drawn onto the layer where it sits (its rect stays in screen terms)
                at = b.rect
                b.rect = at.move(-COLUMN.x, -COLUMN.y)
                try:
                    b.draw(layer)
                finally:
                    b.rect = at
            self._column["key"] = key
        surface.blit(self._column["surface"], COLUMN)

    def _turn_lines(self) -> tuple:
        pub = self.pub
        if pub.get("result"):
            return (pub["result"].get("reason", ""),)
        if self.phase == "setup":
            ready = pub.get("ready") or {}
            return tuple(f"{SIDE_TITLES[s]}: {'done' if ready.get(s) else 'arranging'}" for s in ("blue", "red"))
        out = []
        if pub.get("first"):
            out.append(f"{SIDE_TITLES[pub['first']]} moved first · round {pub.get('round', 0)}")
        hq = pub.get("hq_out_of_range") or []
        if hq:
            out.append(f"HQs out of range: {', '.join(self.units[u]['name'] for u in hq[:3])}")
        return tuple(out)

    def _unit_lines(self, u: dict) -> tuple:
        kind = {"infantry": "infantry division", "armor": "armored division", "para": "parachute division",
                "mountain": "mountain division", "amphibious": "amphibious division", "hq": "headquarters"}[u["kind"]]
        first = f"{SIDE_TITLES[u['side']]} {kind} · factor {u['factor']}"
        second = f"{u['corps'] or 'no corps'} · {u['status']}"
        if u["id"] in self.hidden:
            second += " · in reserve (secret)"
        sq = self.positions.get(u["id"])
        if sq is not None:
            second += f" · at {square_name(self.board, sq)}"
        return (first, second)

    def _panel_rows(self) -> tuple[str, tuple]:
        pub, text, dim = self.pub, theme.colours.text, theme.colours.text_dim
        if self.phase == "setup":
            return "Set-up (secret)", (("Click a unit, then a lit square of", text), ("its bivouac area (swaps when taken).", text),
                                       ("Enter when your arrangement is done.", dim),
                                       ("The enemy cannot see it until both", dim), ("sides are done.", dim))
        if self.phase in ("battle", "retreat") or (self.phase == "move" and pub.get("plan")):
            rows = []
            for i, b in enumerate(pub.get("plan") or []):
                att = ", ".join(self.units[int(a)]["name"] for a in b["attackers"])
                dfn = ", ".join(self.units[d]["name"] for d in b["defenders"])
                rows.append((f"{i + 1}. {b['odds']} ({_num(b['attack'])}:{_num(b['defence'])}) {att} to {dfn}", text))
            left = pub.get("unengaged") or []
            if left:
                rows.append((f"Still to engage: {', '.join(self.units[u]['name'] for u in left[:4])}",
                             theme.colours.accent))
            elif self.phase == "battle":
                rows.append(("Every enemy engaged: Enter confirms.", theme.colours.accent))
            return "Battle plan", tuple(rows) or (("No battles.", dim),)
        if self.regrouping and self.selected is not None and self.orders is not None:
            u = self.units[self.selected]
            rows = [(f"{i + 1}   {'leave its corps (unattached)' if c == 'none' else 'join ' + c}", text)
                    for i, c in enumerate(self.orders.regroups(self.selected))]
            return f"Regroup {u['name']} (now {u['corps'] or 'no corps'})", tuple(rows) + (
                ("A number or a click picks; G or Esc: keep it.", dim),)
        if self.phase == "contact":
            return "Reserves found!", (("The enemy stumbled upon your reserves.", text),
                                       ("Fight: he stays in contact and attacks.", dim),
                                       ("Fall back: he returns where he began.", dim))
        private = (self.view or {}).get("private") or {}
        reserves = private.get("reserves") or []
        rows = [(f"{r['name']} at {square_name(self.board, (r['x'], r['y']))}", text) for r in reserves]
        theirs = len((pub.get("reserves") or {}).get("red" if self.my_side == "blue" else "blue", []))
        if theirs:
            rows.append((f"The enemy has {theirs} unit{'s' if theirs > 1 else ''} in reserve, somewhere.", dim))
        if not rows:
            rows = [("None. Pick a unit behind your front", dim), ("line and press R to send it off the board.", dim)]
        return "Reserves (yours are secret)", tuple(rows)

    def _sync_buttons(self) -> None:
        o, phase = self.orders, self.phase
        labels = {"setup": ("Set-up done", "—"), "move": ("End movement", "Reserve"),
                  "battle": ("Confirm battles", "Unassign"), "contact": ("Fight", "Fall back"),
                  "retreat": ("Fall back", "—")}
        main, second = labels.get(phase, ("—", "—"))
        if phase == "move" and self.selected in self.hidden:
            second = "Reveal"
        self.main_button.label, self.second_button.label = main, second
        kind = {"setup": "setup_done", "move": "end_movement", "battle": "confirm_battles"}.get(phase)
        self.main_button.enabled = o is not None and (o.can({"type": kind}) if kind else phase == "contact")
        self.second_button.enabled = o is not None and (
            phase == "contact" or (phase == "move" and self.selected is not None
                                   and (o.can({"type": "reserve", "unit": self.selected})
                                        or o.can({"type": "reveal", "unit": self.selected})))
            or (phase == "battle" and self.selected in o.unassignable()))

    def tooltip_lines(self) -> list | None:
        if self.hover is None:
            return None
        sq = self.hover
        lines = [(square_name(self.board, sq), theme.colours.text)]
        x, y = sq
        terrain = self.board["legend"].get(self.board["terrain"][y][x], "clear")
        lines.append((terrain, theme.colours.text_dim))
        uid = self.by_square.get(sq)
        if uid is not None:
            u = self.units[uid]
            lines.append((f"{u['name']} ({u['corps'] or 'no corps'}, factor {u['factor']})",
                          theme.lighten(side_colour(u["side"]), 0.35)))
        cost = self.reach().get(sq, "none")
        if cost != "none":
            lines.append((f"click: {'drop here' if self.air else 'go here'}" + (f" for {thirds_text(cost)} sq" if cost else ""),
                          theme.colours.accent))
        if uid in self.targets():
            lines.append((f"click: attack with {max(self.targets()[uid])} factor(s)", theme.colours.accent))
        return lines

    def move_hint(self) -> tuple[str, str]:
        phase = self.phase
        if phase == "setup":
            return ("Arrange your units in their bivouac areas, then Enter.", "click unit, then square  ·  H help")
        if phase == "move":
            if self.selected is not None:
                if self.regrouping:
                    return ("Choose the division's new corps in the panel (a number or a click).",
                            "G / Esc keep it  ·  H help")
                return ("Click a lit square: the number is its cost in squares.",
                        "D air drop  ·  R reserve  ·  G corps  ·  Esc drop  ·  Enter end movement  ·  H help")
            return ("Move units with your 30 squares, then press Enter for the battle plan.",
                    "click a unit  ·  wheel zoom, drag pan  ·  H help")
        if phase == "battle":
            if self.selected is not None:
                return ("Click a lit enemy to attack it (1 / 2: factors).", "right-click: unassign  ·  Enter confirm  ·  H help")
            return ("Plan your battles: your unit, then the enemy; Enter confirms.", "click an enemy, then another: one battle")
        if phase == "retreat":
            return ("Choose where the beaten unit falls back (a lit square).", "H help")
        if phase == "contact":
            return ("The enemy found your reserves: Fight or Fall back.", "F fight  ·  B fall back")
        return ("", "H help")


def _num(x) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:g}"


class _Shifted:
    """A layer surface that takes screen coordinates: what is blitted or drawn on it lands `origin` less
    (only the calls the map's painters make)."""

    def __init__(self, surface: pygame.Surface, origin):
        self.surface, self.ox, self.oy = surface, origin[0], origin[1]

    def blit(self, source, dest, area=None):
        if isinstance(dest, pygame.Rect):
            dest = dest.topleft
        return self.surface.blit(source, (dest[0] - self.ox, dest[1] - self.oy), area)
