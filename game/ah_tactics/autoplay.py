"""A scripted player for the Tactics (1954) board: a bot decides, and the decision is carried out
the way a person would, by posting real clicks and keys.

The bot (`make_bot(game_id, level, seat, seed)`) picks an action from the view the scene shows for
the seat at the controls; this player then clicks the unit and its square (D first for an air
drop), the attacker and the enemy of an assignment (1 or 2 first for part of its factors), the two
enemies of a combined battle, right-clicks a unit out of the plan, and presses the board's keys
and buttons for the rest (Enter, R / V, G and a number, F / B). UI tests, the screenshot script and the bench use
it; it reads only what the window shows and knows.
"""
import pygame

from game.board_kit.autoplay import BotClickPlayer, post_click, post_key


class ClickPlayer(BotClickPlayer):
    GAME = "ah_tactics"

    def ready(self) -> bool:
        return self.scene.orders is not None and not self.scene.orders.empty

    def revision(self):
        return self.scene.orders_serial

    def view(self) -> dict:
        return self.scene.orders.view

    def centre(self, square) -> tuple[int, int]:
        """Where a square is on screen, panning the map first when it is out of view."""
        view = self.scene.map
        if not view.viewport.collidepoint(view.centre(square)):
            view.camera.centre_on(*view.grid.centre(tuple(square)))
        return view.centre(square)

    def unit_square(self, uid):
        return self.scene.positions.get(uid)

    def _key(self, key, what: str) -> str:
        post_key(key)
        return self._did(what)

    # ----- one method per kind of action ---------------------------------------------------
    def _to_square(self, action, kind: str) -> str:
        s = self.scene
        uid = action["unit"]
        if s.selected != uid:
            if s.selected is not None and s.phase != "retreat":
                return self._key(pygame.K_ESCAPE, "drop selection")
            post_click(self.centre(self.unit_square(uid)))
            return self._did(f"select {uid}")
        if (kind == "drop") != s.air:
            return self._key(pygame.K_d, "air mode")
        post_click(self.centre(action["to"]))
        return self._did(f"{kind} {uid} to {action['to']}")

    def _place(self, action):
        return self._to_square(action, "place")

    def _move(self, action):
        return self._to_square(action, "move")

    def _drop(self, action):
        return self._to_square(action, "drop")

    def _retreat(self, action):
        return self._to_square(action, "retreat")

    def _setup_done(self, action):
        return self._key(pygame.K_RETURN, "set-up done")

    def _end_movement(self, action):
        return self._key(pygame.K_RETURN, "end movement")

    def _confirm_battles(self, action):
        return self._key(pygame.K_RETURN, "confirm battles")

    def _contact(self, action):
        return self._key(pygame.K_f if action["choice"] == "fight" else pygame.K_b, action["choice"])

    def _reserve(self, action):
        s = self.scene
        if s.selected != action["unit"]:
            post_click(self.centre(self.unit_square(action["unit"])))
            return self._did(f"select {action['unit']}")
        return self._key(pygame.K_r, f"{action['type']} {action['unit']}")

    _reveal = _reserve

    def _assign(self, action):
        s = self.scene
        attacker, defender = action["attacker"], action["defender"]
        if s.picked_defender is not None:
            return self._key(pygame.K_ESCAPE, "drop picked enemy")
        if s.selected != attacker:
            post_click(self.centre(self.unit_square(attacker)))
            return self._did(f"attacker {attacker}")
        counts = s.targets().get(defender, [])
        if counts and action["factors"] != max(counts) and s.factors != action["factors"]:
            return self._key(pygame.K_0 + action["factors"], f"{action['factors']} factors")
        post_click(self.centre(self.unit_square(defender)))
        return self._did(f"assign {attacker} -> {defender}")

    def _combine(self, action):
        s = self.scene
        if s.selected is not None:
            return self._key(pygame.K_ESCAPE, "drop attacker")
        if s.picked_defender != action["defender"]:
            post_click(self.centre(self.unit_square(action["defender"])))
            return self._did(f"pick {action['defender']}")
        post_click(self.centre(self.unit_square(action["with"])))
        return self._did(f"combine {action['defender']} with {action['with']}")

    def _unassign(self, action):
        post_click(self.centre(self.unit_square(action["unit"])), button=3)
        return self._did(f"unassign {action['unit']}")

    def _regroup(self, action):
        s = self.scene
        if s.selected != action["unit"]:
            if s.selected is not None:
                return self._key(pygame.K_ESCAPE, "drop selection")
            post_click(self.centre(self.unit_square(action["unit"])))
            return self._did(f"select {action['unit']}")
        if not s.regrouping:
            return self._key(pygame.K_g, "regroup")
        index = s.orders.regroups(action["unit"]).index(action["corps"])
        return self._key(pygame.K_1 + index, f"regroup {action['unit']} to {action['corps']}")
