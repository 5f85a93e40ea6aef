"""Resigning, for every registered game at every seat count (docs/games.md, "Resigning"): the table's
`{"type": "resign", "seat": S}` ends a game of two camps with the other camp the winners, for every view,
its event reaching everyone; a log ending in it saves and replays to the same hash and the same result.
A seat may resign itself, whoever's turn it is, never another seat. A game of more than two camps refuses
it and changes nothing.

Seeded short playouts of the easy bots (so play gets past set-ups), then the first seat to act resigned.
"""
import random

import pytest

import bots
from engine import games, legal, resign
from engine.errors import BAD_ACTION, GAME_OVER, ILLEGAL, NOT_YOUR_TURN, RuleError
from engine.session import TABLE_SEAT, Session
from tests.conformance.cases import case_id, game_seats

STEPS = 40  # actions before the resignation: past the opening of every game, cheap


def played(game, n_seats, seed=5):
    """A session after a short seeded playout that did not end the game (timers fired when due)."""
    session = Session(game, n_seats, seed=seed)
    rand = random.Random(seed)
    players = [bots.make(game, "easy", seat, seed * 31 + seat) for seat in range(n_seats)]
    for _ in range(STEPS):
        movers = [t for t in session.to_act() if legal.size(session.legal(t))]
        timer = session.timer()
        if timer is not None and (not movers or rand.random() < 0.3):
            seat, action = TABLE_SEAT, timer["action"]
        elif movers:
            seat = rand.choice(movers)
            action = players[seat].choose(session.view(seat)) or legal.sample(session.legal(seat), rand)
        else:
            break
        before = session.rev
        session.apply(seat, action)
        if session.result() is not None:  # ended by the rules: take the position before it
            return played_to(game, n_seats, seed, session.log[:before])
    return session


def played_to(game, n_seats, seed, log):
    session = Session(game, n_seats, seed=seed)
    for seat, action in log:
        session.apply(seat, action)
    return session


def unchanged(session):
    return session.state_hash(), session.rev, list(session.log), session.rng.getstate(), session.result()


@pytest.mark.parametrize("case", game_seats(), ids=case_id)
def test_a_resigned_seat_s_camp_loses_for_every_view_and_the_log_replays_to_the_same_hash(case, tmp_path):
    game, n_seats = case
    assert resign.RESIGN not in games.rules(game).ACTIONS, "resign is the Session's own action type"
    session = played(game, n_seats)
    loser = (session.to_act() or [0])[0]
    camps = resign.camps(session.sides())
    if len(camps) != 2:
        before = unchanged(session)
        with pytest.raises(RuleError) as refused:
            session.apply(TABLE_SEAT, {"type": "resign", "seat": loser})
        assert refused.value.code == ILLEGAL and "two camps" in refused.value.message
        assert unchanged(session) == before
        return
    before = unchanged(session)
    other = next(s for s in range(n_seats) if s != loser)
    for seat, action, code in ((other, {"type": "resign", "seat": loser}, NOT_YOUR_TURN),
                               (TABLE_SEAT, {"type": "resign", "seat": n_seats}, BAD_ACTION),
                               (TABLE_SEAT, {"type": "resign", "seat": loser, "why": "late"}, BAD_ACTION)):
        with pytest.raises(RuleError) as refused:
            session.apply(seat, action)
        assert refused.value.code == code
        assert unchanged(session) == before, "a refused resignation changes nothing"
    events = session.apply(TABLE_SEAT, {"type": "resign", "seat": loser})
    winners = next(c for c in camps if loser not in c)
    result = session.result()
    assert result["winners"] == winners and loser not in winners
    assert result["scores"] == [int(s in winners) for s in range(n_seats)] and result["reason"]
    assert session.to_act() == [] and session.phase == "over" and session.timer() is None
    for viewer in [None, *range(n_seats)]:
        assert session.view(viewer)["public"]["result"] == result
        assert session.events_for(events, viewer) == [{"type": "resigned", "seat": loser}]
    with pytest.raises(RuleError) as refused:
        session.apply(TABLE_SEAT, {"type": "resign", "seat": loser})
    assert refused.value.code == GAME_OVER
    assert session.state_hash() != before[0], "the hash tells a resigned game from the position it stopped at"
    path = tmp_path / f"{game}-{n_seats}.sts"
    session.save(path)
    replay = Session.load(path)
    assert (replay.state_hash(), replay.result(), replay.log) == (session.state_hash(), result, session.log)


@pytest.mark.parametrize("case", game_seats(), ids=case_id)
def test_a_player_resigns_their_own_seat_out_of_turn_and_the_save_replays_it(case, tmp_path):
    game, n_seats = case
    session = played(game, n_seats, seed=6)
    acting = session.to_act()
    # a seat not to act, where there is one: conceding is not a move and waits for no turn
    loser = next((s for s in range(n_seats) if s not in acting), acting[0] if acting else 0)
    action = {"type": "resign", "seat": loser}
    if len(resign.camps(session.sides())) != 2:
        before = unchanged(session)
        with pytest.raises(RuleError) as refused:
            session.apply(loser, action)
        assert refused.value.code == ILLEGAL and unchanged(session) == before
        return
    assert not legal.contains(session.legal(loser), action), "a resignation is never listed: a bot never concedes"
    events = session.apply(loser, action)
    result = session.result()
    assert loser not in result["winners"] and result["winners"]
    assert result["reason"].endswith(" resigns."), "a player's own resignation is told apart from the table's"
    for viewer in [None, *range(n_seats)]:
        assert session.view(viewer)["public"]["result"] == result
        assert session.events_for(events, viewer) == [{"type": "resigned", "seat": loser}]
    path = tmp_path / f"{game}-{n_seats}.sts"
    session.save(path)
    replay = Session.load(path)
    assert (replay.state_hash(), replay.result(), replay.log) == (session.state_hash(), result, session.log)
