"""Bench row: the Situation 4 board's frame time during a race with all pieces in play.

Two hard racers have laid most of the puzzle (every piece is either on the board
or in a tray), the rival keeps laying a piece every half second, a piece from my
tray is being dragged across the board (its legal space lit, the reason tooltip
up), a flag prompt glows and score floaters rise. The frame is the app's whole
`step`, compared with an empty scene's frame in the same run (bench.boards).
"""
from bench.boards import empty_frames, frame_row, frames
from bench.runner import Row

GOAL_MS = 8.3
PRELAID = 78        # pieces on the board before timing starts (of 96)


def rows(quick: bool) -> list[Row]:
    import pygame

    import bots
    from engine.session import Session
    from game.app import App
    from game.settings import Settings
    from game.situation4 import BoardScene
    from net.local import LocalTable

    n = 120 if quick else 600
    app = App(settings=Settings(animation_speed="normal"))
    try:
        empty = empty_frames(app, n)
        session = Session("situation4", 2, seed=4, seats=[{"name": "Ada", "kind": "human"},
                                                         {"name": "Rival", "kind": "human"}])
        racers = [bots.make("situation4", "hard", seat, 9 + seat) for seat in (0, 1)]
        turn = 0
        while session.view(None)["public"]["filled"] < PRELAID:
            action = racers[turn % 2].choose(session.view(turn % 2))
            if action is not None:
                session.apply(turn % 2, action)
            turn += 1
        mine = LocalTable.from_session(session, bot_delay=0, bot_factory=bots.make)
        rival = LocalTable.from_session(session, bot_delay=0, bot_factory=bots.make)
        scene = BoardScene(app, _OneSeat(mine, 0))
        app.push(scene)
        frames(app, 5)
        piece = scene.tray.items[0]
        start = scene.tray.rects[piece].center
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
        frames(app, 2)
        tick = [0]

        def before():
            tick[0] += 1
            t = tick[0]
            x = scene.proj.rect.x + 40 + (t * 7) % (scene.proj.rect.w - 80)
            y = scene.proj.rect.y + 40 + (t * 3) % (scene.proj.rect.h - 80)
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(1, 1), buttons=(1, 0, 0)))
            if t % 30 == 0:   # the rival lays a piece every half second
                action = racers[1].choose(rival.view(1))
                if action is not None and action["type"] == "place" and action["piece"] != piece:
                    rival.send(action, seat=1)
            if t % 20 == 0:
                scene.effects.float("+50", (500, 300), (236, 204, 76))

        frames(app, 10, before)
        filled = scene.pub["filled"]
        board = frames(app, n, before)
        dragging = scene.hand.drag is not None
        on_board = scene.pub["filled"]
        mine.close()
        rival.close()
    finally:
        app.close()
    detail = (f"{on_board}/96 pieces on the board ({filled} at start), the rest in trays; dragging: {dragging};"
              f" {n} frames")
    return [frame_row("situation4 board frame during a race (all pieces in play, a drag in progress)", board, empty,
                      goal_ms=GOAL_MS, ok=dragging, detail=detail)]


class _OneSeat:
    """The link as one player's window sees it (a LocalTable over a two-human Session plays both seats)."""

    def __init__(self, inner, seat):
        self._inner, self._seat = inner, seat

    def __getattr__(self, name):
        return getattr(self._inner, name)

    @property
    def my_seats(self):
        return [self._seat]

    def send(self, action, seat=None):
        return self._inner.send(action, self._seat)


if __name__ == "__main__":
    import os
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    for row in rows(quick=True):
        print(row)
