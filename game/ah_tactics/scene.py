"""The Tactics (1954) board scene: the map of two halves, the divisions as NATO-style counters,
the allowance gauge, the battle plan, the reserves and the log.

The frame (seats, cover, help, log, hint, Esc, game over) is game.board_kit's BaseBoardScene;
the map, its zoom and pan and the counters are the counter-wargame kit's (game.wargame). The scene
holds the state (the view read, the picks); its concerns live in their own modules, mixed in:
input (clicks.py), the side column and words (panels.py), what is drawn over the map (overlays.py). The scene owns no rules: what may be clicked comes from the seat's `legal`
through game.ah_tactics.orders. Secrets stay secret: during the set-up a side's arrangement, and
all game long its reserves, come only from the shown seat's private view, and the hot-seat cover
hides the board whenever the device passes.
"""
import pygame

from engine.ah_tactics import queries
from engine.resources import read_board
from game import sound
from game.ah_tactics import hud
from game.ah_tactics.clicks import ClickInput
from game.ah_tactics.counters import look, seat_colour, side_colour, side_of_seat
from game.ah_tactics.effects import Effects
from game.ah_tactics.geometry import ART_FILE, BOARD_RECT, DEFAULT_ZOOM, GRID, MAX_ZOOM
from game.ah_tactics.log import EventLog, square_name
from game.ah_tactics.orders import Orders
from game.ah_tactics.overlays import Overlays
from game.ah_tactics.panels import Panels
from game.board_kit.board_scene import BaseBoardScene
from game.board_kit.cover import HotSeatCover
from game.board_kit.chart_window import ChartWindow
from game.board_kit.hud import Cached
from game.board_kit.seats import Seats
from game.scene import GLOW, SMOOTH, STILL
from game.wargame.counters import Counters
from game.wargame.fog import FogLayer
from game.wargame.board_map import open_map
from game.wargame.lit_places import LessonPlaces
from game.wargame.terrain import TerrainLayer
from game.widgets import Button

COVER_NOTE = "Everyone else, look away: the set-up and the reserves are secret."
ON_BOARD = ("active", "prisoner", "refitting")
FRONTWARD = 4   # squares the opening frame looks past the seat's units toward the enemy


class SideSeats(Seats):
    """Two a side, both seats of the side on the move are in `to_act` at once (the commander first): a window
    playing the second seat acts whenever its seat is asked, not only when it is first in the list."""

    def asks_every_listed_seat(self) -> bool:
        return True


class BoardScene(ClickInput, Panels, Overlays, BaseBoardScene):
    side_rect = hud.SIDE
    log_rect = hud.LOG_RECT
    log_title = "Dispatches"
    hint_rect = pygame.Rect(0, 740, 1000, 60)
    hint_reserve = 0
    tooltip_bounds = BOARD_RECT
    toast_area = BOARD_RECT   # notices stay over the map, never over the status column
    over_hint = "The war is over."
    idle_keys = "H help  ·  mouse over a unit for details  ·  wheel zoom, 0 whole map"

    def __init__(self, app, link):
        cover = HotSeatCover(self.reveal, note=COVER_NOTE, colour_of=seat_colour)
        super().__init__(app, link, cover=cover, seats=SideSeats(app, link, cover))
        self.board = read_board("ah_tactics")
        self.terrain = TerrainLayer(GRID, art=pygame.image.load(str(ART_FILE)).convert())
        board_map = open_map(GRID, BOARD_RECT, MAX_ZOOM, self.click_cell)
        self.map, self.picture, self.pointer = board_map.view, board_map.picture, board_map.pointer
        self.lights, self.shading, self.inspector = board_map.lights, board_map.shading, board_map.inspector
        self.lesson_places = LessonPlaces(self.map, self.lights)
        self._framed: tuple | None = None     # (the player's camera moves, the phase) when the map was last framed
        self.chart = ChartWindow(BOARD_RECT)
        self.show_front = False               # the front line on demand (L), or after a reserve was refused
        self.show_hq = False                  # the corps HQs' ranges on demand (Q)
        self.last_battle: dict | None = None  # the last `battle` event: its cell lights in the chart
        self.counters = Counters()
        self.fog = FogLayer(self.counters)
        self.effects = Effects()
        self.log = EventLog(self.board, lambda: self.pub.get("units"), hud.LOG_RECT.w)
        self.orders: Orders | None = None
        self.selected: int | None = None      # a unit of ours picked to move, place, fall back or attack
        self.picked_defender: int | None = None   # an enemy picked to join another battle (combine)
        self.air = False                      # the picked parachute division drops by air
        self.factors: int | None = None       # the factors the next assignment gives (None: all it may)
        self.regrouping = False               # the picked division's corps choices show in the panel
        self.guarding: list[dict] = []        # set-up placements still to send for "Guard HQs" (clicks.py) ...
        self.guard_passes = 0                 # ... and its passes so far (0: not guarding)
        self.positions: dict[int, tuple] = {}
        self.hidden: set[int] = set()         # our own reserves (drawn for us only, with the secret rim)
        self.by_square: dict[tuple, int] = {}
        self.battles_seen = 0
        self._reach: tuple = (None, {})        # (pick, square -> cost) of the picked unit
        self._path: tuple = (None, None)       # (pick and square, (squares, cost)) under the pointer
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
        self.main_button = Button((x, y, 158, 48), "End movement", self.main_action, primary=True, size=18,
                                  hotkey_label="Enter")
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
    def allowance(self):
        return ((self.view or {}).get("private") or {}).get("allowance")

    # ----- the view ------------------------------------------------------------------------------
    def reset_input(self) -> None:
        self.show_front = False
        self.selected = None
        self.picked_defender = None
        self.air = False
        self.factors = None
        self.regrouping = False

    def read_view(self) -> None:
        self._place_units()
        self._frame_if_due()
        if self.seats.orders_changed():
            self.orders = self.seats.read_orders(Orders)
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

    def _frame_if_due(self) -> None:
        """The map opens at DEFAULT_ZOOM times the interface scale, on the seat's own units; it is framed once more
        when the set-up gives way to the first movement (the armies have moved up), unless the player has moved
        the map since."""
        phase, moves = self.phase, self.pointer.moves
        framed = self._framed
        if not self.positions or not (framed is None or (framed[1] == "setup" and phase != "setup"
                                                         and framed[0] == moves)):
            return
        self._framed = (moves, phase)
        side = self.my_side or self.pub.get("active")
        own = [sq for uid, sq in self.positions.items() if self.units[uid]["side"] == side] or list(self.positions.values())
        theirs = [sq for uid, sq in self.positions.items() if self.units[uid]["side"] != side]
        x = sum(sq[0] for sq in own) / len(own)
        y = sum(sq[1] for sq in own) / len(own)
        if theirs and phase != "setup":   # a little toward the enemy: the front in view, not only the rear
            y += FRONTWARD if sum(sq[1] for sq in theirs) / len(theirs) > y else -FRONTWARD
        settings = getattr(self.app, "settings", None)
        camera = self.map.camera
        camera.set_zoom(DEFAULT_ZOOM * (settings.scale if settings is not None else 1.0))
        camera.centre_on((x + 0.5) * GRID.size, (y + 0.5) * GRID.size)

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
        """square -> cost in thirds (or None) for the picked unit: the squares as `legal` lists them, a move's
        costs as the rules' own search gives them (engine.ah_tactics.queries), read once per pick."""
        kind = self.kind_now()
        if self.orders is None or self.selected is None or kind is None:
            return {}
        key = (self.orders_serial, self.selected, kind)
        if self._reach[0] != key:
            squares = self.orders.squares(kind, self.selected)
            costs = queries.reach_costs(self.view, self.selected) if kind == "move" else {}
            self._reach = (key, {sq: costs.get(sq) for sq in squares})
        return self._reach[1]

    def path_to(self, square) -> tuple[list, int | None] | None:
        """The squares the picked unit's move to `square` passes, `square` last, and its cost in thirds (an air
        drop: the square alone and None, it flies straight there); None when `square` is not in its reach (or
        the pick is a set-up place or a fall-back, which have no route)."""
        reach = self.reach()
        if (square is None or square not in reach or self.selected not in self.positions
                or self.kind_now() not in ("move", "drop")):   # a place or a fall-back goes straight there
            return None
        key = (self.orders_serial, self.selected, self.kind_now(), square)
        if self._path[0] != key:
            found = queries.route(self.view, self.selected, square) if reach[square] is not None else None
            self._path = (key, (found[1], found[0]) if found else ([square], None))
        return self._path[1]

    def targets(self) -> dict[int, list[int]]:
        """In the battle plan: enemy unit -> factor counts the picked attacker may give it."""
        if self.orders is None or self.phase != "battle" or self.selected is None:
            return {}
        return self.orders.targets_of(self.selected)

    def main_enter_button(self):
        return self.main_button if self.phase in ("setup", "move", "battle") else None

    def modal(self):
        """The chart window or the unit inspector, whichever is open."""
        return self.chart if self.chart.shown else self.inspector if self.inspector.shown else None

    def focused_battle(self) -> dict | None:
        """The planned battle in question: the picked attacker's, the hovered unit's, else the last planned."""
        plan = self.pub.get("plan") or []
        for uid in (self.selected, self.by_square.get(self.hover) if self.hover else None):
            for b in plan:
                if uid is not None and (str(uid) in b["attackers"] or uid in b["attackers"] or uid in b["defenders"]):
                    return b
        return plan[-1] if plan else None

    def front_shown(self) -> bool:
        """The front line shows on demand, after a reserve was refused, and while a reserve is picked (it moves
        only behind it)."""
        return self.phase == "move" and (self.show_front or self.selected in self.hidden)

    def hq_shown(self) -> bool:
        return self.phase not in ("setup", "over", "") and (self.show_hq or self.regrouping)

    # ----- events and animations -----------------------------------------------------------------
    def skip_animations(self) -> None:
        self.effects.skip()

    def tick(self, dt: float) -> None:
        self.effects.tick(dt)
        self.send_guarding()

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
            self.last_battle = e
            squares = [self.positions.get(u) for u in e["defenders"]]
            around = [self.positions.get(int(u)) for u in e["attackers"]]
            self.effects.battle(e, squares, factor, around)
            self._show_battle([sq for sq in squares + around if sq is not None])
            sound.play("dice")
        elif kind == "eliminated":
            u = self.unit(e["unit"])
            if u is not None:
                self.lost[u["side"]] += 1
                self.effects.loss(e["unit"], e.get("at"), look(u), factor)
        elif kind == "turn" and any(side_of_seat(s) == e["side"] for s in self.link.my_seats):
            sound.play("turn")

    def _show_battle(self, squares: list) -> None:
        """A battle about to play out of view: the map pans (at the zoom the player chose) to show it."""
        if not squares or self.effects.battles[-1:] == [] or any(self.map.is_visible(sq) for sq in squares):
            return
        x = sum(sq[0] for sq in squares) / len(squares)
        y = sum(sq[1] for sq in squares) / len(squares)
        self.map.camera.centre_on((x + 0.5) * GRID.size, (y + 0.5) * GRID.size)

    # ----- the expert's hint --------------------------------------------------------------------
    def _advised_squares(self, action: dict) -> list:
        units = [action[k] for k in ("unit", "attacker", "defender", "with") if k in action]
        squares = [self.positions[u] for u in units if u in self.positions]
        return squares + ([tuple(action["to"])] if "to" in action else [])

    def advice_points(self, action: dict) -> list:
        return [self.map.centre(sq) for sq in self._advised_squares(action)]

    def advice_words(self, action: dict) -> str:
        def name(uid):
            unit = self.unit(uid)
            return unit["name"] if unit else "a unit"
        kind = action["type"]
        to = square_name(self.board, action["to"]) if "to" in action else ""
        if kind in ("move", "place", "drop", "retreat"):
            verb = {"move": "move", "place": "place", "drop": "drop", "retreat": "fall back with"}[kind]
            return f"{verb} {name(action['unit'])} to {to}"
        if kind == "assign":
            return f"{name(action['attacker'])} attacks {name(action['defender'])}"
        if kind == "combine":
            return f"fight {name(action['defender'])} and {name(action['with'])} as one battle"
        if kind in ("reserve", "reveal", "unassign"):
            verb = {"reserve": "send {} into reserve", "reveal": "bring {} back", "unassign": "take {} out of the plan"}
            return verb[kind].format(name(action["unit"]))
        if kind == "regroup":
            return f"{name(action['unit'])} joins {action['corps']}"
        if kind == "contact":
            return {"fight": "fight", "fall_back": "fall back"}.get(action["choice"], str(action["choice"]))
        return {"end_movement": "end the movement", "confirm_battles": "confirm the battle plan",
                "setup_done": "finish the set-up"}.get(kind, kind.replace("_", " "))

    def game_over_rows(self) -> list | None:
        if self.effects.battles:
            return None   # let the last battles play first
        on_board = {s: sum(1 for u in self.units if u["side"] == s and u["kind"] != "hq"
                           and u["status"] in ("active", "reserve")) for s in ("blue", "red")}
        return [("Side", ["Blue", "Red"]), ("Divisions left", [on_board["blue"], on_board["red"]]),
                ("Units lost", [self.lost["blue"], self.lost["red"]])]

    def game_over_colours(self) -> list:
        return [side_colour("blue"), side_colour("red")]

