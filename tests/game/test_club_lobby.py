"""The club's lobby in the window, against a real club (tests/club's servers): a table made with the New
Game form's options, a seat given back with Leave, and a finished game replayed from the lobby."""
from tests.club import needs  # noqa: F401 - skips this module without the club's libraries
import asyncio

import psycopg
import pygame

from game.recorded_replay import RecordedReplayLink
from game.scenes.club_lobby import ClubLobbyScene
from game.scenes.lobby import LobbyScene
from game.scenes.new_game import NewGameScene
from game.scenes.replays import ReplayScene
from tests.club.conftest import club, dsn, nats_server, postgres  # noqa: F401 - the real servers
from tests.club.test_tables import finished_table, finished_tables
from tests.game import toy_board
from tests.game.test_online import fill, open_online


def signed_up_lobby(ui, club, name: str = "ada") -> ClubLobbyScene:
    form = open_online(ui)
    fill(form, club.nats.url, name)
    ui.click_button(form.sign_up_button)
    assert ui.until(lambda: isinstance(ui.top, ClubLobbyScene), max_frames=1500, sleep=0.01), form.error
    return ui.top


def table_row(dsn, table_id):
    with psycopg.connect(dsn) as conn:
        return conn.execute("SELECT options, seat_list FROM tables WHERE id = %s", (table_id,)).fetchone()


def test_more_options_makes_a_club_table_with_the_forms_options_and_seats_and_the_lobby_shows_them(ui, club):
    club.start()
    lobby = signed_up_lobby(ui, club)
    ui.click_button(lobby.more_button)
    form = ui.top
    assert isinstance(form, NewGameScene) and form.club is not None and form.start_button.label == "Create"
    while form.game_cycler.value != "toy":
        form.game_cycler.step(1)
    [(key, pile)] = form.option_cyclers
    while pile.value != 10:
        pile.step(1)
    while form.seat_cyclers[1].value != "bot hard":
        form.seat_cyclers[1].step(1)
    ui.click_button(form.start_button)
    assert ui.until(lambda: isinstance(ui.top, toy_board.BoardScene), max_frames=1500, sleep=0.01), lobby.error
    link = ui.top.link
    table_id = link.table_id
    options, seats = table_row(club.dsn, table_id)
    assert options == {"pile": 10} and seats[1]["kind"] == "bot" and seats[1]["level"] == "hard"
    assert link.my_seats == [0] and link.view(0)["public"]["pile"] <= 10
    ui.key(pygame.K_ESCAPE)
    assert ui.top is lobby and ui.until(lambda: table_id in lobby.my_tables, max_frames=600, sleep=0.01)
    lobby.active = lobby.mine_list
    assert lobby.selected_table()["options"] == {"pile": 10}
    assert [s.get("player") or s.get("level") for s in lobby.selected_table()["seats"]] == ["ada", "hard"]
    link.close()   # now, not on a helper thread while the next test starts


def test_leave_gives_back_a_seat_at_a_table_not_started(ui, club):
    club.start()
    lobby = signed_up_lobby(ui, club)
    while lobby.game_cycler.value != "toy":
        lobby.game_cycler.step(1)
    while lobby.bot_count.value != 0:   # two seats, no bot: the table waits in its lobby for a friend
        lobby.bot_count.step(1)
    ui.click_button(lobby.create_button)
    assert ui.until(lambda: isinstance(ui.top, LobbyScene), max_frames=1500, sleep=0.01), lobby.error
    table_id = ui.top.link.table_id
    assert ui.until(lambda: ui.top.link.my_seats == [0], max_frames=900, sleep=0.01)
    ui.top.back()
    assert ui.top is lobby and ui.until(lambda: table_id in lobby.my_tables, max_frames=600, sleep=0.01)
    lobby.active = lobby.mine_list   # (a click on the row already selected would sit there again: a double-click)
    assert lobby.mine_list.selected_key == table_id and lobby.selected_table()["state"] == "lobby"
    assert ui.until(lambda: lobby.leave_button.enabled, max_frames=60)
    ui.click_button(lobby.leave_button)
    assert ui.until(lambda: table_id not in lobby.my_tables and table_id in lobby.open_tables
                    and lobby.open_tables[table_id]["free"] == 2, max_frames=900, sleep=0.01), lobby.error
    _options, seats = table_row(club.dsn, table_id)
    assert [s["kind"] for s in seats] == ["open", "open"]


def test_a_finished_game_is_listed_in_the_lobby_and_its_replay_button_plays_it_back(ui, club):
    club.start()

    table_id, view = asyncio.run(asyncio.wait_for(finished_table(club, 5), 30))
    result = view["public"]["result"]
    lobby = signed_up_lobby(ui, club, "eve")   # not a player of that game: a finished game is anyone's to watch
    ui.click_button(lobby.finished_button)
    assert ui.until(lambda: table_id in lobby.finished_tables, max_frames=900, sleep=0.01), lobby.error
    assert lobby.finished_list.rows[0][1][2] == f"won by {['ada', 'bob'][result['winners'][0]]}"
    assert lobby.active is lobby.finished_list and lobby.finished_list.selected_key == table_id
    assert ui.until(lambda: lobby.replay_button.enabled, max_frames=60) and lobby.replay_button in lobby.widgets
    ui.click_button(lobby.replay_button)
    assert ui.until(lambda: isinstance(ui.top, ReplayScene), max_frames=900, sleep=0.01), lobby.error
    replay = ui.top.link
    assert isinstance(replay, RecordedReplayLink) and replay.position == 0 and replay.length > 5
    ui.key(pygame.K_END)
    assert replay.position == replay.length and replay.view(None)["public"]["result"] == result
    ui.key(pygame.K_ESCAPE)
    assert ui.until(lambda: ui.top is lobby, max_frames=60)


def test_older_and_newer_page_through_the_finished_games(ui, club, monkeypatch):
    club.start()
    monkeypatch.setattr("game.scenes.club_lobby.FINISHED_PAGE", 1)   # a page of one: two games make two pages
    older, newer = asyncio.run(asyncio.wait_for(finished_tables(club, (3, 4)), 30))
    lobby = signed_up_lobby(ui, club, "eve")
    ui.click_button(lobby.finished_button)
    assert ui.until(lambda: list(lobby.finished_tables) == [newer], max_frames=900, sleep=0.01), lobby.error
    assert ui.until(lambda: lobby.older_button.enabled, max_frames=60) and not lobby.newer_button.enabled
    ui.click_button(lobby.older_button)
    assert ui.until(lambda: list(lobby.finished_tables) == [older], max_frames=900, sleep=0.01), lobby.error
    assert ui.until(lambda: lobby.newer_button.enabled, max_frames=60)
    ui.click_button(lobby.newer_button)
    assert ui.until(lambda: list(lobby.finished_tables) == [newer], max_frames=900, sleep=0.01), lobby.error
    ui.click_button(lobby.finished_button)   # back to the open tables: the page buttons go
    assert lobby.older_button not in lobby.widgets


def choose(cycler, value) -> None:
    for _ in range(len(cycler.values)):
        if cycler.value == value:
            return
        cycler.step(1)
    assert cycler.value == value


def test_a_move_deadline_chosen_in_the_form_makes_a_correspondence_table_and_the_lobby_shows_its_clock(ui, club):
    club.start()
    lobby = signed_up_lobby(ui, club)
    ui.click_button(lobby.more_button)
    form = ui.top
    assert form.when_it_passes not in form.focusables   # no deadline (a live table) by default: nothing passes
    choose(form.game_cycler, "risk")
    choose(form.seat_count, 3)
    choose(form.deadline, 86400)
    assert form.when_it_passes in form.focusables and form.when_it_passes.value == "bot"
    choose(form.when_it_passes, "forfeit")
    ui.click_button(form.start_button)   # three camps cannot forfeit: the club's sentence, under the form
    assert ui.until(lambda: form.error, max_frames=900, sleep=0.01) and ui.top is form
    assert form.error.startswith("A seat can forfeit only in a game of two camps, and World Conquest at 3 seats")
    with psycopg.connect(club.dsn) as conn:
        assert conn.execute("SELECT count(*) FROM tables").fetchone() == (0,)
    choose(form.game_cycler, "toy")
    choose(form.seat_cyclers[1], "bot normal")
    ui.click_button(form.start_button)
    assert ui.until(lambda: isinstance(ui.top, toy_board.BoardScene), max_frames=1500, sleep=0.01), form.error
    link = ui.top.link
    with psycopg.connect(club.dsn) as conn:
        stored = conn.execute("SELECT extract(epoch FROM move_deadline), on_deadline FROM tables WHERE id = %s",
                              (link.table_id,)).fetchone()
    assert (float(stored[0]), stored[1]) == (86400.0, "forfeit")
    ui.key(pygame.K_ESCAPE)
    assert ui.top is lobby and ui.until(lambda: link.table_id in lobby.my_tables and link.table_id in lobby.open_tables,
                                        max_frames=600, sleep=0.01)
    assert dict(lobby.open_list.rows)[link.table_id][4] == "1 day · forfeit"
    # the toy's first move is seat 0's, ada's: a day from the game's start, less the moments since
    assert dict(lobby.mine_list.rows)[link.table_id][3] == "your move · 23 h left"
    link.close()
