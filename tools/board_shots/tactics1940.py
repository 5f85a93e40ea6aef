"""Screenshots of the Tactics (1940) board for docs/screenshots/: `shoot(out_dir)`.

Plays seeded local games, a person (scripted through real input, game.tactics1940.autoplay) against
three bots, and saves the window at the moments worth showing: the board mid-game with a battleship
picked and its steps and jumps lit, a submarine window on the screen of the player holding the card
(banner, countdown, Strike button, the card lit in hand), the submarine surfacing as it strikes, a
chance card asking for a choice, the hot-seat cover, and the game over with the settled score.
"""
from pathlib import Path

import bots
from game.board_kit.autoplay import FRAME, post_key, post_motion, run_until
from game.tactics1940.autoplay import ClickPlayer
from game.tactics1940.scene import BoardScene
from tools import board_shots as shots
from tools.board_shots import save

SEEDS = (7, 11, 4)  # seeded games tried in turn until every moment has been shot (7 has a strike early)
NAMES = ("Ada", "Grace", "Alan", "Edsger")
QUIET = 0.05        # reaction windows that ask nobody holding a card are cut to 5% of their time


def _table(kinds, seed):
    seats = [{"kind": k, "name": NAMES[i], "level": "normal"} for i, k in enumerate(kinds)]
    return shots.table("tactics1940", seats, seed)


def _settle(app, scene, frames: int = 40) -> None:
    """Let the animations finish (the board then shows the view as it is)."""
    for _ in range(frames):
        if not scene.effects.busy:
            break
        app.step(FRAME)
    for _ in range(3):
        app.step(FRAME)


def _picked_with_jumps(scene):
    """North to move, mid-game, with a battleship at sea whose lit squares include a jump; the piece, or None."""
    o = scene.orders
    if o is None or o.kind != "move" or scene.pub["turn_number"] < 16:
        return None
    home = scene.board.home_of
    ships = [p for p in scene.pub["pieces"] if p["id"] in o.sources() and p["kind"] == "battleship"
             and tuple(p["at"]) not in home]
    for p in ships:
        firsts = o.next_squares(p["id"])
        if any(max(abs(sq[0] - p["at"][0]), abs(sq[1] - p["at"][1])) > 1 for sq in firsts):
            return p
    return None


def _mouse_off_the_board() -> None:
    post_motion((1000, 780))


def shoot(out_dir, app=None) -> list[Path]:
    """Save the board screenshots into `out_dir` (a window of its own unless `app` is given)."""
    from game.board_kit.autoplay import post_click
    out = Path(out_dir)
    saved: dict[str, Path] = {}
    own_app = app is None
    app = app or shots.window(animation_speed="instant")
    for seed in SEEDS:
        _play_and_shoot(app, seed, out, saved)
        if {"board", "submarine", "strike", "card", "game_over"} <= set(saved):
            break

    # hot-seat: the cover between two players, then a player's standing orders behind it
    hot = _table(("human", "human"), seed=3)
    hot.timer_scale = QUIET
    saved["cover"] = shots.cover_shot(app, BoardScene(app, hot), out / "tactics1940_hotseat_cover.png")
    hot = _table(("human", "human"), seed=3)
    hot.timer_scale = QUIET
    scene = BoardScene(app, hot)
    shots.put(app, scene)
    player = ClickPlayer(scene, bots.make, "hard", 3)
    if run_until(app, scene, lambda: not scene.covered and scene.orders is not None and scene.orders.kind == "move"
                 and len(scene.own_cards()) >= 3, player=player, max_frames=4000):
        cards = scene.own_cards()
        app.draw()
        for card, clicks in ((cards[0]["card"], 2), (cards[1]["card"], 1)):   # hold fire; strike at anyone
            for _ in range(clicks):
                post_click(scene.hand.rects[card].center)
                app.step(FRAME)
        _mouse_off_the_board()
        _settle(app, scene, 60)
        for _ in range(260):     # the toasts saying each new order fade first
            app.step(FRAME)
        saved["orders"] = save(app, out / "tactics1940_hotseat_orders.png")
    hot.close()
    return shots.done_with(app, own_app, list(saved.values()))


def _play_and_shoot(app, seed: int, out: Path, saved: dict) -> None:
    """Play one seeded game (the person North, three bots) to its end, saving each moment not shot yet."""
    import pygame

    from game.board_kit.autoplay import post_click
    from game.scenes.game_over import GameOverScene
    link = _table(("human", "bot", "bot", "bot"), seed)
    scene = BoardScene(app, link)
    shots.put(app, scene)
    player = ClickPlayer(scene, bots.make, "hard", seed)

    def moment():
        """Which moment to shoot now, if any (windows last their full time only while the person holds a
        card: the submarine shot needs one open)."""
        link.timer_scale = 1.0 if scene.own_cards() and "submarine" not in saved else QUIET
        o = scene.orders
        if o is None:
            return None
        if "board" not in saved and _picked_with_jumps(scene) is not None:
            return "board"
        if "submarine" not in saved and o.kind == "window" and o.strikes():
            return "submarine"
        if "card" not in saved and o.kind == "card" and any(scene.piece_info(p)[1] != 0
                                                             for p in o.pieces_to_choose()):
            return "card"
        return None

    for _ in range(40000):
        if isinstance(app.stack.top, GameOverScene) or app.stack.top is not scene:
            break
        what = moment()
        if what == "board":
            piece = _picked_with_jumps(scene)
            post_click(scene.map.centre(piece["at"]))
            app.step(FRAME)
            lit = sorted(scene.targets().items(), key=lambda kv: (kv[1] != "attack", kv[0]))
            target = next((sq for sq, style in lit if style in ("attack", "move")), None)
            if target is not None:
                post_motion(scene.map.centre(target))
            _settle(app, scene)
            saved["board"] = save(app, out / "tactics1940_board.png")
            post_key(pygame.K_ESCAPE)
        elif what == "submarine":
            app.settings.animation_speed = "normal"
            _mouse_off_the_board()
            for _ in range(30):      # the ship arrives on its square; the countdown runs
                app.step(FRAME)
            saved["submarine"] = save(app, out / "tactics1940_submarine.png")
            post_key(pygame.K_s)
            app.step(FRAME)
            if run_until(app, scene, lambda: scene.effects.queue and type(scene.effects.queue[0]).__name__ ==
                         "Surfacing" and scene.effects.t > 0.8, max_frames=400):
                saved["strike"] = save(app, out / "tactics1940_strike.png")
            app.settings.animation_speed = "instant"
        elif what == "card":
            _mouse_off_the_board()
            _settle(app, scene)
            saved["card"] = save(app, out / "tactics1940_card.png")
        player.step()
        app.step(FRAME)
    if isinstance(app.stack.top, GameOverScene) and "game_over" not in saved:
        for _ in range(30):
            app.step(FRAME)
        saved["game_over"] = save(app, out / "tactics1940_game_over.png")
    link.close()


if __name__ == "__main__":
    shots.main(shoot)
