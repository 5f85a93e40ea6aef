"""The Tactics (1954) board's input: the seat's orders read from its `legal`, the picks (`selected`,
`picked_defender`, `air`, `factors`, `regrouping`, the front line and HQ ranges asked for, "Guard HQs"' placements
under way), where the picked unit may go, and what a click, a key or a button does with them, as a state machine.
Nothing here is a rule: a click sends what the seat's `legal` lists (game.ah_tactics.orders), and a refusal gives
the rules' own reason (engine.ah_tactics.queries) or the host's answer.
"""
import pygame

import bots
from engine.ah_tactics import queries
from game import sound
from game.ah_tactics.charts import crt_chart
from game.ah_tactics.inspect import unit_card
from game.ah_tactics.orders import Orders
from game.words import joined, plural

GUARD_PASSES = 4   # "Guard HQs" asks the hard bot at most this often (two passes settle it in the games seen)


class Input:
    def __init__(self, seats, places, board: dict, board_map, chart, news, ask_first, notify, mouse):
        """`seats`: the board's Seats; `places`: where its units show; `board`: the map's data; `board_map`: its
        BoardMap (the pointer, the inspector); `chart`: the CRT's ChartWindow; `news`: the last battle;
        `ask_first(question, detail, yes, then)`: the card that asks first; `notify(text)`; `mouse()`: the pointer."""
        self.seats, self.places, self.board, self.map = seats, places, board, board_map
        self.chart, self.news, self.ask_first, self.notify, self.mouse = chart, news, ask_first, notify, mouse
        self.orders: Orders | None = None
        self.selected: int | None = None      # a unit of ours picked to move, place, fall back or attack
        self.picked_defender: int | None = None   # an enemy picked to join another battle (combine)
        self.air = False                      # the picked parachute division drops by air
        self.factors: int | None = None       # the factors the next assignment gives (None: all it may)
        self.regrouping = False               # the picked division's corps choices show in the panel
        self.show_front = False               # the front line on demand (L), or after a reserve was refused
        self.show_hq = False                  # the corps HQs' ranges on demand (Q)
        self.guarding: list[dict] = []        # set-up placements still to send for "Guard HQs" ...
        self.guard_passes = 0                 # ... and its passes so far (0: not guarding)
        self._reach: tuple = (None, {})        # (pick, square -> cost) of the picked unit
        self._path: tuple = (None, None)       # (pick and square, (squares, cost)) under the pointer

    @property
    def hover(self):
        return self.map.pointer.hover

    @property
    def phase(self) -> str:
        return self.places.phase

    # ----- the orders ------------------------------------------------------------------------------
    def reset(self) -> None:
        self.show_front = False
        self.selected = None
        self.picked_defender = None
        self.air = False
        self.factors = None
        self.regrouping = False

    def read_orders(self) -> None:
        if self.seats.orders_changed():
            self.orders = self.seats.read_orders(Orders)
            self._keep_selection()

    def _keep_selection(self) -> None:
        o = self.orders
        if o is None:
            self.reset()
            return
        if self.phase == "retreat":
            units = sorted(o.units("retreat"))
            if self.selected not in units:
                self.selected = units[0] if units else None
            return
        if self.selected is not None and not self.selectable(self.selected):
            self.selected = None
            self.air = False
        if self.regrouping and (self.selected is None or not o.regroups(self.selected)):
            self.regrouping = False
        if self.picked_defender is not None and not o.combines(self.picked_defender):
            self.picked_defender = None

    def selectable(self, uid: int) -> bool:
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

    # ----- where the picked unit may go ----------------------------------------------------------
    def kind_now(self) -> str | None:
        return {"setup": "place", "move": "drop" if self.air else "move", "retreat": "retreat"}.get(self.phase)

    def reach(self) -> dict:
        """square -> cost in thirds (or None) for the picked unit: the squares as `legal` lists them, a move's
        costs as the rules' own search gives them (engine.ah_tactics.queries), read once per pick."""
        kind = self.kind_now()
        if self.orders is None or self.selected is None or kind is None:
            return {}
        key = (self.seats.orders_serial, self.selected, kind)
        if self._reach[0] != key:
            squares = self.orders.squares(kind, self.selected)
            costs = queries.reach_costs(self.seats.view, self.selected) if kind == "move" else {}
            self._reach = (key, {sq: costs.get(sq) for sq in squares})
        return self._reach[1]

    def path_to(self, square) -> tuple[list, int | None] | None:
        """The squares the picked unit's move to `square` passes, `square` last, and its cost in thirds (an air
        drop: the square alone and None, it flies straight there); None when `square` is not in its reach (or
        the pick is a set-up place or a fall-back, which have no route)."""
        reach = self.reach()
        if (square is None or square not in reach or self.selected not in self.places.positions
                or self.kind_now() not in ("move", "drop")):   # a place or a fall-back goes straight there
            return None
        key = (self.seats.orders_serial, self.selected, self.kind_now(), square)
        if self._path[0] != key:
            found = queries.route(self.seats.view, self.selected, square) if reach[square] is not None else None
            self._path = (key, (found[1], found[0]) if found else ([square], None))
        return self._path[1]

    def targets(self) -> dict[int, list[int]]:
        """In the battle plan: enemy unit -> factor counts the picked attacker may give it."""
        if self.orders is None or self.phase != "battle" or self.selected is None:
            return {}
        return self.orders.targets_of(self.selected)

    def focused_battle(self) -> dict | None:
        """The planned battle in question: the picked attacker's, the hovered unit's, else the last planned."""
        plan = self.seats.pub.get("plan") or []
        hover = self.hover
        for uid in (self.selected, self.places.by_square.get(hover) if hover else None):
            for b in plan:
                if uid is not None and (str(uid) in b["attackers"] or uid in b["attackers"] or uid in b["defenders"]):
                    return b
        return plan[-1] if plan else None

    def front_shown(self) -> bool:
        """The front line shows on demand, after a reserve was refused, and while a reserve is picked (it moves
        only behind it)."""
        return self.phase == "move" and (self.show_front or self.selected in self.places.hidden)

    def hq_shown(self) -> bool:
        return self.phase not in ("setup", "over", "") and (self.show_hq or self.regrouping)

    def modal(self):
        """The chart window or the unit inspector, whichever is open."""
        inspector = self.map.inspector
        return self.chart if self.chart.shown else inspector if inspector.shown else None

    # ----- the commands --------------------------------------------------------------------------
    def main_action(self) -> None:
        """The main button: the set-up done, the movement ended, the battles fought (none of them can be taken
        back, so each is asked first, naming what follows), or in a contact, Fight."""
        kind = {"setup": "setup_done", "move": "end_movement", "battle": "confirm_battles",
                "contact": "contact"}.get(self.phase)
        if self.seats.active_seat is None or self.orders is None:
            self.seats.refuse(self.seats.not_your_move() if self.seats.active_seat is None else "Nothing to do just now.")
            return
        if kind == "contact":
            self._contact("fight")
            return
        action = self.orders.simple(kind) if kind else None
        if action is None:
            if self.phase == "battle":
                left = len(self.seats.pub.get("unengaged") or [])
                self.seats.refuse(f"Engage every enemy next to your units first ({left} left), then confirm.")
            elif self.phase == "setup":
                self.seats.refuse("Only your side's commander declares the set-up done.")
            else:
                self.seats.refuse("Only your side's commander decides that.")   # the rules' words
            return
        self.ask_first(*self._question(kind), lambda: self._send_final(action))

    def enter(self) -> None:
        """Enter: the main button, except in a contact, where two choices stand and Enter picks neither."""
        if self.phase == "contact" and self.seats.active_seat is not None:
            self.seats.refuse("Your reserves were found: F fights, B falls back (or the buttons).")
        else:
            self.main_action()

    def _send_final(self, action: dict) -> None:
        self.reset()
        self.seats.send(action)

    def _question(self, kind: str) -> tuple[str, str, str]:
        """What the card asks before `kind` (setup_done, end_movement, confirm_battles): question, what follows,
        the button's words."""
        if kind == "setup_done":
            return ("Declare your set-up done?", "Your arrangement is fixed from now on; the enemy sees it once both "
                    "sides are done.", "Set-up done")
        if kind == "confirm_battles":
            n = len(self.seats.pub.get("plan") or [])
            return (f"Fight the {plural(n, 'planned battle')}?", "The dice decide them at once; the plan can no longer "
                    "change.", "Fight")
        left = self.places.allowance or 0
        unused = f" {queries.squares_text(left)} of your squares are left unused, and lost." if left else ""
        ahead = queries.battles_ahead(self.seats.view)
        if not ahead["any"]:
            return ("End movement with no battles?", "No unit of yours can attack: the turn passes to the enemy."
                    + unused, "End movement")
        must = [self.places.units[u]["name"] for u in ahead["must"]]
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
            self.seats.send({"type": "unassign", "unit": self.selected})

    def guard_hqs(self) -> None:
        """Set-up: the HQs moved where the hard bot would stand its own (where an enemy division would spend
        the most of its first move to come next to them, amphibious landings counted, with the least open
        ground around them: not out of every reach, which the enemy's secret arrangement does not allow):
        its advice, sent one placement at a time as the player's own clicks would be (each one the rules
        check; undo takes them back), and asked again once they are in, since its pass weighs one HQ at a
        time (at most GUARD_PASSES passes)."""
        if self.phase != "setup" or self.seats.active_seat is None or self.orders is None:
            self.seats.refuse(self.seats.not_your_move() if self.seats.active_seat is None else "The HQs are guarded at the set-up.")
            return
        if not self.orders.can({"type": "setup_done"}):
            self.seats.refuse("Only your side's commander arranges the set-up.")
            return
        self.reset()
        self.guard_passes = 0
        self._guard_pass()

    def _guard_pass(self) -> None:
        advice = bots.make("ah_tactics", "hard", self.seats.active_seat).phase_plan(self.seats.view)
        self.guarding = [a for a in advice if a["type"] == "place"]
        if self.guarding and self.guard_passes < GUARD_PASSES:
            self.guard_passes += 1
            sound.play("click")
            return
        self.guarding = []
        self.notify("Your HQs now stand where an enemy would spend the most of its first move to reach them. "
                        "Enter when done." if self.guard_passes
                        else "Your HQs already stand where the computer would stand its own.")
        self.guard_passes = 0

    def send_guarding(self) -> None:
        """The next of "Guard HQs"' placements once the last one is answered; the next pass once all are in
        (all dropped if the set-up is over or the seat no longer acts)."""
        if not self.guard_passes or self.seats.waiting:
            return
        if self.phase != "setup" or self.seats.active_seat is None:
            self.guarding, self.guard_passes = [], 0
            return
        if self.guarding:
            self.seats.send(self.guarding.pop(0))
        else:
            self._guard_pass()

    def _contact(self, choice: str) -> None:
        action = {"type": "contact", "choice": choice}
        if self.orders is None or not self.orders.can(action):
            self.seats.refuse("Only the commander whose reserves were found chooses.")
            return
        self.seats.send(action)

    def reserve_or_reveal(self) -> None:
        if self.orders is None or self.selected is None:
            self.seats.refuse("Pick a unit first: one behind your front line goes into reserve.")
            return
        for kind in ("reveal", "reserve"):
            action = {"type": kind, "unit": self.selected}
            if self.orders.can(action):
                self.seats.send(action)
                self.reset()
                return
        self.show_front = True   # the reason is about the front line or the enemy: show the line
        self.seats.refuse(queries.reserve_refusal(self.seats.view, self.selected))

    def toggle_air(self) -> None:
        if self.selected is None or self.orders is None or self.selected not in self.orders.units("drop"):
            self.seats.refuse("Pick a parachute division that has not moved this turn to drop it by air.")
            return
        self.air = not self.air
        sound.play("click")

    def set_factors(self, n: int) -> None:
        self.factors = n
        self.notify(f"The next attack gives {n} factor{'s' if n > 1 else ''}.")

    def toggle_regroup(self) -> None:
        """G: the picked division's corps choices show in the panel (a number or a click picks one)."""
        if self.phase != "move" or self.selected is None or self.orders is None:
            self.seats.refuse("In your movement, pick a division first, then G to change its corps.")
            return
        if not self.orders.regroups(self.selected):
            self.seats.refuse("That unit cannot change corps now: only the commander regroups, only divisions, "
                        "and every corps keeps three to nine.")
            return
        self.regrouping = not self.regrouping
        sound.play("click")

    def regroup_to(self, index: int) -> None:
        choices = self.orders.regroups(self.selected) if self.orders and self.selected is not None else []
        if not 0 <= index < len(choices):
            self.seats.refuse(f"Pick a number from 1 to {len(choices)}." if choices else "Nothing to regroup.")
            return
        self.seats.send({"type": "regroup", "unit": self.selected, "corps": choices[index]})
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
            if self.seats.active_seat is None:
                self.seats.refuse(self.seats.not_your_move())
                return
            getattr(self, "_click_" + self.phase, self._click_other)(square)

    def _right_click(self, square) -> None:
        uid = self.places.by_square.get(square)
        if self.phase == "battle" and self.orders is not None and uid in self.orders.unassignable():
            self.seats.send({"type": "unassign", "unit": uid})
        elif uid is not None:
            self.inspect(uid)
        elif self.phase != "retreat":
            self.reset()

    def inspect(self, uid: int | None = None) -> None:
        """I or a right-click: the unit inspector for the unit under the pointer (or the picked one)."""
        if uid is None:
            uid = self.places.by_square.get(self.hover) if self.hover is not None else None
            uid = self.selected if uid is None else uid
        if uid is None or self.places.unit(uid) is None:
            self.seats.refuse("Point at a unit (or pick one), then I shows what it is.")
            return
        title, rows, colour = unit_card(self.seats, self.places, self.board, self.orders, uid)
        sq = self.places.positions.get(uid)
        near = self.map.view.centre(sq) if sq is not None else self.mouse()
        self.map.inspector.show(uid, title, rows, colour, near)
        sound.play("click")

    def show_crt(self) -> None:
        """C: the Combat Results Table, the planned battle's column lit, every planned battle's chances (and the
        last battle's cell)."""
        def names(ids):
            return " + ".join(self.places.units[int(i)]["name"] for i in ids)
        self.chart.show(crt_chart(self.seats.pub.get("plan") or [], self.focused_battle(), names, self.news.last_battle))
        sound.play("click")

    def toggle_front(self) -> None:
        if self.phase != "move":
            self.seats.refuse("The front line matters in the movement phase (reserves go behind it).")
            return
        self.show_front = not self.show_front

    def toggle_hq(self) -> None:
        self.show_hq = not self.show_hq

    def _click_other(self, square) -> None:
        if self.phase == "contact":
            self.seats.refuse("Your reserves were found: Fight or Fall back (the buttons).")
        else:
            self.seats.refuse("Nothing to do on the map now.")

    def _click_setup(self, square) -> None:
        self._click_to(square, "place", "Your units set up within their own bivouac area (the lit squares).")

    def _click_move(self, square) -> None:
        self._click_to(square, "drop" if self.air else "move", None)

    def _click_retreat(self, square) -> None:
        self._click_to(square, "retreat", "The beaten unit falls back to one of the lit squares.")

    def _click_to(self, square, kind: str, why: str | None) -> None:
        uid = self.places.by_square.get(square)
        if self.selected is not None and square in self.reach():
            self.seats.send({"type": kind, "unit": self.selected, "to": list(square)})
            if self.phase != "retreat":
                self.selected = None
                self.air = False
            return
        if uid is not None and uid == self.selected and self.phase != "retreat":
            self.reset()
            sound.play("click")
            return
        if uid is not None and self.selectable(uid):
            self.selected, self.air = uid, False
            sound.play("click")
            return
        if self.selected is not None:   # the rules' own reason for this square (taken, ground, front, allowance)
            self.seats.refuse(why or queries.move_refusal(self.seats.view, self.selected, square, air=self.air))
        elif uid is not None and self.places.unit(uid) and self.places.unit(uid)["side"] != self.places.my_side:
            self.seats.refuse("That is an enemy unit: pick one of yours.")
        else:
            self.seats.refuse("Click one of your units (those lit can act).")

    def _click_battle(self, square) -> None:
        uid = self.places.by_square.get(square)
        o = self.orders
        if uid is None:
            self.seats.refuse("Click one of your units, then the enemy it attacks.")
            return
        mine = self.places.unit(uid)["side"] == self.places.my_side
        if mine:
            if uid in o.attackers():
                self.selected, self.picked_defender = (None if uid == self.selected else uid), None
                sound.play("click")
            else:
                self.seats.refuse("That unit has no enemy it may attack.")
            return
        targets = self.targets()
        if self.selected is not None and uid in targets:
            counts = targets[uid]
            factors = self.factors if self.factors in counts else max(counts)
            self.seats.send({"type": "assign", "attacker": self.selected, "defender": uid, "factors": factors})
            self.factors = None
            return
        if self.picked_defender is not None and uid in o.combines(self.picked_defender):
            self.seats.send({"type": "combine", "defender": self.picked_defender, "with": uid})
            self.picked_defender = None
            return
        if self.selected is None and o.combines(uid):
            self.picked_defender = uid
            sound.play("click")
            return
        if self.selected is not None:
            self.seats.refuse(queries.assign_refusal(self.seats.view, self.selected, uid))
        else:
            self.seats.refuse("Click one of your units first, then the enemy it attacks.")

    # ----- keys and the pointer ----------------------------------------------------------------
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
