"""Bench row: the Civil War board's frame time with every piece on the map.

All 35 units of the opening stand on the board, a stack is selected with its moves
lit (pulsing), and the mouse rests on a square it could attack (tooltip). The
frame is the app's whole `step`, as a multiple of an empty scene's frame measured
the same way in the same run (bench.boards).
"""
from bench.runner import Row
from bench.boards import bench_app, frame_row, frames, still_board

GOAL_MS = 8.3


def rows(quick: bool) -> list[Row]:
    from engine.civil_war.board import load
    from game.board_kit.autoplay import post_click, post_motion

    with bench_app(quick) as (app, n, empty):
        seats = [{"kind": "human", "name": "Ada"}, {"kind": "bot", "name": "Grant", "level": "normal"}]
        scene, link = still_board(app, "civil_war", seats)
        post_click(scene.map.centre(load("civil_war").cities["Fredericksburg"].at))
        app.step(1 / 60)
        reach = scene.reach()
        target = next((sq for sq, how in sorted(reach.items()) if how == "attack"), next(iter(reach), None))
        if target is not None:
            post_motion(scene.map.centre(target))
        frames(app, 10)
        times = frames(app, n)
        pub = scene.view["public"]
        units = len(pub["units"])
        lit = len(reach)
        link.close()
    return [frame_row("civil_war board frame (35 units, moves lit, tooltip)", times, empty, goal_ms=GOAL_MS,
                      ok=units == 35 and lit > 0, detail=f"{units}/35 units on the map; {lit} squares lit; {n} frames")]
