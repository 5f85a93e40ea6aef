"""Undo and a rules bug at a real loopback host and at the local table: the host needs nothing of its own for
undo (legal comes from the Session), and a rules failure is refused, logged, counted, and play goes on."""
import logging

import bots
from engine import legal
from net.local import LocalTable
from tests.relay.faults import failing_on
from tests.net.wire import RawClient

STEP, ROLL, UNDO = {"type": "step"}, {"type": "roll"}, {"type": "undo"}


def join(handle, name, want="play"):
    c = RawClient(handle.address)
    assert c.hello(name=name, want=want)["t"] == "welcome"
    return c


def test_an_undo_over_the_lan_puts_the_view_back_and_every_seat_and_spectator_sees_it(start_host):
    h = start_host("relay", 2)
    a, b = join(h, "A"), join(h, "B")
    watcher = join(h, "W", want="watch")
    a.recv_until(lambda m: m["t"] == "update" and m["view"]["public"]["table_phase"] == "play")
    before = dict(a.view["public"])
    assert not legal.contains(a.view["private"]["legal"], UNDO)
    assert a.request(1, STEP) == {"t": "ok", "seq": 1, "rev": 1}
    a.recv_until(lambda m: m["t"] == "update" and m["rev"] == 1)
    assert a.view["public"]["pos"] == [1, 0] and legal.contains(a.view["private"]["legal"], UNDO)
    assert a.request(2, UNDO) == {"t": "ok", "seq": 2, "rev": 2}
    ua = a.recv_until(lambda m: m["t"] == "update" and m["rev"] == 2)
    ub = b.recv_until(lambda m: m["t"] == "update" and m["rev"] == 2)
    uw = watcher.recv_until(lambda m: m["t"] == "update" and m["rev"] == 2)
    for update in (ua, ub, uw):
        assert update["events"] == [{"type": "undo", "seat": 0, "events": 1}]
    assert {**ua["view"]["public"], "rev": 0} == {**before, "rev": 0}  # the view is back, but for the rev
    assert not legal.contains(ua["view"]["private"]["legal"], UNDO)
    assert b.request(1, UNDO)["code"] == "not_your_turn"


def test_the_local_table_takes_an_undo_as_any_action():
    t = LocalTable("relay", [{"kind": "human"}, {"kind": "human"}], seed=2, bot_delay=0, bot_factory=bots.make)
    before = t.session.state_hash()
    t.send(STEP, seat=0)
    seq = t.send(UNDO, seat=0)
    answers = [m for m in t.poll() if m["t"] in ("ok", "err")]
    assert answers[-1] == {"t": "ok", "seq": seq, "rev": 2}
    assert t.session.state_hash() == before and t.session.log[-1] == [0, UNDO]


def test_a_rules_bug_at_the_host_is_refused_logged_counted_and_play_goes_on(start_host, monkeypatch, caplog):
    h = start_host("relay", 2)
    a, b = join(h, "A"), join(h, "B")
    table = h.host.table
    assert a.request(1, STEP)["t"] == "ok"
    before = (table.session.state_hash(), table.session.rng.getstate(), list(table.session.log), table.rev)
    monkeypatch.setattr(table.session.rules, "apply", failing_on(table.session.rules.apply, "roll"))
    with caplog.at_level(logging.ERROR, logger="net.table"):
        answer = a.request(2, ROLL)
    assert answer["t"] == "err" and answer["code"] == "bad_action" and "nothing was changed" in answer["msg"]
    assert (table.session.state_hash(), table.session.rng.getstate(), table.session.log, table.rev) == before
    assert table.status()["rules_failures"] == 1
    [record] = [r for r in caplog.records if r.name == "net.table"]
    assert "'roll'" in record.getMessage() and record.exc_info[0] is KeyError  # the action and its traceback
    assert a.request(3, STEP) == {"t": "ok", "seq": 3, "rev": 2}  # the table keeps playing
    assert a.request(4, UNDO)["t"] == "ok"
