"""A combat dialog whose choices are the host's legal actions and nothing else.

The board hands it `Choice`s, one per legal action of the combat (a battle's
outcomes, the attackers that may join, a plan), each with the counts it stands
for per row ({"eliminate": {"infantry": 2}, "lose": {...}}) and the group its
quick button belongs to (how many are destroyed, say). The player:
  * presses a quick button (or its number key) to jump to a group's choice,
  * moves counts with the - / + steppers within what the choices use,
  * reads the odds line and the sentence under it (the choice, or why the counts
    on show are not one), and
  * confirms (Enter or the button), which is live only on a listed choice.
What is sent is always the listed action itself, never one the dialog built.
"""
from dataclasses import dataclass, field

import pygame

from game import theme
from game.widgets import Button

WIDTH = 600
STEPPER_COLUMN = 146
MAX_GROUP_BUTTONS = 6


@dataclass
class Choice:
    action: dict                                  # a complete action from `legal`
    counts: dict = field(default_factory=dict)    # row -> {key: count}: what the steppers show for it
    group: object = None                          # its quick button (choices sharing one are one button)
    label: str = ""                               # the quick button's text (default: the group)


def _totals(counts: dict) -> dict:
    return {row: {k: n for k, n in keys.items() if n} for row, keys in counts.items()}


class CombatDialog:
    def __init__(self, title: str, subtitle: str, choices: list[Choice], on_choose, centre, *,
                 rows: tuple = (), keys: tuple = (), initial: Choice | None = None, group_hint: str = "",
                 odds=None, describe=None, explain=None, confirm_label: str = "Fight", border=None):
        """`rows`: (row, label) pairs with steppers; `keys`: the counted keys in column order; `odds(choice)`: the
        odds line for a choice (or None); `describe(choice)`: the sentence for a valid choice; `explain(counts)`:
        why counts are not a listed choice."""
        if not choices:
            raise ValueError("a combat dialog needs at least one legal choice")
        self.choices = choices
        self.title, self.subtitle = title, subtitle
        self.on_choose = on_choose
        self.rows, self.keys = tuple(rows), tuple(keys)
        self.group_hint = group_hint
        self.odds_of, self.describe_choice, self.explain = odds, describe, explain
        self.border = border
        start = initial or choices[0]
        self.counts = {row: {k: start.counts.get(row, {}).get(k, 0) for k in self.keys} for row, _ in self.rows}
        self.group = start.group
        self.most = {row: {k: max(c.counts.get(row, {}).get(k, 0) for c in choices) for k in self.keys}
                     for row, _ in self.rows}
        self._layout(centre, confirm_label)

    # ----- layout -----------------------------------------------------------------------
    def _layout(self, centre, confirm_label: str) -> None:
        groups = []
        for c in self.choices:
            if c.group not in [g for g, _ in groups]:
                groups.append((c.group, c.label or str(c.group)))
        self.y_odds = 84
        y = self.y_odds + (26 if self.odds_of else 0)
        self.y_hint = y
        y_buttons = y + (28 if self.group_hint else 4)
        y_rows = y_buttons + 78
        stepper_rows = [(row, label) for row, label in self.rows if any(self.most[row].values())]
        height = y_rows + 50 * len(self.rows) + 70 if self.rows else y_buttons + 120
        self.rect = pygame.Rect(0, 0, WIDTH, max(220, height))
        self.rect.center = centre
        x, top = self.rect.x, self.rect.y
        self.group_buttons = []
        for i, (group, label) in enumerate(groups[:MAX_GROUP_BUTTONS]):
            hotkey = pygame.K_0 + group if isinstance(group, int) and 1 <= group <= 9 else None
            b = Button((x + 24 + i * 94, top + y_buttons, 88, 40), label, lambda g=group: self.choose_group(g),
                       size=17, hotkey=hotkey)
            b.group = group
            self.group_buttons.append(b)
        self.row_y = {row: top + y_rows + i * 50 for i, (row, _) in enumerate(self.rows)}
        self.steppers = []   # (row, key, minus, plus)
        for row, _ in stepper_rows:
            for col, key in enumerate(self.keys):
                if not self.most[row][key]:
                    continue
                bx, by = x + 150 + col * STEPPER_COLUMN, self.row_y[row]
                minus = Button((bx, by, 34, 34), "-", lambda r=row, k=key: self.adjust(r, k, -1), size=20)
                plus = Button((bx + 96, by, 34, 34), "+", lambda r=row, k=key: self.adjust(r, k, +1), size=20)
                self.steppers.append((row, key, minus, plus))
        self.ok = Button((self.rect.right - 204, self.rect.bottom - 58, 180, 44), confirm_label, self.confirm,
                         primary=True, hotkey_label="Enter")

    # ----- the choice -------------------------------------------------------------------
    @property
    def choice(self) -> Choice | None:
        """The listed choice the counts on show stand for, or None."""
        shown = _totals(self.counts)
        matching = [c for c in self.choices if _totals({r: c.counts.get(r, {}) for r, _ in self.rows}) == shown]
        if not matching:
            return None
        return next((c for c in matching if c.group == self.group), matching[0])

    @property
    def valid(self) -> bool:
        return self.choice is not None

    def action(self) -> dict | None:
        c = self.choice
        return None if c is None else c.action

    def choose_group(self, group) -> None:
        """Show the group's choice closest to the counts on show (keeping the kinds picked so far)."""
        fitting = [c for c in self.choices if c.group == group]
        if not fitting:
            return

        def distance(c):
            return sum(abs(c.counts.get(row, {}).get(k, 0) - self.counts[row][k]) for row, _ in self.rows
                       for k in self.keys)
        best = min(fitting, key=distance)
        self.counts = {row: {k: best.counts.get(row, {}).get(k, 0) for k in self.keys} for row, _ in self.rows}
        self.group = group

    def adjust(self, row: str, key: str, delta: int) -> None:
        self.counts[row][key] = max(0, min(self.most[row][key], self.counts[row][key] + delta))
        c = self.choice
        if c is not None:
            self.group = c.group

    def confirm(self) -> None:
        c = self.choice
        if c is not None:
            self.on_choose(c.action)

    # ----- input and drawing ------------------------------------------------------------
    def buttons(self) -> list[Button]:
        return self.group_buttons + [b for _, _, m, p in self.steppers for b in (m, p)] + [self.ok]

    def handle(self, event) -> bool:
        for b in self.buttons():
            if b.handle(event):
                return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.confirm()
            return True
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.KEYDOWN)

    def sentence(self) -> str:
        c = self.choice
        if c is not None:
            return self.describe_choice(c) if self.describe_choice else "Confirm to fight."
        return self.explain(self.counts) if self.explain else "Not one of the choices: pick a button above."

    def draw(self, surface) -> None:
        c = theme.colours
        theme.draw_panel(surface, self.rect, border=self.border or c.bad, alpha=255)
        x, y = self.rect.x, self.rect.y
        theme.draw_text(surface, self.title, (self.rect.centerx, y + 28), theme.SIZE_LARGE - 4, bold=True,
                        anchor="center")
        theme.draw_text(surface, self.subtitle, (self.rect.centerx, y + 60), 18, c.text_dim, anchor="center")
        choice = self.choice
        if self.odds_of:
            odds = self.odds_of(choice) if choice is not None else None
            theme.draw_text(surface, odds or "Odds: pick a listed choice", (self.rect.centerx, y + self.y_odds + 10),
                            20, c.accent if odds else c.text_dim, bold=True, anchor="center")
        if self.group_hint:
            theme.draw_text(surface, self.group_hint, (x + 24, y + self.y_hint), 18, c.accent, shadow=False)
        for b in self.group_buttons:
            b.primary = choice is not None and choice.group == b.group
            b.draw(surface)
        for row, label in self.rows:
            theme.draw_text(surface, label, (x + 24, self.row_y[row] + 17), 20, c.text, bold=True, anchor="midleft")
            if not any(self.most[row].values()):
                theme.draw_text(surface, "nothing", (x + 150, self.row_y[row] + 17), 20, c.text_dim, anchor="midleft")
        for row, key, minus, plus in self.steppers:
            minus.draw(surface)
            plus.draw(surface)
            mid = ((minus.rect.right + plus.rect.x) // 2, minus.rect.centery)
            theme.draw_text(surface, str(self.counts[row][key]), (mid[0], mid[1] - 6), 22, c.text, bold=True,
                            anchor="center")
            theme.draw_text(surface, str(key), (mid[0], mid[1] + 13), 15, c.text_dim, anchor="center", shadow=False)
        theme.draw_text(surface, self.sentence(), (x + 24, self.rect.bottom - 36), 17,
                        c.good if choice is not None else c.warning, anchor="midleft", shadow=False)
        self.ok.enabled = choice is not None
        self.ok.draw(surface)
