"""A club game goes on across a restart of nats-server and of PostgreSQL: nothing lost, nothing twice."""
from tests.club import needs  # noqa: F401 - skips this module without the club's libraries
import asyncio
import threading

from club.send_now import flush_in_order
from tests.club.test_tables import run, seated_table, stored_actions
from tests.game.proxy import Relay


async def take_ones(clients, moves):
    """`moves` turns, each seat in turn taking one counter; the answers."""
    seats = {c.seat: c for c in clients}
    replies = []
    for _ in range(moves):
        turn = seats[clients[0].view["public"]["turn"]]
        replies.append(await turn.request({"type": "take", "count": 1}, timeout=10))
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


class LosingRelay(Relay):
    """A relay in front of nats-server for a table process: what the process sends is thrown away while `losing`
    is set, as a nats-server that dies with a process's messages unsent loses them."""

    def __init__(self, target):
        self.losing = threading.Event()
        super().__init__(target)

    def _carry(self, src, dst, way: str) -> None:
        if way == "down":
            return super()._carry(src, dst, way)
        while data := src.recv(65536):
            if not self.losing.is_set():
                dst.sendall(data)


async def until(what: str, done, timeout: float = 10.0) -> None:
    """Wait, looking every 10 ms, until `done()` is true (an AssertionError naming `what` after `timeout` s)."""
    for _ in range(int(timeout / 0.01)):
        if done():
            return
        await asyncio.sleep(0.01)
    raise AssertionError(f"{what}: not within {timeout:g} s")


def test_a_move_whose_answer_and_update_died_with_nats_server_reaches_both_players_once_all_are_back(club):
    """Issue 41, B: nats-server dies just after the table process published a move's `ok` and updates, and the
    players reconnect before the table process does, so their first `hello` reaches no one. The players say
    hello again until welcomed, and the mover's resend is answered with its `ok` and the view as it is now:
    both views reach the move, which was applied once."""
    relay = LosingRelay(("127.0.0.1", club.nats.server.port))
    club.start(extra=("--nats", f"nats://club:{club.nats.service_password}@127.0.0.1:{relay.port}"))

    async def scenario():
        table_id, clients, _, _ = await seated_table(club, {"pile": 10})
        await take_ones(clients, 2)
        relay.losing.set()
        mover = {c.seat: c for c in clients}[clients[0].view["public"]["turn"]]
        answer = asyncio.ensure_future(mover.request({"type": "take", "count": 1}, timeout=30))
        await until("the move stored", lambda: len(stored_actions(club.dsn, table_id)) == 3)
        relay.drop()   # the table process's connection goes, and no new one gets through for now
        reconnects = [c.nc.stats["reconnects"] for c in clients]
        await asyncio.to_thread(club.nats.server.restart)
        await until("both players reconnected", lambda: all(
            c.nc.is_connected and c.nc.stats["reconnects"] > n for c, n in zip(clients, reconnects)))
        for c in clients:
            await flush_in_order(c.nc)   # their hellos have reached the server, which had no one to give them to
        relay.losing.clear()
        relay.restore()
        ok = await answer
        await until("both views at rev 3", lambda: all(c.view["public"]["rev"] == 3 for c in clients))
        for c in clients:
            await c.close()
        return table_id, ok

    try:
        table_id, ok = run(scenario(), timeout=40)
    finally:
        relay.close()
    assert ok["t"] == "ok" and ok["rev"] == 3
    assert [rev for rev, *_ in stored_actions(club.dsn, table_id)] == [1, 2, 3]
