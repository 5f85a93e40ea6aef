"""The battle choice: after a larger force attacks a smaller one, the attacker says how
many enemy units to destroy and which, and which of its own units pay for it.

The choices are the rules' listed `battle` actions and nothing else: the quick
buttons pick one of the listed totals; the steppers change the kinds within what
the listed outcomes use; OK is enabled only while the choice is one of them.
"""
import pygame

from game import theme
from game.civil_war.orders import KINDS, composition, describe
from game.widgets import Button

PANEL = pygame.Rect(0, 0, 600, 360)


class BattleDialog:
    def __init__(self, options: list[dict], title: str, subtitle: str, on_choose, centre):
        self.options = [{"eliminate": composition(o["eliminate"]), "lose": composition(o["lose"])} for o in options]
        self.title, self.subtitle = title, subtitle
        self.on_choose = on_choose
        self.rect = PANEL.copy()
        self.rect.center = centre
        best = max(self.options, key=lambda o: (sum(o["eliminate"].values()), -sum(o["lose"].values())))
        self.eliminate = dict(best["eliminate"])
        self.lose = dict(best["lose"])
        self.most = {side: {k: max(o[side].get(k, 0) for o in self.options) for k in KINDS}
                     for side in ("eliminate", "lose")}
        x, y = self.rect.x, self.rect.y
        totals = sorted({sum(o["eliminate"].values()) for o in self.options})
        self.total_buttons = []
        for i, n in enumerate(totals[:6]):
            lost = min(sum(o["lose"].values()) for o in self.options if sum(o["eliminate"].values()) == n)
            label = f"Destroy {n}" if n else "Only the garrison"
            b = Button((x + 24 + i * 94, y + 112, 88, 40), label if n else "Garrison", lambda n=n: self.choose_total(n),
                       size=17, hotkey=pygame.K_1 + n - 1 if 1 <= n <= 9 else None)
            b.lost = lost
            self.total_buttons.append(b)
        self.steppers = []  # (side, kind, minus, plus)
        for row, side in enumerate(("eliminate", "lose")):
            for col, kind in enumerate(KINDS):
                if not self.most[side][kind]:
                    continue
                bx = x + 150 + col * 146
                by = y + 190 + row * 50
                minus = Button((bx, by, 34, 34), "-", lambda s=side, k=kind: self.adjust(s, k, -1), size=20)
                plus = Button((bx + 96, by, 34, 34), "+", lambda s=side, k=kind: self.adjust(s, k, +1), size=20)
                self.steppers.append((side, kind, minus, plus))
        self.ok = Button((self.rect.right - 204, self.rect.bottom - 58, 180, 44), "Fight", self.confirm,
                         primary=True, hotkey_label="Enter")

    @property
    def choice(self) -> dict:
        return {"eliminate": composition(self.eliminate), "lose": composition(self.lose)}

    @property
    def valid(self) -> bool:
        return self.choice in self.options

    def action(self) -> dict:
        c = self.choice
        return {"type": "battle", "eliminate": c["eliminate"], "lose": c["lose"]}

    def choose_total(self, n: int) -> None:
        """The first listed outcome destroying `n` (keeping the kinds picked so far where possible)."""
        fitting = [o for o in self.options if sum(o["eliminate"].values()) == n]
        if not fitting:
            return
        def closeness(o):
            return sum(abs(o["eliminate"].get(k, 0) - self.eliminate.get(k, 0)) +
                       abs(o["lose"].get(k, 0) - self.lose.get(k, 0)) for k in KINDS)
        best = min(fitting, key=closeness)
        self.eliminate, self.lose = dict(best["eliminate"]), dict(best["lose"])

    def adjust(self, side: str, kind: str, delta: int) -> None:
        counts = self.eliminate if side == "eliminate" else self.lose
        counts[kind] = max(0, min(self.most[side][kind], counts.get(kind, 0) + delta))

    def confirm(self) -> None:
        if self.valid:
            self.on_choose(self.action())

    def buttons(self) -> list[Button]:
        return self.total_buttons + [b for _, _, m, p in self.steppers for b in (m, p)] + [self.ok]

    def handle(self, event) -> bool:
        for b in self.buttons():
            if b.handle(event):
                return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.confirm()
            return True
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.KEYDOWN)

    def problem(self) -> str:
        c = self.choice
        d, l_ = sum(c["eliminate"].values()), sum(c["lose"].values())
        if self.valid:
            return f"Destroy {describe(c['eliminate'])}; you lose {describe(c['lose'])}."
        totals = {sum(o["eliminate"].values()) for o in self.options}
        if d not in totals:
            return "Not possible: pick one of the totals above."
        need = min(sum(o["lose"].values()) for o in self.options if sum(o["eliminate"].values()) == d)
        if l_ != need:
            return f"Destroying {d} costs you exactly {need}: adjust your losses."
        return "Those units are not there: adjust the kinds."

    def draw(self, surface) -> None:
        c = theme.colours
        theme.draw_panel(surface, self.rect, border=c.bad, alpha=255)
        x, y = self.rect.x, self.rect.y
        theme.draw_text(surface, self.title, (self.rect.centerx, y + 28), theme.SIZE_LARGE - 4, bold=True,
                        anchor="center")
        theme.draw_text(surface, self.subtitle, (self.rect.centerx, y + 60), 18, c.text_dim, anchor="center")
        theme.draw_text(surface, "How many enemy units to destroy (you lose one fewer):", (x + 24, y + 84), 18,
                        c.accent, shadow=False)
        for b in self.total_buttons:
            n = int(b.label.split()[-1]) if b.label.startswith("Destroy") else 0
            b.primary = sum(self.eliminate.values()) == n and self.valid
            b.draw(surface)
        theme.draw_text(surface, "Destroy", (x + 24, y + 207), 20, c.text, bold=True, anchor="midleft")
        theme.draw_text(surface, "You lose", (x + 24, y + 257), 20, c.text, bold=True, anchor="midleft")
        for side, kind, minus, plus in self.steppers:
            counts = self.eliminate if side == "eliminate" else self.lose
            minus.draw(surface)
            plus.draw(surface)
            mid = ((minus.rect.right + plus.rect.x) // 2, minus.rect.centery)
            theme.draw_text(surface, str(counts.get(kind, 0)), (mid[0], mid[1] - 6), 22, c.text, bold=True,
                            anchor="center")
            theme.draw_text(surface, kind, (mid[0], mid[1] + 12), 14, c.text_dim, anchor="center", shadow=False)
        if not any(s == "lose" for s, *_ in self.steppers):
            theme.draw_text(surface, "nothing", (x + 150, y + 257), 20, c.text_dim, anchor="midleft")
        colour = c.good if self.valid else c.warning
        theme.draw_text(surface, self.problem(), (x + 24, self.rect.bottom - 36), 17, colour, anchor="midleft",
                        shadow=False)
        self.ok.enabled = self.valid
        self.ok.draw(surface)
