"""Two processes: `serve` hosting a table on loopback, and this window joining it through the LAN browser
or by address; then the connection is dropped and restored, and the window keeps its seat."""
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pygame
import pytest

import bots
import catalog
from game import boards
from game.scenes.lan_browser import LanBrowserScene
from game.scenes.lobby import LobbyScene
from net.client import HELLO_TIMEOUT
from tests.game.proxy import Relay
from tests.own_games import board_games, is_test_game, product_games

ROOT = Path(__file__).resolve().parents[2]
# The toy game's bare board, the tests' own sixth game with a board of the kit's, and the first product game.
GAMES = ["toy", "relay", next(g for g in product_games() if g in board_games())]


def serve(game: str, name: str, sandbox_home) -> tuple[subprocess.Popen, int]:
    """Start `serve` in its own process (the tests' own games through the test command line); returns (process,
    port)."""
    entry = ["-m", "tests.net.cli_toy"] if is_test_game(game) else [str(ROOT / "run.py")]
    env = dict(os.environ, SANDTABLE_HOME=str(sandbox_home), SANDTABLE_DISCOVERY_INTERFACES="127.0.0.1")
    proc = subprocess.Popen([sys.executable, *entry, "serve", "--game", game, "--seats", "2", "--bots", "1",
                             "--host", "127.0.0.1", "--port", "0", "--name", name], cwd=ROOT, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    line = proc.stdout.readline()
    assert line.startswith("listening on"), (line, proc.stderr.read() if proc.poll() is not None else "")
    return proc, int(line.strip().rsplit(":", 1)[1])


@pytest.fixture
def server(request, sandbox_home):
    procs = []

    def start(game):
        name = f"{game}-table-{os.getpid()}-{time.monotonic_ns() % 10 ** 6}"
        proc, port = serve(game, name, sandbox_home)
        procs.append(proc)
        return name, port
    yield start
    for proc in procs:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()


@pytest.mark.parametrize("game", GAMES)
def test_the_lan_browser_lists_a_served_table_and_joining_it_opens_the_board(ui, server, game):
    """The LAN browser lists a loopback `serve` live; picking it joins, and the game's board opens."""
    name, port = server(game)
    ui.key(pygame.K_j)
    browser = ui.top
    assert isinstance(browser, LanBrowserScene)
    assert ui.until(lambda: any(ad.table == name for ad in browser.found.values()), max_frames=400, sleep=0.01)
    row = next(i for i, (key, _) in enumerate(browser.list.rows) if browser.found[key].table == name)
    key, cells = browser.list.rows[row]
    assert key[1:] == ("127.0.0.1", port) and cells[2] == "1 of 2" and cells[3] == "lobby"  # (instance, host, port)
    browser.list.selected = row
    ui.click_button(browser.join_button)  # through the lobby, which gives way once the game is on
    board_type = boards.board_class(game)
    assert ui.until(lambda: isinstance(ui.top, board_type), max_frames=400, sleep=0.01)
    link = ui.top.link
    assert link.my_seats == [0] and link.seats[0]["name"] == "Tester"
    assert ui.app.active_link is link


def play_until(ui, game: str, rev: int, max_frames: int = 3000) -> bool:
    """Play our seat through the board's own inputs (the game's scripted player, or the toy's key) until the table's
    rev reaches `rev`."""
    board = ui.top
    player = catalog.spec(game).player
    if player is not None:
        act = catalog.load(player)(board, bots.make, "easy", 1).step
    else:
        def act():
            view = board.link.view(0)
            if view and 0 in view["public"]["to_act"]:
                ui.key(pygame.K_1)
    for _ in range(max_frames):
        if board.link.rev >= rev:
            return True
        act()
        ui.frames(1)
        time.sleep(0.002)
    return board.link.rev >= rev


@pytest.mark.parametrize("game", GAMES)
def test_a_dropped_connection_shows_the_banner_and_comes_back_to_the_same_seat(ui, server, game):
    """Connection trouble: a "reconnecting…" banner, automatic reconnect, the same seat afterwards."""
    name, port = server(game)
    relay = Relay(("127.0.0.1", port))
    try:
        ui.key(pygame.K_j)
        browser = ui.top
        ui.click(browser.address.rect.center)
        ui.type_text(f"127.0.0.1:{relay.port}")
        ui.key(pygame.K_RETURN)
        board_type = boards.board_class(game)
        assert ui.until(lambda: isinstance(ui.top, board_type), max_frames=400, sleep=0.01)
        link = ui.top.link
        seat = link.my_seats
        assert seat == [0]
        assert play_until(ui, game, 4)  # a few moves before the trouble
        relay.drop()
        assert ui.until(lambda: ui.app.reconnecting, max_frames=600, sleep=0.01)
        relay.restore()
        assert ui.until(lambda: link.status == "connected", max_frames=1000, sleep=0.01)
        assert not ui.app.reconnecting
        assert link.my_seats == seat and link.seats[0]["connected"]
        assert isinstance(ui.top, board_type)  # the game picks up where it was
        rev = link.rev
        assert play_until(ui, game, rev + 2)  # and goes on
    finally:
        relay.close()


def test_a_table_that_never_answers_hello_gets_a_clear_message_not_a_frozen_window(ui):
    """A table that does not answer `hello` gets a clear message, never a frozen window, and no lobby opens:
    the browser says it is joining, then says why it could not, and the player is still there."""
    import socket
    silent = socket.create_server(("127.0.0.1", 0))  # accepts, never speaks
    try:
        ui.key(pygame.K_j)
        browser = ui.top
        ui.click(browser.address.rect.center)
        ui.type_text(f"127.0.0.1:{silent.getsockname()[1]}")
        ui.key(pygame.K_RETURN)
        ui.frames(1)  # pygame_gui reports Enter on the next frame
        assert browser.joining is not None
        longest = 0.0
        deadline = time.monotonic() + 20
        while browser.joining is not None and time.monotonic() < deadline:
            started = time.perf_counter()
            ui.frames(1)
            longest = max(longest, time.perf_counter() - started)
            time.sleep(0.01)
        assert browser.joining is None, "no answer after 20 s"
        # frames kept coming while the client waited: a frame that waited on the hello would last its timeout
        assert longest < HELLO_TIMEOUT / 2, longest
        assert ui.top is browser and any("did not answer hello" in t[0] for t in ui.app.toasts)
    finally:
        silent.close()


def test_a_typed_address_that_is_not_host_port_is_refused_with_a_notice(ui):
    ui.key(pygame.K_j)
    browser = ui.top
    ui.click(browser.address.rect.center)
    ui.type_text("no-port-here")
    ui.key(pygame.K_RETURN)
    ui.frames(2)
    assert isinstance(ui.top, LanBrowserScene)
    assert any("HOST:PORT" in t[0] for t in ui.app.toasts)


def test_hosting_from_the_window_fills_the_lobby_and_start_begins_the_game(ui):
    """Host on LAN: the lobby shows seats filling in live, chat works, the host's Start begins the game."""
    from game.scenes.new_game import NewGameScene
    from tests.game.test_local_game import choose_game, set_seat
    ui.key(pygame.K_h)
    form = ui.top
    assert isinstance(form, NewGameScene) and form.lan
    choose_game(ui, form, "toy")
    ui.click_button(form.seat_count)
    ui.click_button(form.seat_count)  # 4 seats: you, open, open, open
    set_seat(ui, form, 3, "bot easy")
    ui.click_button(form.start_button)
    lobby = ui.top
    assert isinstance(lobby, LobbyScene)
    assert ui.until(lambda: lobby.link.phase == "lobby" and lobby.link.my_seats == [0], max_frames=300, sleep=0.01)
    assert [s["kind"] for s in lobby.link.seats] == ["human", "open", "open", "bot"]
    # a second player joins from elsewhere: the seat fills in live
    from game import tables
    other = tables.join(*lobby.host.address, player_name="Grace")
    try:
        assert ui.until(lambda: lobby.link.seats[1]["name"] == "Grace", max_frames=300, sleep=0.01)
        ui.click(lobby.chat_field.rect.center)
        ui.type_text("hello all")
        ui.key(pygame.K_RETURN)
        assert ui.until(lambda: ("Tester", "hello all", 0) in lobby.chat_log, max_frames=300, sleep=0.01), (
            lobby.chat_log, lobby.chat_field.text, lobby.link.status)
        assert isinstance(ui.top, LobbyScene)  # seat 3 is still open: the game waits for the host
        ui.key(pygame.K_F5)
        board_type = boards.board_class("toy")
        assert ui.until(lambda: isinstance(ui.top, board_type), max_frames=300, sleep=0.01)
        assert ui.top.link.my_seats == [0]
        assert [s["kind"] for s in ui.top.link.seats] == ["human", "human", "bot", "bot"]  # Start filled the open seat
    finally:
        other.close()


def test_a_table_that_vanishes_leaves_the_list(ui, sandbox_home):
    """A table that vanishes (its host stops) leaves the LAN browser's list."""
    name = f"vanishing-{os.getpid()}"
    proc, port = serve("toy", name, sandbox_home)
    try:
        ui.key(pygame.K_j)
        browser = ui.top
        listed = lambda: any(ad.table == name for ad in browser.found.values())  # noqa: E731
        assert ui.until(listed, max_frames=400, sleep=0.01)
        proc.send_signal(signal.SIGINT)  # Ctrl+C on the host
        proc.wait(10)
        assert ui.until(lambda: not listed(), max_frames=800, sleep=0.01)
        assert all(key != ("127.0.0.1", port) for key, _ in browser.list.rows)
    finally:
        if proc.poll() is None:
            proc.kill()
