"""A window in its own process that joins a LAN table by address and tells what it shows, one line each:
"seated N" in the lobby, "board" once the game is on its board, "public REV DIGEST" for each revision its
board draws (a digest of the view's public part, the revision and the seats' connection flags left out, so
a test can see the board come back to an earlier position), "toast: ..." for every notice, "seats
NAME:here|away ..." as they change, "log: ..." for its log's lines, and "choice: NAME" if it is ever
asked what becomes of a seat (only a host is), "game over: REASON" on the game-over scene. With `resign`
after the address, its player concedes (Ctrl+R, then Enter) once its board shows. Runs until killed
(tests/game/test_lan_lobby.py, tests/game/test_undo_lan.py, tests/game/test_resign_lan.py).

    python -m tests.game.window_lan_guest HOST PORT [resign]
"""
import sys
import time

MAX_SECONDS = 120   # killed by its test long before; bounded anyway


def digest(public: dict) -> str:
    from engine.canonical import state_hash
    return state_hash({k: v for k, v in public.items() if k not in ("rev", "seats", "table_phase")})


def main(host: str, port: int, then: str | None = None) -> int:
    import pygame
    from game.board_kit.board_scene import BaseBoardScene
    from game.scenes.game_over import GameOverScene
    from game.scenes.lobby import LobbyScene
    from tests.game.second_window import join_at
    app, ui = join_at("Edsger", host, port)
    said: set = set()

    def say(line: str) -> None:
        if line not in said:
            said.add(line)
            print(line, flush=True)
    deadline = time.monotonic() + MAX_SECONDS
    while time.monotonic() < deadline:
        ui.frames(1)
        top = ui.top
        if isinstance(top, LobbyScene) and top.link.my_seats:
            say(f"seated {top.link.my_seats[0]}")
        if isinstance(top, BaseBoardScene) and top.view is not None:
            say("board")
            say(f"public {top.shown_rev} {digest(top.view['public'])}")
            say("seats " + " ".join(f"{s.get('name')}:{'here' if s.get('connected') else 'away'}"
                                    for s in top.link.seats))
            for entry in top.log.entries:
                say(f"log: {entry['text']}")
                if entry["struck"]:
                    say(f"struck: {entry['text']}")
            if top.host_seats.choice is not None:
                say(f"choice: {top.host_seats.choice.name}")
            if then == "resign" and not top.waiting and top.shown_seat is not None and not top.over:
                then = None
                ui.key(pygame.K_r, mod=pygame.KMOD_LCTRL)
                say(f"asked: {top.confirm.shown}")
                ui.key(pygame.K_RETURN)
        if isinstance(top, GameOverScene):
            say(f"game over: {top.result.get('reason')}")
        for text, *_ in app.toasts:
            say(f"toast: {text}")
        time.sleep(0.01)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], int(sys.argv[2]), *sys.argv[3:4]))
