"""The Risk board's panels: the players' bar along the top, the turn box, the turn's buttons (End phase, Again, Blitz,
Trade set), the hand of the seat on show, the dice chooser along the foot, the defender's prompt over the map, and
the hint line on the seat's move. The buttons call the board's Input; the panels draw what it holds.
"""
import pygame

from game import theme
from game.board_kit.hud import Cached
from game.risk import hints, hud
from game.risk.hud import SIDE
from game.widgets import Button
from game.words import plural

CARDS_TOP = SIDE.y + 238
TURN_BOX_POS = (SIDE.x + 8, SIDE.y + 8)
BOTTOM_DICE_X = hud.BOTTOM.right - 140


class Panels:
    def __init__(self, seats, input):
        self.seats, self.input = seats, input
        self._top_bar = Cached(hud.build_top_bar)
        self._turn_box = Cached(hud.build_turn_box)
        x, y, w = SIDE.x + 8, SIDE.y + 120, SIDE.w - 16
        self.end_button = Button((x, y, w, 44), "End attack", input.end_phase, primary=True, hotkey_label="Enter")
        self.again_button = Button((x, y + 52, w // 2 - 4, 40), "Again", input.attack_again, hotkey_label="A", size=20)
        self.blitz_button = Button((x + w // 2 + 4, y + 52, w // 2 - 4, 40), "Blitz", input.start_blitz,
                                   hotkey_label="B", size=20)
        self.trade_button = Button((x, CARDS_TOP + 146, w, 36), "Trade set", input.trade, hotkey_label="T", size=20)
        self.dice_buttons = [Button((BOTTOM_DICE_X + i * 44, hud.BOTTOM.y + 22, 38, 38), str(i + 1),
                                    lambda n=i + 1: input.choose_dice(n), size=22) for i in range(3)]
        self.defend_buttons = [Button((0, 0, 150, 48), plural(n, "die"),
                                      lambda n=n: input.defend(n), primary=True) for n in (1, 2)]
        self.buttons = [self.end_button, self.again_button, self.blitz_button, self.trade_button]

    def main_enter_button(self):
        return self.end_button if self.end_button.enabled else None

    def handle(self, event) -> bool:
        live = self.buttons + (self.dice_buttons if self.input.dice_selector_up() else []) + \
            (self.defend_buttons if self.input.defend_prompt_up() else [])
        return any(b.handle(event) for b in live)

    def draw(self, surface) -> None:
        seats, inp = self.seats, self.input
        pub, table = seats.pub, seats.link.seats
        surface.blit(self._top_bar.get((repr(pub.get("stats")), pub.get("current"), pub["phase"],
                                        tuple(pub.get("hand_counts") or ()), tuple(pub.get("eliminated") or ()),
                                        seats.shown_seat, theme.colours, tuple(s.get("name") for s in table)),
                                       table, pub, seats.shown_seat), hud.TOP_BAR)
        box_key = (pub.get("current"), pub["phase"], pub.get("armies_to_place"), pub.get("next_set_value"),
                   repr(pub.get("setup_pools")), pub.get("setup_step"), seats.active_seat, pub.get("turn_number"),
                   repr(pub.get("pending")), theme.colours)
        surface.blit(self._turn_box.get(box_key, table, pub, seats.active_seat), TURN_BOX_POS)
        self._sync_buttons(pub)
        for b in self.buttons:
            b.draw(surface)
        self._draw_hand(surface)
        if inp.dice_selector_up():
            theme.draw_text(surface, "Dice", (BOTTOM_DICE_X - 12, hud.BOTTOM.y + 41), 20, theme.colours.text_dim,
                            anchor="midright", shadow=False)
            for i, b in enumerate(self.dice_buttons):
                b.primary = (inp.controls.dice or 3) == i + 1
                b.draw(surface)
        if inp.defend_prompt_up():
            self._draw_defend(surface, pub)

    def _sync_buttons(self, pub) -> None:
        phase, inp = pub["phase"], self.input
        active = self.seats.active_seat
        mine = active is not None
        self.end_button.label = {"attack": "End attack", "fortify": "End turn", "setup": "Place all for me"}.get(
            phase, "End phase")
        self.end_button.enabled = mine and (phase in ("attack", "fortify") or
                                            (phase == "setup" and active not in inp.standing))
        self.again_button.enabled = mine and phase == "attack" and inp.controls.last_attack is not None
        self.blitz_button.enabled = mine and phase == "attack"
        self.blitz_button.label = "Blitzing…" if inp.controls.blitz else "Blitz"
        self.trade_button.enabled = mine and any(a["type"] == "trade" for a in inp.actions)

    def _draw_hand(self, surface) -> None:
        """The hand of the seat on show in the side panel (or why there is none to see)."""
        seats, hand = self.seats, self.input.hand
        cards = self.input.private_cards()
        x, y = SIDE.x + 12, CARDS_TOP
        if seats.shown_seat is None:
            theme.draw_text(surface, "Watching: hands are hidden", (x, y - 22), 18, theme.colours.text_dim,
                            shadow=False)
            hand.rects = {}
            return
        whose = "Your" if not seats.hot_seat else f"{seats.seat_name(seats.shown_seat)}'s"
        title = f"{whose} cards ({len(cards)})"
        theme.draw_text(surface, title, (x, y - 22), 18, theme.colours.text_dim, bold=True, shadow=False)
        if cards:
            hand.draw(surface, seats.shown_seat, cards, (x, y))
        else:
            hand.rects = {}
            for i, line in enumerate(("No cards yet: conquer a territory", "during a turn to draw one.")):
                theme.draw_text(surface, line, (x, y + 8 + 18 * i), 16, theme.colours.text_dim, shadow=False)

    def _draw_defend(self, surface, pub) -> None:
        """The defender's prompt over the map: which battle, and a button per number of dice."""
        names = self.input.names
        p = pub["pending"]
        rect = pygame.Rect(0, 0, 420, 170)
        rect.center = (500, 380)
        theme.draw_panel(surface, rect, border=theme.colours.bad, alpha=245)
        theme.draw_text(surface, f"{names[p['to']]} is attacked!", (rect.centerx, rect.y + 28), theme.SIZE_BODY,
                        bold=True, anchor="center")
        theme.draw_text(surface, f"{self.seats.seat_name(pub['current'])} rolls {p.get('attacker_dice', '?')} from "
                        f"{names[p['from']]}. Defend with:", (rect.centerx, rect.y + 58), 18,
                        theme.colours.text_dim, anchor="center")
        allowed = [a["dice"] for a in self.input.actions if a["type"] == "defend"]
        for i, b in enumerate(self.defend_buttons):
            b.rect.topleft = (rect.x + 40 + i * 190, rect.y + 96)
            b.enabled = (i + 1) in allowed
            b.hotkey_label = str(i + 1)
            b.draw(surface)

    def move_hint(self) -> tuple[str, str]:
        inp = self.input
        return hints.move_hint(self.seats.pub, inp.actions, inp.controls, inp.names, len(inp.private_cards()))
