"""Ratings at the club (docs/club.md, "Ratings"): rated games between accounts — two players, four players, two a
side — each update checked against OpenSkill's own numbers (the library called here, not club.ratings); a
resignation and a forfeit on the deadline count as losses; a rated game against a bot moves only the player's
rating; a game's end is rated in the transaction that stores its last action, and never twice."""
from tests.club import needs  # noqa: F401 - skips this module without the club's libraries
import psycopg
import pytest
from openskill.models import PlackettLuce

import bots
import catalog
from club import db, lobby, ratings
from club.requests import Refused
from club.table_host import ClubTable

HELLO = {"t": "hello", "proto": 1, "want": "play"}
LIBRARY = PlackettLuce()   # the library's own model, with its defaults, as the club uses it


@pytest.fixture
def players(conn):
    """ada and bob (the `conn` fixture's), cy and dee signed up too."""
    for name in ("cy", "dee"):
        db.sign_up(conn, name, f"{name}-secret-long-enough")
    return conn


@pytest.fixture
def toy_marks():
    """The toy game with bot marks of its own for these tests (the toy's bots were never measured)."""
    before = catalog.spec("toy")
    catalog.register(catalog.GameSpec(**{**before.__dict__, "bot_marks": "tests/club/toy_marks.json"}))
    ratings.marks.cache_clear()
    yield ratings.marks("toy")
    catalog.register(before)
    ratings.marks.cache_clear()


def rated_table(conn, body: dict, by: str = "ada") -> ClubTable:
    """A table made by the lobby's `create` (rated unless the body says), loaded as a table process loads it."""
    table_id = lobby.create(conn, by, {"rated": True, "seed": 5, **body})
    return ClubTable(db.load_table(conn, table_id), bot_factory=bots.make)


def seated(table: ClubTable, conn, names: list[str]) -> ClubTable:
    for name in names:
        table.receive(conn, name, dict(HELLO, name=name))
    return table


def play_toy_to(table: ClubTable, conn, winner: str) -> None:
    """The players play so that `winner` takes the last counter: the others bring the pile to 3 by its turn."""
    session, seq, n = table.session, {}, table.session.n_seats
    winner_seat = table.seat_of_player(winner)
    while session.result() is None:
        seat = session.to_act()[0]
        player, pile = table.holders[seat][0], session.view(None)["public"]["pile"]
        if player == winner:
            count = pile if pile <= 3 else max(1, min(3, pile - 3 * n))
        else:
            count = max(1, min(3, pile - 3 - ((winner_seat - seat) % n - 1)))
        seq[player] = seq.get(player, 0) + 1
        answers = table.receive(conn, player, {"t": "act", "seq": seq[player], "a": {"type": "take", "count": count}})
        assert [m["t"] for c, m in answers if c == player and m["t"] in ("ok", "err")] == ["ok"]
    assert [table.holders[w][0] for w in session.result()["winners"]] == [winner]


def stored(conn, names: list[str], game: str) -> dict[str, tuple[float, float, int]]:
    rows = conn.execute("SELECT player, mu, sigma, games FROM ratings WHERE game = %s AND player = ANY(%s)",
                        (game, names)).fetchall()
    conn.commit()
    return {p: (mu, sigma, n) for p, mu, sigma, n in rows}


def library_says(teams_before: list[list[tuple[float, float]]], ranks: list[int]) -> list[list[tuple[float, float]]]:
    teams = [[LIBRARY.rating(mu=mu, sigma=sigma) for mu, sigma in team] for team in teams_before]
    return [[(r.mu, r.sigma) for r in team] for team in LIBRARY.rate(teams, ranks=ranks)]


def assert_rated(conn, game: str, teams: list[list[str]], ranks: list[int], before: dict, games: int) -> dict:
    """The stored ratings of `teams` are the library's update of `before` (player -> (mu, sigma)) for `ranks`."""
    expected = library_says([[before[p] for p in team] for team in teams], ranks)
    names = [p for team in teams for p in team]
    now = stored(conn, names, game)
    for team, after in zip(teams, expected):
        for player, (mu, sigma) in zip(team, after):
            # compared by hand: pytest.approx looks at numpy, which a table's game may be importing on a thread
            assert close(now[player][:2], (mu, sigma)), (player, now[player], (mu, sigma))
            assert now[player][2] == games
    return {p: now[p][:2] for p in names}


DEFAULT = (LIBRARY.mu, LIBRARY.sigma)


def close(got, expected) -> bool:
    return len(got) == len(expected) and all(abs(a - b) <= 1e-9 for a, b in zip(got, expected))


def test_two_players_rated_game_after_game_move_as_the_library_says(players):
    conn = players
    before = {"ada": DEFAULT, "bob": DEFAULT}
    for games, winner in enumerate(("ada", "ada", "bob"), start=1):
        table = seated(rated_table(conn, {"game": "toy", "seats": 2, "options": {"pile": 21}}), conn, ["ada", "bob"])
        play_toy_to(table, conn, winner)
        ranks = [1, 2] if winner == "ada" else [2, 1]
        before = assert_rated(conn, "toy", [["ada"], ["bob"]], ranks, before, games)
    changes = ratings.of_table(conn, table.id)
    assert [(c["player"], c["won"]) for c in changes] == [("ada", False), ("bob", True)]
    assert changes[1]["change"] > 0 > changes[0]["change"] and changes[1]["provisional"]


def test_four_players_the_winner_first_and_the_other_three_tied(players):
    conn = players
    names = ["ada", "bob", "cy", "dee"]
    table = seated(rated_table(conn, {"game": "toy", "seats": 4, "options": {"pile": 21}}), conn, names)
    play_toy_to(table, conn, "cy")
    assert_rated(conn, "toy", [[p] for p in names], [2, 2, 1, 2], {p: DEFAULT for p in names}, 1)


def test_two_a_side_the_side_that_resigns_loses_as_a_team(players):
    conn = players
    names = ["ada", "bob", "cy", "dee"]
    table = seated(rated_table(conn, {"game": "ah_tactics", "seats": 4}), conn, names)
    sides = [side["seats"] for side in table.session.sides()]
    assert sides == [[0, 2], [1, 3]], "Tactics (1954) at four seats: two a side"
    table.receive(conn, "bob", {"t": "act", "seq": 1, "a": {"type": "resign", "seat": 1}})
    assert table.session.result()["winners"] == [0, 2]
    assert_rated(conn, "ah_tactics", [["ada", "cy"], ["bob", "dee"]], [1, 2], {p: DEFAULT for p in names}, 1)


def test_a_forfeit_on_the_deadline_is_a_loss(players):
    conn = players
    table = seated(rated_table(conn, {"game": "toy", "seats": 2, "move_deadline": 60, "on_deadline": "forfeit"}),
                   conn, ["ada", "bob"])
    table.deadline_step(conn, table.session.to_act()[0], wall_now=10**10)
    assert_rated(conn, "toy", [["ada"], ["bob"]], [2, 1], {"ada": DEFAULT, "bob": DEFAULT}, 1)


def test_a_rated_game_against_a_bot_moves_only_the_player_at_the_bot_s_mark(players, toy_marks):
    conn = players
    table = seated(rated_table(conn, {"game": "toy", "seats": 2, "seat_kinds": ["open", "hard"],
                                      "options": {"pile": 21}}), conn, ["ada"])
    listed = lobby.listing(conn)[0]
    assert listed["rated"] and listed["bots"] == 1 and listed["seats"][1]["rating"] == ratings.shown(30.0, 1.5)
    seq = 0
    while table.session.result() is None:   # ada takes one counter at a time; the bot moves between
        seq += 1
        table.receive(conn, "ada", {"t": "act", "seq": seq, "a": {"type": "take", "count": 1}})
        while table.table.due_bot() is not None:
            table.bot_step(conn)
    ada_won = table.session.result()["winners"] == [0]
    hard = toy_marks["hard"]
    [[ada], [bot]] = library_says([[DEFAULT], [(hard["mu"], hard["sigma"])]], [1, 2] if ada_won else [2, 1])
    assert close(stored(conn, ["ada"], "toy")["ada"], (*ada, 1))
    assert bot != (hard["mu"], hard["sigma"]), "the library would have moved the bot: the club keeps its mark"
    assert ratings.marks("toy")["hard"]["mu"] == 30.0


def test_a_rated_table_refuses_a_bot_with_no_mark_and_says_which(players):
    with pytest.raises(Refused, match="Seat 2 is a bot \\(hard\\) with no mark"):
        lobby.create(players, "ada", {"game": "toy", "seats": 2, "bots": ["hard"], "rated": True})
    with pytest.raises(Refused, match="`rated` is true"):
        lobby.create(players, "ada", {"game": "toy", "rated": "yes"})
    casual = lobby.create(players, "ada", {"game": "toy", "bots": ["hard"]})
    assert [t["rated"] for t in lobby.listing(players) if t["id"] == casual] == [False]


def test_a_casual_table_rates_nobody(players):
    conn = players
    table = seated(rated_table(conn, {"game": "toy", "rated": False, "options": {"pile": 4}}), conn, ["ada", "bob"])
    play_toy_to(table, conn, "bob")
    assert stored(conn, ["ada", "bob"], "toy") == {}


def test_the_last_action_and_its_rating_are_one_transaction(players, monkeypatch):
    """A rating that cannot be written takes the game's last action with it: nothing of the end is stored."""
    conn = players
    table = seated(rated_table(conn, {"game": "toy", "options": {"pile": 2}}), conn, ["ada", "bob"])
    real = ratings.rate

    def rated_then_lost(conn_, table_id, outcome):
        real(conn_, table_id, outcome)
        raise psycopg.errors.QueryCanceled("the process died here")
    monkeypatch.setattr(ratings, "rate", rated_then_lost)
    with pytest.raises(psycopg.errors.QueryCanceled):
        table.receive(conn, "ada", {"t": "act", "seq": 1, "a": {"type": "take", "count": 2}})
    assert db.load_table(conn, table.id)["actions"] == [] and db.load_table(conn, table.id)["state"] == "play"
    assert stored(conn, ["ada", "bob"], "toy") == {} and ratings.of_table(conn, table.id) == []


def test_a_rated_game_s_last_move_is_not_sent_ahead_of_its_rating_and_is_rated_once(players):
    """A quiet process sends a move before its step is done (db.Batch); a rated game's last move waits for the
    commit, where its rating joins it. A table rebuilt from the database after the end rates nothing again."""
    conn = players
    conn.autocommit = True   # as a table process's connection
    table = seated(rated_table(conn, {"game": "toy", "options": {"pile": 4}}), conn, ["ada", "bob"])
    batch = db.Batch(conn)
    table.receive(batch, "ada", {"t": "act", "seq": 1, "a": {"type": "take", "count": 1}})
    assert batch.sent is not None, "a usual move leaves at once"
    assert db.write_batch(conn, batch) == {}
    batch = db.Batch(conn)
    table.receive(batch, "bob", {"t": "act", "seq": 1, "a": {"type": "take", "count": 3}})
    assert batch.sent is None, "the game's last move waits for its rating"
    assert db.write_batch(conn, batch) == {}
    assert_rated(conn, "toy", [["ada"], ["bob"]], [2, 1], {"ada": DEFAULT, "bob": DEFAULT}, 1)
    again = ClubTable(db.load_table(conn, table.id))   # another process, after the end: the players come back
    for name in ("ada", "bob"):
        again.receive(conn, name, dict(HELLO, name=name))
    again.receive(conn, "bob", {"t": "act", "seq": 1, "a": {"type": "take", "count": 3}})   # a resend
    assert [c["games"] for c in ratings.of_table(conn, table.id)] == [1, 1]
    assert {p: n for p, (_mu, _s, n) in stored(conn, ["ada", "bob"], "toy").items()} == {"ada": 1, "bob": 1}
    with pytest.raises(psycopg.errors.UniqueViolation):   # and the database itself refuses a second rating
        with conn.transaction():
            ratings.rate(conn, table.id, ratings.outcome(again.session, {0: "ada", 1: "bob"}))


def test_the_lobby_answers_a_leaderboard_a_player_s_history_and_a_table_s_changes(players):
    conn = players
    for winner in ("ada", "ada", "bob"):
        play_toy_to(seated(rated_table(conn, {"game": "toy", "options": {"pile": 21}}), conn, ["ada", "bob"]),
                    conn, winner)
    board = lobby.leaderboard(conn, "cy", {"game": "toy"})
    assert [(p["place"], p["player"], p["games"], p["provisional"]) for p in board["players"]] == \
        [(1, "ada", 3, True), (2, "bob", 3, True)]
    assert board["players"][0]["rating"] == ratings.shown(*stored(conn, ["ada"], "toy")["ada"][:2])
    mine = lobby.rating(conn, "ada", {"game": "toy"})
    assert [h["games"] for h in mine["history"]] == [1, 2, 3] and [h["won"] for h in mine["history"]] == \
        [True, True, False]
    assert mine["history"][-1]["rating"] == mine["rating"]
    assert lobby.rating(conn, "ada", {"game": "toy", "player": "cy"})["games"] == 0   # never rated: the default
    with pytest.raises(Refused):
        lobby.leaderboard(conn, "ada", {"game": "nope"})
