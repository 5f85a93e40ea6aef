"""A board scene for the toy pile game, so the window's flow can be tested without a real game's board.

Buttons "Take 1/2/3" (keys 1-3) act for the seat whose turn it is, when this window plays it.
"""
import pygame

from game import theme
from game.scene import Scene
from game.scenes.game_over import show_game_over
from game.widgets import Button

TAKE_BUTTON_X = (420, 580, 740)
TAKE_BUTTON_Y = 500


class BoardScene(Scene):
    def __init__(self, app, link):
        super().__init__(app)
        self.link = link
        self.buttons = [Button((x, TAKE_BUTTON_Y, 140, 56), f"Take {n}", lambda n=n: self.take(n),
                               hotkey=pygame.K_0 + n) for n, x in zip((1, 2, 3), TAKE_BUTTON_X)]
        self.errors: list[dict] = []
        self.past: list[dict] = []   # the game's events from before this window joined (`history` frames)

    def seat_to_act(self):
        view = self.link.view(None)
        if view is None:
            return None
        mine = [s for s in view["public"]["to_act"] if s in self.link.my_seats]
        return mine[0] if mine else None

    def take(self, n: int) -> None:
        seat = self.seat_to_act()
        if seat is not None:
            self.link.send({"type": "take", "count": n}, seat)

    def handle(self, event):
        return any(b.handle(event) for b in self.buttons)

    def update(self, dt):
        self.past += self.link.take_past() if hasattr(self.link, "take_past") else []
        for msg in self.link.poll():
            if msg.get("t") == "err":
                self.errors.append(msg)

        view = self.link.view(None)
        if view is not None and view["public"]["result"] is not None:
            show_game_over(self.app, self.link, [("Taken", view["public"]["taken"])])

    def draw(self, surface):
        surface.blit(theme.backdrop(surface.get_size()), (0, 0))
        view = self.link.view(None)
        pile = view["public"]["pile"] if view else "?"
        theme.draw_text(surface, f"Pile: {pile}", (640, 300), theme.SIZE_TITLE, anchor="center")
        for b in self.buttons:
            b.draw(surface)
