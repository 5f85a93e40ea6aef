"""One Tactics (1954) game in the window against the expert, and every HQ of the expert's side it lost.

Seat 0 (Blue) is a person whose every action is a click or key on the board (the hard bot decides
them: game.ah_tactics.autoplay.ClickPlayer); seat 1 (Red) is the `expert` at its default budget,
thinking in a worker thread (behind the New Game form it thinks in a helper process). After the game the log is replayed
and, for each Red HQ lost, the report says where it made its last move and whether that move was an
"unescorted march": into a square next to an enemy unit or within Blue's reach with no friendly
division beside it; "from safety" when the square it left was out of Blue's reach.

    SDL_VIDEODRIVER=dummy PYTHONPATH=. nice -n 5 python tools/hq_watch.py --seed 5 --shot /tmp/mid.png
"""
import argparse
import json
import os
import sys
import time

os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

EXPERT_SEAT, EXPERT_SIDE, FIRST_RED = 1, 1, 44
HQ_IDS = range(44, 51)   # rule B: the Army Group HQ, two Army HQs, four Corps HQs open each side's roster


def play(seed: int, shot: str | None, minutes: float):
    import bots
    import pygame
    from game.ah_tactics import BoardScene
    from game.ah_tactics.autoplay import ClickPlayer
    from game.app import App
    from game.scenes.game_over import GameOverScene
    from game.settings import Settings
    from net.local import LocalTable
    from tests.game.driver import FRAME, on_screen

    searched = _watch_departures()
    app = App(settings=Settings(player_name="Watcher", animation_speed="instant"), bot_factory=_watched_bots)
    seats = [{"kind": "human", "name": "Ada"}, {"kind": "bot", "name": "Expert", "level": "expert"}]
    link = LocalTable("ah_tactics", seats, seed=seed, bot_delay=0, bot_factory=_watched_bots)
    link, scene = on_screen(app, BoardScene, link)
    player = ClickPlayer(scene, bots.make, "hard", seed)
    began = time.monotonic()
    deadline = began + minutes * 60
    shot_taken = shot is None
    frames = 0
    while not isinstance(app.stack.top, GameOverScene) and time.monotonic() < deadline:
        if app.stack.top is scene:
            player.step()
        app.step(FRAME)
        frames += 1
        if not shot_taken and scene.pub.get("round", 0) >= 3 and scene.phase == "move":
            app.draw()
            pygame.image.save(pygame.display.get_surface(), shot)
            shot_taken = True
        if EXPERT_SEAT in link.session.to_act():
            time.sleep(0.01)   # leave the core to the expert's worker thread
    over = isinstance(app.stack.top, GameOverScene)
    session = link.session
    print(f"seed {seed}: {'game over' if over else 'stopped at the time bound'} after "
          f"{time.monotonic() - began:.0f} s, {frames} frames, {len(session.log)} actions, "
          f"round {session.state.get('round')}, result {session.result() if over else None}; "
          f"refusals {len(scene.refusals)}")
    return session, searched


def _watched_bots(game_id: str, level: str, seat: int, seed: int = 0):
    """The table's bots, the expert searching on a thread of this process (not in a helper process, as behind the
    New Game form) so that `_watch_departures` sees its searches."""
    import bots
    from bots.background import ThinkingBot
    bot = bots.make(game_id, level, seat, seed)
    return ThinkingBot(bot) if level == bots.EXPERT else bot


def _watch_departures() -> list:
    """Every searched decision of the expert: (hard's choice, the action sent), to tell whether an HQ's
    move was the hard bot's or the search's own."""
    from bots.expert import ExpertBot
    searched = []
    original = ExpertBot._search

    def search(self, view, candidates, budget):
        action = original(self, view, candidates, budget)
        searched.append((candidates[0], action))
        return action
    ExpertBot._search = search
    return searched


def hq_losses(seed: int, log: list, n_actions: int | None = None):
    """Replay `log` and describe every expert-side HQ that left the board alive."""
    from engine.ah_tactics.state import ACTIVE, RESERVE
    from engine.ah_tactics.units import HQ, ROSTER
    from engine.grid import chebyshev
    from engine.session import Session

    twin = Session("ah_tactics", 2, seed=seed)
    hqs = [u for u in range(FIRST_RED, FIRST_RED + 44) if ROSTER[u].kind == HQ]
    last_move = {}
    found = []
    for i, (seat, action) in enumerate(log[:n_actions]):
        before = {u: twin.state["units"][u]["status"] for u in hqs}
        turn, phase = twin.state.get("round"), twin.state.get("phase")
        escorts = {u: [d for d in range(FIRST_RED, FIRST_RED + 44) if ROSTER[d].kind != HQ
                       and _near(twin.state, d, tuple(twin.state["units"][u]["at"]), chebyshev)]
                   for u in hqs if before[u] == ACTIVE and twin.state["units"][u]["at"] is not None}
        hq_move = action.get("type") == "move" and action.get("unit") in hqs
        origin = tuple(twin.state["units"][action["unit"]]["at"]) if hq_move else None
        origin_in_reach = hq_move and origin in _enemy_reach(twin.state)   # was it safe where it stood?
        twin.apply(seat, action)
        st = twin.state
        if hq_move:
            uid = action["unit"]
            sq = st["units"][uid]["at"]
            if sq is not None:
                sq = tuple(sq)
                enemies = [u for u in range(0, 44) if _near(st, u, sq, chebyshev)]
                friends = [u for u in range(FIRST_RED, FIRST_RED + 44) if ROSTER[u].kind != HQ
                           and _near(st, u, sq, chebyshev)]
                last_move[uid] = dict(index=i, turn=turn, square=sq, enemies_next=enemies, divisions_next=friends,
                                      in_enemy_reach=sq in _enemy_reach(st), came_from=origin,
                                      came_from_in_enemy_reach=origin_in_reach)
        for u in hqs:
            if before[u] == ACTIVE and st["units"][u]["status"] not in (ACTIVE, RESERVE):   # a reserve is not lost
                found.append(dict(hq=ROSTER[u].name, uid=u, at_action=i, turn=turn, phase=phase,
                                  by=[seat, action.get("type")], status=st["units"][u]["status"],
                                  divisions_next_before=escorts.get(u), last_move=last_move.get(u)))
    return found


def _enemy_reach(state) -> set:
    """The squares Blue's divisions could control after their next move (the hard bot's own measure)."""
    from bots.ah_tactics_threat import threatened
    from engine.ah_tactics.board import load
    from engine.ah_tactics.state import ACTIVE
    from engine.ah_tactics.units import AMPHIBIOUS, HQ, ROSTER
    on = [(u, tuple(x["at"])) for u, x in enumerate(state["units"]) if x["status"] == ACTIVE and x["at"] is not None]
    blue = [sq for u, sq in on if u < FIRST_RED and ROSTER[u].kind != HQ]
    red = [sq for u, sq in on if u >= FIRST_RED and ROSTER[u].kind != HQ]
    others = [sq for u, sq in on if ROSTER[u].kind == HQ]
    amphibious = [sq for u, sq in on if u < FIRST_RED and ROSTER[u].kind == AMPHIBIOUS]
    ports = [name for name, side in state["ports"].items() if side == 0]
    return set(threatened(load(), blue, red, others, ports, amphibious))


def _near(state, uid, square, chebyshev) -> bool:
    from engine.ah_tactics.state import ACTIVE
    unit = state["units"][uid]
    return unit["status"] == ACTIVE and unit["at"] is not None and chebyshev(tuple(unit["at"]), square) == 1


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--shot", default=None, help="PNG of the window at turn 3's movement")
    parser.add_argument("--minutes", type=float, default=20.0)
    parser.add_argument("--log", default=None, help="write the game's log here (JSON), to read it again")
    parser.add_argument("--replay", default=None, help="only analyse a log written by --log")
    args = parser.parse_args()
    if args.replay:
        with open(args.replay) as f:
            saved = json.load(f)
        log, searched = saved["log"], [tuple(pair) for pair in saved["searched"]]
    else:
        session, searched = play(args.seed, args.shot, args.minutes)
        log = session.log
        if args.log:
            with open(args.log, "w") as f:
                json.dump({"seed": args.seed, "log": log, "searched": searched}, f)
    departed = [(hard, sent) for hard, sent in searched if hard != sent]
    print(f"the expert searched {len(searched)} decisions and departed from hard's choice in {len(departed)}")
    hq_departures = [(hard, sent) for hard, sent in departed
                     if sent.get("type") == "move" and 44 <= sent.get("unit", -1) < 88 and sent["unit"] in HQ_IDS]
    print(f"departures moving an HQ: {hq_departures}")
    losses = hq_losses(args.seed, log)
    print(f"{len(losses)} HQ(s) of the expert's side lost")
    for loss in losses:
        print(loss)
        move = loss["last_move"]
        if move:
            unescorted = (bool(move["enemies_next"]) or move["in_enemy_reach"]) and not move["divisions_next"]
            print(("   unescorted march" + ("" if move["came_from_in_enemy_reach"] else " FROM SAFETY"))
                  if unescorted else "   not an unescorted march")
            mine = [(h, a) for h, a in searched if a.get("type") == "move" and a.get("unit") == loss["uid"]
                    and tuple(a.get("to", ())) == move["square"]]
            print(f"   that move searched: {mine[-1:] or 'no (sent on advice, or a single candidate)'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
