"""The Civil War board scene: the 1863 map, the stacks, the orders panel, the battle
dialog and the log.

The frame (seats, cover, help, log, hint, Esc, game over) is game.board_kit's
BaseBoardScene; the map, its zoom and pan, the counters, the selection, the lit
reach and the battle dialog are the counter-wargame kit's (game.wargame). The
scene owns no rules: what may be clicked comes from the seat's `legal` through
game.civil_war.orders.
"""
import pygame

from engine.civil_war.board import load as load_board
from game import sound, theme
from game.board_kit.board_scene import BaseBoardScene
from game.board_kit.cover import HotSeatCover
from game.board_kit.hud import Cached
from game.civil_war import hud
from game.civil_war.battle_dialog import battle_dialog
from game.civil_war.counters import FACE, SHARED_FACE, look, side_colour
from game.civil_war.inspect import stack_card
from game.civil_war.geometry import BOARD_RECT, GRID, MAX_ZOOM
from game.civil_war.log import SIDE_TITLES, EventLog, square_name
from game.civil_war.map_layer import MapLayer
from game.civil_war.orders import KINDS, Rules, describe
from game.civil_war.overlays import Overlays
from game.civil_war.orders_panel import RECT as ORDERS_RECT, OrdersPanel
from game.scene import GLOW, SMOOTH, STILL
from game.wargame import stacks
from game.wargame.counters import Counters
from game.wargame.board_map import open_map
from game.wargame.lit_places import LitPlaces
from game.wargame.selection import Selection
from game.widgets import Button
from game.words import plural

SIDE = hud.SIDE
TURN_BOX_POS = (SIDE.x + 8, SIDE.y + 8)
BUTTON_Y = ORDERS_RECT.bottom + 10
LOG_RECT = pygame.Rect(SIDE.x + 4, BUTTON_Y + 84, SIDE.w - 8, SIDE.bottom - BUTTON_Y - 88)
SURRENDER_RECT = pygame.Rect(956, 4, 112, 32)   # in the top bar, apart from the orders of the turn
STEP_FIRST = {"battle": "Decide the battle first.", "retreat": "Move the survivors out first.",
              "losses": "Choose the pieces you lose first."}


class BoardScene(LitPlaces, Overlays, BaseBoardScene):
    side_rect = SIDE
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

    def __init__(self, app, link):
        super().__init__(app, link)
        self.board = load_board("civil_war").to_dict()
        self.rails = {tuple(sq) for r in self.board["railroads"] for sq in r["route"]}
        self.layer = MapLayer(self.board)
        open_map(self, GRID, BOARD_RECT, MAX_ZOOM)   # map, picture, pointer, lights, shading, inspector
        self.counters = Counters()
        self.log = EventLog(self.board, self.seat_name, LOG_RECT.w)
        self.cover = HotSeatCover(self.reveal, colour_of=side_colour)   # never up: nothing here is secret
        self.selection = Selection(KINDS)
        self.rules: Rules | None = None
        self.dialog = None
        self.flash: tuple | None = None   # (square, seconds left): where the last battle was
        self.attacks = [0, 0]
        self.lost = [0, 0]
        self._top_bar = Cached(hud.build_top_bar)
        self._turn_box = Cached(hud.build_turn_box)
        x, w = SIDE.x + 8, SIDE.w - 16
        bw = (w - 16) // 3
        self.end_button = Button((x, BUTTON_Y, bw, 44), "End turn", self.end_turn, primary=True,
                                 hotkey_label="Enter", size=20)
        self.fortify_button = Button((x + bw + 8, BUTTON_Y, bw, 44), "Fortify", self.fortify,
                                     hotkey_label="F", size=19)
        self.unfortify_button = Button((x + 2 * bw + 16, BUTTON_Y, w - 2 * bw - 16, 44), "Unfortify", self.unfortify,
                                       hotkey_label="U", size=19)
        self.surrender_button = Button(SURRENDER_RECT, "Surrender…", self.surrender, size=17, danger=True)
        self.panel = OrdersPanel(on_adjust=self.adjust, on_quick_pick=self.quick_pick, on_remove=self.remove)
        self.steppers, self.loss_buttons = self.panel.steppers, self.panel.loss_buttons  # scripted players click them
        self.buttons = [self.end_button, self.fortify_button, self.unfortify_button, self.surrender_button]
        self.refresh()

    @property
    def hover(self) -> tuple | None:
        return self.pointer.hover

    # ----- the view ------------------------------------------------------------------------------
    def reset_input(self) -> None:
        self.selection.clear()
        self.dialog = None

    def read_view(self) -> None:
        if self.orders_changed():
            self.rules = self.read_orders(Rules)
            self._sync_step()

    @property
    def actions(self) -> list[dict]:
        return self.rules.actions if self.rules else []

    @property
    def step(self) -> dict | None:
        return self.rules.step if self.rules else None

    def _sync_step(self) -> None:
        step = self.step
        kind = step["step"] if step else None
        if kind != "battle":
            self.dialog = None
        sel = self.selection
        if kind == "battle" and self.dialog is None:
            self.dialog = self._battle_dialog(step)
            sound.play("dice")
        elif kind == "retreat":
            ids = set(step["units"])
            units = {k: 0 for k in KINDS}
            for u in self.pub["units"]:
                if u["id"] in ids:
                    units[u["kind"]] += 1
            if sel.cell != tuple(step["at"]) or sel.available != units:
                sel.pick(step["at"], units)
        elif kind == "losses":
            if sel and not any(self._units_at(sel.cell, "units").values()):
                sel.clear()
        elif self.rules is None:
            sel.clear()
        elif sel:
            ready = self._units_at(sel.cell, "ready")
            if not any(ready.values()) and not self.works_at(sel.cell):
                sel.clear()
            elif ready != sel.available:
                sel.pick(sel.cell, ready)

    def _battle_dialog(self, step):
        at = tuple(step["at"])
        seat = self.active_seat
        mine, theirs = self._stack(at, seat), self._stack(at, 1 - seat)
        attack = sum(mine["units"].values()) if mine else 0
        garrison = (self.pub.get("garrisons") or {}).get(square_name(self.board, at), 0)
        enemy = describe(theirs["units"]) if theirs else "no troops"
        if garrison:
            enemy += f" and a garrison worth {garrison}"
        subtitle = f"Your {attack} attack {enemy}. The defender loses one more than you."
        # the dialog takes the half of the board away from the battle, so the fight stays in sight
        centre_y = BOARD_RECT.bottom - 196 if self.map.centre(at)[1] < BOARD_RECT.centery else BOARD_RECT.y + 196
        return battle_dialog(self.rules.of_type("battle"), f"Battle at {square_name(self.board, at)}", subtitle,
                             self.send_battle, (BOARD_RECT.centerx, centre_y))

    def _stack(self, square, side) -> dict | None:
        for s in self.pub.get("stacks", []):
            if tuple(s["at"]) == tuple(square) and s["side"] == side:
                return s
        return None

    def _units_at(self, square, which: str) -> dict:
        """The active side's units at `square` ("units") or those of them still ready to move ("ready")."""
        s = self._stack(square, self.active_seat)
        counts = s[which] if s else {}
        return {k: counts.get(k, 0) for k in KINDS}

    def works_at(self, square) -> list[dict]:
        """The fortify / unfortify orders the rules allow at `square` now."""
        return [a for a in self.actions if a["type"] in ("fortify", "unfortify") and tuple(a["at"]) == tuple(square)]

    def reach(self) -> dict:
        """Where the picked units may go now: square -> "move" / "attack"."""
        sel = self.selection
        if not self.rules or not sel or not sel.group:
            return {}
        step = self.step
        if step is None:
            return self.rules.reach(sel.cell, sel.picked, "move")
        if step["step"] == "retreat":
            return self.rules.reach(sel.cell, sel.picked, "retreat")
        return {}

    # ----- acting ------------------------------------------------------------------------------
    def modal(self):
        return self.dialog or (self.inspector if self.inspector.shown else None)

    def inspect(self, square=None) -> None:
        """I or a right-click on a stack: the inspector card about it."""
        square = square if square is not None else self.hover
        card = stack_card(self, square) if square is not None else None
        if card is None:
            self.refuse("Point at a stack, then I shows what it is.")
            return
        self.inspector.show(square, *card, self.map.centre(square))
        sound.play("click")

    def send_battle(self, action: dict) -> None:
        if self.send(action):
            self.dialog = None

    def end_turn(self) -> None:
        """Enter or End turn: the turn cannot be taken back once ended, so it is asked first, saying what could
        still move."""
        if self.active_seat is None:
            self.refuse("It is not your move.")
        elif self.step is not None:
            self.refuse(STEP_FIRST[self.step["step"]])
        elif not self.rules.can({"type": "end_turn"}):
            self.refuse("Move at least one unit before you end your turn.")
        else:
            left = len(self.rules.sources())
            self.ask_first("End your turn?", (f"{plural(left, 'stack')} of yours could still move; " if left else
                                              "Nothing more of yours can move; ")
                           + "the other side moves next.", "End turn", self._send_end_turn)

    def _send_end_turn(self) -> None:
        self.selection.clear()
        self.send({"type": "end_turn"})

    def main_enter_button(self):
        return self.end_button if self.step is None else None

    def fortify(self) -> None:
        self._fortify_order("fortify")

    def unfortify(self) -> None:
        self._fortify_order("unfortify")

    def _fortify_order(self, kind: str) -> None:
        if self.active_seat is None:
            self.refuse("It is not your move.")
            return
        options = [tuple(a["at"]) for a in self.rules.of_type(kind)] if self.rules else []
        square = self.selection.cell if self.selection.cell in options else options[0] if len(options) == 1 else None
        if square is None:
            if kind == "fortify":
                self.refuse("Select troops in a key city (not a capital) that have not moved this turn.")
            else:
                self.refuse("Select a city you fortified, with troops that have not moved this turn.")
            return
        self.selection.clear()
        self.send({"type": kind, "at": list(square)})

    def surrender(self) -> None:
        if self.active_seat is None:
            self.refuse("You can surrender only when it is your move.")
            return
        side = SIDE_TITLES[self.active_seat]
        self.ask_first("Surrender the war?", f"The {side} gives up: the other side wins and the game ends. It "
                       "cannot be taken back.", "Surrender", lambda: self.send({"type": "surrender"}))

    def adjust(self, kind: str, delta: int) -> None:
        if self.selection:
            self.selection.adjust(kind, delta)

    def quick_pick(self) -> None:
        if not self.selection:
            self.refuse("Select a stack first.")
            return
        self.selection.next_preset()

    def remove(self, kind: str) -> None:
        square = self.selection.cell
        action = {"type": "choose_losses", "at": list(square) if square else None, "units": {kind: 1}}
        if square is None or not self.rules or not self.rules.can(action):
            self.refuse("Click one of your stacks, then the kind of piece to give up.")
            return
        self.send(action)

    def click_cell(self, square, button: int) -> None:
        if button == 3:
            if stack_card(self, square) is not None:
                self.inspect(square)
            elif self.step is None:
                self.selection.clear()
        elif button == 1:
            self.click_square(square)

    def click_square(self, square) -> None:
        if self.active_seat is None:
            self.refuse(self.not_your_move())
            return
        step, sel = self.step, self.selection
        name = square_name(self.board, square)
        if step is not None and step["step"] == "losses":
            if any(self._units_at(square, "units").values()):
                sel.pick(square, self._units_at(square, "units"))
                sound.play("click")
            else:
                self.refuse(f"You have no pieces at {name}: click one of your stacks.")
            return
        if step is not None and step["step"] == "battle":
            self.refuse(STEP_FIRST["battle"])
            return
        if square in self.reach():
            if step is not None:  # a retreat
                self.send({"type": "retreat", "to": list(square), "units": sel.group})
            else:
                self.send({"type": "move", "from": list(sel.cell), "to": list(square), "units": sel.group})
                sel.clear()
            return
        if step is not None:  # a retreat: only the lit squares will do
            self.refuse(f"The survivors cannot go to {name}: pick a lit square next to them.")
        elif square == sel.cell:
            sel.clear()
            sound.play("click")
        elif any(self._units_at(square, "ready").values()) or self.works_at(square):
            sel.pick(square, self._units_at(square, "ready"))
            sound.play("click")
        elif sel and not sel.group:
            self.refuse("Pick at least one unit to move (the + buttons).")
        elif sel:
            self.refuse(f"{describe(sel.picked).capitalize()} cannot reach {name} this turn.")
        elif any(self._units_at(square, "units").values()):
            self.refuse(f"Your troops at {name} have moved or are disabled this turn.")
        else:
            self.refuse("Click one of your stacks that can still move (the lit squares).")

    # ----- input -------------------------------------------------------------------------------
    def picked(self) -> bool:
        return bool(self.selection) and self.step is None   # a battle's or a retreat's units stay chosen

    def key_commands(self) -> dict:
        return {pygame.K_RETURN: self.end_turn, pygame.K_KP_ENTER: self.end_turn, pygame.K_TAB: self.quick_pick,
                pygame.K_f: self.fortify, pygame.K_u: self.unfortify, pygame.K_i: self.inspect}

    def board_pointer(self, event) -> bool:
        for b in self.buttons + self.panel.live_buttons(self.selection, self.step):
            if b.handle(event):
                return True
        return self.pointer.handle(event)

    # ----- frame -------------------------------------------------------------------------------
    def skip_animations(self) -> None:
        self.flash = None

    def tick(self, dt: float) -> None:
        if self.flash is not None:
            self.flash = (self.flash[0], self.flash[1] - dt) if self.flash[1] > dt else None

    def frame_rate(self) -> float:
        if self.flash is not None:
            return SMOOTH
        step = self.step
        if not self.covered and (self.selection or (step is not None and step["step"] in ("battle", "retreat"))):
            return GLOW   # the reach of the picked stack, or the square being fought over, pulses
        return STILL

    def on_event(self, e: dict) -> None:
        super().on_event(e)
        kind = e["type"]
        if kind == "battle":
            self.flash = (tuple(e["at"]), 1.5)
            self.attacks[e["attacker"]] += 1
            sound.play("dice")
        elif kind == "captured":
            sound.play("conquest")
        elif kind == "eliminated":
            self.lost[e["side"]] += sum(sum(g["units"].values()) for g in e["units"])
        elif kind == "turn" and e["side"] in self.link.my_seats:
            sound.play("turn")

    def game_over_rows(self) -> list:
        flags = self.pub.get("flags", {})
        return [("Side", list(SIDE_TITLES)),
                ("Cities taken", [sum(1 for s in flags.values() if s == seat) for seat in (0, 1)]),
                ("Attacks made", list(self.attacks)),
                ("Units lost", list(self.lost))]

    # ----- drawing -----------------------------------------------------------------------------
    def draw_board(self, surface: pygame.Surface) -> None:
        pub = self.pub
        surface.fill(theme.darken(theme.colours.panel, 0.4), BOARD_RECT.inflate(16, 16))
        self.picture.draw(surface, self.map, self.layer.composite(pub.get("cut_links") or []))
        with self.map.clipped(surface):
            self._draw_highlights(surface)
            self._draw_stacks(surface, pub)
            self.layer.draw_markers(surface, self.map, pub.get("flags", {}),
                                    {tuple(st["at"]) for st in pub.get("stacks", [])})

    def _draw_stacks(self, surface, pub) -> None:
        for square, here in stacks.by_cell(pub.get("stacks", [])).items():
            if not self.map.is_visible(square):
                continue
            here = sorted(here, key=lambda s: s["side"])
            shared = len(here) > 1  # a battle being decided: both sides on one square
            face = stacks.face_size(self.map.cell_px, *(SHARED_FACE if shared else FACE))
            spots = stacks.positions(self.map.cell_rect(square), [face] * len(here), "split" if shared else "single")
            for s, at in zip(here, spots):
                surface.blit(self.counters.sprite(look(s), face), at)

    def draw_panels(self, surface) -> None:
        pub, seats = self.pub, self.link.seats
        surface.blit(self._top_bar.get((repr(pub.get("pieces")), repr(pub.get("flags")), tuple(pub.get("to_act") or ()),
                                        pub.get("turn_number"), repr(pub.get("pending")), bool(pub.get("outcome")),
                                        self.shown_seat, theme.colours, tuple(s.get("name") for s in seats)),
                                       seats, pub, self.shown_seat), hud.TOP_BAR)
        waiting = "" if self.active_seat is not None or self.over else f"waiting for {self.seat_name(self.actor(self.view))}"
        lines = self._turn_lines(pub)
        box_key = (tuple(pub.get("to_act") or ()), repr(pub.get("pending")), self.active_seat, waiting, lines, self.over,
                   theme.colours)
        surface.blit(self._turn_box.get(box_key, seats, pub, self.active_seat, waiting, lines), TURN_BOX_POS)
        self.panel.place_rows(self.selection)
        self.panel.draw(surface, self, pub)
        self._sync_buttons()
        for b in self.buttons:
            b.draw(surface)

    def _turn_lines(self, pub) -> tuple:
        if pub.get("outcome"):
            return (pub["outcome"].get("reason", ""),)
        fortified = [f"{city} ({SIDE_TITLES[side]})" for city, side in sorted((pub.get("fortified") or {}).items())]
        out = [f"Turn {pub.get('turn_number', 0)}: the {SIDE_TITLES[pub.get('turn', 0)]} moves"
               + ("; something has moved" if pub.get("moved_any") else "")]
        if fortified:
            out.append("Fortified: " + ", ".join(fortified))
        return tuple(out)

    def _sync_buttons(self) -> None:
        mine = self.rules is not None and self.step is None
        self.end_button.enabled = mine and self.rules.can({"type": "end_turn"})
        self.fortify_button.enabled = mine and bool(self.rules.of_type("fortify"))
        self.unfortify_button.enabled = mine and bool(self.rules.of_type("unfortify"))
        self.surrender_button.enabled = self.rules is not None

    def advice_points(self, action: dict) -> list:
        kind = action["type"]
        if kind in ("move", "retreat"):
            start = action.get("from") or (self.pub.get("pending") or {}).get("at")
            squares = ([start] if start else []) + (action.get("path") or [action["to"]])
        else:
            squares = [action["at"]] if "at" in action else []
        return [self.map.centre(tuple(sq)) for sq in squares]

    def advice_words(self, action: dict) -> str:
        kind, name = action["type"], lambda sq: square_name(self.board, sq)
        if kind == "move":
            return f"move {describe(action['units'])} from {name(action['from'])} to {name(action['to'])}"
        if kind == "retreat":
            return f"retreat {describe(action['units'])} to {name(action['to'])}"
        if kind in ("fortify", "unfortify"):
            return f"{kind} at {name(action['at'])}"
        if kind == "choose_losses":
            return f"lose {describe(action['units'])} at {name(action['at'])}"
        return {"end_turn": "end the turn", "surrender": "surrender"}.get(kind, kind.replace("_", " "))

    def move_hint(self) -> tuple[str, str]:
        step = self.step
        if step is not None:
            if step["step"] == "battle":
                return "Battle! Choose how many enemy units to destroy.", "1-9 how many  ·  Enter fight  ·  H help"
            if step["step"] == "retreat":
                return "Your survivors must leave: click a lit square.", "- / + pick units  ·  Tab quick pick  ·  H help"
            return f"Give up {plural(step['count'], 'piece')} for {step['city']}.", "click a stack, then Remove  ·  H help"
        if self.selection:
            return ("Click a shaded square (red: attack); the path shows under the pointer.",
                    "Tab quick pick  ·  - / + split  ·  I inspect  ·  Esc drop  ·  Enter end turn  ·  H help")
        if self.rules.can({"type": "end_turn"}) and not self.rules.sources():
            return "Nothing more can move: press Enter to end your turn.", "Enter end turn  ·  H help"
        return ("Pick a stack to move (each piece moves once a turn).",
                "Enter end turn  ·  F fortify  ·  U unfortify  ·  wheel zoom  ·  Esc twice leave  ·  H help")
