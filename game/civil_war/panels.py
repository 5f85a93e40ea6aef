"""The Civil War board's side column and words: the sides' bar along the top, the turn box, the orders panel, the
buttons of the turn (End turn, Fortify, Unfortify, Surrender) and the hint line on the seat's move. The buttons
call the board's Input; the panel draws what the Input holds.
"""
import pygame

from game import theme
from game.board_kit.hud import Cached
from game.civil_war import hud
from game.civil_war.log import SIDE_TITLES
from game.civil_war.orders_panel import RECT as ORDERS_RECT, OrdersPanel
from game.widgets import Button
from game.words import plural

SIDE = hud.SIDE
TURN_BOX_POS = (SIDE.x + 8, SIDE.y + 8)
BUTTON_Y = ORDERS_RECT.bottom + 10
LOG_RECT = pygame.Rect(SIDE.x + 4, BUTTON_Y + 84, SIDE.w - 8, SIDE.bottom - BUTTON_Y - 88)
SURRENDER_RECT = pygame.Rect(956, 4, 112, 32)   # in the top bar, apart from the orders of the turn


class Panels:
    def __init__(self, seats, board: dict, input):
        self.seats, self.board, self.input = seats, board, input
        self._top_bar = Cached(hud.build_top_bar)
        self._turn_box = Cached(hud.build_turn_box)
        x, w = SIDE.x + 8, SIDE.w - 16
        bw = (w - 16) // 3
        self.end_button = Button((x, BUTTON_Y, bw, 44), "End turn", input.end_turn, primary=True,
                                 hotkey_label="Enter", size=20)
        self.fortify_button = Button((x + bw + 8, BUTTON_Y, bw, 44), "Fortify", input.fortify,
                                     hotkey_label="F", size=19)
        self.unfortify_button = Button((x + 2 * bw + 16, BUTTON_Y, w - 2 * bw - 16, 44), "Unfortify", input.unfortify,
                                       hotkey_label="U", size=19)
        self.surrender_button = Button(SURRENDER_RECT, "Surrender…", input.surrender, size=17, danger=True)
        self.orders = OrdersPanel(on_adjust=input.adjust, on_quick_pick=input.quick_pick, on_remove=input.remove)
        self.buttons = [self.end_button, self.fortify_button, self.unfortify_button, self.surrender_button]

    def main_enter_button(self):
        return self.end_button if self.input.step is None else None

    def handle(self, event) -> bool:
        return any(b.handle(event) for b in self.buttons + self.orders.live_buttons(self.input.selection,
                                                                                    self.input.step))

    def draw(self, surface) -> None:
        seats, inp = self.seats, self.input
        pub, table = seats.pub, seats.link.seats
        shown = seats.shown_seat
        surface.blit(self._top_bar.get((repr(pub.get("pieces")), repr(pub.get("flags")), tuple(pub.get("to_act") or ()),
                                        pub.get("turn_number"), repr(pub.get("pending")), bool(pub.get("outcome")),
                                        shown, theme.colours, tuple(s.get("name") for s in table)),
                                       table, pub, shown), hud.TOP_BAR)
        active = seats.active_seat
        waiting = "" if active is not None or seats.over else f"waiting for {seats.seat_name(seats.actor(seats.view))}"
        lines = self._turn_lines(pub)
        box_key = (tuple(pub.get("to_act") or ()), repr(pub.get("pending")), active, waiting, lines, seats.over,
                   theme.colours)
        surface.blit(self._turn_box.get(box_key, table, pub, active, waiting, lines), TURN_BOX_POS)
        self.orders.place_rows(inp.selection)
        self.orders.draw(surface, seats, self.board, inp)
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
        rules = self.input.rules
        mine = rules is not None and self.input.step is None
        self.end_button.enabled = mine and rules.can({"type": "end_turn"})
        self.fortify_button.enabled = mine and bool(rules.of_type("fortify"))
        self.unfortify_button.enabled = mine and bool(rules.of_type("unfortify"))
        self.surrender_button.enabled = rules is not None

    def move_hint(self) -> tuple[str, str]:
        inp = self.input
        step = inp.step
        if step is not None:
            if step["step"] == "battle":
                return "Battle! Choose how many enemy units to destroy.", "1-9 how many  ·  Enter fight  ·  H help"
            if step["step"] == "retreat":
                return "Your survivors must leave: click a lit square.", "- / + pick units  ·  Tab quick pick  ·  H help"
            return f"Give up {plural(step['count'], 'piece')} for {step['city']}.", "click a stack, then Remove  ·  H help"
        if inp.selection:
            return ("Click a shaded square (red: attack); the path shows under the pointer.",
                    "Tab quick pick  ·  - / + split  ·  I inspect  ·  Esc drop  ·  Enter end turn  ·  H help")
        if inp.rules.can({"type": "end_turn"}) and not inp.rules.sources():
            return "Nothing more can move: press Enter to end your turn.", "Enter end turn  ·  H help"
        return ("Pick a stack to move (each piece moves once a turn).",
                "Enter end turn  ·  F fortify  ·  U unfortify  ·  wheel zoom  ·  Esc twice leave  ·  H help")
