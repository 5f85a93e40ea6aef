"""Bench row: the risk board's frame time during the dice animation.

All 42 territories hold armies, a source is selected with its targets lit, the
mouse is over a territory (tooltip) and a battle's dice keep tumbling. The
frame is the app's whole `step` (events, update, draw, present), compared with
an empty scene's frame measured the same way in the same run.
"""
from bench.runner import Row
from bench.boards import bench_app, frame_row, frames as _frames, still_board

GOAL_MS = 8.3


def rows(quick: bool) -> list[Row]:
    import pygame

    from game.risk.dice import DiceRoll

    with bench_app(quick) as (app, n, empty):
        seats = [{"kind": "human", "name": "Ada"}] + [{"kind": "bot", "name": f"Bot {i}"} for i in range(1, 6)]
        scene, link = still_board(app, "risk", seats)
        pub = scene.view["public"]
        held = sum(1 for v in pub["territories"].values() if v["owner"] is not None and v["armies"] > 0)
        terr = scene.geometry.territories
        src = next(t for t, v in pub["territories"].items() if v["owner"] == 0)
        dst = next(iter(sorted(scene.geometry.adjacent[src])))
        scene.controls.source = src
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=terr[dst].army, rel=(0, 0), buttons=(0, 0, 0)))
        battle = {"type": "battle", "from": src, "to": dst, "attacker": 0, "defender": pub["territories"][dst]["owner"],
                  "attacker_dice": [6, 4, 2], "defender_dice": [5, 3], "attacker_losses": 1, "defender_losses": 1,
                  "conquered": False}
        _frames(app, 10)
        times = []
        for _ in range(n):
            if scene.dice is None or not scene.dice.rolling:
                scene.dice = DiceRoll(battle, "Ada", "Bot", speed=1000.0)  # keeps tumbling the whole run
            times.extend(_frames(app, 1))
        link.close()
    return [frame_row("risk board frame during dice (42 territories held)", times, empty, goal_ms=GOAL_MS,
                      ok=held == 42, detail=f"{held}/42 territories held; {n} frames")]
