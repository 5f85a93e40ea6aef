"""A scripted racer that plays the board the way a person does: by posting real mouse drags
and key presses to the window (UI tests, screenshots, the bench).

What to do next comes from a bot racer (given as a factory, like a table's:
`make_bot(game_id, level, seat, seed)`) deciding from the seat's own view, exactly
what the scene shows; how to do it is pure input: scroll the tray until the piece
shows, press on it, drag it to its space and let go.
"""
import pygame

from game.board_kit.autoplay import post_key, post_motion
from game.situation4 import race_hud


def post_drag(start, end, steps: int = 3) -> None:
    """Press at `start`, move to `end` in a few steps, release there."""
    post_motion(start)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    for i in range(1, steps + 1):
        pos = (round(start[0] + (end[0] - start[0]) * i / steps), round(start[1] + (end[1] - start[1]) * i / steps))
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))


class RaceHand:
    def __init__(self, scene, make_bot, level: str = "hard", seed: int = 7):
        self.scene = scene
        self.racer = make_bot("situation4", level, scene.seat, seed)
        self.inputs = 0
        self._pending = None   # a paradrop's second half: (piece, slot) once the paratrooper is down

    def step(self) -> str | None:
        """Post the input for the next move (None: nothing to do this frame)."""
        s = self.scene
        if not s.racing or s.hand.drag is not None or len(s.predictions):
            return None
        if self._pending is not None:
            piece, slot = self._pending
            if s.hand.landing is None:
                self._pending = None
                return None
            if piece not in s.tray_order() or s.pub["owner"][slot] is not None:
                self._pending = None      # someone filled that space meanwhile: call the paratrooper off
                post_key(pygame.K_ESCAPE)
                return self._did("call off")
            return self._drag_piece(piece, slot)
        action = self.racer.choose(s.view)
        if action is None:
            return None
        kind = action["type"]
        if kind == "flag":
            post_key(pygame.K_f)
            return self._did("flag")
        if kind == "place":
            return self._drag_piece(action["piece"], action["slot"])
        if kind == "tank":
            post_drag(race_hud.force_slots()["tank"].center, s.proj.slot_centre(action["slot"]))
            return self._did("tank")
        if kind == "bridge":
            a, b = s.board.bridge_positions[action["position"]]
            p, q = s.proj.edge_points(a, b)
            post_drag(race_hud.force_slots()["bridge"].center, (round((p[0] + q[0]) / 2), round((p[1] + q[1]) / 2)))
            return self._did("bridge")
        if kind == "paradrop":
            post_drag(race_hud.force_slots()["paratroop"].center, s.proj.slot_centre(action["target"]))
            self._pending = (action["piece"], action["slot"])
            return self._did("paratrooper")
        return None

    def _drag_piece(self, piece: int, slot: int) -> str | None:
        s = self.scene
        if piece not in s.tray.items:
            if s.tray.filter == "all":
                return None               # not in the tray (yet): the view will catch up
            post_key(pygame.K_1)          # the "all" filter
            return self._did("filter all")
        rect = s.tray.rects.get(piece)
        if rect is None:
            index = s.tray.items.index(piece) // 2
            post_key(pygame.K_RIGHT if index >= s.tray.scroll + s.tray.cols_visible else pygame.K_LEFT)
            return self._did("scroll")
        post_drag(rect.center, s.proj.slot_centre(slot))
        return self._did(f"piece {piece}")

    def _did(self, what: str) -> str:
        self.inputs += 1
        return what
