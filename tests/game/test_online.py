"""The window's Online item against a real club: nats-server, PostgreSQL and a table process started by
tests/club's fixtures (skipped, as there, only when those servers cannot exist here)."""
from tests.club import needs  # noqa: F401 - skips this module without the club's libraries
import asyncio
import os
import stat

import psycopg
import pygame
import pytest

from club import client as club_client
from club import db
from game import club_link
from game.scenes.club_lobby import ClubLobbyScene
from game.scenes.online import OnlineScene
from tests.club.conftest import club, dsn, nats_server, postgres  # noqa: F401 - the real servers
from tests.game import toy_board


def open_online(ui) -> OnlineScene:
    ui.key(pygame.K_o)   # the title menu's letter for Online
    assert isinstance(ui.top, OnlineScene)
    return ui.top


def fill(form: OnlineScene, address: str, name: str, secret: str = "") -> None:
    form.address.text, form.name.text, form.secret.text = address, name, secret


def stored_actions(dsn, table_id):
    with psycopg.connect(dsn) as conn:
        return [(rev, seat, db.unpack(bytes(a))) for rev, seat, a in conn.execute(
            "SELECT rev, seat, action FROM actions WHERE table_id = %s ORDER BY rev", (table_id,))]


def sign_up_and_sit_at_a_new_toy_table(ui, club):
    """Through the window: Online, Sign up as ada, create a toy table of two seats (one a bot), sit there."""
    form = open_online(ui)
    fill(form, club.nats.url, "ada")
    ui.click_button(form.sign_up_button)   # an empty secret: Sign up makes one and keeps it
    assert ui.until(lambda: isinstance(ui.top, ClubLobbyScene), max_frames=1500, sleep=0.01), form.error
    lobby = ui.top
    while lobby.game_cycler.value != "toy":
        lobby.game_cycler.step(1)
    assert (lobby.seat_count.value, lobby.bot_count.value) == (2, 1)   # you and one bot
    ui.click_button(lobby.create_button)
    assert ui.until(lambda: isinstance(ui.top, toy_board.BoardScene), max_frames=1500, sleep=0.01), lobby.error
    return lobby, ui.top


def take_one_when_my_turn(ui, club, board, seat: int = 0) -> int:
    """Press 1 (Take 1) on the board once it is our turn; the rev the club stored it at."""
    link = board.link
    assert ui.until(lambda: board.seat_to_act() == seat, max_frames=900, sleep=0.01)
    mine_before = [row for row in stored_actions(club.dsn, link.table_id) if row[1] == seat]
    ui.key(pygame.K_1)
    assert ui.until(lambda: len([r for r in stored_actions(club.dsn, link.table_id) if r[1] == seat]) > len(mine_before),
                    max_frames=900, sleep=0.01)
    rev, _seat, action = [r for r in stored_actions(club.dsn, link.table_id) if r[1] == seat][-1]
    assert action == {"type": "take", "count": 1}
    assert ui.until(lambda: link.rev >= rev, max_frames=600, sleep=0.01)   # the update came back to the board
    return rev


def test_a_window_signs_up_creates_a_table_with_a_bot_and_plays_a_move_the_club_accepts(ui, club):
    club.start()
    lobby, board = sign_up_and_sit_at_a_new_toy_table(ui, club)
    kept = club_link.load_account()
    assert kept["name"] == "ada" and kept["address"] == club.nats.url and len(kept["secret"]) >= 12
    assert stat.S_IMODE(os.stat(club_link.account_path()).st_mode) == 0o600
    link = board.link
    assert isinstance(link, club_link.ClubLink) and link.my_seats == [0] and ui.app.active_link is link
    assert ui.until(lambda: board.seat_to_act() == 0, max_frames=900, sleep=0.01)
    before = link.view(0)["public"]["pile"]

    take_one_when_my_turn(ui, club, board)   # Take 1, through the board's own button
    assert link.view(0)["public"]["pile"] < before and board.errors == []

    ui.key(pygame.K_ESCAPE)   # leaving the board: back in the club's lobby, the table is among "your tables"
    assert ui.top is lobby
    assert ui.until(lambda: link.table_id in lobby.my_tables, max_frames=600, sleep=0.01)
    assert lobby.mine_list.rows[0][1][:2] == ["ada's Toy pile game", "Toy pile game"]
    link.close()   # now, not on a helper thread while the next test starts


def test_the_board_plays_on_after_the_clubs_nats_server_restarts(ui, club):
    club.start()
    _lobby, board = sign_up_and_sit_at_a_new_toy_table(ui, club)
    first = take_one_when_my_turn(ui, club, board)
    club.nats.server.restart()   # the window's NATS connection drops; the club client reconnects and says hello
    second = take_one_when_my_turn(ui, club, board)
    assert second > first and board.errors == [] and board.link.status == "connected"
    board.link.close()


def test_a_friends_table_is_one_click_away_and_the_two_play_through_the_club(ui, club):
    club.start()
    bob = ("bob", "bob-keeps-his-own-secret")
    asyncio.run(club_client.sign_up(club.nats.url, *bob))

    async def bob_creates():
        nc = await club_client.connect_player(club.nats.url, *bob, allow_reconnect=False)
        try:
            return await club_client.lobby(nc, "bob", "create", {"game": "toy", "seats": 2, "name": "Bob's pile"})
        finally:
            await nc.close()
    table_id = asyncio.run(bob_creates())
    bobs_link = club_link.ClubLink(club.nats.url, *bob, table_id)   # Bob at his table, as another window would be
    try:
        assert ui.until(lambda: bobs_link.status == "connected", max_frames=900, sleep=0.01), bobs_link.error
        form = open_online(ui)
        fill(form, club.nats.url, "ada")
        ui.click_button(form.sign_up_button)
        assert ui.until(lambda: isinstance(ui.top, ClubLobbyScene), max_frames=1500, sleep=0.01), form.error
        lobby = ui.top
        assert ui.until(lambda: table_id in lobby.open_tables, max_frames=600, sleep=0.01)
        row = next(i for i, (key, _) in enumerate(lobby.open_list.rows) if key == table_id)
        assert lobby.open_list.rows[row][1][:3] == ["Bob's pile", "Toy pile game", "1 open of 2"]
        ui.click(lobby.open_list.row_rect(row).center)   # one click picks the row, Join sits there
        ui.click_button(lobby.join_button)
        assert ui.until(lambda: isinstance(ui.top, toy_board.BoardScene), max_frames=1500, sleep=0.01), lobby.error
        board = ui.top
        assert board.link.table_id == table_id and board.link.my_seats != bobs_link.my_seats
        for _ in range(2):   # each takes one in turn: Bob through his link, Ada through her board
            ada_seat = board.link.my_seats[0]
            assert ui.until(lambda: bobs_link.view(None) is not None and board.link.view(None) is not None
                            and board.link.view(None)["public"]["turn"] in (ada_seat, bobs_link.my_seats[0]),
                            max_frames=600, sleep=0.01)
            if board.link.view(None)["public"]["turn"] == ada_seat:
                take_one_when_my_turn(ui, club, board, seat=ada_seat)
            else:
                rev = board.link.rev
                bobs_link.send({"type": "take", "count": 2})
                assert ui.until(lambda: board.link.rev > rev, max_frames=600, sleep=0.01)   # Ada sees Bob's move
        counts = sorted(a["count"] for _rev, _seat, a in stored_actions(club.dsn, table_id))
        assert counts == [1, 2] and board.errors == []
        board.link.close()
    finally:
        bobs_link.close()


def test_a_wrong_secret_or_a_taken_name_gives_its_sentence_and_nothing_else_happens(ui, club):
    club.start()
    asyncio.run(club_client.sign_up(club.nats.url, "bob", "bob-keeps-the-right-one"))
    form = open_online(ui)
    fill(form, club.nats.url, "bob", "not-bobs-secret-at-all")
    ui.click_button(form.sign_in_button)
    assert ui.until(lambda: form.pending is None and form.error, max_frames=900, sleep=0.01)
    assert form.error.startswith("The club did not accept that name and secret.")
    assert ui.top is form and not club_link.account_path().exists()

    fill(form, club.nats.url, "bob", "another-secret-entirely")
    ui.click_button(form.sign_up_button)
    assert ui.until(lambda: form.pending is None and form.error, max_frames=900, sleep=0.01)
    assert form.error == "The name 'bob' is taken."
    assert ui.top is form and not club_link.account_path().exists()


def test_a_wrong_address_or_an_unreachable_club_is_a_sentence(ui):
    form = open_online(ui)
    fill(form, "http://example.org/club", "ada", "a-secret-long-enough")
    ui.click_button(form.sign_in_button)
    assert form.error.startswith("'http://example.org/club' is not a club address")
    with pytest.raises(ValueError):
        club_link.club_url("")
    import socket
    with socket.socket() as s:   # a port nothing listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    fill(form, f"127.0.0.1:{port}", "ada", "a-secret-long-enough")
    ui.click_button(form.sign_in_button)
    assert ui.until(lambda: form.pending is None and form.error, max_frames=900, sleep=0.01)
    assert form.error == f"The club at nats://127.0.0.1:{port} cannot be reached: check the address, or it is not running."
    assert ui.top is form
