"""A scripted player for the Civil War board: a bot decides, and the decision is
carried out the way a person would, by posting real clicks and keys.

A bot (given as a factory, like a table's: `make_bot(game_id, level, seat, seed)`)
picks an action from the seat's view; this player then selects the stack, sets the
split with the panel's - / + buttons, clicks the destination, answers the battle
dialog with its buttons, and so on. UI tests, the screenshot script and the bench
use it; it reads only what the window shows and knows.
"""
import pygame

from game.board_kit.autoplay import BotClickPlayer, post_click, post_key
from game.civil_war.orders import KINDS, composition


class ClickPlayer(BotClickPlayer):
    GAME = "civil_war"

    def __init__(self, scene, make_bot, level: str = "normal", seed: int = 0):
        super().__init__(scene, make_bot, level, seed)
        self._pressed_total = None  # (plan, total) once the dialog's total button was pressed for this plan

    def ready(self) -> bool:
        return self.scene.rules is not None

    def revision(self):
        return self.scene.orders_serial  # new rules for every revision the scene has read

    def view(self) -> dict:
        return self.scene.rules.view

    # ----- one method per kind of action ---------------------------------------------------
    def _set_split(self, units: dict) -> str | None:
        """Click - / + until the panel's pick is `units`; None when it already is."""
        sel = self.scene.selection
        for kind in KINDS:
            want, have = units.get(kind, 0), sel.picked.get(kind, 0)
            if want != have:
                minus, plus = self.scene.steppers[kind]
                post_click((plus if want > have else minus).rect.center)
                return self._did(f"{'+' if want > have else '-'} {kind}")
        return None

    def _dest(self, action) -> tuple:
        return tuple(action["path"][-1] if "path" in action else action["to"])

    def _move(self, action) -> str:
        s = self.scene
        if s.selection.cell not in (None, tuple(action["from"])):
            post_key(pygame.K_ESCAPE)  # drop the other selection first: a click could move it instead
            return self._did("drop selection")
        if s.selection.cell != tuple(action["from"]):
            post_click(self.centre(action["from"]))
            return self._did(f"select {action['from']}")
        adjusted = self._set_split(action["units"])
        if adjusted:
            return adjusted
        post_click(self.centre(self._dest(action)))
        return self._did(f"move to {self._dest(action)}")

    def _retreat(self, action) -> str:
        adjusted = self._set_split(action["units"])
        if adjusted:
            return adjusted
        post_click(self.centre(self._dest(action)))
        return self._did(f"retreat to {self._dest(action)}")

    def _battle(self, action) -> str | None:
        d = self.scene.dialog
        if d is None:
            return None
        want = {"eliminate": composition(action["eliminate"]), "lose": composition(action["lose"])}
        total = sum(want["eliminate"].values())
        if d.action() == action:
            post_click(d.ok.rect.center)
            return self._did("fight")
        if sum(d.counts["eliminate"].values()) != total and self._pressed_total != (self.plan_key, total):
            button = next((b for b in d.group_buttons if b.group == total), None)
            if button is not None:
                self._pressed_total = (self.plan_key, total)
                post_click(button.rect.center)
                return self._did(f"destroy {total}")
        for row in ("eliminate", "lose"):
            for kind in KINDS:
                w, h = want[row].get(kind, 0), d.counts[row].get(kind, 0)
                if w != h:
                    stepper = next(st for st in d.steppers if st[0] == row and st[1] == kind)
                    post_click((stepper[3] if w > h else stepper[2]).rect.center)
                    return self._did(f"battle {row} {kind} {'+' if w > h else '-'}")
        post_click(d.ok.rect.center)
        return self._did("fight")

    def _choose_losses(self, action) -> str:
        s = self.scene
        if s.selection.cell != tuple(action["at"]):
            post_click(self.centre(action["at"]))
            return self._did(f"pick losses at {action['at']}")
        kind = next(iter(action["units"]))
        post_click(s.loss_buttons[kind].rect.center)
        return self._did(f"remove {kind}")

    def _fortify(self, action, key=pygame.K_f) -> str:
        s = self.scene
        if s.selection.cell not in (None, tuple(action["at"])):
            post_key(pygame.K_ESCAPE)
            return self._did("drop selection")
        if s.selection.cell != tuple(action["at"]):
            post_click(self.centre(action["at"]))
            return self._did(f"select {action['at']}")
        post_key(key)
        return self._did(action["type"])

    def _unfortify(self, action) -> str:
        return self._fortify(action, pygame.K_u)

    def _end_turn(self, action) -> str:
        post_key(pygame.K_RETURN)
        return self._did("end turn")

    def _surrender(self, action) -> str:
        post_click(self.scene.surrender_button.rect.center)
        return self._did("surrender")
