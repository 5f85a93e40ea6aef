"""A correspondence game of Tactics (1954) across restarts of every server: two players who are never at
the table together, each coming back to find the other's move waiting in its welcome, while between their
visits nats-server restarts, PostgreSQL restarts, and the table process is killed and another started.
Nothing is lost and nothing applied twice: the table's state is a local Session's replaying the same moves."""
from tests.club import needs  # noqa: F401 - skips this module without the club's libraries
import asyncio
import random
import signal

import msgpack

from club import client as club_client
from engine import legal
from engine.session import Session
from tests.club.test_tables import ADA, BOB, ada_creates, owner_pid, run, stored_actions

SEED = 3
VISITS = 5                     # set-up (each side), a turn each, one more
MOVES_A_VISIT = 2              # unit moves before the player ends its movement
ENDERS = ("setup_done", "end_movement", "confirm_battles")  # set-up as it stands: the default arrangement
TABLE_FIELDS = ("seats", "table_phase")  # what the table adds to a view (connections), not the game


def kill_and_replace(club, table_id) -> None:
    """The process owning the table killed outright, another started (it takes the table over)."""
    pid = owner_pid(club.dsn, table_id)
    doomed = next(p for p in club.procs if p.pid == pid)
    doomed.send_signal(signal.SIGKILL)
    doomed.wait(5)
    club.start()


def game_view(view: dict) -> dict:
    """A view as it came over the wire, without what the table adds to it."""
    view = msgpack.unpackb(msgpack.packb(view, use_bin_type=True), raw=False)
    for field in TABLE_FIELDS:
        view["public"].pop(field, None)
    return view


def choose(listing: dict, done: int, rand: random.Random) -> dict:
    """A few unit moves from `legal`, then the action that ends the phase (when none does yet, any other
    action that goes forward: a battle to fight must be assigned before the battles are confirmed)."""
    moves = legal.listing(*legal.of_type(listing, "move"))
    if done < MOVES_A_VISIT and legal.size(moves):
        return legal.sample(moves, rand)
    for ender in ENDERS:
        if legal.contains(listing, {"type": ender}):
            return {"type": ender}
    kinds = [legal.of_type(listing, kind) for kind in sorted(legal.types(listing) - {"undo", "unassign"})] \
        or [legal.of_type(listing, kind) for kind in legal.types(listing)]  # forward: a battle plan is not unmade
    return legal.sample(legal.listing([a for k in kinds for a in k[0]], [t for k in kinds for t in k[1]]), rand)


async def visit(club, who, table_id, local: Session, sent: list, rand: random.Random) -> dict:
    """`who` comes back to the table, finds the game where the local Session is, acts until it is no longer
    to act (bounded) and goes away again. Returns its welcome."""
    player = club_client.ClubClient(club.nats.url, *who, table_id)
    welcome = await player.connect()
    seat = welcome["seat"]
    assert welcome["rev"] == local.rev and game_view(welcome["view"]) == game_view(local.view(seat)), \
        "the other's moves are waiting in the welcome, none lost, none twice"
    for done in range(12):
        if seat not in player.view["public"]["to_act"]:
            break
        action = choose(player.view["private"]["legal"], done, rand)
        reply = await player.request(action, timeout=15)
        assert reply == {"t": "ok", "seq": reply["seq"], "rev": local.rev + 1}, reply
        local.apply(seat, action, seq=reply["seq"])
        sent.append((seat, action))
        for _ in range(200):  # the update that follows the ok, before choosing from the view again
            if player.view["public"]["rev"] == local.rev:
                break
            await asyncio.sleep(0.02)
    await player.close()
    return welcome


def test_a_correspondence_game_of_tactics_1954_survives_a_restart_of_every_server_between_moves(club, postgres):
    club.start()

    async def scenario():
        [table_id] = await ada_creates(club, {"game": "ah_tactics", "seats": 2, "seed": SEED, "move_deadline": 3600})
        for who in (ADA, BOB):  # both take their seats, and go away
            seated = club_client.ClubClient(club.nats.url, *who, table_id)
            await seated.connect()
            await seated.close()
        local = Session("ah_tactics", 2, seed=SEED)  # ada took seat 0, bob seat 1
        rand, sent = random.Random(SEED), []
        restarts = [club.nats.server.restart, postgres.restart, lambda: kill_and_replace(club, table_id),
                    club.nats.server.restart]
        welcomes = []
        for i in range(VISITS):  # whoever the game waits for comes back (set-up: Ada first)
            who = (ADA, BOB)[local.to_act()[0]]
            welcomes.append(await visit(club, who, table_id, local, sent, rand))
            if i < len(restarts):
                await asyncio.to_thread(restarts[i])
        return table_id, local, sent, welcomes

    table_id, local, sent, welcomes = run(scenario(), timeout=120)
    assert {w["seat"] for w in welcomes} == {0, 1}
    assert all(a["rev"] < b["rev"] for a, b in zip(welcomes, welcomes[1:]))  # each came back to moves waiting
    assert local.view(0)["public"]["phase"] != "setup" and len(sent) >= 8  # past the set-up, moves on both sides
    stored = stored_actions(club.dsn, table_id)
    assert [rev for rev, *_ in stored] == list(range(1, len(sent) + 1))
    assert [(seat, action) for _rev, seat, action, _seq in stored] == sent
    replayed = Session.from_header(local.header())
    for _rev, seat, action, seq in stored:
        replayed.apply(seat, action, seq=seq)
    assert replayed.state_hash() == local.state_hash()
