"""The Session: one authority, refusals change nothing, saves replay to the same hash."""
import random

import pytest

from engine import RuleError, SaveError, Session, games, legal
from tests.refusals import session_mark, session_refused


def new(seed=7, n=3, **options):
    return Session("toy", n, seed=seed, options=options)


def test_accepted_action_is_logged_and_counts_a_rev():
    s = new()
    events = s.apply(0, {"type": "take", "count": 2})
    assert events[0] == {"type": "took", "seat": 0, "count": 2}
    assert s.rev == 1 and s.log == [[0, {"type": "take", "count": 2}]]
    assert s.to_act() == [1]


@pytest.mark.parametrize("seat,action,code", [
    (1, {"type": "take", "count": 1}, "not_your_turn"),
    (0, {"type": "take", "count": 9}, "illegal"),
    (0, {"type": "take", "count": 100}, "bad_action"),  # outside the schema's 1..99
    (0, {"type": "take", "count": 2, "junk": "x" * 1000}, "bad_action"),  # a field the game does not define
    (0, {"type": "take", "count": "1"}, "bad_action"),
    (0, {"type": "jump"}, "bad_action"),
    (0, {"count": 1}, "bad_action"),
    (0, ["take"], "bad_action"),
])
def test_refused_action_changes_nothing(seat, action, code):
    session_refused(new(), seat, action, code)


def test_game_over_refuses_further_actions():
    s = new(n=1, pile=3)
    s.apply(0, {"type": "take", "count": 3})
    assert s.result()["winners"] == [0] and s.phase == "over" and s.to_act() == []
    with pytest.raises(RuleError) as e:
        s.apply(0, {"type": "take", "count": 1})
    assert e.value.code == "game_over"


def test_view_is_per_seat_and_spectators_see_public_only():
    s = new()
    v0, v1, spectator = s.view(0), s.view(1), s.view(None)
    assert v0["private"]["secret"] != v1["private"]["secret"] or s.state["secrets"][0] == s.state["secrets"][1]
    assert spectator["private"] == {}
    assert v0["public"]["to_act"] == [0] and v0["public"]["result"] is None and v0["public"]["rev"] == 0
    events = s.apply(0, {"type": "take", "count": 1})
    assert [e["type"] for e in s.events_for(events, 0)] == ["took", "peek"]
    assert [e["type"] for e in s.events_for(events, 1)] == ["took"]
    assert [e["type"] for e in s.events_for(events, None)] == ["took"]


def test_same_seed_same_game_and_hash_is_stable():
    a, b = new(seed=99), new(seed=99)
    assert a.state_hash() == b.state_hash()
    for s in (a, b):
        s.apply(0, {"type": "take", "count": 1})
    assert a.state_hash() == b.state_hash()


def test_rng_draws_are_fixed_for_a_seed():
    from engine.rng import Rng
    # Pinned numbers: the contract that lets a save replay on any machine and Python.
    assert Rng(12345).dice(8) == [4, 6, 1, 3, 3, 2, 3, 5]
    items = list(range(10))
    Rng(1).shuffle(items)
    assert items == [6, 8, 9, 7, 5, 3, 0, 4, 1, 2]


def test_save_and_load_replays_to_the_same_hash(tmp_path):
    s = new(seed=5)
    for _ in range(4):
        s.apply(s.to_act()[0], {"type": "take", "count": 1})
    path = tmp_path / "g.sts"
    s.save(path)
    t = Session.load(path)
    assert t.state_hash() == s.state_hash() and t.rev == 4 and t.log == s.log
    assert Session.load(path, upto=2).rev == 2


def test_journal_appends_survive_and_replay(tmp_path):
    from engine.saves import Journal
    s = new(seed=5)
    path = tmp_path / "auto.sts"
    j = Journal(path, s.header(), s.log, s.rev, s.state_hash())
    for _ in range(3):
        seat = s.to_act()[0]
        a = {"type": "take", "count": 2}
        s.apply(seat, a)
        j.append(seat, a)
    j.close()
    assert Session.load(path).state_hash() == s.state_hash()


@pytest.mark.parametrize("damage,phrase", [
    (lambda b: b[:-3], "cut short"),
    (lambda b: b"", "empty"),
    (lambda b: b"\xc1" * 40, "not a Sandtable save"),
    (lambda b: b"hello, this is a text file\n", "not a Sandtable save"),
])
def test_damaged_save_gets_one_clear_sentence(tmp_path, damage, phrase):
    s = new(seed=5)
    s.apply(0, {"type": "take", "count": 1})
    path = tmp_path / "g.sts"
    s.save(path)
    path.write_bytes(damage(path.read_bytes()))
    with pytest.raises(SaveError) as e:
        Session.load(path)
    msg = str(e.value)
    assert phrase in msg and msg.count("\n") == 0 and msg.endswith((".", ")"))


def test_save_with_a_wrong_hash_is_refused(tmp_path):
    import msgpack
    s = new(seed=5)
    s.apply(0, {"type": "take", "count": 1})
    path = tmp_path / "g.sts"
    s.save(path)
    with open(path, "ab") as f:
        f.write(msgpack.packb({"rev": 1, "hash": "0" * 64}))
    # the first checkpoint for rev 1 is right; add a wrong one for rev 0
    with open(path, "ab") as f:
        f.write(msgpack.packb({"rev": 0, "hash": "0" * 64}))
    with pytest.raises(SaveError, match="does not replay"):
        Session.load(path)


def test_save_of_a_game_we_do_not_have(tmp_path):
    import msgpack
    path = tmp_path / "g.sts"
    path.write_bytes(msgpack.packb({"sandtable": "save", "version": 1, "game": "chess", "options": {},
                                    "seed": 1, "n_seats": 2, "seats": []}))
    with pytest.raises(SaveError, match="chess"):
        Session.load(path)


def test_save_from_the_future(tmp_path):
    import msgpack
    path = tmp_path / "g.sts"
    path.write_bytes(msgpack.packb({"sandtable": "save", "version": 9, "game": "toy", "options": {},
                                    "seed": 1, "n_seats": 2, "seats": []}))
    with pytest.raises(SaveError, match="newer Sandtable"):
        Session.load(path)


def test_rollback_undoes_draws_since_the_checkpoint_and_only_those():
    """A rule that rolls dice and then refuses must leave later dice as if it had never run."""
    from engine.rng import Rng
    reference = Rng(7)
    reference.dice(3)
    expected = reference.dice(5)

    rng = Rng(7)
    rng.dice(3)              # before the checkpoint: kept
    rng.checkpoint()
    rng.dice(4)              # a refused action's draws
    rng.rollback()
    assert rng.dice(5) == expected

    rng = Rng(7)
    rng.checkpoint()
    rng.rollback()           # nothing drawn: nothing to undo
    assert rng.dice(3) == Rng(7).dice(3)


@pytest.mark.parametrize("game", games.available())
def test_views_built_together_equal_views_built_one_by_one(game):
    """Session.views shares one public part; every seat must still see exactly what view(seat) shows."""
    n_seats = games.rules(game).MAX_SEATS
    s = Session(game, n_seats, seed=3)
    rand = random.Random(3)
    seats = [None, *range(n_seats)]
    for step in range(400):  # past the opening, so hands and trays hold something private
        if step % 20 == 0:
            assert s.views(seats) == {seat: s.view(seat) for seat in seats}
        movers = s.to_act()
        if not movers:
            break
        action = legal.sample(s.legal(movers[0]), rand)
        if action is not None:
            s.apply(movers[0], action)


# ----- undo (engine/undo.py): relay's steps may be taken back, its die and its turn may not ------------------
STEP, ROLL, PASS, UNDO = {"type": "step"}, {"type": "roll"}, {"type": "pass"}, {"type": "undo"}


def relay(seed=4):
    return Session("relay", 2, seed=seed)


def test_undo_is_listed_after_an_undoable_action_and_restores_the_state_and_its_hash():
    s = relay()
    assert not legal.contains(s.legal(0), UNDO)  # nothing done yet: nothing to take back
    before = (s.state_hash(), s.rng.getstate())
    s.apply(0, STEP)
    assert legal.contains(s.legal(0), UNDO) and not legal.contains(s.legal(1), UNDO)
    events = s.apply(0, UNDO, seq=7)
    assert events == [{"type": "undo", "seat": 0, "events": 1}]   # the one event of the step taken back
    assert (s.state_hash(), s.rng.getstate()) == before
    assert s.rev == 2 and s.log[-1] == [0, UNDO] and s.log_seqs[-1] == 7  # an action like any other


def test_several_undos_walk_back_several_steps_of_the_same_seat():
    s = relay()
    hashes = []
    for _ in range(3):
        hashes.append(s.state_hash())
        s.apply(0, STEP)
    for expected in reversed(hashes):
        s.apply(0, UNDO)
        assert s.state_hash() == expected
    assert not legal.contains(s.legal(0), UNDO)
    with pytest.raises(RuleError) as e:
        s.apply(0, UNDO)
    assert e.value.code == "illegal"


def test_an_undo_copy_made_ahead_is_the_snapshot_the_next_undoable_action_keeps():
    """A host copies the state between two actions (prepare_undo), so an undoable action finds its copy
    made; taking that action back restores the state exactly as it was."""
    s = relay()
    s.apply(0, STEP)
    s.prepare_undo()
    ahead, before = s._copy_ahead[2], s.state_hash()
    s.apply(0, STEP)
    assert s._unjudged[1] is ahead and ahead is not s.state   # the snapshot the undo will walk back to
    s.apply(0, UNDO)
    assert s.state_hash() == before


def test_a_copy_made_ahead_of_a_state_that_moved_since_is_not_kept():
    """The copy is of the state at its rev: once an action moves the table (here a roll, which keeps no copy),
    the next undoable action copies the state as it is then."""
    s = relay()
    s.prepare_undo()
    stale = s._copy_ahead[2]
    s.apply(0, ROLL)
    after_roll = s.state_hash()
    s.apply(0, STEP)
    assert s._unjudged[1] is not stale
    s.apply(0, UNDO)
    assert s.state_hash() == after_roll


@pytest.mark.parametrize("barrier", [ROLL, PASS], ids=["a die was rolled", "the turn passed"])
def test_nothing_before_a_roll_or_a_passed_turn_can_be_undone(barrier):
    s = relay()
    s.apply(0, STEP)
    s.apply(0, barrier)
    seat = s.to_act()[0]
    assert not legal.contains(s.legal(seat), UNDO)
    before = (s.state_hash(), s.rev, list(s.log))
    with pytest.raises(RuleError):
        s.apply(seat, UNDO)
    assert (s.state_hash(), s.rev, s.log) == before


def test_a_game_that_declares_nothing_undoable_never_lists_undo():
    s = new()
    s.apply(0, {"type": "take", "count": 1})
    s.apply(1, {"type": "take", "count": 1})
    assert not any(legal.contains(s.legal(seat), UNDO) for seat in range(3))


@pytest.mark.parametrize("seat,action,code", [
    (0, {"type": "undo", "steps": 2}, "bad_action"),
    (1, UNDO, "not_your_turn"),
    (None, UNDO, "not_your_turn"),
])
def test_a_malformed_or_out_of_turn_undo_is_refused_and_changes_nothing(seat, action, code):
    s = relay()
    s.apply(0, STEP)
    session_refused(s, seat, action, code)


def test_the_undo_event_reaches_every_seat_and_spectators():
    s = relay()
    s.apply(0, STEP)
    events = s.apply(0, UNDO)
    for viewer in (0, 1, None):
        assert s.events_for(events, viewer) == [{"type": "undo", "seat": 0, "events": 1}]


def test_a_save_with_undos_replays_to_the_same_hash(tmp_path):
    s = relay()
    for action in (STEP, STEP, UNDO, ROLL, PASS, STEP, UNDO, STEP):
        s.apply(s.to_act()[0], action)
    path = tmp_path / "relay.sts"
    s.save(path)
    loaded = Session.load(path)
    assert loaded.state_hash() == s.state_hash() and loaded.log == s.log
    assert legal.contains(loaded.legal(1), UNDO)  # the undoable run is rebuilt by the replay too


# ----- a rules bug fails safe: the session is exactly as before the action --------------------------------------
@pytest.mark.parametrize("action", [STEP, ROLL, PASS], ids=["undoable", "random", "turn-ending"])
def test_a_rules_bug_mid_change_leaves_state_rng_log_and_rev_as_they_were(action, monkeypatch):
    from engine.session import RulesFailure
    from tests.relay.faults import failing_on
    s = relay()
    s.apply(0, STEP)
    s.apply(0, STEP)
    before = (s.state_hash(), s.rng.getstate(), list(s.log), list(s.log_seqs), s.rev, s.legal(0))
    monkeypatch.setattr(s.rules, "apply", failing_on(s.rules.apply, action["type"]))
    with pytest.raises(RulesFailure) as e:
        s.apply(0, action, seq=3)
    assert e.value.code == "bad_action" and isinstance(e.value.__cause__, KeyError)
    assert (s.state_hash(), s.rng.getstate(), s.log, s.log_seqs, s.rev, s.legal(0)) == before
    monkeypatch.undo()
    s.apply(0, PASS)  # and the game goes on
    assert s.to_act() == [1]


def test_a_rules_bug_after_an_undo_is_put_back_by_replaying_a_log_that_holds_the_undo(monkeypatch):
    """A failing action no copy was kept for (a roll) is undone by replaying the log; an undo in that log
    must replay as it was played, not be refused for want of the copy it walks back to."""
    from engine.session import RulesFailure
    from tests.relay.faults import failing_on
    s = relay()
    s.apply(0, STEP)
    s.apply(0, UNDO)
    before = session_mark(s)
    monkeypatch.setattr(s.rules, "apply", failing_on(s.rules.apply, ROLL["type"]))
    with pytest.raises(RulesFailure):
        s.apply(0, ROLL)
    assert session_mark(s) == before


def test_a_rules_bug_before_the_change_is_a_rules_failure_too(monkeypatch):
    """A bug in to_act (asked before apply) changes nothing either, and is told the same way."""
    from engine.session import RulesFailure
    s = relay()
    before = (s.state_hash(), s.rng.getstate(), s.rev)

    def to_act_fails(state):
        raise ZeroDivisionError("a bug in to_act")
    monkeypatch.setattr(s.rules, "to_act", to_act_fails)
    for action in (STEP, UNDO):
        with pytest.raises(RulesFailure) as e:
            s.apply(0, action)
        assert isinstance(e.value.__cause__, ZeroDivisionError)
    assert (s.state_hash(), s.rng.getstate(), s.rev) == before


def test_a_replay_copies_no_snapshot_before_the_last_barrier_and_can_undo_what_the_live_game_could(
        tmp_path, monkeypatch):
    import engine.session as session_module
    s = relay()
    for action in (STEP, STEP, PASS, STEP, STEP):
        s.apply(s.to_act()[0], action)
    path = tmp_path / "relay.sts"
    s.save(path)
    copies = []
    real_copy = session_module.copy_plain
    monkeypatch.setattr(session_module, "copy_plain", lambda state: copies.append(1) or real_copy(state))
    loaded = Session.load(path)
    assert len(copies) == 2  # seat 1's two steps after the turn passed; seat 0's two before it cost nothing
    for session in (s, loaded):
        session.apply(1, UNDO)
        session.apply(1, UNDO)
        assert not legal.contains(session.legal(1), UNDO)
    assert loaded.state_hash() == s.state_hash()
