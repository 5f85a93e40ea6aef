"""A club game goes on across a restart of nats-server and of PostgreSQL: nothing lost, nothing twice."""
from tests.club import needs  # noqa: F401 - skips this module without the club's libraries
import asyncio

from tests.club.test_tables import run, seated_table, stored_actions


async def take_ones(clients, moves):
    """`moves` turns, each seat in turn taking one counter; the answers."""
    seats = {c.seat: c for c in clients}
    replies = []
    for _ in range(moves):
        turn = seats[clients[0].view["public"]["turn"]]
        replies.append(await turn.act({"type": "take", "count": 1}, timeout=10))
        for _ in range(100):  # both views show the move before the next one
            if all(c.view["public"]["pile"] == clients[0].view["public"]["pile"] for c in clients) \
                    and clients[0].view["public"]["turn"] != turn.seat:
                break
            await asyncio.sleep(0.02)
    return replies


def check_whole_game(club, table_id, replies):
    assert [r["t"] for r in replies] == ["ok"] * 10
    assert [r["rev"] for r in replies] == list(range(1, 11))
    stored = stored_actions(club.dsn, table_id)
    assert [(rev, a["count"]) for rev, _seat, a, _seq in stored] == [(rev, 1) for rev in range(1, 11)]


def play_across(club, restart) -> None:
    """A toy game of ten moves at the club, `restart()` called after the fourth: the game ends, every move
    applied once, in order."""
    async def scenario():
        table_id, clients, _, _ = await seated_table(club, {"pile": 10})
        replies = await take_ones(clients, 4)
        await asyncio.to_thread(restart)
        replies += await take_ones(clients, 6)
        over = clients[0].view["public"]["result"]
        for c in clients:
            await c.close()
        return table_id, replies, over

    table_id, replies, over = run(scenario(), timeout=40)
    check_whole_game(club, table_id, replies)
    assert over is not None


def test_a_game_goes_on_when_nats_server_restarts_mid_game(club):
    club.start()
    play_across(club, club.nats.server.restart)


def test_a_game_goes_on_when_postgres_restarts_mid_game(club, postgres):
    club.start()
    play_across(club, postgres.restart)
