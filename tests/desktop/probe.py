"""A Sandtable window for the real-X tests: the program's own loop (`App.run_once`), driven from outside
with real input (xdotool), telling the test what it shows.

    python -m tests.desktop.probe --scene SCENE [--size WxH] [--position X,Y] [--name NAME]

SCENE: `title`; `risk` (a local game, the player to move, the bot waiting); `risk-reinforce` (the same at
the player's reinforcements, which may be taken back); `race` (a local Situation 4
race, the bot never moving); `host-race:TABLE` (this window hosts a Situation 4 table on the LAN and
waits in its lobby).

After every turn of the loop in which what it shows changed, it prints one JSON line on stdout:
the scene on top, the title menu's focus, the toasts, the window (X id, size, position, full screen,
focused), the key repeat setting, and on a race board the moves sent and the table's board, with
where to drag a piece next (`drag`: from a tray piece to its own space on my red edge, in window
pixels). It exits when the window closes; every run is bounded by --seconds.
"""
import argparse
import faulthandler
import json
import os
import signal
import sys
import time

import bots

FRAMES_EVERY = 0.25   # a change in the frame count alone is told at most this often


def _window_point(app, logical) -> list[int]:
    """Where a logical point is inside the window (the inverse of the app's letterboxed mapping)."""
    view = app.viewport()
    return [view.x + round((logical[0] + 0.5) * view.w / 1280), view.y + round((logical[1] + 0.5) * view.h / 800)]


def _drag_plan(app, board) -> dict | None:
    """A legal first-row drop a person could make now: a piece of my red edge showing in the tray, to its space."""
    from engine.situation4 import get_board
    if not board.racing or board.hand.drag is not None or len(board.predictions):
        return None
    owner = board.pub["owner"]
    for piece, rect in board.tray.rects.items():
        if piece in get_board().base_line[board.side] and owner[piece] is None and piece in board.targets.fitting:
            return {"piece": piece, "from": _window_point(app, rect.center),
                    "to": _window_point(app, board.proj.slot_centre(piece))}
    return None


_hashed: dict = {}


def _state_hash(session) -> str:
    """The table's state hash, worked out once per revision (the loop asks every frame)."""
    key = (id(session), session.rev)
    if key not in _hashed:
        _hashed.clear()
        _hashed[key] = session.state_hash()
    return _hashed[key]


def snapshot(app) -> dict:
    import pygame

    from game.board_kit.board_scene import BaseBoardScene
    from game.situation4 import BoardScene as RaceBoard
    top = app.stack.top
    desktop = app.desktop
    state = {
        "scene": type(top).__name__ if top is not None else None,
        "running": app.running,
        "toasts": [t[0] for t in app.toasts],
        "wid": pygame.display.get_wm_info().get("window"),
        "size": list(pygame.display.get_window_size()),
        "position": list(desktop.os_window.position) if desktop.os_window is not None else None,
        "fullscreen": desktop.fullscreen,
        "focused": pygame.key.get_focused(),
        "repeat": list(pygame.key.get_repeat()),
    }
    if getattr(top, "host", None) is not None and getattr(top, "link", None) is not None:   # a hosting lobby
        state["seats_open"] = sum(1 for s in top.link.seats if s.get("kind") == "open") if top.link.seats else None
    menu = getattr(top, "menu", None)
    if menu is not None:
        state["focus"] = menu.focus
        state["moves"] = getattr(menu, "moves", 0)
    fields = getattr(top, "fields", None)
    if fields:
        state["typing"] = any(f.focused for f in fields)
        state["fields"] = {str(i): {"text": f.text, "at": _window_point(app, f.rect.center)} for i, f in enumerate(fields)}
    rows = getattr(getattr(top, "list", None), "rows", None)
    if rows is not None and hasattr(top, "found"):
        state["rows"] = [{"table": top.found[key].table, "at": _window_point(app, top.list.row_rect(i).center)}
                         for i, (key, _) in enumerate(rows) if key in top.found and top.list.row_rect(i) is not None]
        state["join_at"] = _window_point(app, top.join_button.rect.center)
    if isinstance(top, BaseBoardScene) and top.view is not None:   # any board: what the player sees of the game
        state["rev"] = top.link.rev
        state["refusals"] = list(top.refusals)
        state["log"] = [entry["text"] for entry in top.log.entries][-40:]
        state["struck"] = [entry["text"] for entry in top.log.entries if entry["struck"]][-40:]
        state["my_move"] = top.active_seat is not None and not top.waiting
        state["undo_offered"] = top.undo_offered
        session = getattr(top.link, "session", None)   # a table in this process: its state's hash
        if session is not None:
            state["hash"] = _state_hash(session)
        controls = getattr(top, "controls", None)
        if state["my_move"] and hasattr(controls, "highlights"):   # Risk: where a click places an army now
            lit = sorted(controls.highlights(top.pub, top.actions))
            if lit:
                state["lit"] = _window_point(app, top.geometry.territories[lit[0]].army)
    if isinstance(top, RaceBoard) and top.view is not None:
        state["sent"] = len(top.sent)
        state["rev"] = top.pub.get("rev", top.link.rev)   # the rev of the board shown: the link may be ahead of it
        state["owner"] = top.pub["owner"]
        state["racing"] = top.racing
        state["drag"] = _drag_plan(app, top)
    return state


def count_moves(menu) -> None:
    """Count the menu's focus moves (a held key's repeats each move it once)."""
    move = menu.move
    menu.moves = 0

    def counted(step):
        menu.moves += 1
        move(step)
    menu.move = counted


def risk_at_reinforcements(name: str):
    """A seeded two-seat Risk session played by bots (bounded) up to seat 0's reinforcements, several armies
    to place: what may be taken back one placement at a time."""
    from engine.session import Session
    seats = [{"kind": "human", "name": name}, {"kind": "bot", "name": "Bot", "level": "easy"}]
    session = Session("risk", 2, seed=5, seats=seats)
    brains = [bots.make("risk", "easy", seat, 5 + seat) for seat in (0, 1)]
    for _ in range(2000):
        pub = session.view(None)["public"]
        acting = sorted(session.rules.to_act(session.state))
        if pub["phase"] == "reinforce" and acting == [0] and pub.get("armies_to_place", 0) > 1 \
                and not any(a["type"] == "trade" for a in session.legal_actions(0)):
            return session
        seat = acting[0]
        session.apply(seat, brains[seat].choose(session.view(seat)))
    raise SystemExit("probe: the Risk game never reached seat 0's reinforcements")


def open_scene(app, scene: str) -> None:
    from game import boards, tables
    from game.scenes.lobby import LobbyScene
    from game.scenes.title import TitleScene
    from net.local import LocalTable
    title = TitleScene(app)
    count_moves(title.menu)
    app.push(title)
    if scene in ("risk", "race"):
        game_id = "risk" if scene == "risk" else "situation4"
        seats = [{"kind": "human", "name": app.settings.player_name}, {"kind": "bot", "name": "Bot"}]
        link = LocalTable(game_id, seats, seed=5, bot_delay=3600, bot_factory=bots.make)
        app.push(boards.board_scene(app, link))
    elif scene == "risk-saved":   # a local game autosaved in this window's home, as Play makes one
        seats = [{"kind": "human", "name": app.settings.player_name}, {"kind": "bot", "name": "Bot"}]
        link = tables.start_local("risk", seats, {}, seed=5, bot_factory=bots.make, bot_delay=3600)
        app.push(boards.board_scene(app, link))
    elif scene == "risk-reinforce":   # a local game whose player is to reinforce, with armies to place one by one
        link = LocalTable.from_session(risk_at_reinforcements(app.settings.player_name), bot_delay=3600,
                                       bot_factory=bots.make)
        app.push(boards.board_scene(app, link))
    elif scene.startswith("host-race:"):
        seats = [{"kind": "human"}, {"kind": "open"}]
        handle, link = tables.host_lan("situation4", seats, {}, table_name=scene.split(":", 1)[1],
                                       player_name=app.settings.player_name, bot_delay=0.0, countdown=0.0)
        app.push(LobbyScene(app, link, host=handle))
    elif scene != "title":
        raise SystemExit(f"probe: no scene {scene!r}")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scene", default="title")
    parser.add_argument("--size", default=None, help="WxH: open at this size (default: what fits the desktop)")
    parser.add_argument("--position", default=None, help="X,Y: put the window's inside here")
    parser.add_argument("--name", default="Probe")
    parser.add_argument("--seconds", type=float, default=90.0)
    args = parser.parse_args(argv)
    faulthandler.register(signal.SIGUSR1, all_threads=True)   # where it is, for a test that waited in vain

    from game.app import App
    from game.settings import Settings
    size = tuple(int(v) for v in args.size.split("x")) if args.size else None
    frames = 0
    app = App(settings=Settings(player_name=args.name, animation_speed="instant"), window_size=size)
    if args.position:
        app.desktop.os_window.position = tuple(int(v) for v in args.position.split(","))
    open_scene(app, args.scene)
    deadline = time.monotonic() + args.seconds
    last, printed = None, 0.0
    try:
        while app.running and len(app.stack) and time.monotonic() < deadline:
            app.run_once()
            state = snapshot(app)
            now = time.monotonic()
            if state != last or (app.frames != frames and now - printed > FRAMES_EVERY):
                last, frames, printed = state, app.frames, now
                print(json.dumps(dict(state, frames=app.frames, at=now)), flush=True)
    finally:
        print(json.dumps({"exit": True, "frames": app.frames}), flush=True)
        app.close()
    return 0


if __name__ == "__main__":
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    sys.exit(main())
