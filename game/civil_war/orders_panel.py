"""The orders panel under the turn box: what the selected stack holds and which of its units go
(a row per kind with - and + steppers), or the step the rules wait for (a battle, losses owed, a
retreat), or, with nothing selected, what the counters' symbols mean.

The panel draws from the board's Input (its rules, selection and reach) and the view, and owns its
buttons; what they do is the Input's (the callbacks given here).
"""
import pygame

from engine.civil_war import queries
from game import theme
from game.civil_war.counters import side_colour
from game.civil_war.hud import SIDE
from game.civil_war.log import square_name
from game.civil_war.orders import KINDS, describe
from game.wargame import symbols
from game.widgets import Button
from game.words import plural

RECT = pygame.Rect(SIDE.x + 8, SIDE.y + 112, SIDE.w - 16, 186)
ROW_Y = RECT.y + 50   # the first kind row
ROW_H = 38
# What the legend says of each kind's ground (the inspector, I, asks the rules for every square's).
LEGEND_GROUND = {queries.INFANTRY: "", queries.CAVALRY: ", crosses mountains", queries.GUNBOAT: " on rivers and sea"}


def reach_words(kind: str) -> str:
    """How far a piece of `kind` goes in a turn, by the rules' speeds: "1 square; 3 by railroad", "1-2 squares"."""
    speed = queries.SPEED[kind]
    words = "1 square" if speed == 1 else f"1-{speed} squares"
    return words + (f"; {queries.RAIL_RIDE} by railroad" if kind == queries.INFANTRY else "")


class OrdersPanel:
    def __init__(self, *, on_adjust, on_quick_pick, on_remove):
        """`on_adjust(kind, delta)` for the steppers, `on_quick_pick()` for Tab's button, `on_remove(kind)`
        for the losses buttons."""
        self.steppers = {}       # kind -> (minus, plus)
        self.loss_buttons = {}   # kind -> "Remove 1 <kind>"
        for i, kind in enumerate(KINDS):
            y = ROW_Y + i * ROW_H
            self.steppers[kind] = (Button((RECT.x + 300, y, 34, 32), "-", lambda k=kind: on_adjust(k, -1), size=20),
                                   Button((RECT.x + 420, y, 34, 32), "+", lambda k=kind: on_adjust(k, +1), size=20))
            self.loss_buttons[kind] = Button((RECT.x + 300, y, 230, 32), f"Remove 1 {kind}",
                                             lambda k=kind: on_remove(k), size=18)
        self.quick_button = Button((RECT.right - 150, RECT.y + 8, 140, 30), "Quick pick", on_quick_pick,
                                   hotkey_label="Tab", size=16)

    def live_buttons(self, selection, step) -> list[Button]:
        """The buttons that take clicks now: the losses buttons in a losses step, else the steppers."""
        if selection.cell is None:
            return []
        self.place_rows(selection)
        if step is not None and step["step"] == "losses":
            return list(self.loss_buttons.values())
        return [b for pair in self.steppers.values() for b in pair] + [self.quick_button]

    def place_rows(self, selection) -> None:
        """The panel's kind rows: one per kind present at the selection, top down; buttons follow their row."""
        shown = [k for k in KINDS if selection.available.get(k)] or list(KINDS)
        for kind in KINDS:
            y = ROW_Y + (shown.index(kind) if kind in shown else len(KINDS)) * ROW_H
            minus, plus = self.steppers[kind]
            minus.rect.y = plus.rect.y = self.loss_buttons[kind].rect.y = y

    def draw(self, surface, seats, board: dict, orders) -> None:
        """`seats`: the board's Seats (the view); `orders`: its Input (rules, selection, reach)."""
        c = theme.colours
        theme.draw_panel(surface, RECT, alpha=235)
        x, y = RECT.x + 14, RECT.y + 12
        pub = seats.pub
        sel = orders.selection
        step = orders.step
        if orders.rules is None:
            text = "Watching the war." if not seats.link.my_seats else "Orders: wait for your turn."
            theme.draw_text(surface, text, (x, y), 20, c.text_dim, bold=True)
            self.draw_legend(surface, x, y + 40)
            return
        if step is not None and step["step"] == "battle":
            theme.draw_text(surface, f"Battle at {square_name(board, step['at'])}", (x, y), 20, c.bad, bold=True)
            theme.draw_text(surface, "Your attack is larger: you choose the losses", (x, y + 30), 17, c.text_dim,
                            shadow=False)
            theme.draw_text(surface, "in the dialog on the map.", (x, y + 52), 17, c.text_dim, shadow=False)
            return
        if step is not None and step["step"] == "losses":
            theme.draw_text(surface, f"{plural(step['count'], 'piece')} owed for {step['city']}", (x, y), 20, c.warning,
                            bold=True)
            if sel.cell is None:
                theme.draw_text(surface, "Click one of your stacks, then choose", (x, y + 40), 18, c.text_dim)
                theme.draw_text(surface, "which kind of piece it gives up.", (x, y + 62), 18, c.text_dim)
                return
            theme.draw_text(surface, f"At {square_name(board, sel.cell)}: {describe(sel.available)}",
                            (x, y + 28), 17, c.text_dim, shadow=False)
            for kind in KINDS:
                b = self.loss_buttons[kind]
                b.enabled = orders.rules.can({"type": "choose_losses", "at": list(sel.cell), "units": {kind: 1}})
                if sel.available.get(kind):
                    b.draw(surface)
            return
        if sel.cell is None:
            theme.draw_text(surface, "Orders: click one of your lit stacks", (x, y), 20, c.text, bold=True)
            ready = sum(1 for s in pub.get("stacks", []) if s["side"] == seats.active_seat and any(s["ready"].values()))
            theme.draw_text(surface, f"{ready} of your stacks can still move this turn.", (x, y + 30), 17, c.text_dim,
                            shadow=False)
            self.draw_legend(surface, x, y + 58)
            return
        name = square_name(board, sel.cell)
        title = f"Retreat from {name}" if step is not None else f"Moving from {name}"
        theme.draw_text(surface, title, (x, y), 20, c.text, bold=True)
        colour = side_colour(seats.active_seat)
        shown = [k for k in KINDS if sel.available.get(k)]
        for i, kind in enumerate(shown):
            ry = ROW_Y + i * ROW_H
            box = pygame.Rect(x, ry + 8, 22, 15)
            pygame.draw.rect(surface, colour, box.inflate(6, 6), border_radius=3)
            symbols.draw(surface, kind, box, theme.text_on(colour))
            theme.draw_text(surface, kind.capitalize(), (x + 36, ry + 16), 19, c.text, anchor="midleft")
            theme.draw_text(surface, f"of {sel.available[kind]}", (x + 470, ry + 16), 17, c.text_dim, anchor="midleft",
                            shadow=False)
            minus, plus = self.steppers[kind]
            minus.draw(surface)
            plus.draw(surface)
            theme.draw_text(surface, str(sel.picked.get(kind, 0)), ((minus.rect.right + plus.rect.x) // 2, ry + 16),
                            22, c.accent, bold=True, anchor="center")
        works = orders.works_at(sel.cell)
        if not any(sel.available.values()):
            theme.draw_text(surface, "These troops cannot move this turn.", (x, ROW_Y + 4), 18, c.text_dim, shadow=False)
        else:
            self.quick_button.draw(surface)
        if works:
            what = " or ".join(f"{a['type']} ({'F' if a['type'] == 'fortify' else 'U'})" for a in works)
            theme.draw_text(surface, f"Here you may {what}.", (x, RECT.bottom - 50), 17, c.accent, shadow=False)
        reach = orders.reach()
        attacks = sum(1 for v in reach.values() if v == "attack")
        summary = (f"{len(reach)} squares lit" + (f", {attacks} to attack (red)" if attacks else "")
                   if reach else "Nowhere to go with these units: change the pick.")
        theme.draw_text(surface, summary, (x, RECT.bottom - 26), 17, c.text_dim if reach else c.warning,
                        shadow=False)

    def draw_legend(self, surface, x, y) -> None:
        """What the counters' symbols mean, under the orders when nothing is selected."""
        c = theme.colours
        for i, kind in enumerate(KINDS):
            text = f"{kind.capitalize()}: {reach_words(kind)}{LEGEND_GROUND[kind]}"
            box = pygame.Rect(x + 3, y + 4 + i * 26, 22, 15)
            pygame.draw.rect(surface, c.panel_light, box.inflate(6, 6), border_radius=3)
            symbols.draw(surface, kind, box, c.text)
            theme.draw_text(surface, text, (x + 38, y + 11 + i * 26), 17, c.text_dim, anchor="midleft", shadow=False)
