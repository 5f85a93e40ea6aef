"""Ratings in the window, against a real club (docs/club.md, "Ratings"): a rated table made from the lobby, the
opponent's rating on the seats screen, the change after the game on the game-over screen, and the player's own
rating, its chart and the game's leaderboard in the lobby."""
from tests.club import needs  # noqa: F401 - skips this module without the club's libraries
import asyncio

import psycopg
import pygame

from club import client as club_client
from game.scenes.club_lobby import ClubLobbyScene
from game.scenes.game_over import GameOverScene
from game.scenes.lobby import LobbyScene
from tests.club.bounded import run
from tests.club.conftest import club, dsn, nats_server, postgres  # noqa: F401 - the real servers
from tests.club.test_tables import BOB
from tests.game.test_club_lobby import signed_up_lobby


def bob_resigns(url: str, table_id: int) -> dict:
    """Bob sits at the table (it starts: both seats taken) and concedes at once."""
    async def scenario():
        bob = club_client.ClubClient(url, *BOB, table_id)
        await bob.connect()
        answer = await bob.request({"type": "resign", "seat": bob.seat})
        await bob.close()
        return answer
    return run(scenario())


def test_a_rated_game_in_the_window_shows_ratings_at_the_table_the_change_after_it_and_the_leaderboard(ui, club):
    club.start()
    run(club_client.sign_up(club.nats.url, *BOB))
    lobby = signed_up_lobby(ui, club)
    while lobby.game_cycler.value != "toy":
        lobby.game_cycler.step(1)
    while lobby.bot_count.value != 0:
        lobby.bot_count.step(1)
    lobby.rated_cycler.step(1)
    assert lobby.rated_cycler.value is True
    ui.click_button(lobby.create_button)
    assert ui.until(lambda: isinstance(ui.top, LobbyScene), max_frames=1500, sleep=0.01), lobby.error
    link = ui.top.link
    assert ui.until(lambda: link.seat_ratings.get(0) == "0.0?", max_frames=1500, sleep=0.01), \
        "the seats screen shows ada's rating (a new player's: 0, provisional)"
    with psycopg.connect(club.dsn) as conn:
        assert conn.execute("SELECT rated FROM tables WHERE id = %s", (link.table_id,)).fetchone()[0] is True

    assert bob_resigns(club.nats.url, link.table_id)["t"] == "ok"
    assert ui.until(lambda: isinstance(ui.top, GameOverScene) and any(label == "Rating" for label, _ in ui.top.stats),
                    max_frames=2000, sleep=0.01), "the game-over screen shows the rating change"
    [(_label, values)] = [row for row in ui.top.stats if row[0] == "Rating"]
    assert "? (+" in values[0] and "? (-" in values[1], "each player's new rating, provisional, and its change"

    ui.top.link.close()
    ui.app.back_to(ClubLobbyScene)
    lobby = ui.top
    lobby.refresh()
    assert ui.until(lambda: lobby.my_rating is not None and lobby.my_rating["games"] == 1, max_frames=1500,
                    sleep=0.01)
    assert len(lobby.my_rating["history"]) == 1 and lobby.my_rating["history"][0]["won"]
    ui.click_button(lobby.ratings_button)
    assert ui.until(lambda: [k for k, _cells in lobby.ratings_list.rows] == ["ada", "bob"], max_frames=1500,
                    sleep=0.01)
    assert lobby.ratings_list.rows[0][1][1] == "ada  (you)"
