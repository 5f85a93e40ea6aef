"""Relay's scripted player: a bot (a table's factory) chooses from the view the board shows, and the player
gives that order the way a person does, by its key, or for a step by a click on the square ahead."""
import pygame

from game.board_kit.autoplay import BotClickPlayer, post_click, post_key

KEYS = {"roll": pygame.K_r, "show": pygame.K_w, "pass": pygame.K_RETURN}


class ClickPlayer(BotClickPlayer):
    GAME = "relay"

    def ready(self) -> bool:
        return self.scene.active_seat is not None

    def revision(self):
        return self.scene.shown_rev, self.scene.active_seat

    def view(self) -> dict:
        return self.scene.view

    def _step(self, action) -> str:
        s = self.scene
        post_click(s.track.places[s.pub["pos"][s.active_seat] + 1])
        return self._did("step")

    def _order(self, action) -> str:
        post_key(KEYS[action["type"]])
        return self._did(action["type"])

    _roll = _show = _pass = _order
