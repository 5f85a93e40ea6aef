"""LocalTable: the in-process TableLink (hot-seat and vs bots) over the shared Table."""
import bots
import time

from engine.session import Session
from net.local import LocalTable

HUMAN = {"kind": "human"}


def bot(level="easy"):
    return {"kind": "bot", "level": level}


def test_human_act_answers_ok_then_an_update_with_its_own_secret():
    """"act applies through the Session and queues ok/err + update messages"."""
    t = LocalTable("toy", [HUMAN, bot()], seed=1, bot_delay=5, options={"pile": 30}, bot_factory=bots.make)
    seq = t.send({"type": "take", "count": 2})
    ok, update = t.poll()
    assert ok == {"t": "ok", "seq": seq, "rev": 1}
    assert update["t"] == "update" and update["rev"] == 1
    assert {"type": "peek", "seat": 0, "secret": t.session.state["secrets"][0]} in update["events"]
    assert update["view"]["private"]["secret"] == t.session.state["secrets"][0]


def test_refused_action_gets_its_code_and_changes_nothing():
    """A refused action answers err with the rules' code and the state hash stays the same."""
    t = LocalTable("toy", [HUMAN, bot()], seed=1, bot_delay=5, bot_factory=bots.make)
    before = t.session.state_hash()
    seq = t.send({"type": "take", "count": 7})
    [answer] = t.poll()
    assert (answer["t"], answer["seq"], answer["code"]) == ("err", seq, "illegal") and answer["msg"]
    assert t.session.state_hash() == before and t.rev == 0


def test_hot_seat_updates_carry_no_seats_secret_events():
    """With several human seats the update stream is redacted for nobody in particular (public only)."""
    t = LocalTable("toy", [HUMAN, HUMAN], seed=4, bot_delay=0, bot_factory=bots.make)
    assert t.my_seats == [0, 1]
    t.send({"type": "take", "count": 1}, seat=0)
    msgs = t.poll()
    update = [m for m in msgs if m["t"] == "update"][0]
    assert [e["type"] for e in update["events"]] == ["took"]
    assert update["view"]["private"] == {}
    # hot-seat: the window may still ask each seat's own view
    assert t.view(1)["private"]["secret"] == t.session.state["secrets"][1]


def test_acting_for_a_seat_not_played_here_is_refused():
    t = LocalTable("toy", [HUMAN, bot()], seed=1, bot_delay=5, bot_factory=bots.make)
    seq = t.send({"type": "take", "count": 1}, seat=1)
    [answer] = t.poll()
    assert answer["seq"] == seq and answer["code"] == "not_your_turn" and t.rev == 0


def test_bot_delay_paces_bots_one_move_per_poll():
    """"bots play paced by bot_delay seconds; at most one bot action per poll call"."""
    t = LocalTable("toy", [bot(), bot(), bot()], seed=2, bot_delay=0.05, options={"pile": 40}, bot_factory=bots.make)
    assert t.poll() == []  # the delay has not passed yet
    deadline = time.monotonic() + 5
    revs = []
    while t.rev < 3 and time.monotonic() < deadline:
        before = t.rev
        msgs = t.poll()
        assert t.rev - before <= 1
        revs += [m["rev"] for m in msgs if m["t"] == "update"]
        time.sleep(0.01)
    assert revs[:3] == [1, 2, 3]


def test_bots_alone_finish_with_zero_delay_and_autosave_replays(tmp_path):
    """Autosave after every action: the save replays to the same state hash."""
    path = tmp_path / "game.sandsave"
    t = LocalTable("toy", [bot(), bot()], seed=9, bot_delay=0, save_path=path, options={"pile": 25}, bot_factory=bots.make)
    t.poll()
    assert t.phase == "over" and t.session.result() is not None
    loaded = Session.load(path)
    assert loaded.state_hash() == t.session.state_hash() and loaded.rev == t.rev
    assert [s["kind"] for s in loaded.seats] == ["bot", "bot"]


def test_close_reports_closed_status():
    t = LocalTable("toy", [HUMAN], seed=1, bot_factory=bots.make)
    t.close()
    assert t.status == "closed" and t.poll()[-1]["t"] == "status"


def test_real_time_bots_each_move_at_their_own_pace_in_local_play():
    """Situation 4 vs bots in-process: each bot seat moves once per its pace, on its own clock."""
    import bots as registry

    def make(game, level, seat, seed):
        b = registry.make(game, level, seat, seed)
        b.pace = 0.05
        return b

    t = LocalTable("situation4", [bot("hard"), bot("normal")], seed=3, bot_delay=0, bot_factory=make)
    t0 = time.monotonic()
    t.poll()
    assert t.rev == 0  # the first moves wait one pace
    deadline = t0 + 5
    while t.rev < 10 and time.monotonic() < deadline:
        t.poll()
        time.sleep(0.005)
    elapsed = time.monotonic() - t0
    seats = [seat for seat, _ in t.session.log]
    assert t.rev >= 10 and set(seats) == {0, 1}
    per_seat = [seats.count(0), seats.count(1)]
    assert abs(per_seat[0] - per_seat[1]) <= 2        # the same pace: both keep up, neither waits its turn
    assert elapsed >= 0.05 * max(per_seat) * 0.9        # and no seat moves faster than its pace
