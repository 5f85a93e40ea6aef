"""The Civil War board scene: the 1863 map, the stacks, the orders panel, the battle
dialog and the log.

The scene talks only to a TableLink: it reads views, sends actions and shows what
comes back. It owns no rules: what may be clicked comes from the rules themselves
through game.civil_war.orders. Seats (one, hot-seat with the cover, or watching)
are game.board_kit.seats'.
"""
import math

import pygame

from engine.civil_war.board import load as load_board
from game import sound, theme
from game.board_kit.cover import HotSeatCover
from game.board_kit.help_card import HelpCard
from game.board_kit.hud import Cached, build_side_panel, build_tooltip
from game.board_kit.seats import SeatedBoard
from game.civil_war import hud
from game.civil_war.battle_dialog import BattleDialog
from game.civil_war.counters import KINDS, Counters, side_colour
from game.civil_war.geometry import BOARD_RECT, SQUARE, square_at, square_rect
from game.civil_war.log import SIDE_TITLES, EventLog, square_name
from game.civil_war.map_layer import MapLayer
from game.civil_war.orders import Rules, Selection, composition, describe
from game.civil_war.orders_panel import RECT as ORDERS_RECT, OrdersPanel
from game.scene import Scene
from game.widgets import Button

SIDE = hud.SIDE
TURN_BOX_POS = (SIDE.x + 8, SIDE.y + 8)
BUTTON_Y = ORDERS_RECT.bottom + 10
LOG_RECT = pygame.Rect(SIDE.x + 4, BUTTON_Y + 84, SIDE.w - 8, SIDE.bottom - BUTTON_Y - 88)
SURRENDER_CONFIRM_SECONDS = 3.0
COVER_NOTE = "Nothing on this board is secret: the cover only keeps each turn to its own player."


class BoardScene(SeatedBoard, Scene):
    def __init__(self, app, link):
        super().__init__(app)
        self.link = link
        self.init_seats()
        self.board = load_board("civil_war").to_dict()
        self.rails = {tuple(sq) for r in self.board["railroads"] for sq in r["route"]}
        self.layer = MapLayer(self.board)
        self.counters = Counters()
        self.log = EventLog(self.board, self.seat_name, LOG_RECT.w)
        self.cover = HotSeatCover(self.reveal, note=COVER_NOTE, colour_of=side_colour)
        self.selection = Selection()
        self.rules: Rules | None = None
        self._rules_key = None
        self.rules_serial = 0
        self.dialog: BattleDialog | None = None
        self.help_card = HelpCard(hud.build_help, (640, 400))
        self.hover: tuple | None = None
        self.time = 0.0
        self.surrender_armed = 0.0
        self.flash: tuple | None = None   # (square, seconds left): where the last battle was
        self.attacks = [0, 0]
        self.lost = [0, 0]
        self.view: dict | None = None
        self._top_bar = Cached(hud.build_top_bar)
        self._turn_box = Cached(hud.build_turn_box)
        self._hint = Cached(hud.build_hint)
        self._tooltip = Cached(build_tooltip)
        self._side = build_side_panel(SIDE, LOG_RECT, "Dispatches", title_gap=24)
        x, w = SIDE.x + 8, SIDE.w - 16
        bw = (w - 24) // 4
        self.end_button = Button((x, BUTTON_Y, bw + 40, 44), "End turn", self.end_turn, primary=True,
                                 hotkey_label="Enter", size=20)
        self.fortify_button = Button((x + bw + 48, BUTTON_Y, bw - 10, 44), "Fortify", self.fortify,
                                     hotkey_label="F", size=19)
        self.unfortify_button = Button((x + 2 * bw + 46, BUTTON_Y, bw - 6, 44), "Unfortify", self.unfortify,
                                       hotkey_label="U", size=19)
        self.surrender_button = Button((x + 3 * bw + 48, BUTTON_Y, w - 3 * bw - 48, 44), "Surrender",
                                       self.surrender, size=19)
        self.panel = OrdersPanel(on_adjust=self.adjust, on_quick_pick=self.quick_pick, on_remove=self.remove)
        self.steppers, self.loss_buttons = self.panel.steppers, self.panel.loss_buttons  # scripted players click them
        self.buttons = [self.end_button, self.fortify_button, self.unfortify_button, self.surrender_button]
        self.refresh()

    # ----- seats -------------------------------------------------------------------------------
    def reveal(self) -> None:
        self.reveal_seat()
        self.selection.clear()
        self.refresh()

    # ----- state from the link -----------------------------------------------------------------
    @property
    def pub(self) -> dict:
        return self.view["public"] if self.view else {}

    def refresh(self) -> None:
        if self.cover_if_passing():
            self.selection.clear()
            self.dialog = None
        # The revision is read before the view: a link may take an update between the two reads, and a
        # stale revision with a fresh view only costs a recount next frame, never a stale Rules for good.
        rev = self.link.rev
        self.shown_rev = rev
        shown = self.shown_seat
        self.view = (self.link.view(shown) if shown is not None and not self.cover.up else None) or self.link.view(None)
        active = self.active_seat
        key = (rev, active, self.view is None)
        if key != self._rules_key:
            self._rules_key = key
            over = bool(self.pub.get("outcome") or self.pub.get("result"))
            self.rules = Rules(self.view, active) if active is not None and self.view and not over else None
            self.rules_serial += 1  # tells scripted players the rules they read are new
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
        if kind == "battle" and self.dialog is None:
            self.dialog = self._battle_dialog(step)
            sound.play("dice")
        elif kind == "retreat":
            at = tuple(step["at"])
            ids = set(step["units"])
            units = {k: 0 for k in KINDS}
            for u in self.pub["units"]:
                if u["id"] in ids:
                    units[u["kind"]] += 1
            if self.selection.square != at or self.selection.available != units:
                self.selection.pick(at, units)
        elif kind == "losses":
            if self.selection.square is not None and not self._own_units(self.selection.square):
                self.selection.clear()
        elif self.rules is None:
            self.selection.clear()
        elif self.selection.square is not None:
            ready = self._ready(self.selection.square)
            if not any(ready.values()) and not self.works_at(self.selection.square):
                self.selection.clear()
            elif ready != self.selection.available:
                self.selection.pick(self.selection.square, ready)

    def _battle_dialog(self, step) -> BattleDialog:
        at = tuple(step["at"])
        seat = self.active_seat
        mine = self._stack(at, seat)
        theirs = self._stack(at, 1 - seat)
        attack = sum(mine["units"].values()) if mine else 0
        garrison = (self.pub.get("garrisons") or {}).get(square_name(self.board, at), 0)
        enemy = describe(theirs["units"]) if theirs else "no troops"
        if garrison:
            enemy += f" and a garrison worth {garrison}"
        subtitle = f"Your {attack} attack {enemy}. The defender loses one more than you."
        # the dialog takes the half of the board away from the battle, so the fight stays in sight
        centre_y = BOARD_RECT.bottom - 196 if at[1] < 9 else BOARD_RECT.y + 196
        return BattleDialog(self.rules.of_type("battle"), f"Battle at {square_name(self.board, at)}", subtitle,
                            self.send_battle, (BOARD_RECT.centerx, centre_y))

    def _stack(self, square, side) -> dict | None:
        for s in self.pub.get("stacks", []):
            if tuple(s["at"]) == tuple(square) and s["side"] == side:
                return s
        return None

    def _ready(self, square) -> dict:
        s = self._stack(square, self.active_seat)
        ready = s["ready"] if s else {}
        return {k: ready.get(k, 0) for k in KINDS}

    def works_at(self, square) -> list[dict]:
        """The fortify / unfortify orders the rules allow at `square` now."""
        if not self.rules:
            return []
        return [a for a in self.actions if a["type"] in ("fortify", "unfortify") and tuple(a["at"]) == tuple(square)]

    def _own_units(self, square) -> dict:
        s = self._stack(square, self.active_seat)
        units = s["units"] if s else {}
        return {k: units.get(k, 0) for k in KINDS}

    # ----- acting ------------------------------------------------------------------------------
    def send_battle(self, action: dict) -> None:
        if self.send(action):
            self.dialog = None

    def end_turn(self) -> None:
        if self.active_seat is None:
            self.refuse("It is not your move.")
        elif self.step is not None:
            self.refuse({"battle": "Decide the battle first.", "retreat": "Move the survivors out first.",
                         "losses": "Choose the pieces you lose first."}[self.step["step"]])
        elif not self.rules.can({"type": "end_turn"}):
            self.refuse("Move at least one unit before you end your turn.")
        else:
            self.selection.clear()
            self.send({"type": "end_turn"})

    def _fortify_square(self, kind: str):
        options = [tuple(a["at"]) for a in self.rules.of_type(kind)] if self.rules else []
        if self.selection.square in options:
            return self.selection.square
        return options[0] if len(options) == 1 else None

    def fortify(self) -> None:
        self._fortify_order("fortify")

    def unfortify(self) -> None:
        self._fortify_order("unfortify")

    def _fortify_order(self, kind: str) -> None:
        if self.active_seat is None:
            self.refuse("It is not your move.")
            return
        square = self._fortify_square(kind)
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
        if self.surrender_armed <= 0:
            self.surrender_armed = SURRENDER_CONFIRM_SECONDS
            self.app.notify("Click Surrender again to give up the war.", warning=True)
            return
        self.surrender_armed = 0.0
        self.send({"type": "surrender"})

    def adjust(self, kind: str, delta: int) -> None:
        if self.selection.square is None:
            return
        self.selection.adjust(kind, delta)

    def quick_pick(self) -> None:
        if self.selection.square is None:
            self.refuse("Select a stack first.")
            return
        self.selection.next_preset()

    def remove(self, kind: str) -> None:
        square = self.selection.square
        action = {"type": "choose_losses", "at": list(square) if square else None, "units": {kind: 1}}
        if square is None or not self.rules or not self.rules.can(action):
            self.refuse("Click one of your stacks, then the kind of piece to give up.")
            return
        self.send(action)

    def reach(self) -> dict:
        """Where the picked units may go now: square -> "move" / "attack"."""
        sel = self.selection
        if not self.rules or sel.square is None or not any(sel.picked.values()):
            return {}
        step = self.step
        if step is None:
            return self.rules.reach(sel.square, sel.picked, "move")
        if step["step"] == "retreat":
            return self.rules.reach(sel.square, sel.picked, "retreat")
        return {}

    def click_square(self, square) -> None:
        if self.active_seat is None:
            who = self.seat_name(self.actor(self.view))
            self.refuse("You are watching this game." if not self.link.my_seats else f"Waiting for {who}.")
            return
        step = self.step
        name = square_name(self.board, square)
        if step is not None and step["step"] == "losses":
            if any(self._own_units(square).values()):
                self.selection.pick(square, self._own_units(square))
                sound.play("click")
            else:
                self.refuse(f"You have no pieces at {name}: click one of your stacks.")
            return
        if step is not None and step["step"] == "battle":
            self.refuse("Decide the battle first.")
            return
        reach = self.reach()
        if square in reach:
            units = composition(self.selection.picked)
            if step is not None:  # a retreat
                self.send({"type": "retreat", "to": list(square), "units": units})
            else:
                self.send({"type": "move", "from": list(self.selection.square), "to": list(square), "units": units})
                self.selection.clear()
            return
        if step is not None:  # a retreat: only the lit squares will do
            self.refuse(f"The survivors cannot go to {name}: pick a lit square next to them.")
            return
        if square == self.selection.square:
            self.selection.clear()
            sound.play("click")
            return
        if any(self._ready(square).values()) or self.works_at(square):
            self.selection.pick(square, self._ready(square))
            sound.play("click")
            return
        if self.selection.square is not None:
            if not any(self.selection.picked.values()):
                self.refuse("Pick at least one unit to move (the + buttons).")
            else:
                self.refuse(f"{describe(self.selection.picked).capitalize()} cannot reach {name} this turn.")
            return
        if any(self._own_units(square).values()):
            self.refuse(f"Your troops at {name} have moved or are disabled this turn.")
        else:
            self.refuse("Click one of your stacks that can still move (the lit squares).")

    def back(self) -> None:
        self.leave()

    # ----- events ------------------------------------------------------------------------------
    def handle(self, event) -> bool:
        answer = self.overlay_answer(event)
        if answer is not None:
            return answer
        if event.type == pygame.MOUSEMOTION:
            self.hover = square_at(event.pos)
        if self.dialog is not None:
            if event.type == pygame.KEYDOWN and event.key in (pygame.K_h, pygame.K_F1):
                self.help_card.shown = True
                return True
            if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
                return self._escape()
            return self.dialog.handle(event)
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        if event.type == pygame.MOUSEWHEEL:
            if LOG_RECT.collidepoint(self.app.mouse_pos):
                self.log.handle_wheel(event.y)
            return True
        for b in self._live_buttons():
            if b.handle(event):
                return True
        if event.type == pygame.MOUSEBUTTONDOWN:
            square = square_at(event.pos)
            if square is not None:
                if event.button == 3:
                    if self.step is None:
                        self.selection.clear()
                elif event.button == 1:
                    self.click_square(square)
                return True
        return False

    def _live_buttons(self) -> list[Button]:
        return list(self.buttons) + self.panel.live_buttons(self.selection, self.step)

    def _key(self, event) -> bool:
        k = event.key
        if k in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.end_turn()
        elif k == pygame.K_TAB:
            self.quick_pick()
        elif k == pygame.K_f:
            self.fortify()
        elif k == pygame.K_u:
            self.unfortify()
        elif k in (pygame.K_h, pygame.K_F1):
            self.help_card.shown = True
        elif k == pygame.K_ESCAPE:
            return self._escape()
        else:
            return False
        return True

    def _escape(self) -> bool:
        if self.selection.square is not None and self.step is None:
            self.selection.clear()
        else:
            self.escape_to_leave()
        return True

    # ----- frame -------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.time += dt
        self.tick_seats(dt)
        self.surrender_armed = max(0.0, self.surrender_armed - dt)
        if self.flash is not None:
            self.flash = (self.flash[0], self.flash[1] - dt) if self.flash[1] > dt else None
        self.read_link()
        self.refresh()
        self._maybe_game_over()

    def on_event(self, e: dict) -> None:
        self.log.add(e)
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

    def _maybe_game_over(self) -> None:
        if not self.game_over_due():
            return
        pub = self.pub
        flags = pub.get("flags", {})
        rows = [("Side", list(SIDE_TITLES)),
                ("Cities taken", [sum(1 for s in flags.values() if s == seat) for seat in (0, 1)]),
                ("Attacks made", list(self.attacks)),
                ("Units lost", list(self.lost))]
        self.show_game_over(rows)

    # ----- drawing -----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        if self.draw_cover_or_waiting(surface):
            return
        pub = self.pub
        surface.fill(theme.darken(theme.colours.panel, 0.4), BOARD_RECT.inflate(16, 16))
        surface.blit(self.layer.composite(pub.get("cut_links") or []), BOARD_RECT)
        self._draw_highlights(surface)
        self._draw_stacks(surface, pub)
        self.layer.draw_markers(surface, pub.get("flags", {}), {tuple(st["at"]) for st in pub.get("stacks", [])})
        self._draw_panels(surface, pub)
        if self.dialog is not None:
            self.dialog.draw(surface)
        elif self.hover is not None:
            self._draw_tooltip(surface, pub)
        self.help_card.draw(surface)

    def _draw_highlights(self, surface) -> None:
        pulse = int(215 + 40 * math.sin(self.time * 5.0))
        if self.flash is not None:
            self.layer.draw_highlight(surface, self.flash[0], "battle", int(255 * min(1.0, self.flash[1])))
        step = self.step
        if step is not None and step["step"] in ("battle", "retreat"):
            self.layer.draw_highlight(surface, tuple(step["at"]), "battle", pulse)
        if self.rules is not None and self.dialog is None:
            sel = self.selection
            if sel.square is not None:
                self.layer.draw_highlight(surface, sel.square, "selected")
                for sq, how in self.reach().items():
                    self.layer.draw_highlight(surface, sq, how, pulse)
            elif self.step is None:
                for sq in self.rules.sources():
                    self.layer.draw_highlight(surface, sq, "source", 200)
        if self.hover is not None:
            self.layer.draw_highlight(surface, self.hover, "hover", 200)

    def _draw_stacks(self, surface, pub) -> None:
        by_square: dict[tuple, list] = {}
        for s in pub.get("stacks", []):
            by_square.setdefault(tuple(s["at"]), []).append(s)
        for square, stacks in by_square.items():
            rect = square_rect(square)
            shared = len(stacks) > 1  # a battle being decided: both sides on one square
            for i, s in enumerate(sorted(stacks, key=lambda s: s["side"])):
                sprite = self.counters.sprite(s["side"], s["units"], ready=sum(s["ready"].values()),
                                              disabled=s["disabled"], fortified=s["fortified"], small=shared)
                if shared:
                    pos = (rect.x + (1 if i == 0 else SQUARE - sprite.get_width() + 1), rect.y + 1 + 6 * i)
                else:
                    pos = (rect.x + 4, rect.y + 1)
                surface.blit(sprite, pos)

    def _draw_panels(self, surface, pub) -> None:
        seats = self.link.seats
        surface.blit(self._top_bar.get((repr(pub.get("pieces")), repr(pub.get("flags")), tuple(pub.get("to_act") or ()),
                                        pub.get("turn_number"), repr(pub.get("pending")), bool(pub.get("outcome")),
                                        self.shown_seat, theme.colours, tuple(s.get("name") for s in seats)),
                                       seats, pub, self.shown_seat), hud.TOP_BAR)
        surface.blit(self._side, SIDE)
        over = bool(pub.get("outcome") or pub.get("result"))
        waiting = "" if self.active_seat is not None or over else f"waiting for {self.seat_name(self.actor(self.view))}"
        lines = self._turn_lines(pub)
        box_key = (tuple(pub.get("to_act") or ()), repr(pub.get("pending")), self.active_seat, waiting, lines, over,
                   theme.colours)
        surface.blit(self._turn_box.get(box_key, seats, pub, self.active_seat, waiting, lines), TURN_BOX_POS)
        self.panel.place_rows(self.selection)
        self.panel.draw(surface, self, pub)
        self._sync_buttons()
        for b in self.buttons:
            b.draw(surface)
        self.log.draw(surface, LOG_RECT)
        hint, keys = self.hint()
        surface.blit(self._hint.get((hint, keys, theme.colours), hint, keys), hud.HINT)

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
        self.surrender_button.label = "Sure?" if self.surrender_armed > 0 else "Surrender"

    def _draw_tooltip(self, surface, pub) -> None:
        x, y = self.hover
        sq = self.board["squares"][y][x]
        name = square_name(self.board, (x, y))
        city = next((c for c in self.board["cities"] if c["at"] == [x, y]), None)
        lines = [(name if city else f"Square {name}", theme.colours.text)]
        if city and city["kind"] != "town":
            what = "capital" if city["kind"] == "capital" else "key city"
            lines.append((f"{SIDE_TITLES[city['side']]} {what}", theme.lighten(side_colour(city["side"]), 0.3)))
            taken = (pub.get("flags") or {}).get(city["name"])
            if taken is not None:
                lines.append((f"captured by the {SIDE_TITLES[taken]}", theme.colours.accent))
            garrison = (pub.get("garrisons") or {}).get(city["name"])
            if garrison:
                lines.append((f"garrison worth {garrison}", theme.colours.text_dim))
        terrain = []
        if sq["mountain"]:
            terrain.append("mountains with a pass" if sq["passes"] else "mountains")
        if sq["sea"]:
            terrain.append("open water" if not sq["land"] else "coast")
        if sq["river"]:
            terrain.append("navigable river")
        if (x, y) in self.rails:
            terrain.append("railroad")
        if terrain:
            lines.append((", ".join(terrain), theme.colours.text_dim))
        for s in pub.get("stacks", []):
            if s["at"] == [x, y]:
                marks = (" · fortified" if s["fortified"] else "") + (" · disabled" if s["disabled"] else "")
                lines.append((f"{SIDE_TITLES[s['side']]}: {describe(s['units'])}{marks}",
                              theme.lighten(side_colour(s["side"]), 0.35)))
        target = self.reach().get((x, y))
        if target:
            lines.append(("click: attack" if target == "attack" else "click: move here", theme.colours.accent))
        tip = self._tooltip.get((tuple(lines), theme.colours), lines)
        mx, my = self.app.mouse_pos
        rect = tip.get_rect(topleft=(mx + 18, my + 14))
        rect.clamp_ip(BOARD_RECT)
        surface.blit(tip, rect)

    def hint(self) -> tuple[str, str]:
        """The hint line: what to do next, and the keys that help."""
        pub = self.pub
        if pub.get("outcome") or pub.get("result"):
            return "The war is over.", ""
        if self.active_seat is None:
            who = self.seat_name(self.actor(self.view))
            if not self.link.my_seats:
                return f"Watching: {who} to move.", "H help  ·  mouse over a square for details"
            return f"Waiting for {who}…", "H help  ·  mouse over a square for details"
        step = self.step
        if step is not None:
            if step["step"] == "battle":
                return "Battle! Choose how many enemy units to destroy.", "1-9 how many  ·  Enter fight  ·  H help"
            if step["step"] == "retreat":
                return "Your survivors must leave: click a lit square.", "- / + pick units  ·  Tab quick pick  ·  H help"
            return f"Give up {step['count']} piece(s) for {step['city']}.", "click a stack, then Remove  ·  H help"
        if self.selection.square is not None:
            return ("Click a lit square: blue to move, red to attack.",
                    "Tab quick pick  ·  - / + split  ·  right-click / Esc drop  ·  Enter end turn  ·  H help")
        if self.rules.can({"type": "end_turn"}) and not self.rules.sources():
            return "Nothing more can move: press Enter to end your turn.", "Enter end turn  ·  H help"
        return ("Pick a stack to move (each piece moves once a turn).",
                "Enter end turn  ·  F fortify  ·  U unfortify  ·  Esc twice leave  ·  H help")
