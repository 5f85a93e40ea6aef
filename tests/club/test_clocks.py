"""Club clocks: a silent player is shown gone (its seat kept); a correspondence seat past its move
deadline has that move made for it by a bot, and the move waits for its player when it comes back,
or, at a `forfeit` table, the seat forfeits and the other camp wins."""
from tests.club import needs  # noqa: F401 - skips this module without the club's libraries
import asyncio

import psycopg
import pytest

import bots
from club import client as club_client
from engine.session import Session
from tests.club.test_table_host import HELLO, new_table
from tests.club.test_tables import ADA, BOB, run, stored_actions


def test_a_player_silent_for_15_s_is_shown_gone_and_keeps_its_seat(conn):
    table = new_table(conn)
    table.receive(conn, "ada", dict(HELLO, name="ada"), now=0.0)
    table.receive(conn, "bob", dict(HELLO, name="bob"), now=0.0)
    table.receive(conn, "ada", {"t": "ping", "n": 1}, now=10.0)
    sends = table.drop_silent(now=15.0)
    seats = [m["view"]["public"]["seats"] for c, m in sends if c == "ada" and m["t"] == "update"][-1]
    assert [s["connected"] for s in seats] == [True, False]
    assert table.seat_of_player("bob") == 1  # still bob's
    back = table.receive(conn, "bob", dict(HELLO, name="bob"), now=16.0)
    assert [m["seat"] for c, m in back if c == "bob" and m["t"] == "welcome"] == [1]


@pytest.mark.parametrize("deadline", [1])
def test_a_correspondence_seat_past_its_deadline_gets_its_move_made_by_a_bot(club, deadline):
    club.start()

    async def scenario():
        await club_client.sign_up(club.nats.url, *ADA)
        await club_client.sign_up(club.nats.url, *BOB)
        nc = await club_client.connect_player(club.nats.url, *ADA, allow_reconnect=False)
        table_id = await club_client.lobby(nc, "ada", "create", {"game": "toy", "seats": 2, "seed": 5,
                                                                 "move_deadline": deadline})
        with pytest.raises(Exception, match="deadline"):
            await club_client.lobby(nc, "ada", "create", {"game": "toy", "move_deadline": -3})
        await nc.close()
        updates = asyncio.Queue()
        ada = club_client.ClubClient(club.nats.url, *ADA, table_id,
                                     on_message=lambda m: m["t"] == "update" and updates.put_nowait(m))
        await ada.connect()
        bob = club_client.ClubClient(club.nats.url, *BOB, table_id)
        await bob.connect()
        await bob.close()  # bob goes away; it is ada's move
        assert (await ada.request({"type": "take", "count": 3}))["t"] == "ok"
        while True:  # bob's move, made for him once the deadline has passed
            update = await asyncio.wait_for(updates.get(), deadline + 5)
            if update["rev"] == 2:
                break
        back = club_client.ClubClient(club.nats.url, *BOB, table_id)
        welcome = await back.connect()
        await back.close()
        await ada.close()
        return update, welcome

    update, welcome = run(scenario())
    assert [e["seat"] for e in update["events"] if e["type"] == "took"] == [1]
    assert welcome["seat"] == 1 and welcome["rev"] == 2  # the move is waiting for bob when he comes back
    assert welcome["view"]["public"]["turn"] == 0


def test_a_player_s_tables_list_those_waiting_for_its_move_first(conn):
    from club import db
    waiting_on_bob, waiting_on_ada = new_table(conn, seed=1), new_table(conn, seed=2)
    for table in (waiting_on_bob, waiting_on_ada):
        table.receive(conn, "ada", dict(HELLO, name="ada"))
        table.receive(conn, "bob", dict(HELLO, name="bob"))
    waiting_on_bob.receive(conn, "ada", {"t": "act", "seq": 1, "a": {"type": "take", "count": 1}})
    waiting_on_ada.receive(conn, "ada", {"t": "act", "seq": 1, "a": {"type": "take", "count": 1}})
    waiting_on_ada.receive(conn, "bob", {"t": "act", "seq": 1, "a": {"type": "take", "count": 1}})
    listed = db.tables_of(conn, "ada")
    assert [(t["id"], t["your_move"]) for t in listed] == [(waiting_on_ada.id, True), (waiting_on_bob.id, False)]
    assert [t["id"] for t in db.tables_of(conn, "bob") if t["your_move"]] == [waiting_on_bob.id]


def test_a_correspondence_seat_past_its_deadline_forfeits_and_both_players_see_the_other_side_win(club):
    """Tactics (1940) at two seats, a 1 s deadline, `forfeit`: nobody moves, the seat to act forfeits."""
    club.start()

    async def scenario():
        await club_client.sign_up(club.nats.url, *ADA)
        await club_client.sign_up(club.nats.url, *BOB)
        nc = await club_client.connect_player(club.nats.url, *ADA, allow_reconnect=False)
        with pytest.raises(Exception, match="two camps"):  # the two neutrals make four camps at four seats
            await club_client.lobby(nc, "ada", "create", {"game": "tactics1940", "seats": 4, "move_deadline": 1,
                                                          "on_deadline": "forfeit"})
        table_id = await club_client.lobby(nc, "ada", "create", {"game": "tactics1940", "seats": 2, "seed": 3,
                                                                 "move_deadline": 1, "on_deadline": "forfeit"})
        await nc.close()
        heard = ([], [])
        clients = [club_client.ClubClient(club.nats.url, *who, table_id, on_message=box.append)
                   for who, box in zip((ADA, BOB), heard)]
        for c in clients:
            await c.connect()
        for _ in range(250):  # bounded: 1 s of deadline, then a clock that looks every 0.25 s
            if all(c.view["public"]["result"] is not None for c in clients):
                break
            await asyncio.sleep(0.04)
        seen = [[e for m in box if m["t"] == "update" for e in m["events"] if e["type"] == "resigned"]
                for box in heard]
        results = [c.view["public"]["result"] for c in clients]
        for c in clients:
            await c.close()
        return table_id, seen, results

    table_id, seen, results = run(scenario())
    assert seen[0] == seen[1] and len(seen[0]) == 1
    loser = seen[0][0]["seat"]
    assert results[0] == results[1] and results[0]["winners"] == [1 - loser]
    stored = stored_actions(club.dsn, table_id)
    assert [(seat, action) for _rev, seat, action, _seq in stored] == [(None, {"type": "resign", "seat": loser})]
    with psycopg.connect(club.dsn) as c:
        header = c.execute("SELECT game, options, n_seats, seed, seat_list, state FROM tables WHERE id = %s",
                           (table_id,)).fetchone()
    assert header[-1] == "over"
    replay = Session.from_header(dict(zip(("game", "options", "n_seats", "seed", "seats"), header[:-1])))
    for _rev, seat, action, seq in stored:
        replay.apply(seat, action, seq=seq)
    assert replay.result() == results[0]  # the actions alone end the game the same way


def test_a_reaction_window_the_rules_timer_closes_is_no_seat_s_delay(conn):
    """Tactics (1940) opens a reaction window after a move, the other seat in `to_act` until the rules'
    timer closes it: a deadline shorter than the window resigns nobody; once it is closed, it does."""
    from club import db
    from club.table_host import ClubTable
    seats = [{"name": name, "kind": "human"} for name in ("ada", "bob")]
    played = Session("tactics1940", 2, seed=1, seats=seats)
    players = [bots.make("tactics1940", "easy", seat, seat) for seat in (0, 1)]
    for _ in range(20):  # the first moves open one (bounded)
        if played.timer() is not None:
            break
        mover = played.to_act()[0]
        played.apply(mover, players[mover].choose(played.view(mover)))
    assert played.timer() is not None and played.to_act()
    table_id = db.create_table(conn, Session("tactics1940", 2, seed=1, seats=seats), name="window",
                               move_deadline=1, on_deadline="forfeit")
    db.write_step(conn, table_id, actions=[(rev, seat, action, None)
                                           for rev, (seat, action) in enumerate(played.log, start=1)])
    table = ClubTable(db.load_table(conn, table_id))
    table.moved_at = 0.0  # long past the deadline
    assert table.overdue_seat(wall_now=100.0) is None
    table.fire_timer(conn, table.table.rev)
    table.moved_at = 0.0
    overdue = table.overdue_seat(wall_now=100.0)
    assert overdue is not None and overdue in table.session.to_act()
