"""Stateful: random illegal, out-of-turn and ill-typed actions change nothing and disturb nobody else."""
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from net.host import start_in_thread
from tests.net.wire import RawClient

junk_values = st.one_of(st.none(), st.booleans(), st.text(max_size=5), st.floats(allow_nan=False),
                        st.lists(st.integers(-2**63, 2**63 - 1), max_size=3),
                        st.dictionaries(st.text(max_size=3), st.integers(0, 9), max_size=2))


class RefusalMachine(RuleBasedStateMachine):
    """Seat 0 and seat 1 play toy; a watcher looks on. Only refused actions are sent (plus good moves)."""

    @initialize()
    def open_table(self):
        self.handle = start_in_thread("toy", 2, host="127.0.0.1", discovery=False, seed=3, bot_delay=0,
                                      options={"pile": 5_000})
        self.players = [RawClient(self.handle.address), RawClient(self.handle.address)]
        for p in self.players:
            p.hello()
        self.watcher = RawClient(self.handle.address)
        self.watcher.hello(want="watch")
        self.seq = 0
        self.rev = 0
        self._drain_updates()

    def teardown(self):
        if hasattr(self, "handle"):
            for c in self.players + [self.watcher]:
                c.close()
            self.handle.stop()

    def _table(self):
        return self.handle.host.table

    def _drain_updates(self):
        """Each client pings; everything before the pong must be an update of the current rev."""
        for c in self.players + [self.watcher]:
            c.send({"t": "ping", "n": 99})
            while True:
                m = c.recv()
                if m["t"] == "pong":
                    break
                assert m["t"] == "update" and m["rev"] <= self.rev

    def _refused(self, seat, action, codes):
        before = self._table().session.state_hash()
        self.seq += 1
        answer = self.players[seat].request(self.seq, action)
        assert answer["t"] == "err" and answer["code"] in codes, answer
        assert self._table().session.state_hash() == before and self._table().rev == self.rev
        # the others heard nothing about it: their next frame after a ping is the pong
        for c in [self.players[1 - seat], self.watcher]:
            c.send({"t": "ping", "n": self.seq})
            assert c.recv() == {"t": "pong", "n": self.seq}

    def _mover(self):
        return self._table().session.to_act()[0]

    @rule()
    def out_of_turn(self):
        self._refused(1 - self._mover(), {"type": "take", "count": 1}, {"not_your_turn"})

    @rule(count=st.integers(-2**63, 2**64 - 1).filter(lambda n: not 1 <= n <= 3))
    def illegal_count(self, count):
        # 4..99 pass the schema and the rules refuse them; anything else is outside the schema's range
        self._refused(self._mover(), {"type": "take", "count": count}, {"illegal" if 4 <= count <= 99 else "bad_action"})

    @rule(value=junk_values)
    def ill_typed_count(self, value):
        self._refused(self._mover(), {"type": "take", "count": value}, {"bad_action"})

    # "undo" is a type every table knows (the Session's own): refused as `illegal` when nothing can be taken back
    @rule(kind=st.text(max_size=8).filter(lambda s: s not in ("take", "undo")))
    def unknown_type(self, kind):
        self._refused(self._mover(), {"type": kind}, {"bad_action"})

    @rule(count=st.integers(1, 3))
    def legal_move(self, count):
        self.seq += 1
        assert self.players[self._mover()].request(self.seq, {"type": "take", "count": count})["t"] == "ok"
        self.rev += 1
        self._drain_updates()

    @invariant()
    def rev_matches(self):
        if hasattr(self, "handle"):
            assert self._table().rev == self.rev


TestRefusals = RefusalMachine.TestCase
TestRefusals.settings = settings(max_examples=40, stateful_step_count=20, deadline=None)
