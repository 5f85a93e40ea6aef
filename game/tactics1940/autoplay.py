"""A scripted player for the Tactics board: a bot decides, and the decision is carried out the way a
person would, by posting real clicks and keys.

A bot (given as a factory, like a table's: `make_bot(game_id, level, seat, seed)`) picks an action
from the view the scene shows for the seat at the controls; this player then clicks the piece and
each square of its path (a jump chain landing by landing, Enter to stop a chain early), clicks the
pieces and squares a card or a debt asks for, and presses the buttons the board offers (pass,
order aside, strike, accept or pay a protest, join a side, let a card go). UI tests, the
screenshot script and the bench use it; it reads only what the window shows and knows.
"""
import pygame

from game.board_kit.autoplay import BotClickPlayer, post_click, post_key
from game.tactics1940.orders import square


class ClickPlayer(BotClickPlayer):
    GAME = "tactics1940"

    def ready(self) -> bool:
        return self.scene.orders is not None and not self.scene.orders.empty

    def revision(self):
        return self.scene.orders_serial   # new orders for every revision the scene has read

    def view(self) -> dict:
        return self.scene.orders.view

    def _piece_square(self, piece: int):
        p = self.scene._pieces.get(piece)
        return square(p["at"]) if p and p["at"] is not None else None

    def _button(self, action: dict, what: str) -> str | None:
        for b in self.scene.buttons:
            if getattr(b, "action", None) == action:
                post_click(b.rect.center)
                return self._did(what)
        return None

    # ----- one method per kind of action ---------------------------------------------------
    def _move(self, action) -> str | None:
        s = self.scene
        piece, path = action["piece"], tuple(square(sq) for sq in action["path"])
        if s.selected not in (None, piece) or s.demand_target is not None:
            post_key(pygame.K_ESCAPE)
            return self._did("drop selection")
        if s.selected != piece:
            post_click(self.centre(self._piece_square(piece)))
            return self._did(f"select {piece}")
        if s.chain != path[:len(s.chain)]:
            post_key(pygame.K_ESCAPE)
            return self._did("drop chain")
        if len(s.chain) < len(path):
            sq = path[len(s.chain)]
            post_click(self.centre(sq))
            return self._did(f"to {list(sq)}")
        return self._button(action, "stop chain")

    def _pass(self, action) -> str | None:
        return self._button(action, "pass")

    def _demand(self, action) -> str | None:
        s = self.scene
        if s.demand_target != action["piece"]:
            if s.selected is not None:
                post_key(pygame.K_ESCAPE)
                return self._did("drop selection")
            post_click(self.centre(self._piece_square(action["piece"])))
            return self._did(f"pick {action['piece']} to order aside")
        return self._button(action, "order aside")

    def _strike(self, action) -> str | None:
        return self._button(action, "strike")

    def _answer_protest(self, action) -> str | None:
        return self._button(action, "pay" if action["pay"] else "accept protest")

    def _choose_player(self, action) -> str | None:
        return self._button(action, f"choose {action['seat']}")

    def _choose_side(self, action) -> str | None:
        return self._button(action, f"join {action['side']}")

    def _decline(self, action) -> str | None:
        return self._button(action, "decline")

    def _choose_piece(self, action) -> str | None:
        at = self._piece_square(action["piece"])
        post_click(self.centre(at))
        return self._did(f"choose piece {action['piece']}")

    def _place(self, action) -> str:
        post_click(self.centre(action["to"]))
        return self._did(f"place at {action['to']}")

    def _maneuver(self, action) -> str:
        s = self.scene
        if s.selected != action["piece"]:
            post_click(self.centre(self._piece_square(action["piece"])))
            return self._did(f"pick {action['piece']} to maneuver")
        post_click(self.centre(action["to"]))
        return self._did(f"maneuver to {action['to']}")
