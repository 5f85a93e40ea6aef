"""The Civil War board's input: the seat's orders read from its `legal`, the stack picked and how many of each kind
go, the battle dialog, and what a click, a key or a button does with them. Nothing here is a rule: a click sends
what the seat's `legal` lists (game.civil_war.orders), and a refusal says why in the board's words.
"""
import pygame

from game import sound
from game.civil_war.battle_dialog import battle_dialog
from game.civil_war.geometry import BOARD_RECT
from game.civil_war.inspect import stack_card
from game.civil_war.log import SIDE_TITLES, square_name
from game.civil_war.orders import KINDS, Rules, describe
from game.wargame.selection import Selection
from game.words import plural

STEP_FIRST = {"battle": "Decide the battle first.", "retreat": "Move the survivors out first.",
              "losses": "Choose the pieces you lose first."}


class Input:
    def __init__(self, seats, board: dict, board_map, ask_first):
        """`seats`: the board's Seats; `board`: the map's data; `board_map`: its BoardMap (the pointer, the
        inspector); `ask_first(question, detail, yes, then)`: the card that asks before what is final."""
        self.seats, self.board, self.map, self.ask_first = seats, board, board_map, ask_first
        self.rules: Rules | None = None
        self.selection = Selection(KINDS)
        self.dialog = None   # the battle dialog while a battle waits on this seat
        self._paths: tuple = (None, {})

    @property
    def hover(self) -> tuple | None:
        return self.map.pointer.hover

    @property
    def step(self) -> dict | None:
        return self.rules.step if self.rules else None

    @property
    def actions(self) -> list[dict]:
        return self.rules.actions if self.rules else []

    # ----- the orders ------------------------------------------------------------------------------
    def reset(self) -> None:
        self.selection.clear()
        self.dialog = None

    def read_orders(self) -> None:
        """The seat's orders anew, once per revision or seat to act; the pick and the battle dialog follow them."""
        if self.seats.orders_changed():
            self.rules = self.seats.read_orders(Rules)
            self._sync_step()

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
            for u in self.seats.pub["units"]:
                if u["id"] in ids:
                    units[u["kind"]] += 1
            if sel.cell != tuple(step["at"]) or sel.available != units:
                sel.pick(step["at"], units)
        elif kind == "losses":
            if sel and not any(self.units_at(sel.cell, "units").values()):
                sel.clear()
        elif self.rules is None:
            sel.clear()
        elif sel:
            ready = self.units_at(sel.cell, "ready")
            if not any(ready.values()) and not self.works_at(sel.cell):
                sel.clear()
            elif ready != sel.available:
                sel.pick(sel.cell, ready)

    def _battle_dialog(self, step):
        at = tuple(step["at"])
        seat = self.seats.active_seat
        mine, theirs = self._stack(at, seat), self._stack(at, 1 - seat)
        attack = sum(mine["units"].values()) if mine else 0
        garrison = (self.seats.pub.get("garrisons") or {}).get(square_name(self.board, at), 0)
        enemy = describe(theirs["units"]) if theirs else "no troops"
        if garrison:
            enemy += f" and a garrison worth {garrison}"
        subtitle = f"Your {attack} attack {enemy}. The defender loses one more than you."
        # the dialog takes the half of the board away from the battle, so the fight stays in sight
        centre_y = BOARD_RECT.bottom - 196 if self.map.view.centre(at)[1] < BOARD_RECT.centery else BOARD_RECT.y + 196
        return battle_dialog(self.rules.of_type("battle"), f"Battle at {square_name(self.board, at)}", subtitle,
                             self.send_battle, (BOARD_RECT.centerx, centre_y))

    def _stack(self, square, side) -> dict | None:
        for s in self.seats.pub.get("stacks", []):
            if tuple(s["at"]) == tuple(square) and s["side"] == side:
                return s
        return None

    def units_at(self, square, which: str) -> dict:
        """The active side's units at `square` ("units") or those of them still ready to move ("ready")."""
        s = self._stack(square, self.seats.active_seat)
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

    def paths(self) -> dict:
        """Square -> the path the picked group takes there (the rules' own), read once per pick."""
        sel = self.selection
        if not self.rules or not sel or not sel.group:
            return {}
        step = self.step
        kind = "retreat" if step is not None and step["step"] == "retreat" else "move"
        key = (self.seats.orders_serial, sel.cell, repr(sel.group), kind)
        if self._paths[0] != key:
            self._paths = (key, self.rules.paths(sel.cell, sel.group, kind) if step is None or kind == "retreat" else {})
        return self._paths[1]

    # ----- acting ------------------------------------------------------------------------------
    def modal(self):
        inspector = self.map.inspector
        return self.dialog or (inspector if inspector.shown else None)

    def picked(self) -> bool:
        return bool(self.selection) and self.step is None   # a battle's or a retreat's units stay chosen

    def inspect(self, square=None) -> None:
        """I or a right-click on a stack: the inspector card about it."""
        square = square if square is not None else self.hover
        card = stack_card(self.seats, self.board, square) if square is not None else None
        if card is None:
            self.seats.refuse("Point at a stack, then I shows what it is.")
            return
        self.map.inspector.show(square, *card, self.map.view.centre(square))
        sound.play("click")

    def send_battle(self, action: dict) -> None:
        if self.seats.send(action):
            self.dialog = None

    def end_turn(self) -> None:
        """Enter or End turn: the turn cannot be taken back once ended, so it is asked first, saying what could
        still move."""
        if self.seats.active_seat is None:
            self.seats.refuse("It is not your move.")
        elif self.step is not None:
            self.seats.refuse(STEP_FIRST[self.step["step"]])
        elif not self.rules.can({"type": "end_turn"}):
            self.seats.refuse("Move at least one unit before you end your turn.")
        else:
            left = len(self.rules.sources())
            self.ask_first("End your turn?", (f"{plural(left, 'stack')} of yours could still move; " if left else
                                              "Nothing more of yours can move; ")
                           + "the other side moves next.", "End turn", self._send_end_turn)

    def _send_end_turn(self) -> None:
        self.selection.clear()
        self.seats.send({"type": "end_turn"})

    def fortify(self) -> None:
        self._fortify_order("fortify")

    def unfortify(self) -> None:
        self._fortify_order("unfortify")

    def _fortify_order(self, kind: str) -> None:
        if self.seats.active_seat is None:
            self.seats.refuse("It is not your move.")
            return
        options = [tuple(a["at"]) for a in self.rules.of_type(kind)] if self.rules else []
        square = self.selection.cell if self.selection.cell in options else options[0] if len(options) == 1 else None
        if square is None:
            if kind == "fortify":
                self.seats.refuse("Select troops in a key city (not a capital) that have not moved this turn.")
            else:
                self.seats.refuse("Select a city you fortified, with troops that have not moved this turn.")
            return
        self.selection.clear()
        self.seats.send({"type": kind, "at": list(square)})

    def surrender(self) -> None:
        seat = self.seats.active_seat
        if seat is None:
            self.seats.refuse("You can surrender only when it is your move.")
            return
        self.ask_first("Surrender the war?", f"The {SIDE_TITLES[seat]} gives up: the other side wins and the game "
                       "ends. It cannot be taken back.", "Surrender", lambda: self.seats.send({"type": "surrender"}))

    def adjust(self, kind: str, delta: int) -> None:
        if self.selection:
            self.selection.adjust(kind, delta)

    def quick_pick(self) -> None:
        if not self.selection:
            self.seats.refuse("Select a stack first.")
            return
        self.selection.next_preset()

    def remove(self, kind: str) -> None:
        square = self.selection.cell
        action = {"type": "choose_losses", "at": list(square) if square else None, "units": {kind: 1}}
        if square is None or not self.rules or not self.rules.can(action):
            self.seats.refuse("Click one of your stacks, then the kind of piece to give up.")
            return
        self.seats.send(action)

    # ----- the map -----------------------------------------------------------------------------
    def click_cell(self, square, button: int) -> None:
        if button == 3:
            if stack_card(self.seats, self.board, square) is not None:
                self.inspect(square)
            elif self.step is None:
                self.selection.clear()
        elif button == 1:
            self.click_square(square)

    def click_square(self, square) -> None:
        seats = self.seats
        if seats.active_seat is None:
            seats.refuse(seats.not_your_move())
            return
        step, sel = self.step, self.selection
        name = square_name(self.board, square)
        if step is not None and step["step"] == "losses":
            if any(self.units_at(square, "units").values()):
                sel.pick(square, self.units_at(square, "units"))
                sound.play("click")
            else:
                seats.refuse(f"You have no pieces at {name}: click one of your stacks.")
            return
        if step is not None and step["step"] == "battle":
            seats.refuse(STEP_FIRST["battle"])
            return
        if square in self.reach():
            if step is not None:  # a retreat
                seats.send({"type": "retreat", "to": list(square), "units": sel.group})
            else:
                seats.send({"type": "move", "from": list(sel.cell), "to": list(square), "units": sel.group})
                sel.clear()
            return
        if step is not None:  # a retreat: only the lit squares will do
            seats.refuse(f"The survivors cannot go to {name}: pick a lit square next to them.")
        elif square == sel.cell:
            sel.clear()
            sound.play("click")
        elif any(self.units_at(square, "ready").values()) or self.works_at(square):
            sel.pick(square, self.units_at(square, "ready"))
            sound.play("click")
        elif sel and not sel.group:
            seats.refuse("Pick at least one unit to move (the + buttons).")
        elif sel:
            seats.refuse(f"{describe(sel.picked).capitalize()} cannot reach {name} this turn.")
        elif any(self.units_at(square, "units").values()):
            seats.refuse(f"Your troops at {name} have moved or are disabled this turn.")
        else:
            seats.refuse("Click one of your stacks that can still move (the lit squares).")

    def key_commands(self) -> dict:
        return {pygame.K_RETURN: self.end_turn, pygame.K_KP_ENTER: self.end_turn, pygame.K_TAB: self.quick_pick,
                pygame.K_f: self.fortify, pygame.K_u: self.unfortify, pygame.K_i: self.inspect}
