"""What the second-window scripts share (window_tactics, window_ah_tactics, window_racer): a window in its own
process that joins a table as a person at another machine would, every wait bounded, and that writes what it
showed to `--out` as JSON (exit 0; anything that goes wrong exits 1 with the reason on stderr)."""
import argparse
import json
import time


def wait(ui, condition, seconds: float, what: str, script: str = "window") -> None:
    """Frames until `condition()`; past `seconds`, exit naming `script` and `what` never happened."""
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            raise SystemExit(f"{script}: {what} (after {seconds:g} s; on screen: {type(ui.top).__name__})")
        ui.frames(1)
        time.sleep(0.005)


def join_at(name: str, host: str, port: int):
    """A window (its player `name`, animations instant) on its way into the table at `host`:`port`, joined from
    its LAN browser; returns (the app, its driver)."""
    from game.app import App
    from game.scenes.lan_browser import LanBrowserScene
    from game.scenes.title import TitleScene
    from game.settings import Settings
    from tests.game.driver import Driver
    app = App(settings=Settings(player_name=name, animation_speed="instant"))
    app.push(TitleScene(app))
    browser = LanBrowserScene(app)
    app.push(browser)
    browser.join_at(host, port)
    return app, Driver(app)


def join(app, board_class, *, table: str | None, address: str | None, seconds: float = 60, script: str = "window"):
    """From the title screen of `app`, join a table found in the LAN browser (by its name) or typed as
    HOST:PORT, like a person; returns (the driver, the board once it opened)."""
    import pygame

    from game.scenes.title import TitleScene
    from tests.game.driver import Driver
    app.push(TitleScene(app))
    ui = Driver(app)
    ui.frames(2)
    ui.key(pygame.K_j)                                   # Join: the LAN browser
    browser = ui.top
    if table is not None:
        listed = lambda: [i for i, (key, _) in enumerate(browser.list.rows)  # noqa: E731
                          if browser.found[key].table == table]
        wait(ui, listed, seconds, f"table {table!r} never showed in the LAN browser", script)
        ui.click(browser.list.row_rect(listed()[0]).center)   # pick its row, then "Join table"
        ui.click_button(browser.join_button)
    else:
        ui.click(browser.address.rect.center)
        ui.type_text(address)
        ui.key(pygame.K_RETURN)
    wait(ui, lambda: isinstance(ui.top, board_class), seconds, "the board never opened", script)
    return ui, ui.top


def play_until(ui, board, step, done, seconds: float, script: str, *, each=None) -> None:
    """Frames until `done()`, `step()` (this window's player) whenever the board is on top and `each()` after
    every frame; past `seconds`, exit saying how far the table got."""
    deadline = time.monotonic() + seconds
    while not done():
        if time.monotonic() > deadline:
            raise SystemExit(f"{script}: not done after {seconds:g} s (rev {board.link.rev}, status "
                             f"{board.link.status}, refusals {board.refusals[-3:]})")
        if ui.top is board:
            step()
        ui.turn()
        if each is not None:
            each()
        time.sleep(0.002)


def arguments(doc: str, *, seconds: float, address: bool = True) -> argparse.ArgumentParser:
    """The options every second window takes: where the table is (--table NAME, or --address HOST:PORT),
    --out, --seed, --seconds, --name."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    if address:
        where = parser.add_mutually_exclusive_group(required=True)
        where.add_argument("--table")
        where.add_argument("--address")
    else:
        parser.add_argument("--table", required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--seconds", type=float, default=seconds)
    parser.add_argument("--name", default="Rival")
    return parser


def answer_in_flight(scene, seconds: float = 10.0) -> dict | None:
    """The table's answer ({"t", "code"}) to this window's action still in flight when it finished (the game can
    end while one crosses the wire), read from its link; None when none was in flight. Bounded in time."""
    seq = scene.pending_seq
    deadline = time.monotonic() + seconds
    while seq is not None and time.monotonic() < deadline:
        for msg in scene.link.poll():
            if msg.get("t") in ("ok", "err") and msg.get("seq") == seq:
                return {"t": msg["t"], "code": msg.get("code")}
        time.sleep(0.005)
    assert seq is None, f"the table never answered action {seq}"
    return None


def finish(app, ui, scene, **shown) -> dict:
    """What the window showed, once done: the names at its table, the table's rev, what the board refused, the
    result on the game-over scene (None when none showed), the answer to an action still in flight (`late`)
    and `shown`; its link and the app are then closed."""
    from game.scenes.game_over import GameOverScene
    late = answer_in_flight(scene)
    out = {"names": [s["name"] for s in scene.link.seats], "rev": scene.link.rev, "refusals": scene.refusals,
           "shown_result": ui.top.result if isinstance(ui.top, GameOverScene) else None, "late": late, **shown}
    scene.link.close()
    app.close()
    return out


def write(path: str, result: dict) -> int:
    """What the window showed, as JSON at `path`; 0, the script's exit code."""
    with open(path, "w", encoding="utf-8") as f:
        json.dump(result, f)
    return 0
