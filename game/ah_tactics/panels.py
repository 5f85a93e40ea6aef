"""The Tactics (1954) board's side column and words: the top bar, the turn box, the allowance gauge, the unit
card, the panel (set-up, battle plan, regrouping, reserves), the two buttons, the tooltip and the hint line. The
buttons call the board's Input; the column draws what it holds.
"""
import pygame

from game import theme, widgets
from game.ah_tactics import hud
from game.ah_tactics.counters import SIDE_TITLES, of_side, unit_name
from game.ah_tactics.log import square_name
from game.ah_tactics.charts import columns_text, loss_chances, loss_text, percent
from game.ah_tactics.overlays import _Shifted
from game.board_kit.hud import Cached
from game.widgets import Button
from game.words import counted

CHANCES = (160, 210, 255)   # the calculator's lines, apart from the battles they belong to

# the side column above the log: turn box, gauge, unit card, panel and buttons, drawn as one layer
COLUMN = pygame.Rect(hud.SIDE.x, hud.SIDE.y, hud.SIDE.w, hud.BUTTONS_Y + 52 - hud.SIDE.y)


class Panels:
    def __init__(self, seats, places, board: dict, input, side_panel: pygame.Surface):
        """`input`: the board's Input; `side_panel`: the frame's side panel, under the column."""
        self.seats, self.places, self.board, self.input, self.side_panel = seats, places, board, input, side_panel
        self._top_bar = Cached(hud.build_top_bar)
        self._turn_box = Cached(hud.build_turn_box)
        self._gauge = Cached(hud.build_gauge)
        self._card = Cached(hud.build_card)
        self._panel = Cached(hud.build_panel)
        self._column: dict = {}
        x, y = hud.PANEL.x, hud.BUTTONS_Y
        self.main_button = Button((x, y, 158, 48), "End movement", input.main_action, primary=True, size=18,
                                  hotkey_label="Enter")
        self.second_button = Button((x + 164, y, 100, 48), "Reserve", input.second_action, size=17)
        self.buttons = [self.main_button, self.second_button]

    @property
    def phase(self) -> str:
        return self.places.phase

    def main_enter_button(self):
        return self.main_button if self.phase in ("setup", "move", "battle") else None

    def handle(self, event) -> bool:
        """While regrouping a click on the panel picks the corps of its row; else the buttons."""
        if (self.input.regrouping and event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
                and hud.PANEL.collidepoint(event.pos)):
            row = hud.panel_row_at(event.pos)
            if row is not None:
                self.input.regroup_to(row)
            return True
        return any(b.enabled and b.handle(event) for b in self.buttons)

    def draw(self, surface) -> None:
        pub, seats = self.seats.pub, self.seats.link.seats
        allowance = self.places.allowance
        surface.blit(self._top_bar.get((self.places.units_key, pub.get("phase"),
                                        pub.get("round"), pub.get("active"), repr(pub.get("reserves")), allowance,
                                        self.seats.shown_seat, theme.colours, tuple(s.get("name") for s in seats)),
                                       seats, pub, self.seats.shown_seat, allowance), hud.TOP_BAR)
        self._sync_buttons()
        # the turn box, gauge, unit card, panel and buttons change a few times a turn: one opaque blit
        mine = self.seats.active_seat is not None
        lines = self._turn_lines()
        inp = self.input
        shown = inp.selected if inp.selected is not None else self.places.by_square.get(inp.hover) if inp.hover else None
        unit = self.places.unit(shown)
        card_lines = self._unit_lines(unit) if unit else ()
        title, rows = self._panel_rows()
        side = pub.get("active")
        parts = (
            (hud.TURN_BOX, self._turn_box, (pub.get("phase"), side, mine, lines, bool(pub.get("result"))),
             (seats, pub, mine, lines)),
            (hud.GAUGE, self._gauge, (allowance, side), (allowance, side)),
            (hud.CARD, self._card, (shown, card_lines), (unit, card_lines)),
            (hud.PANEL, self._panel, (title, rows), (title, rows)),
        )
        key = (tuple(part[2] for part in parts), theme.colours, widgets.buttons_withheld_now(),
               tuple((b.label, b.state, b.primary, b.focused) for b in self.buttons))
        if self._column.get("key") != key:
            layer = self._column.get("surface")
            if layer is None:
                layer = self._column["surface"] = pygame.Surface(COLUMN.size).convert()
            layer.blit(self.side_panel, (0, 0), COLUMN.move(-hud.SIDE.x, -hud.SIDE.y))
            shifted = _Shifted(layer, COLUMN.topleft)
            for rect, cached, part_key, args in parts:
                shifted.blit(cached.get((part_key, theme.colours), *args), rect)
            for b in self.buttons:   # drawn onto the layer where it sits (its rect stays in screen terms)
                at = b.rect
                b.rect = at.move(-COLUMN.x, -COLUMN.y)
                try:
                    b.draw(layer)
                finally:
                    b.rect = at
            self._column["key"] = key
        surface.blit(self._column["surface"], COLUMN)

    def _turn_lines(self) -> tuple:
        pub = self.seats.pub
        if pub.get("result"):
            return (pub["result"].get("reason", ""),)
        if self.phase == "setup":
            ready = pub.get("ready") or {}
            return tuple(f"{SIDE_TITLES[s]}: {'done' if ready.get(s) else 'arranging'}" for s in ("blue", "red"))
        out = []
        decision = self._decision_line()
        if decision:
            out.append(decision)
        if pub.get("first"):
            out.append(f"{SIDE_TITLES[pub['first']]} moved first · round {pub.get('round', 0)}")
        hq = pub.get("hq_out_of_range") or []
        if hq:
            lead = "Out of range: "
            room = hud.TURN_BOX.w - 20
            out.append(lead + counted([self.places.units[u]["name"] for u in hq],
                                      lambda t: theme.text_width(lead + t, 16) <= room))
        return tuple(out)

    def _decision_line(self) -> str | None:
        """What the side deciding out of its turn decides: "Where Red's 9th Inf falls back"."""
        pub = self.seats.pub
        if self.phase == "retreat" and pub.get("retreats"):
            unit = self.places.unit(pub["retreats"][0]["unit"])
            lead, tail = "Where ", " falls back"
            room = hud.TURN_BOX.w - 20
            name = unit_name(unit, hud.deciding_side(pub))
            if theme.text_width(lead + name + tail, 16) > room:
                name = unit["name"] if unit else "the unit"
            return lead + name + tail
        if self.phase == "contact":
            return "Fight, or fall back where it began"
        return None

    def _unit_lines(self, u: dict) -> tuple:
        kind = {"infantry": "infantry division", "armor": "armored division", "para": "parachute division",
                "mountain": "mountain division", "amphibious": "amphibious division", "hq": "headquarters"}[u["kind"]]
        first = f"{SIDE_TITLES[u['side']]} {kind} · factor {u['factor']}"
        second = f"{u['corps'] or 'no corps'} · {u['status']}"
        if u["id"] in self.places.hidden:
            second += " · in reserve (secret)"
        sq = self.places.positions.get(u["id"])
        if sq is not None:
            second += f" · at {square_name(self.board, sq)}"
        return (first, second)

    def _panel_rows(self) -> tuple[str, tuple]:
        pub, text, dim = self.seats.pub, theme.colours.text, theme.colours.text_dim
        if self.phase == "setup":
            return "Set-up (secret)", (("Click a unit, then a lit square of", text), ("its bivouac area (swaps when taken).", text),
                                       ("Enter when your arrangement is done;", dim),
                                       ("A (Guard HQs) stands your HQs where", dim),
                                       ("the enemy reaches them least.", dim),
                                       ("The enemy sees none of it until both", dim), ("sides are done.", dim))
        if self.phase in ("battle", "retreat") or (self.phase == "move" and pub.get("plan")):
            return "Battle plan", self._plan_rows() or (("No battles.", dim),)
        if self.input.regrouping and self.input.selected is not None and self.input.orders is not None:
            u = self.places.units[self.input.selected]
            rows = [(f"{i + 1}   {'leave its corps (unattached)' if c == 'none' else 'join ' + c}", text)
                    for i, c in enumerate(self.input.orders.regroups(self.input.selected))]
            return f"Regroup {u['name']} (now {u['corps'] or 'no corps'})", tuple(rows) + (
                ("A number or a click picks; G or Esc: keep it.", dim),)
        if self.phase == "contact":
            return "Reserves found!", (("The enemy stumbled upon your reserves.", text),
                                       ("Fight: he stays in contact and attacks.", dim),
                                       ("Fall back: he returns where he began.", dim))
        private = (self.seats.view or {}).get("private") or {}
        reserves = private.get("reserves") or []
        rows = [(f"{r['name']} at {square_name(self.board, (r['x'], r['y']))}", text) for r in reserves]
        theirs = len((pub.get("reserves") or {}).get("red" if self.places.my_side == "blue" else "blue", []))
        if theirs:
            rows += [(f"The enemy has {theirs} unit{'s' if theirs > 1 else ''} in reserve,", dim),
                     ("hidden behind its front line.", dim)]   # two rows: the panel does not wrap
        if not rows:
            rows = [("None. Pick a unit behind your front", dim), ("line and press R to send it off the board.", dim)]
        return "Reserves (yours are secret)", tuple(rows)

    def _plan_rows(self) -> tuple:
        """The battle plan: each battle's column(s), whom it engages and by whom, and who is likely to lose it
        (the calculator) on a line of its own while the panel has room for that, else on the battle's line; then
        the enemies still to engage, counted. Names are listed as far as a line holds them, the rest counted."""
        pub, text, dim = self.seats.pub, theme.colours.text, theme.colours.text_dim
        plan = pub.get("plan") or []
        left = pub.get("unengaged") or []
        room = hud.PANEL.w - 20
        fits = lambda line: theme.text_width(line, hud.PANEL_TEXT) <= room   # noqa: E731
        names = lambda ids: [self.places.units[int(u)]["name"] for u in ids]   # noqa: E731
        reader = self.places.my_side

        def listed(ids, fits_with) -> str:
            """One side's units, as many named as `fits_with(text)` allows, with the side's name unless it is
            the reader's own ("Red's 6th Inf and 2 more")."""
            side = self.places.units[int(ids[0])]["side"] if ids else None
            return of_side(side, counted(names(ids), lambda t: fits_with(of_side(side, t, reader))), reader)
        two_lines = 2 * len(plan) + 1 <= hud.PANEL_ROWS
        rows = []
        for i, b in enumerate(plan):
            if two_lines:
                head = f"{i + 1}. {columns_text(b)} on "
                line = head + listed(b["defenders"], lambda t: fits(head + t + " by 9th Inf")) + " by "
                rows.append((line + listed(list(b["attackers"]), lambda t: fits(line + t)), text))
                rows.append(("   " + loss_text(b["attack"], b["defence"], lambda t: fits("   " + t)), CHANCES))
            else:   # many battles: a line each, its chance of winning (the defender loses) at its end
                tail = f": {percent(loss_chances(b['attack'], b['defence']).get('defender', 0))} to win"
                line = f"{i + 1}. {columns_text(b)} on "
                rows.append((line + listed(b["defenders"], lambda t: fits(line + t + tail)) + tail, text))
        if left:
            lead = f"{len(left)} {'more ' if plan else ''}to engage: "
            rows.append((lead + counted(names(left), lambda t: fits(lead + t)), theme.colours.accent))
        elif self.phase == "battle":
            rows.append(("Every enemy engaged: Enter confirms.", theme.colours.accent))
        return tuple(rows)

    def _sync_buttons(self) -> None:
        o, phase = self.input.orders, self.phase
        labels = {"setup": ("Set-up done", "Guard HQs"), "move": ("End movement", "Reserve"),
                  "battle": ("Confirm battles", "Unassign"), "contact": ("Fight", "Fall back"),
                  "retreat": ("Fall back", "—")}
        main, second = labels.get(phase, ("—", "—"))
        if phase == "move" and self.input.selected in self.places.hidden:
            second = "Reveal"
        self.main_button.label, self.second_button.label = main, second
        self.main_button.hotkey_label = "F" if phase == "contact" else "Enter"   # the key shown is the key it takes
        self.second_button.hotkey_label = {"setup": "A", "move": "R", "contact": "B"}.get(phase)
        kind = {"setup": "setup_done", "move": "end_movement", "battle": "confirm_battles"}.get(phase)
        self.main_button.enabled = o is not None and (o.can({"type": kind}) if kind else phase == "contact")
        self.second_button.enabled = o is not None and (
            phase == "contact" or (phase == "setup" and o.can({"type": "setup_done"}) and not self.input.guard_passes)
            or (phase == "move" and self.input.selected is not None
                                   and (o.can({"type": "reserve", "unit": self.input.selected})
                                        or o.can({"type": "reveal", "unit": self.input.selected})))
            or (phase == "battle" and self.input.selected in o.unassignable()))

    def move_hint(self) -> tuple[str, str]:
        phase = self.phase
        if phase == "setup":
            return ("Arrange your units in their bivouac areas, then Enter.",
                    "click unit, then square  ·  A guard HQs  ·  H help")
        if phase == "move":
            if self.input.selected is not None:
                if self.input.regrouping:
                    return ("Choose the division's new corps in the panel (a number or a click).",
                            "G / Esc keep it  ·  H help")
                if self.input.air:
                    return ("Air drop: click any free square of open land or forest (all shaded); no allowance spent.",
                            "D back to moving by land  ·  I inspect  ·  Esc drop  ·  H help")
                return ("Click a square of the shaded reach: the path and its cost show under the pointer.",
                        "D air drop  ·  R reserve  ·  G corps  ·  I inspect  ·  L front  ·  Q HQs  ·  Esc  ·  H help")
            return ("Move your units within the allowance; Enter ends the movement (it asks first).",
                    "click a unit  ·  I inspect  ·  L front line  ·  Q HQ ranges  ·  C chart  ·  H help")
        if phase == "battle":
            if self.input.selected is not None:
                return ("Click a lit enemy to attack it (1 / 2: factors).",
                        "right-click: unassign  ·  C chart  ·  Enter confirm  ·  H help")
            return ("Plan your battles: your unit, then the enemy; Enter confirms.",
                    "click an enemy, then another: one battle  ·  C the chart and chances")
        if phase == "retreat":
            return ("Choose where the beaten unit falls back (a lit square).", "H help")
        if phase == "contact":
            return ("The enemy found your reserves: Fight or Fall back.", "F fight  ·  B fall back")
        return ("", "H help")


def _num(x) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:g}"

