"""Issue 12 in the window: a window killed mid-game takes its seat back from the Rejoin entry (trial 6), the
LAN browser lists spoofed adverts as their own rows, ignores malformed ones and refuses a table that is not
the row it showed (trial 5), and joining a dead address says so and stays put (trial 7)."""
import os
import signal
import socket
import subprocess
import sys
import time

import pygame

from game import boards, tables
from game.scenes.lan_browser import LanBrowserScene
from game.scenes.rejoin import RejoinScene
from tests.game.test_lan import ROOT, server  # noqa: F401 - the fixture
from tests.net.test_discovery import GOOD, Spoofer
from tests.net.wire import RawClient


def seats_at(port: int) -> list[dict]:
    c = RawClient(("127.0.0.1", port))
    try:
        return c.hello(want="watch")["seats"]
    finally:
        c.close()


def test_a_window_killed_mid_game_takes_its_seat_back_from_the_rejoin_entry(ui, server, sandbox_home):
    """Trial 6: a crashed window never took its seat back. Now it keeps the token in its data folder; a
    window started again offers "Rejoin", and picking the table puts it back in its seat, with the game's events
    so far for its log (issue 43: the log was empty after Rejoin), and play goes on."""
    name, port = server("toy")
    env = dict(os.environ, SANDTABLE_HOME=str(sandbox_home), PYTHONPATH=str(ROOT))
    first = subprocess.Popen([sys.executable, "-m", "tests.game.window_seat_holder", "127.0.0.1", str(port)],
                             cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line = first.stdout.readline()
        assert line.startswith("seated 0"), (line, first.stderr.read() if first.poll() is not None else "")
        first.send_signal(signal.SIGKILL)
        first.wait(5)
    finally:
        if first.poll() is None:
            first.kill()
            first.wait(5)
    deadline = time.monotonic() + 20  # the host notices the dead connection (EOF) and marks the seat away
    while seats_at(port)[0]["connected"] and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not seats_at(port)[0]["connected"]
    [kept] = tables.seat_book().seats()
    assert (kept.port, kept.seat, kept.table) == (port, 0, name)
    ui.top.on_enter()  # the menu looks again for kept seats (a new window would at start)
    assert [b.label for b in ui.top.menu.buttons][3] == "Rejoin"
    ui.key(pygame.K_e)
    rejoin = ui.top
    assert isinstance(rejoin, RejoinScene) and rejoin.list.selected_key == kept.key
    ui.click_button(rejoin.rejoin_button)
    board_type = boards.board_class("toy")
    assert ui.until(lambda: isinstance(ui.top, board_type), max_frames=600, sleep=0.01)
    link = ui.top.link
    assert link.my_seats == [0] and link.seats[0]["name"] == "Crashy" and link.seats[0]["connected"]
    assert link.rev >= 1  # the move made before the kill is there
    assert ui.until(lambda: any(e["type"] == "took" and e["seat"] == 0 for e in ui.top.past), max_frames=300,
                    sleep=0.01), "the host sent the game so far, for the log"
    rev = link.rev
    deadline = time.monotonic() + 20
    while link.rev < rev + 2 and time.monotonic() < deadline:  # and the game goes on (the bot answers)
        view = link.view(0)
        if view and 0 in view["public"]["to_act"] and view["public"]["result"] is None:
            ui.key(pygame.K_1)
        ui.frames(1)
        time.sleep(0.01)
    assert link.rev >= rev + 2
    assert not [e for e in ui.top.errors if e.get("code") == "stale_seq"]


def test_the_lan_browser_lists_each_advert_as_its_row_skips_malformed_ones_and_refuses_a_fake(ui, server):
    """Trial 5 in the window: a fake advert at the real table's address is its own row; joining it says the
    table is not the one listed and takes no seat; malformed adverts (seats -5, 10^30) are not listed."""
    name, port = server("toy")
    spoofer = Spoofer()
    try:
        fake = f"Fake of {name}"
        spoofer.advertise(fake, port, {**GOOD, "table": fake}, "fake.local.")
        spoofer.advertise(f"Broken {os.getpid()}", port, {**GOOD, "table": "broken", "seats": "-5"}, "b.local.")
        spoofer.advertise(f"Huge {os.getpid()}", port, {**GOOD, "table": "huge", "seats": "1" + "0" * 30}, "h.local.")
        ui.key(pygame.K_j)
        browser = ui.top
        tables_at = lambda: sorted(ad.table for ad in browser.found.values() if ad.port == port)  # noqa: E731
        assert ui.until(lambda: tables_at() == sorted([name, fake]), max_frames=600, sleep=0.01), tables_at()
        ui.frames(60)
        assert tables_at() == sorted([name, fake])
        row = next(i for i, (key, _) in enumerate(browser.list.rows) if browser.found[key].table == fake)
        browser.list.selected = row
        ui.click_button(browser.join_button)
        assert ui.until(lambda: browser.joining is None, max_frames=600, sleep=0.01)
        assert ui.top is browser
        assert any("not the one listed" in t[0] for t in ui.app.toasts), ui.app.toasts
        assert seats_at(port)[0]["kind"] == "open"  # no seat was taken at the real table
    finally:
        spoofer.close()


def test_joining_a_dead_address_says_so_and_stays_in_the_browser(ui):
    """Trial 7: `join` to a dead address opened an empty lobby under a raw exception text."""
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()  # nothing listens there now
    ui.key(pygame.K_j)
    browser = ui.top
    browser.join_at("127.0.0.1", port)
    assert ui.until(lambda: browser.joining is None, max_frames=600, sleep=0.01)
    assert isinstance(ui.top, LanBrowserScene)
    assert any(t[0].startswith(f"Could not join 127.0.0.1:{port}. Could not reach a table") for t in ui.app.toasts)
