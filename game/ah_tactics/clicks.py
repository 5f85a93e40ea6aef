"""The Tactics (1954) board's input: what a click, a key or a button does, as a state machine over the scene's
picks (`selected`, `picked_defender`, `air`, `factors`, `regrouping`). Nothing here is a rule: a click sends
what the seat's `legal` lists (game.ah_tactics.orders), and a refusal gives the rules' own reason
(engine.ah_tactics.queries) or the host's answer.
"""
import pygame

import bots
from engine.ah_tactics import queries
from game import sound
from game.ah_tactics import hud
from game.ah_tactics.charts import crt_chart
from game.ah_tactics.inspect import unit_card
from game.words import joined, plural

GUARD_PASSES = 4   # "Guard HQs" asks the hard bot at most this often (two passes settle it in the games seen)


class ClickInput:
    """Mixed into the board scene (game.ah_tactics.scene.BoardScene), whose state it reads and sets."""

    def main_action(self) -> None:
        """The main button: the set-up done, the movement ended, the battles fought (none of them can be taken
        back, so each is asked first, naming what follows), or in a contact, Fight."""
        kind = {"setup": "setup_done", "move": "end_movement", "battle": "confirm_battles",
                "contact": "contact"}.get(self.phase)
        if self.active_seat is None or self.orders is None:
            self.refuse(self.seats.not_your_move() if self.active_seat is None else "Nothing to do just now.")
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
                self.refuse("Only your side's commander decides that.")   # the rules' words
            return
        self.ask_first(*self._question(kind), lambda: self._send_final(action))

    def enter(self) -> None:
        """Enter: the main button, except in a contact, where two choices stand and Enter picks neither."""
        if self.phase == "contact" and self.active_seat is not None:
            self.refuse("Your reserves were found: F fights, B falls back (or the buttons).")
        else:
            self.main_action()

    def _send_final(self, action: dict) -> None:
        self.reset_input()
        self.send(action)

    def _question(self, kind: str) -> tuple[str, str, str]:
        """What the card asks before `kind` (setup_done, end_movement, confirm_battles): question, what follows,
        the button's words."""
        if kind == "setup_done":
            return ("Declare your set-up done?", "Your arrangement is fixed from now on; the enemy sees it once both "
                    "sides are done.", "Set-up done")
        if kind == "confirm_battles":
            n = len(self.pub.get("plan") or [])
            return (f"Fight the {plural(n, 'planned battle')}?", "The dice decide them at once; the plan can no longer "
                    "change.", "Fight")
        left = self.allowance or 0
        unused = f" {queries.squares_text(left)} of your squares are left unused, and lost." if left else ""
        ahead = queries.battles_ahead(self.view)
        if not ahead["any"]:
            return ("End movement with no battles?", "No unit of yours can attack: the turn passes to the enemy."
                    + unused, "End movement")
        must = [self.units[u]["name"] for u in ahead["must"]]
        then = (f"Every enemy in contact must then be attacked: {joined(must)}." if must else
                "Battles may then be planned against the enemies next to your units.")
        return "End movement and plan the battles?", then + unused, "End movement"

    def second_action(self) -> None:
        if self.phase == "setup":
            self.guard_hqs()
        elif self.phase == "contact":
            self._contact("fall_back")
        elif self.phase == "move":
            self.reserve_or_reveal()
        elif self.phase == "battle" and self.selected is not None:
            self.send({"type": "unassign", "unit": self.selected})

    def guard_hqs(self) -> None:
        """Set-up: the HQs moved where the hard bot would stand its own (where an enemy division would spend
        the most of its first move to come next to them, amphibious landings counted, with the least open
        ground around them: not out of every reach, which the enemy's secret arrangement does not allow):
        its advice, sent one placement at a time as the player's own clicks would be (each one the rules
        check; undo takes them back), and asked again once they are in, since its pass weighs one HQ at a
        time (at most GUARD_PASSES passes)."""
        if self.phase != "setup" or self.active_seat is None or self.orders is None:
            self.refuse(self.seats.not_your_move() if self.active_seat is None else "The HQs are guarded at the set-up.")
            return
        if not self.orders.can({"type": "setup_done"}):
            self.refuse("Only your side's commander arranges the set-up.")
            return
        self.reset_input()
        self.guard_passes = 0
        self._guard_pass()

    def _guard_pass(self) -> None:
        advice = bots.make("ah_tactics", "hard", self.active_seat).phase_plan(self.view)
        self.guarding = [a for a in advice if a["type"] == "place"]
        if self.guarding and self.guard_passes < GUARD_PASSES:
            self.guard_passes += 1
            sound.play("click")
            return
        self.guarding = []
        self.app.notify("Your HQs now stand where an enemy would spend the most of its first move to reach them. "
                        "Enter when done." if self.guard_passes
                        else "Your HQs already stand where the computer would stand its own.")
        self.guard_passes = 0

    def send_guarding(self) -> None:
        """The next of "Guard HQs"' placements once the last one is answered; the next pass once all are in
        (all dropped if the set-up is over or the seat no longer acts)."""
        if not self.guard_passes or self.waiting:
            return
        if self.phase != "setup" or self.active_seat is None:
            self.guarding, self.guard_passes = [], 0
            return
        if self.guarding:
            self.send(self.guarding.pop(0))
        else:
            self._guard_pass()

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
        self.show_front = True   # the reason is about the front line or the enemy: show the line
        self.refuse(queries.reserve_refusal(self.view, self.selected))

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
                self.refuse(self.seats.not_your_move())
                return
            getattr(self, "_click_" + self.phase, self._click_other)(square)

    def _right_click(self, square) -> None:
        uid = self.by_square.get(square)
        if self.phase == "battle" and self.orders is not None and uid in self.orders.unassignable():
            self.send({"type": "unassign", "unit": uid})
        elif uid is not None:
            self.inspect(uid)
        elif self.phase != "retreat":
            self.reset_input()

    def inspect(self, uid: int | None = None) -> None:
        """I or a right-click: the unit inspector for the unit under the pointer (or the picked one)."""
        if uid is None:
            uid = self.by_square.get(self.hover) if self.hover is not None else None
            uid = self.selected if uid is None else uid
        if uid is None or self.unit(uid) is None:
            self.refuse("Point at a unit (or pick one), then I shows what it is.")
            return
        title, rows, colour = unit_card(self, uid)
        sq = self.positions.get(uid)
        near = self.map.centre(sq) if sq is not None else self.app.mouse_pos
        self.inspector.show(uid, title, rows, colour, near)
        sound.play("click")

    def show_crt(self) -> None:
        """C: the Combat Results Table, the planned battle's column lit, every planned battle's chances (and the
        last battle's cell)."""
        def names(ids):
            return " + ".join(self.units[int(i)]["name"] for i in ids)
        self.chart.show(crt_chart(self.pub.get("plan") or [], self.focused_battle(), names, self.last_battle))
        sound.play("click")

    def toggle_front(self) -> None:
        if self.phase != "move":
            self.refuse("The front line matters in the movement phase (reserves go behind it).")
            return
        self.show_front = not self.show_front

    def toggle_hq(self) -> None:
        self.show_hq = not self.show_hq

    def _click_other(self, square) -> None:
        if self.phase == "contact":
            self.refuse("Your reserves were found: Fight or Fall back (the buttons).")
        else:
            self.refuse("Nothing to do on the map now.")

    def _click_setup(self, square) -> None:
        self._click_to(square, "place", "Your units set up within their own bivouac area (the lit squares).")

    def _click_move(self, square) -> None:
        self._click_to(square, "drop" if self.air else "move", None)

    def _click_retreat(self, square) -> None:
        self._click_to(square, "retreat", "The beaten unit falls back to one of the lit squares.")

    def _click_to(self, square, kind: str, why: str | None) -> None:
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
        if self.selected is not None:   # the rules' own reason for this square (taken, ground, front, allowance)
            self.refuse(why or queries.move_refusal(self.view, self.selected, square, air=self.air))
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
            self.refuse(queries.assign_refusal(self.view, self.selected, uid))
        else:
            self.refuse("Click one of your units first, then the enemy it attacks.")

    # ----- input -------------------------------------------------------------------------------
    def picked(self) -> bool:
        return (self.selected is not None and self.phase != "retreat") or self.picked_defender is not None

    def key_commands(self) -> dict:
        return {pygame.K_RETURN: self.enter, pygame.K_KP_ENTER: self.enter,
                pygame.K_r: self.reserve_or_reveal, pygame.K_v: self.reserve_or_reveal, pygame.K_d: self.toggle_air,
                pygame.K_g: self.toggle_regroup, pygame.K_a: self.guard_hqs,
                **{pygame.K_0 + n: (lambda n=n: self.number_key(n)) for n in range(1, 6)},
                pygame.K_f: lambda: self._contact("fight"), pygame.K_b: lambda: self._contact("fall_back"),
                pygame.K_i: self.inspect, pygame.K_c: self.show_crt, pygame.K_l: self.toggle_front,
                pygame.K_q: self.toggle_hq}

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

