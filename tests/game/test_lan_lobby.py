"""The LAN lobby the host controls: a full table waits for its host's Start (a table of bots and its host
starts by itself); a player leaving is told on every screen, and the host chooses whether a bot plays
the seat or it waits for its player; the Join box shows a greyed example, not an address.

This window hosts (Host on LAN, as a player does); the other players are clients on loopback, and in the
last test a second window in its own process (tests/game/window_lan_guest.py, the `guest` fixture)."""

import bots
import pygame

from game import tables, theme
from game.board_kit.departures import Departures
from game.civil_war import BoardScene
from game.gui import placeholder_colour
from game.scenes.lan_browser import LanBrowserScene
from game.scenes.lobby import LobbyScene
from tests.game.test_local_game import choose_game, set_seat


def fill_the_host_form(ui, game, seats) -> None:
    from game.scenes.new_game import NewGameScene
    ui.key(pygame.K_h)
    form = ui.top
    assert isinstance(form, NewGameScene) and form.lan
    choose_game(ui, form, game)
    for _ in range(6):
        if form.seat_count.value == len(seats):
            break
        ui.click_button(form.seat_count)
    for i, kind in enumerate(seats[1:], start=1):
        set_seat(ui, form, i, kind)
    ui.click_button(form.start_button)


def host_from_the_window(ui, game="civil_war", seats=("you", "open")) -> LobbyScene:
    fill_the_host_form(ui, game, seats)
    lobby = ui.top
    assert isinstance(lobby, LobbyScene) and lobby.host is not None
    assert ui.until(lambda: lobby.link.phase == "lobby" and lobby.link.my_seats == [0], max_frames=600, sleep=0.01)
    return lobby


def until(ui, condition, seconds=20.0) -> bool:
    return ui.until(condition, max_frames=int(seconds * 100), sleep=0.01)


def toasts(ui) -> list[str]:
    return [t[0] for t in ui.app.toasts]


def test_a_full_table_waits_for_its_hosts_start(ui):
    lobby = host_from_the_window(ui)
    grace = tables.join(*lobby.host.address, player_name="Grace", keep=False)
    try:
        assert until(ui, lambda: lobby.link.seats[1]["name"] == "Grace" and lobby.link.seats[1]["connected"])
        ui.frames(30)
        assert ui.top is lobby and lobby.link.phase == "lobby", "every seat is taken, yet the game waits"
        assert grace.phase == "lobby"
        ui.key(pygame.K_F5)
        assert until(ui, lambda: isinstance(ui.top, BoardScene))
        assert until(ui, lambda: grace.phase == "play")
    finally:
        grace.close()


def test_a_table_of_bots_and_its_host_starts_by_itself(ui):
    fill_the_host_form(ui, "civil_war", ("you", "bot easy"))
    assert until(ui, lambda: isinstance(ui.top, BoardScene)), type(ui.top).__name__


def started_with_grace(ui):
    lobby = host_from_the_window(ui)
    grace = tables.join(*lobby.host.address, player_name="Grace", keep=False)
    assert until(ui, lambda: lobby.link.seats[1]["connected"])
    ui.key(pygame.K_F5)
    assert until(ui, lambda: isinstance(ui.top, BoardScene) and ui.top.view is not None)
    return ui.top, grace, lobby.host.address


def test_a_player_leaving_is_told_and_the_host_gives_the_seat_to_a_bot(ui):
    board, grace, _ = started_with_grace(ui)
    grace.close()
    assert until(ui, lambda: board.host_seats.choice is not None)
    assert "Grace left the table." in toasts(ui)
    assert any(e["text"] == "Grace left the table." for e in board.log.entries)
    choice = board.host_seats.choice
    assert choice.bot_button.label == "A bot plays for Grace" and choice.keep_button.label == "Keep it for Grace"
    assert board.toast_area.contains(choice.rect), "the question sits over the map, not the status panel"
    ui.click_button(choice.bot_button)
    assert board.host_seats.choice is None
    assert until(ui, lambda: board.link.seats[1].get("standin"))
    assert until(ui, lambda: "A bot plays for Grace until they come back." in toasts(ui))
    # the Union's bot plays its turn: the game comes back to the Confederacy without Grace
    from game.civil_war.autoplay import ClickPlayer
    player, seen = ClickPlayer(board, bots.make, "easy", 3), []

    def union_played() -> bool:
        if ui.top is board:
            player.step()
        seen.append(tuple(board.pub.get("to_act") or ()))
        return (1,) in seen and seen[-1] == (0,)
    assert until(ui, union_played, 60), seen[-5:]


def test_a_seat_kept_for_its_player_waits_and_the_player_comes_back_to_it(ui):
    board, grace, address = started_with_grace(ui)
    token = grace.token
    grace.close()
    assert until(ui, lambda: board.host_seats.choice is not None)
    ui.click_button(board.host_seats.choice.keep_button)
    assert board.host_seats.choice is None and not board.link.seats[1].get("standin")
    assert any("waits for them" in t for t in toasts(ui))
    again = tables.join(*address, player_name="Grace", token=token, keep=False)
    try:
        assert until(ui, lambda: "Grace is back at the table." in toasts(ui))
        assert again.my_seats == [1]
    finally:
        again.close()


def test_the_lobby_shows_each_seat_in_the_colour_it_plays_as_the_host_form_did(ui):
    """Tactics (1954)'s first seat is Blue on the host form; the lobby's badge and chat must not turn it red."""
    from game import boards
    lobby = host_from_the_window(ui, "ah_tactics")
    blue, red = boards.seat_colour("ah_tactics", 0), boards.seat_colour("ah_tactics", 1)
    assert blue != theme.seat_colour(0), "the check needs a game whose first seat differs from the theme's"
    assert [lobby.seat_colour(0), lobby.seat_colour(1)] == [blue, red]
    surface = pygame.Surface((1280, 800))
    lobby.draw(surface)
    assert tuple(surface.get_at((96, 216)))[:3] == blue, "the first seat's badge (left of its number) is not Blue"


def test_departures_are_told_once_and_a_window_arriving_is_not_news():
    d = Departures()
    here = [{"kind": "human", "name": "Ada", "connected": True}, {"kind": "human", "name": "Grace", "connected": True}]
    gone = [here[0], dict(here[1], connected=False)]
    stood_in = [here[0], dict(here[1], connected=False, standin=True)]
    assert d.notices(gone) == []                       # the first look: how things are, not what changed
    assert d.notices(here) == [("Grace is back at the table.", None)]
    assert d.notices(gone) == [("Grace left the table.", 1)]
    assert d.notices(gone) == []
    assert d.notices(stood_in) == [("A bot plays for Grace until they come back.", None)]


def test_the_join_box_shows_a_greyed_example_not_an_address(ui):
    ui.key(pygame.K_j)
    scene = ui.top
    assert isinstance(scene, LanBrowserScene)
    ui.frames(2)
    field = scene.address
    assert field.text == "" and field.placeholder_shown and field.placeholder.startswith("for example")
    surface = pygame.Surface((1280, 800))
    scene.draw(surface)
    box = surface.subsurface(field.rect.inflate(-8, -8))
    brightest = max(sum(box.get_at((x, y))[:3]) for x in range(box.get_width()) for y in range(box.get_height()))
    assert brightest <= sum(placeholder_colour()) + 30 < sum(theme.colours.text[:3]), \
        "the example is drawn greyer than typed text"


def test_two_windows_both_tell_that_a_player_left(ui, guest):
    """This window hosts Risk for three; a second window (its own process) joins by address; a third
    player joins and leaves after the host started: both windows say so, and only the host is asked."""
    lobby = host_from_the_window(ui, "risk", ("you", "open", "open"))
    window = guest(*lobby.host.address)
    assert until(ui, lambda: window.said("seated 1"), 60), window.report()
    alan = tables.join(*lobby.host.address, player_name="Alan", keep=False)
    assert until(ui, lambda: all(s["kind"] == "human" and s["connected"] for s in lobby.link.seats), 60)
    ui.key(pygame.K_F5)
    assert until(ui, lambda: window.said("board") and getattr(ui.top, "view", None) is not None, 60), window.report()
    board = ui.top
    alan.close()
    assert until(ui, lambda: "Alan left the table." in toasts(ui) and board.host_seats.choice is not None, 30), \
        (toasts(ui), board.link.seats)
    assert until(ui, lambda: window.said("toast: Alan left the table."), 30), window.report()
    ui.frames(10)
    assert not any(line.startswith("choice:") for line in window.lines), "only the host decides about the seat"
