"""Bench row: the Tactics (1954) map frame with every counter on it.

Both sides have set up (all 88 units on the board), it is the person's (Blue's) first movement;
the map is shown whole, so every counter is in view and drawn; a division is picked with its
reach lit and costed (pulsing), and the mouse rests on a lit square (tooltip). Every timed frame
is a drawn one (the board is asked to redraw before each). The frame is the app's whole `step`,
as a multiple of an empty scene's frame measured the same way in the same run (bench.boards).
"""
from bench.boards import bench_app, frame_row, frames, still_board
from bench.playing import bots_play_until
from bench.runner import Row

GOAL_MS = 8.3


def deployed(seed: int = 2):
    """A two-seat session past the set-up, stopped at a movement of seat 0 (Blue)."""
    import bots
    from engine.session import Session
    seats = [{"name": "Ada", "kind": "human"}, {"name": "Grace", "kind": "bot", "level": "normal"}]
    session = Session("ah_tactics", 2, seed=seed, seats=seats)
    players = [bots.make("ah_tactics", "normal", s, seed + s) for s in range(2)]
    return bots_play_until(session, players, lambda s: s.view(None)["public"]["phase"] == "move"
                           and s.to_act() == [0], 400)


def rows(quick: bool) -> list[Row]:
    import pygame
    from game.board_kit.autoplay import post_click, post_key, post_motion

    with bench_app(quick) as (app, n, empty):
        scene, link = still_board(app, "ah_tactics", session=deployed())
        post_key(pygame.K_0)   # the whole map, as a person shows it (the map opens zoomed in, counters legible)
        app.step(1 / 60)
        movers = sorted(scene.orders.units("move")) if scene.orders else []
        if movers:
            post_click(scene.map.centre(scene.positions[movers[len(movers) // 2]]))
            app.step(1 / 60)
        lit = sorted(scene.reach())
        if lit:
            post_motion(scene.map.centre(lit[0]))
        frames(app, 10, before=app.redraw)
        times = frames(app, n, before=app.redraw)
        shown = sum(1 for sq in scene.positions.values() if scene.map.is_visible(sq))
        link.close()
    return [frame_row("ah_tactics map frame (every counter on it, reach lit, tooltip)", times, empty,
                      goal_ms=GOAL_MS, ok=bool(lit) and shown == len(scene.positions) >= 80,
                      detail=f"{shown} counters drawn; {len(lit)} squares lit; {n} frames")]
