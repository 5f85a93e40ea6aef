"""Relay's bench row (its catalog entry's `bench`): the board's frame with every pawn on the track and the
pointer on a square (tooltip), as a multiple of an empty scene's frame, as every board's row is (bench.boards)."""
from bench.boards import bench_app, frame_row, frames, still_board
from bench.runner import Row

GOAL_MS = 8.3


def rows(quick: bool) -> list[Row]:
    from game.board_kit.autoplay import post_motion

    with bench_app(quick) as (app, n, empty):
        seats = [{"kind": "human", "name": "Ada"}] + [{"kind": "bot", "name": f"Bot {i}"} for i in range(1, 4)]
        scene, link = still_board(app, "relay", seats)
        post_motion(scene.track.places[1])
        frames(app, 10)
        times = frames(app, n)
        pawns = len(scene.pub["pos"])
        link.close()
    return [frame_row("relay board frame (4 pawns, tooltip)", times, empty, goal_ms=GOAL_MS, ok=pawns == 4,
                      detail=f"{n} frames")]
