"""The Tactics (1940) board's input: the seat's orders read from its `legal`, the picks (the piece picked and the
landings of its chain so far, the neutral ship picked to order aside), the action buttons on offer, the squares lit
for them, and what a click, a key or a button does: a click picks a piece, extends or sends its move, answers a
card step, or is refused with the reason (the rules' own for a move, a pass or a demand:
engine.tactics1940.queries.refusal). Hot-seat, the standing orders given behind the cover are carried out here.
"""
import pygame

from engine.tactics1940 import queries
from game import sound
from game.tactics1940 import hud
from game.tactics1940.hud import STEP_HINTS
from game.tactics1940.log import square_name
from game.tactics1940.orders import Orders, square
from game.tactics1940.windows import LABELS, StandingOrders, window_step
from game.widgets import Button


class Input:
    def __init__(self, seats, pieces, clock, ask_first, notify):
        """`seats`: the board's Seats; `pieces`: its Pieces; `clock`: the submarine window's ReactionClock;
        `ask_first(question, detail, yes, then)`: the card that asks first; `notify(text)`: a notice."""
        self.seats, self.pieces, self.clock = seats, pieces, clock
        self.ask_first, self.notify = ask_first, notify
        self.standing = StandingOrders()
        self.orders: Orders | None = None
        self.selected: int | None = None     # the piece picked to move (or to maneuver)
        self.chain: tuple = ()               # the squares entered so far by the picked piece
        self.demand_target: int | None = None
        self.buttons: list[Button] = []
        self._buttons_key = None
        self._targets_key, self._targets = None, {}

    @property
    def window_open(self) -> bool:
        return window_step(self.seats.pub) is not None

    def reset(self) -> None:
        self.selected, self.chain, self.demand_target = None, (), None

    def read_orders(self) -> None:
        if self.seats.orders_changed():
            self.orders = self.seats.read_orders(Orders)
            self.reset()

    # ----- acting ----------------------------------------------------------------------------------
    def send_move(self, piece: int, path: tuple) -> None:
        if self.seats.send(self.orders.move_action(piece, path)):
            self.reset()

    def stop_chain(self) -> None:
        if self.orders and self.selected is not None and self.chain and self.orders.is_move(self.selected, self.chain):
            self.send_move(self.selected, self.chain)
        else:
            self.seats.refuse("Pick a piece and click a lit square first.")

    def rules_say(self, action: dict) -> str | None:
        """The rules' own reason for refusing the turn's `action` here (engine.tactics1940.queries.refusal),
        or None when they give none."""
        seat = self.seats.active_seat
        said = queries.refusal(self.seats.view, seat, action) if seat is not None and self.seats.view else None
        return said[1] if said else None

    def pass_turn(self) -> None:
        """P or the Pass button: passing cannot be taken back, so it is asked first."""
        if self.orders and self.orders.may_pass:
            self.ask_first("Pass your turn?", "None of your pieces can move: the turn goes on to the next player.",
                           "Pass", lambda: self.seats.send({"type": "pass"}))
        else:
            self.seats.refuse(self.rules_say({"type": "pass"}) or "You may pass only when none of your pieces can move.")

    def decline(self) -> None:
        """Letting the card on hand go (its effect lost) cannot be taken back: asked first, naming the card."""
        if not (self.orders and self.orders.may_decline):
            self.seats.refuse("There is no card to let go now.")
            return
        card = (self.seats.pub.get("prompt") or {}).get("card") or {}
        self.ask_first(f"Let {card.get('title', 'the card')} go?", "Its effect is lost for good: the card goes to "
                       "the used pile and the game goes on.", "Let it go", lambda: self.seats.send({"type": "decline"}))

    def demand(self) -> None:
        if self.orders and self.demand_target in self.orders.demandable():
            piece = self.demand_target
            self.reset()
            self.seats.send({"type": "demand", "piece": piece})
        else:
            self.seats.refuse("Click a lit neutral ship near the enemy's port first.")

    def strike(self, card: int | None = None) -> None:
        strikes = self.orders.strikes() if self.orders else []
        if self.seats.hot_seat and self.window_open:
            self.seats.refuse("At one screen your standing orders strike for you (set them on your turn).")
            return
        if not strikes:
            self.seats.refuse("You have no submarine watching that square." if self.window_open
                        else "A submarine strikes only when a ship enters its square.")
            return
        self.seats.send({"type": "strike", "card": card if card in strikes else strikes[0]})

    def main_enter_button(self):
        """The button Enter presses: the one on offer, when there is exactly one."""
        self.rebuild_buttons()
        live = [b for b in self.buttons if b.enabled]
        return live[0] if len(live) == 1 else None

    def primary(self) -> None:
        """Enter / Space: the one button on offer, if there is exactly one."""
        live = [b for b in self.buttons if b.enabled]
        if len(live) == 1:
            live[0].fire()
        elif live:
            self.seats.refuse("Choose with the buttons.")
        elif self.orders and self.chain:
            self.stop_chain()

    def rebuild_buttons(self) -> None:
        """The action buttons for what the orders allow now (rebuilt when they or the selection change)."""
        o = self.orders
        key = (self.seats.orders_serial, self.selected, self.chain, self.demand_target)
        if key == self._buttons_key:
            return
        self._buttons_key = key
        items: list[tuple[str, dict | None, object]] = []
        if o is not None:
            kind = o.kind
            if kind == "move":
                if self.selected is not None and self.chain and o.is_move(self.selected, self.chain):
                    items.append(("Stop here", o.move_action(self.selected, self.chain), self.stop_chain))
                if self.demand_target is not None:
                    items.append(("Order it aside", {"type": "demand", "piece": self.demand_target}, self.demand))
                if o.may_pass:
                    items.append(("Pass", {"type": "pass"}, self.pass_turn))
            elif kind == "window" and not self.seats.hot_seat:
                for card in o.strikes():
                    items.append(("Strike! (S)", {"type": "strike", "card": card}, lambda c=card: self.strike(c)))
            elif kind == "card":
                for seat in o.players_to_choose():
                    action = {"type": "choose_player", "seat": seat}
                    items.append((f"Choose {self.pieces.powers.name(seat)}", action, lambda a=action: self.seats.send(a)))
                if o.may_decline:
                    items.append(("Let the card go", {"type": "decline"}, self.decline))
            elif kind == "protest":
                for pay in o.protest_answers():
                    action = {"type": "answer_protest", "pay": pay}
                    items.append(("Pay 1 coin" if pay else "Accept the card", action, lambda a=action: self.seats.send(a)))
            elif kind == "join":
                for side in o.sides_to_choose():
                    action = {"type": "choose_side", "side": side}
                    items.append((f"Join {side}", action, lambda a=action: self.seats.send(a)))
        # what gives something up (a pass, a card let go) stands apart, at the far right, marked
        items = items[:4]
        n = max(1, len(items))
        gap, apart = 8, 28
        giving_up = {"pass", "decline"}
        w = min(200, (hud.ACTIONS.w - gap * (n - 1) - apart) // n)
        self.buttons = []
        everyday = [item for item in items if item[1]["type"] not in giving_up]
        for i, (label, action, fire) in enumerate(items):
            danger = action["type"] in giving_up
            x = hud.ACTIONS.right - (len(items) - i) * (w + gap) + gap if danger else \
                hud.ACTIONS.x + everyday.index((label, action, fire)) * (w + gap)
            b = Button((x, hud.ACTIONS.y, w, hud.ACTIONS.h), label, fire, primary=i == 0 and not danger, size=18,
                       danger=danger, hotkey_label="Enter" if len(items) == 1 else None)
            b.action = action   # what it sends (scripted players look buttons up by it)
            self.buttons.append(b)

    # ----- clicks --------------------------------------------------------------------------------
    def click_cell(self, cell, button: int) -> None:
        if button == 3:
            self.reset()
            return
        if button != 1:
            return
        o = self.orders
        if o is None or self.seats.active_seat is None:
            self.seats.refuse(self.seats.not_your_move())
            return
        if self.seats.waiting:
            self.seats.refuse("Waiting for the table to answer…")
            return
        cell = tuple(cell)
        here = self.pieces.piece_at(cell)
        kind = o.kind
        if kind == "move":
            self._click_move(o, cell, here)
        elif kind == "window":
            if cell == self.clock.square and o.strikes() and not self.seats.hot_seat:
                self.strike()
            else:
                self.seats.refuse("A submarine window is open: only a holder of its card may act." if not o.strikes()
                            else "Strike with the button (or S) while the window is open.")
        elif kind in ("card", "pay", "return"):
            self._click_choice(o, cell, here)
        else:
            self.seats.refuse(STEP_HINTS.get(kind, "Answer with the buttons."))

    def _click_move(self, o: Orders, cell, here) -> None:
        sel = self.selected
        if sel is not None and cell in o.next_squares(sel, self.chain):
            self.chain = self.chain + (cell,)
            sound.play("click")
            if not o.continues(sel, self.chain):
                self.send_move(sel, self.chain)
            return
        if sel is not None and self.chain and cell == self.chain[-1]:
            self.stop_chain()
            return
        if here is not None and here["id"] in o.sources():
            self.selected, self.chain, self.demand_target = here["id"], (), None
            sound.play("click")
            return
        if here is not None and here["id"] in o.demandable():
            self.selected, self.chain, self.demand_target = None, (), here["id"]
            sound.play("click")
            return
        if sel is not None:
            self.seats.refuse(self.rules_say(o.move_action(sel, self.chain + (cell,)))
                        or f"That piece cannot reach {square_name(cell)}: click a lit square.")
        elif here is not None and here["owner"] == self.seats.active_seat:
            self.seats.refuse(queries.stuck(self.seats.view, self.seats.active_seat, here["id"]) or "That piece cannot move now.")
        else:
            self.seats.refuse("Click one of your lit pieces first.")

    def _click_choice(self, o: Orders, cell, here) -> None:
        if here is not None and here["id"] in o.pieces_to_choose():
            self.seats.send({"type": "choose_piece", "piece": here["id"]})
            return
        if self.selected is not None and cell in o.maneuver_squares(self.selected):
            self.seats.send({"type": "maneuver", "piece": self.selected, "to": list(cell)})
            return
        if here is not None and here["id"] in o.maneuver_pieces():
            self.selected = here["id"]
            sound.play("click")
            return
        if cell in o.place_squares():
            self.seats.send({"type": "place", "to": list(cell)})
            return
        self.seats.refuse(STEP_HINTS.get(o.kind) or hud.card_choices(o, self.pieces.powers.name))

    def click_hand(self, card: int) -> None:
        if self.seats.hot_seat:
            seat = self.seats.shown_seat
            if seat is None or self.seats.active_seat != seat or self.window_open:
                self.seats.refuse("Set your standing orders on your own turn.")
                return
            order = self.standing.cycle(seat, card)
            self.notify(f"Standing order: {LABELS[order]}.")
            sound.play("click")
            return
        if self.orders and card in self.orders.strikes():
            self.strike(card)
            return
        mine = next((c for c in self.pieces.own_cards() if c["card"] == card), None)
        if mine:
            self.notify(f"This submarine watches {mine['ocean']} {mine['number']}.")

    # ----- keys and the pointer -------------------------------------------------------------------
    def picked(self) -> bool:
        return self.selected is not None or self.demand_target is not None

    def key_commands(self) -> dict:
        return {pygame.K_RETURN: self.primary, pygame.K_KP_ENTER: self.primary, pygame.K_SPACE: self.primary,
                pygame.K_s: self.strike, pygame.K_p: self.pass_turn, pygame.K_d: self.demand}

    def modal(self):
        return None   # nothing of this board's stands in front of it

    def targets(self) -> dict:
        """Squares lit for the seat at the controls: cell -> highlight style (worked out once per change
        of the orders or the selection)."""
        key = (self.seats.orders_serial, self.selected, self.chain, self.demand_target)
        if key != self._targets_key:
            self._targets_key = key
            self._targets = self._work_out_targets()
        return self._targets

    def _work_out_targets(self) -> dict:
        o = self.orders
        out = {}
        if o is None:
            return out
        pos = {p["id"]: square(p["at"]) for p in self.seats.pub.get("pieces", ()) if p["at"] is not None}
        kind = o.kind
        if kind == "move":
            if self.selected is not None:
                origin = pos.get(self.selected)
                out[origin] = "selected"
                for sq in self.chain:
                    out[sq] = "selected"
                last = self.chain[-1] if self.chain else origin
                for sq in o.next_squares(self.selected, self.chain):
                    far = max(abs(sq[0] - last[0]), abs(sq[1] - last[1])) > 1
                    out[sq] = "attack" if far else "move"
            else:
                for pid in o.sources():
                    out[pos[pid]] = "source"
                for pid in o.demandable():
                    out[pos[pid]] = "selected" if pid == self.demand_target else "target"
        elif kind in ("card", "pay"):
            for pid in o.pieces_to_choose():
                if pid in pos:
                    out[pos[pid]] = "target"
            for sq in o.place_squares():
                out[sq] = "friendly"
            if self.selected is not None:
                out[pos[self.selected]] = "selected"
                for sq in o.maneuver_squares(self.selected):
                    out[sq] = "move"
            else:
                for pid in o.maneuver_pieces():
                    out[pos[pid]] = "source"
        elif kind == "return":
            for sq in o.place_squares():
                out[sq] = "friendly"
        return out

    def carry_out_orders(self) -> None:
        """Hot-seat: strike for the players at this screen whose standing orders call for it."""
        public = self.seats.link.view(None) or {}
        if window_step(public.get("public", {})) is None or self.seats.waiting:
            return
        key = self.clock.key
        for seat in self.seats.link.my_seats:
            if (key, seat) in self.standing.carried_out or seat not in public["public"].get("to_act", []):
                continue
            view = self.seats.link.view(seat)
            action = self.standing.strike_for(view, seat) if view else None
            if action is None:
                self.standing.carried_out.add((key, seat))   # nothing to do for this seat in this window
            elif self.seats.send_as(seat, action):
                self.standing.carried_out.add((key, seat))
                return
