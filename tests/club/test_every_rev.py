"""Every rev reaches every receiver at the club too: the position of issue 41 (Tactics (1940), seed 54, a
plane card played on a player with neither planes nor coins, who must now sacrifice a piece) taken over by a
table process from PostgreSQL; seat 0's move reaches all four seats and a spectator, each told why seat 2
is now to act."""
from tests.club import needs  # noqa: F401 - skips this module without the club's libraries
import asyncio
import secrets

from club import client as club_client
from club import db
from engine.session import Session
from net.table import token_digest
from tests.club.bounded import run
from tests.net.test_every_rev_reaches_everyone import SEED54

PLAYERS = [(name, f"{name}-keeps-a-secret") for name in ("ada", "bob", "cy", "dee")]
WATCHER = ("eve", "eve-keeps-a-secret")


def stored_position(dsn) -> int:
    """The seed-54 table in the club's database as a table process would have left it: four players seated,
    the 205 actions stored (each player's with its seq). Its id."""
    tokens = [secrets.token_urlsafe(16) for _ in PLAYERS]
    session = Session("tactics1940", 4, seed=SEED54["seed"],
                      seats=[{"name": name, "kind": "human", "token_sha256": token_digest(token)}
                             for (name, _), token in zip(PLAYERS, tokens)])
    actions, seqs = [], {}
    for rev, (seat, action) in enumerate(SEED54["actions"], start=1):
        seq = None if seat is None else seqs.setdefault(seat, 0) + 1
        if seat is not None:
            seqs[seat] = seq
        actions.append((rev, seat, action, seq))
    db.migrate(dsn)
    with db.connect(dsn) as conn:
        for name, secret in [*PLAYERS, WATCHER]:
            db.sign_up(conn, name, secret)
        table_id = db.create_table(conn, session, name="seed 54")
        db.write_step(conn, table_id, actions=actions, state="play",
                      new_holders=[(seat, name, token) for seat, ((name, _), token) in enumerate(zip(PLAYERS, tokens))])
    return table_id


def test_a_plane_raid_on_a_player_without_coins_reaches_every_seat_and_spectator_at_the_club(club):
    table_id = stored_position(club.dsn)
    club.start()   # takes the table over (and writes the players' NATS accounts)

    async def scenario():
        boxes = [asyncio.Queue() for _ in range(5)]
        clients = [club_client.ClubClient(club.nats.url, name, secret, table_id, on_message=box.put_nowait)
                   for (name, secret), box in zip(PLAYERS, boxes)]
        clients.append(club_client.ClubClient(club.nats.url, *WATCHER, table_id, want="watch",
                                              on_message=boxes[-1].put_nowait))
        welcomes = [await c.connect() for c in clients]
        assert [w["seat"] for w in welcomes] == [0, 1, 2, 3, None] and {w["rev"] for w in welcomes} == {205}
        answer = await clients[0].request({"type": "choose_player", "seat": 2})
        seen = []
        for who, box in zip(["seat 0", "seat 1", "seat 2", "seat 3", "a spectator"], boxes):
            try:
                while (msg := await asyncio.wait_for(box.get(), 5))["t"] != "update" or msg["rev"] < 206:
                    pass
            except asyncio.TimeoutError:
                raise AssertionError(f"{who} was never sent rev 206") from None
            seen.append(msg)
        views = [c.view for c in clients]
        for c in clients:
            await c.close()
        return answer, seen, views

    answer, seen, views = run(scenario())
    assert answer["t"] == "ok" and answer["rev"] == 206
    assert [m["rev"] for m in seen] == [206] * 5
    assert all([e["type"] for e in m["events"]] == ["sacrifice_owed"] for m in seen)
    assert all(v["public"]["to_act"] == [2] for v in views)
