"""The Tactics (1940) board's panels and words: the header and turn box, the powers' table, the card, the hand,
the action buttons (the Input's), the tooltip, the hint line and the game-over table.
"""
import pygame

from game import theme
from game.board_kit.hud import Cached
from game.tactics1940 import hud
from game.tactics1940.geometry import BOARD_RECT
from game.tactics1940.hud import STEP_HINTS
from game.tactics1940.log import holding_area, square_name
from game.tactics1940.tooltip import place as place_tooltip


class Panels:
    def __init__(self, seats, pieces, input, news, hand, view, pointer, sprites, board, tooltip):
        """`input`: the board's Input (its orders, picks and buttons); `news`: the animations; `hand`: the seat's
        cards' HandPanel; `view`, `pointer`: the map's; `tooltip`: the frame's Tooltip, whose box is placed here."""
        self.seats, self.pieces, self.input, self.news, self.hand = seats, pieces, input, news, hand
        self.view, self.pointer, self.sprites, self.board, self.tooltip = view, pointer, sprites, board, tooltip
        self._top_bar = Cached(hud.build_top_bar)
        self._turn_box = Cached(hud.build_turn_box)
        self._powers_panel = Cached(hud.build_powers)
        self._card_panel = Cached(hud.build_card_panel)
        self.tooltip_rect: pygame.Rect | None = None   # where the tooltip was drawn last (tests read it)

    def main_enter_button(self):
        return self.input.main_enter_button()

    def handle(self, event) -> bool:
        """The action buttons on offer, then a click on one of the seat's cards."""
        self.input.rebuild_buttons()
        if any(b.handle(event) for b in self.input.buttons):
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            card = self.hand.card_at(event.pos)
            if card is not None:
                self.input.click_hand(card)
                return True
        return False

    def draw(self, surface) -> None:
        pub, seats = self.seats.pub, self.seats.link.seats
        seat_names = tuple(s.get("name") for s in seats)
        surface.blit(self._top_bar.get((pub.get("turn"), pub.get("turn_number"), pub.get("deck"), pub.get("reserve"),
                                        hud.phase_of(pub), self.seats.shown_seat, theme.colours, seat_names),
                                       pub, self.pieces.powers, seats, self.seats.shown_seat), hud.TOP_BAR)
        headline, lines, seat = self._turn_text()
        surface.blit(self._turn_box.get((headline, lines, seat, theme.colours), pub, self.pieces.powers, seats, headline,
                                        lines, seat), hud.TURN_BOX)
        highlight = self.seats.actor(self.seats.view)
        key = (self.pieces.panel_keys[:6], highlight, self.seats.shown_seat, seat_names, id(theme.colours))
        surface.blit(self._powers_panel.get(key, pub, self.pieces.powers, seats, self.seats.shown_seat, highlight, self.sprites),
                     hud.POWERS)
        surface.blit(self._card_panel.get((self.pieces.panel_keys[6:], id(theme.colours)), pub, self.pieces.powers, self.sprites),
                     hud.CARD)
        self._draw_hand(surface)
        self.input.rebuild_buttons()
        for b in self.input.buttons:
            b.enabled = not self.seats.waiting
            b.draw(surface)

    def _draw_hand(self, surface) -> None:
        seat = None if self.seats.covered else self.seats.shown_seat
        cards = self.pieces.own_cards()
        lit = set(self.input.orders.strikes()) if self.input.orders and not self.seats.hot_seat else set()
        if seat is None:
            title, empty = "Submarine cards", "Watching: the players' submarine cards are secret."
        else:
            who = "Your" if not self.seats.hot_seat else f"{self.seats.seat_name(seat)}'s"
            title = f"{who} submarines ({len(cards)})" + ("  ·  click: standing order" if self.seats.hot_seat and cards
                                                           else "")
            empty = ("No submarine cards. A submarine card drawn from the deck is kept secret here until "
                     "you strike with it.")
        orders = (lambda card: self.input.standing.order(seat, card)) if self.seats.hot_seat and seat is not None else None
        self.hand.draw(surface, title=title, cards=cards, seat=seat, colour=self.pieces.powers.colour(seat), lit=lit,
                       orders=orders, empty=empty)

    def _turn_text(self) -> tuple[str, tuple, int]:
        pub = self.seats.pub
        if pub.get("outcome"):
            out = pub["outcome"]
            return "The war is over", (out.get("reason", ""),), (out.get("winners") or [pub.get("turn", 0)])[0]
        prompt = pub.get("prompt")
        actor = self.seats.actor(self.seats.view)
        actor = pub.get("turn", 0) if actor is None else actor
        name = f"{self.pieces.powers.name(actor)} ({self.seats.seat_name(actor)})"
        mine = self.seats.active_seat is not None and self.seats.active_seat == actor
        if prompt is None:
            headline = "Your move" + (f", {self.seats.seat_name(actor)}" if self.seats.hot_seat and mine else "") if mine \
                else f"{name} to move"
            return headline, ("Move one piece, then draw a chance card.",), actor
        if prompt["kind"] == "reaction":
            return f"Submarine window at {square_name(prompt['square'])}", (prompt["text"],), actor
        asked = prompt["seats"][0] if prompt.get("seats") else actor
        headline = ("You" if self.seats.active_seat == asked else self.pieces.powers.name(asked)) + {
            "card": " must act on a card", "protest": ": a protest to answer", "sacrifice": ": a debt to settle",
            "choose_side": ": choose a side", "return_home": ": bring the supply ship home"}.get(prompt["kind"], "")
        return headline, (prompt["text"],), asked

    def draw_tooltip(self, surface, mouse) -> None:
        """The tooltip by the mouse, placed off the lit squares and the square it describes."""
        lines = self.tooltip_lines()
        if not lines:
            return
        tip = self.tooltip.box(lines)
        clear = [self.view.cell_rect(cell) for cell in self.input.targets()]
        if self.pointer.hover is not None:
            clear.append(self.view.cell_rect(self.pointer.hover))
        self.tooltip_rect = place_tooltip(tip.get_size(), mouse, BOARD_RECT, clear)
        surface.blit(tip, self.tooltip_rect)

    def tooltip_lines(self) -> list | None:
        cell = self.pointer.hover
        if cell is None:
            return None
        name = square_name(cell)
        lines = [(name[0].upper() + name[1:], theme.colours.text)]
        holding = holding_area(cell)
        if holding is not None:
            return lines + [(hud.holding_detail(holding, self.seats.pub), theme.colours.text_dim)]
        if cell in self.board.ocean_at and any(cell == sq for _, _, sq in self.board.submarine_squares()):
            lines.append(("a submarine card names this square", theme.colours.text_dim))
        here = self.pieces.piece_at(cell)
        if here is not None:
            trading = (self.seats.pub.get("trading") or [])
            what = "supply ship" if here["kind"] == "transport" and here["owner"] < len(trading) and \
                trading[here["owner"]] else here["kind"]
            lines.append((f"{self.pieces.powers.name(here['owner'])}'s {what}",
                          theme.lighten(self.pieces.powers.colour(here["owner"]), 0.35)))
        mine = [c for c in self.pieces.own_cards() if self.board.square_of(c["ocean"], c["number"]) == cell]
        if mine:
            lines.append(("your submarine watches here", theme.colours.accent))
        style = self.input.targets().get(cell)
        if style in ("move", "attack"):
            lines.append(("click: jump here" if style == "attack" else "click: move here", theme.colours.accent))
        return lines

    def move_hint(self) -> tuple[str, str]:
        o = self.input.orders
        keys = "Enter main button  ·  right-click / Esc drop  ·  wheel zoom  ·  H help"
        if o is None:
            return "Waiting…", "H help"
        kind = o.kind
        if kind == "window":
            if self.seats.hot_seat:
                return "A submarine window is open: standing orders decide.", "H help"
            if o.strikes():
                return "Your submarine watches that square: strike now (S) or let it pass!", "S strike  ·  H help"
            return "A ship entered a submarine square: waiting for the window to close…", "H help"
        if kind == "move":
            if o.may_pass and not o.sources():
                return "None of your pieces can move: pass (Enter).", "Enter pass  ·  H help"
            if self.input.demand_target is not None:
                return "Order this neutral ship out of the enemy port's waters (Enter), or pick a piece.", keys
            if self.input.selected is not None and self.input.chain:
                return "Jump on (click a red square) or stop here (Enter).", keys
            if self.input.selected is not None:
                return "Click a brass square (dot) to step, a red one (cross) to jump.", keys
            return "Your move: pick one of your lit pieces.", keys
        if kind == "card":
            card = (self.seats.pub.get("prompt") or {}).get("card") or {}
            return f"{card.get('title', 'Card')}: {hud.card_choices(o, self.pieces.powers.name)}", keys
        return STEP_HINTS.get(kind, "Answer with the buttons."), keys

    # ----- game over -----------------------------------------------------------------------------
    def game_over_rows(self) -> list | None:
        if self.news.effects.busy:
            return None   # the blockade shows on the board first
        pub = self.seats.pub
        outcome = pub.get("outcome") or {}
        n = len(self.pieces.powers.of_seat)
        breakdown = outcome.get("breakdown") or [{} for _ in range(n)]
        settlement = outcome.get("settlement") or [[0] * n for _ in range(n)]
        return [("Power", [self.pieces.powers.name(s) for s in range(n)]),
                ("Coins", [b.get("coins", 0) for b in breakdown]),
                ("Fleet (x1 + x2 + x3)", [f"{b.get('regular', 0)} + {b.get('double', 0)} + {b.get('triple', 0)}"
                                          for b in breakdown]),
                ("Settles with the others", [f"{sum(row):+d}" for row in settlement])]

    def game_over_colours(self) -> list | None:
        return [self.pieces.powers.colour(s) for s in range(len(self.pieces.powers.of_seat))] or None
