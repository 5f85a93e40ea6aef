"""Every rev reaches every receiver (PROTOCOL.md: "`rev` counts accepted actions"; each is followed by an
`update` to every client): an accepted action moves every seat's and spectator's view on, whether the rules
had something to say about it or not. Issue 41: a step the rules took silently was answered `ok` and sent
to nobody, and the seat it made due never learnt it was its turn."""
import json
import pathlib
import secrets

import pytest

from engine.session import Session
from net.table import token_digest
from tests import toy_game
from tests.net.wire import RawClient

SEED54 = json.loads((pathlib.Path(__file__).parent / "tactics1940_seed54.json").read_text())


def seated_session(game: str, n_seats: int, seed: int, actions=()) -> tuple[Session, list[str]]:
    """A game whose seats are held by people with known tokens, moved on by `actions` ((seat, action) pairs)."""
    tokens = [secrets.token_urlsafe(16) for _ in range(n_seats)]
    session = Session(game, n_seats, seed=seed, seats=[{"name": f"P{s}", "kind": "human",
                                                       "token_sha256": token_digest(tokens[s])}
                                                      for s in range(n_seats)])
    for seat, action in actions:
        session.apply(seat, action)
    return session, tokens


def receivers(address, tokens) -> tuple[list[RawClient], list[RawClient]]:
    """Every seat, by its token, and two spectators: one taking whole views, one patches."""
    seats = []
    for token in tokens:
        client = RawClient(address)
        assert client.hello(token=token)["t"] == "welcome"
        seats.append(client)
    watchers = []
    for views in (None, "patches"):
        client = RawClient(address)
        client.send({"t": "hello", "proto": 1, "name": "Watcher", "want": "watch", **({"views": views} if views else {})})
        assert client.recv()["t"] == "welcome"
        watchers.append(client)
    return seats, watchers


def update_at(client: RawClient, rev: int, who: str) -> dict:
    """The first update at `rev` or later, within 5 s (the host sends it at once)."""
    try:
        return client.recv_until(lambda m: m["t"] == "update" and m["rev"] >= rev, timeout=5)
    except TimeoutError:
        raise AssertionError(f"{who} was never sent rev {rev}") from None


def test_a_plane_raid_on_a_player_without_coins_reaches_every_seat_and_spectator(start_host):
    """The position of issue 41 (Tactics (1940), seed 54, four normal bots seeded 540 + seat, 205 actions):
    seat 0's plane card is played on seat 2, who has none of the pieces it goes for and no coin to pay the
    forfeit instead, so seat 2 must sacrifice a piece (Rules 16 and 17). Every seat and both spectators get
    rev 206, which names seat 2 to act, with the event that says why."""
    session, tokens = seated_session("tactics1940", SEED54["seats"], SEED54["seed"], SEED54["actions"])
    assert session.rev == 205 and session.to_act() == [0]
    handle = start_host("tactics1940", 4, session=session)
    seats, watchers = receivers(handle.address, tokens)
    answer = seats[0].request(1, {"type": "choose_player", "seat": 2})
    assert answer == {"t": "ok", "seq": 1, "rev": 206}
    for who, client in [*((f"seat {s}", c) for s, c in enumerate(seats)), ("a spectator", watchers[0]),
                        ("a patching spectator", watchers[1])]:
        update = update_at(client, 206, who)
        assert update["rev"] == 206
        assert [e["type"] for e in update["events"]] == ["sacrifice_owed"], update["events"]
        assert update["events"][0] | {"reason": None} == {"type": "sacrifice_owed", "seat": 2, "to": 0, "owed": 1,
                                                          "reason": None, "rule": "sacrifice"}
    public, private = seats[2].view["public"], seats[2].view["private"]
    assert public["to_act"] == [2] and public["prompt"]["kind"] == "sacrifice"
    assert {a["type"] for a in private["legal"]["actions"]} == {"choose_piece"}


@pytest.fixture
def silent_toy(monkeypatch):
    """The toy game's rules, saying nothing of what they do: a step the rules take without an event."""
    apply = toy_game.apply
    monkeypatch.setattr(toy_game, "apply", lambda state, seat, action, rng: apply(state, seat, action, rng) and [])


def test_an_action_the_rules_take_without_an_event_still_moves_every_view(start_host, silent_toy):
    session, tokens = seated_session("toy", 2, seed=3)
    handle = start_host("toy", 2, session=session)
    seats, watchers = receivers(handle.address, tokens)
    for seq, (mover, rev) in enumerate([(0, 1), (1, 2), (0, 3)], start=1):
        assert seats[mover].request(seq, {"type": "take", "count": 1}) == {"t": "ok", "seq": seq, "rev": rev}
        for who, client in [("seat 0", seats[0]), ("seat 1", seats[1]), ("a spectator", watchers[0]),
                            ("a patching spectator", watchers[1])]:
            assert update_at(client, rev, who)["events"] == []
        assert seats[0].view["public"]["rev"] == rev and seats[0].view["public"]["to_act"] == [1 - mover]
