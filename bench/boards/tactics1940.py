"""Bench row: the Tactics (1940) board's frame time in the middle of a four-seat game.

Bots have played a seeded game some eighty actions in; it is the person's (North's) move, with
fleets spread over the oceans, submarine cards in hand (their squares rimmed on the board), the
last chance card face up and the holding areas filling. A battleship is picked with its steps
and jumps lit (pulsing) and the mouse rests on a lit square (tooltip). The frame is the app's
whole `step`, as a multiple of an empty scene's frame measured the same way in the same run
(bench.boards).
"""
from bench.boards import bench_app, frame_row, frames, still_board
from bench.playing import bots_play_until
from bench.runner import Row

GOAL_MS = 8.3
PLAYED = 80         # actions played by bots before timing starts


def midgame(seed: int = 5):
    """A four-seat session, bots having played at least PLAYED actions, stopped at a move of seat 0."""
    import bots
    from engine.session import Session
    seats = [{"name": "Ada", "kind": "human"}] + [{"name": n, "kind": "bot", "level": "normal"}
                                                  for n in ("Grace", "Alan", "Edsger")]
    session = Session("tactics1940", 4, seed=seed, seats=seats)
    players = [bots.make("tactics1940", "normal", s, seed + s) for s in range(4)]

    def reached(s) -> bool:
        pub = s.view(None)["public"]
        return s.rev >= PLAYED and s.to_act() == [0] and not pub["steps"] and pub["stage"] == "move"
    return bots_play_until(session, players, reached, 2000)


def rows(quick: bool) -> list[Row]:
    from game.board_kit.autoplay import post_click, post_motion

    with bench_app(quick) as (app, n, empty):
        scene, link = still_board(app, "tactics1940", session=midgame())
        pub = scene.pub
        ships = [p for p in pub["pieces"] if p["owner"] == 0 and p["kind"] == "battleship"
                 and p["id"] in scene.orders.sources()]
        if ships:
            post_click(scene.map.centre(ships[0]["at"]))
            app.step(1 / 60)
        lit = [sq for sq, style in scene.targets().items() if style in ("move", "attack")]
        if lit:
            post_motion(scene.map.centre(sorted(lit)[0]))
        frames(app, 10)
        times = frames(app, n)
        on_board = sum(1 for p in pub["pieces"] if p["at"] is not None)
        cards = len(scene.own_cards())
        link.close()
    return [frame_row("tactics1940 board frame (mid-game, 4 seats, moves lit, tooltip)", times, empty,
                      goal_ms=GOAL_MS, ok=bool(lit),
                      detail=f"{on_board} pieces on the board; {len(lit)} squares lit; {cards} cards in hand; "
                             f"{n} frames")]
