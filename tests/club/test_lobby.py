"""The lobby's requests: tables listed with their options and who sits where, `join` and `leave` as
requests, against the real servers (one table process per test)."""
from tests.club import needs  # noqa: F401 - skips this module without the club's libraries
import psycopg
import pytest

from club import client as club_client
from net.client import TableError
from tests.club.test_tables import ADA, BOB, run


async def signed_in(club, *who):
    """Each of `who` signed up and signed in: their NATS connections."""
    out = []
    for name, secret in who:
        await club_client.sign_up(club.nats.url, name, secret)
        out.append(await club_client.connect_player(club.nats.url, name, secret, allow_reconnect=False))
    return out


def test_the_lobby_lists_each_table_with_its_options_seats_taken_and_free_and_who_sits_where(club):
    club.start()

    async def scenario():
        ada, bob = await signed_in(club, ADA, BOB)
        table = await club_client.lobby(ada, "ada", "create", {"game": "toy", "seats": 3, "options": {"pile": 10},
                                                               "seat_kinds": ["open", "hard", "open"]})
        joined = await club_client.lobby(bob, "bob", "join", {"table": table, "seat": 2})
        listed = await club_client.lobby(ada, "ada", "list")
        bobs = await club_client.lobby(bob, "bob", "mine")
        for nc in (ada, bob):
            await nc.close()
        return table, joined, listed, bobs

    table, joined, listed, bobs = run(scenario())
    assert joined["seat"] == 2 and len(joined["token"]) > 20
    [row] = listed
    assert row["id"] == table and row["options"] == {"pile": 10} and row["state"] == "lobby"
    assert (row["free"], row["taken"], row["bots"]) == (1, 2, 1)
    assert [(s["seat"], s["kind"], s.get("player"), s.get("level")) for s in row["seats"]] == [
        (0, "open", None, None), (1, "bot", None, "hard"), (2, "human", "bob", None)]
    assert not any("token" in key for s in row["seats"] for key in s)   # no token's digest goes out
    [mine] = bobs
    assert (mine["id"], mine["seat"], mine["options"], mine["your_move"]) == (table, 2, {"pile": 10}, False)


def test_options_off_the_games_menu_are_refused_with_the_engines_sentence_and_nothing_is_created(club):
    club.start()

    async def scenario():
        [ada] = await signed_in(club, ADA)
        sentences = []
        for game, options in (("risk", {"card_values": "nope"}), ("toy", {"pile": 0}), ("toy", ["pile"])):
            with pytest.raises(TableError) as caught:
                await club_client.lobby(ada, "ada", "create", {"game": game, "seats": 3, "options": options})
            sentences.append(str(caught.value))
        listed = await club_client.lobby(ada, "ada", "list")
        await ada.close()
        return sentences, listed

    sentences, listed = run(scenario())
    assert sentences == ["Option 'card_values' must be one of escalating, fixed, not 'nope'.",
                         "pile must be an integer from 1 to 10000",
                         "A table's options are a map of option names to values."]
    assert listed == []


def test_a_seat_joined_then_left_in_the_lobby_is_open_again_and_the_last_join_starts_the_table(club):
    club.start()

    async def scenario():
        ada, bob = await signed_in(club, ADA, BOB)
        table = await club_client.lobby(ada, "ada", "create", {"game": "toy", "seats": 2})
        first = await club_client.lobby(bob, "bob", "join", {"table": table})
        again = await club_client.lobby(bob, "bob", "join", {"table": table})   # already seated: the same seat
        left = await club_client.lobby(bob, "bob", "leave", {"table": table})
        after_leave = (await club_client.lobby(ada, "ada", "list"))[0]
        with pytest.raises(TableError, match="no seat"):
            await club_client.lobby(bob, "bob", "leave", {"table": table})
        ada_seat = await club_client.lobby(ada, "ada", "join", {"table": table, "seat": 1})
        with pytest.raises(TableError, match="Seat 2 at table .* is not free"):
            await club_client.lobby(bob, "bob", "join", {"table": table, "seat": 1})
        bob_seat = await club_client.lobby(bob, "bob", "join", {"table": table})
        started = (await club_client.lobby(ada, "ada", "list"))[0]
        # the seat taken from the lobby is the one the table welcomes bob to
        client = club_client.ClubClient(club.nats.url, *BOB, table)
        welcome = await client.connect()
        held = await club_client.lobby(bob, "bob", "leave", {"table": table})
        still = (await club_client.lobby(ada, "ada", "list"))[0]
        await client.close()
        for nc in (ada, bob):
            await nc.close()
        return first, again, left, after_leave, ada_seat, bob_seat, started, welcome, held, still

    first, again, left, after_leave, ada_seat, bob_seat, started, welcome, held, still = run(scenario())
    assert first == again and left == {"seat": first["seat"], "held": False}
    assert after_leave["free"] == 2 and all(s["kind"] == "open" for s in after_leave["seats"])
    assert ada_seat["seat"] == 1 and bob_seat["seat"] == 0
    assert started["state"] == "play" and started["free"] == 0
    assert [s.get("player") for s in started["seats"]] == ["bob", "ada"]
    assert welcome["seat"] == 0 and welcome["view"]["private"]["secret"]
    # after the start, leaving keeps the seat for its holder (documented in docs/club.md)
    assert held == {"seat": 0, "held": True}
    assert [s.get("player") for s in still["seats"]] == ["bob", "ada"]
    with psycopg.connect(club.dsn) as conn:
        assert conn.execute("SELECT seat, player FROM seats ORDER BY seat").fetchall() == [(0, "bob"), (1, "ada")]


def test_mine_tells_when_the_turn_started_and_how_long_is_left_before_the_move_deadline(conn):
    import time
    from club import db, lobby
    from club.table_host import ClubTable
    from net.host import new_session
    from tests.club.test_table_host import HELLO
    day = db.create_table(conn, new_session("toy", 2, seed=3), name="a day", created_by="ada", move_deadline=86400,
                          on_deadline="bot")
    live = db.create_table(conn, new_session("toy", 2, seed=4), name="live", created_by="ada")
    before = time.time()
    for table_id in (day, live):
        table = ClubTable(db.load_table(conn, table_id))
        for player in ("ada", "bob"):
            table.receive(conn, player, dict(HELLO, name=player))
        table.receive(conn, "ada", {"t": "act", "seq": 1, "a": {"type": "take", "count": 1}})
    [adas_day] = [t for t in lobby.mine(conn, "ada") if t["id"] == day]
    bobs = {t["id"]: t for t in lobby.mine(conn, "bob")}
    assert bobs[day]["your_move"] and bobs[day]["on_deadline"] == "bot" and bobs[day]["move_deadline"] == 86400
    # the turn runs from ada's move (stored a moment ago), so nearly the whole day is left
    assert before - 5 <= bobs[day]["turn_started"] <= time.time() + 5
    assert 86400 - 60 < bobs[day]["deadline_left"] <= 86400
    assert not adas_day["your_move"] and abs(adas_day["deadline_left"] - bobs[day]["deadline_left"]) < 5   # the table's
    assert bobs[live]["deadline_left"] is None and bobs[live]["turn_started"] is not None
    assert bobs[live]["on_deadline"] is None
