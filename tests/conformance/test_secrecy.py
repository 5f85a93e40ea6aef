"""Hidden information never leaves the host except to its owner — checked by value, for every game.

A playout runs through a real `net.table.Table` (the sans-IO core the LAN host and local play both
drive) with one connection per seat and a spectator, and every message the table sends is kept.
After each step, the *distinctive* values of each seat's private view (strings of 4+ characters,
larger maps and lists, at any depth — knowing no game's shapes) that are not public at that moment
are that seat's secrets. No message to a seat of another side (view.public.sides: teammates share
their side's secrets) may contain one — except where the receiver's own `legal` holds the same value
(two seats may both be allowed the same move) — and no message to a spectator may contain any. The
same holds for what the host logs, for a replay of the save, for the decisions the club sends each seat's
own player after the game (for its analysis), and for what a LAN guest keeps of the game (net.seen).

A string is weak evidence: a game's vocabulary (a card symbol, a unit kind) turns up in many hands.
So a string counts as a secret only if, over the whole game, it was never public and never in the
private views of two different seats; maps and lists count whenever they are not public.
"""
import logging

import msgpack
import pytest

from engine import decisions
from engine.session import TABLE_SEAT, Session
from engine.undo import UNDO
from net.seen import SeenGame
from net.table import Table
from tests.conformance.cases import case_id, game_seats
from tests.conformance.playout import Playout
from tests.conformance.values import distinctive

MAX_STEPS = 300
RANDOM_MOVES = 40
WATCHER = ("watch",)


def seat_conn(seat):
    return ("seat", seat)


class Ledger:
    """Per step: what each connection received, each seat's distinctive private values and the public ones;
    over the whole game: which strings were ever public, and which seats ever held each string.

    A message's values that another side's seat holds privately (and the receiver's own legal does not)
    are kept as it is received; whether they leak is settled at the end, when the game's vocabulary is
    known (leaked = those values minus the vocabulary: the same as testing against the final secrets,
    without keeping every frame)."""

    def __init__(self, rules):
        self.rules = rules
        self.suspects: list[tuple[str, tuple, str, set]] = []
        self.private_ever: set[bytes] = set()
        # The action vocabulary is public: the game's types and fields, and the Session's own undo.
        actions = {**rules.ACTIONS, UNDO["type"]: {}}
        self.public_ever: set[bytes] = distinctive([[k, *f] for k, f in actions.items()])
        self.holders: dict[bytes, set] = {}

    def record(self, when: str, session, views: dict, received: dict) -> None:
        """`views`: session.views of the spectator and every seat at this position."""
        public_view = views[None]["public"]
        public = distinctive(public_view, keys=True)
        self.public_ever |= {v for v in public if _is_string(v)}
        private, own_legal = {}, {}
        for seat in range(session.n_seats):
            part = views[seat]["private"]
            own_legal[seat] = distinctive(part.get("legal"))
            if not self.rules.GAME_TYPE.secret:
                # Perfect information: the private part is only `legal`, which anyone could work out.
                assert set(part) <= {"legal"}, f"a game of perfect information keeps {sorted(part)} private"
                private[seat] = set()
                continue
            private[seat] = distinctive(part) - public
            self.private_ever |= private[seat]
            for v in private[seat]:
                if _is_string(v):
                    self.holders.setdefault(v, set()).add(seat)
        sides = public_view["sides"]
        for conn, messages in received.items():
            team = set() if conn == WATCHER else next(set(s["seats"]) for s in sides if conn[1] in s["seats"])
            allowed = own_legal[conn[1]] if conn != WATCHER else set()
            others = set().union(*(values for seat, values in private.items() if seat not in team)) - allowed
            if not others:
                continue
            for msg in messages:
                suspect = distinctive(msg) & others
                if suspect:
                    self.suspects.append((when, conn, msg.get("t", "view"), suspect))

    def vocabulary(self) -> set[bytes]:
        return self.public_ever | {v for v, seats in self.holders.items() if len(seats) > 1}

    def leaks(self):
        """(when, connection, message type, leaked values) for every message holding another seat's secret."""
        vocabulary = self.vocabulary()
        for when, conn, kind, suspect in self.suspects:
            leaked = suspect - vocabulary
            if leaked:
                yield when, conn, kind, [msgpack.unpackb(v, raw=False) for v in leaked]

    def secrets(self) -> set:
        return self.private_ever - self.vocabulary()


def _is_string(packed: bytes) -> bool:
    """Whether msgpack bytes hold a string, read from the first byte (fixstr, str 8/16/32) without
    unpacking what may be a whole view."""
    first = packed[0]
    return 0xa0 <= first <= 0xbf or first in (0xd9, 0xda, 0xdb)


@pytest.mark.parametrize("case", game_seats(), ids=case_id)
def test_no_frame_event_log_or_replay_shows_a_seat_another_seats_secret(case, tmp_path, caplog):
    game, n = case
    caplog.set_level(logging.DEBUG)
    seats = [{"name": f"Player {i + 1}", "kind": "human"} for i in range(n)]
    play = Playout(game, n, seed=40 + n, random_moves=RANDOM_MOVES, seats=seats)
    table = Table(play.session, name="secrecy", save_path=tmp_path / "game.sandtable")
    for seat in range(n):
        table.attach_local(seat_conn(seat), seat)
    table.attach_local(WATCHER, None)
    ledger = Ledger(play.session.rules)
    everyone = [None, *range(n)]

    seen: dict[tuple, bytes] = {}   # (seat, rev) -> the seat's view then, packed: what the seat was shown

    def views_now() -> dict:
        """Every seat's view and the spectator's, built together; the playout keeps them for the next
        step's choice instead of building them again."""
        views = play.session.views(everyone)
        play.keep(views)
        for s in play.session.to_act():   # (a seat not to act takes no decision here)
            seen[(s, play.session.rev)] = msgpack.packb(views[s])
        return views

    ledger.record("joining", play.session, views_now(), {seat_conn(s): [table.view(s)] for s in range(n)}
                  | {WATCHER: [table.view(None)]})
    # The first seat and the last keep what they were shown, as a LAN guest's window does (net.seen); the
    # spectator's updates are kept to hold their replays to.
    guests = {s: SeenGame() for s in sorted({0, n - 1})}
    for s, guest in guests.items():
        guest.saw(s, table.rev, table.view(s), [])
    watched: dict[int, dict] = {}
    for seq in range(1, MAX_STEPS + 1):
        step = play.next_action()
        if step is None:
            break
        seat, action = step
        rev = table.rev
        if seat in guests:
            guests[seat].sent(seq, seat, action)
        out = table.fire_timer(rev) if seat is TABLE_SEAT else \
            table.receive(seat_conn(seat), {"t": "act", "seq": seq, "a": action})
        assert table.rev == rev + 1, f"the table refused {action} from {seat}"
        play.steps += 1
        received: dict = {}
        for conn, msg in out.flat().sends:
            received.setdefault(conn, []).append(msg)
            if conn == WATCHER and msg["t"] == "update":
                watched[msg["rev"]] = msg
            elif conn != WATCHER and conn[1] in guests:
                if msg["t"] == "update":
                    guests[conn[1]].saw(conn[1], msg["rev"], msg["view"], msg.get("events"))
                elif msg["t"] in ("ok", "err"):
                    guests[conn[1]].answered(msg)
        ledger.record(f"after rev {table.rev} ({action.get('type')})", play.session, views_now(), received)
    table.close()

    leaks = list(ledger.leaks())
    assert not leaks, f"{len(leaks)} messages hold another seat's secret, the first: {leaks[0]}"
    secrets = ledger.secrets()
    assert secrets or not play.session.rules.GAME_TYPE.secret, "the scan had no secret to look for"
    secret_strings = {msgpack.unpackb(v, raw=False) for v in secrets if _is_string(v)}
    log_text = caplog.text
    assert not [s for s in secret_strings if s in log_text], "a secret reached the log"

    # A replay shows what a spectator saw: the public view at each step, never a seat's private part.
    saved = Session.load(tmp_path / "game.sandtable")
    assert saved.state_hash() == play.session.state_hash()
    replay = Session.load(tmp_path / "game.sandtable", upto=0)
    for i, (seat, action) in enumerate(saved.log):
        replay.apply(seat, action)
        shown = distinctive(replay.view(None))
        assert not shown & secrets, f"the replay shows a secret at step {i + 1}"

    # After the game the club sends a seat's own player that seat's decisions (club.replays.built_decisions, the
    # lobby's `decisions`): each must be that seat's own view at that move, as the table showed it (the frames
    # scanned above), with the action that seat took there, and nothing more.
    from club import replays
    header, log = decisions.read(tmp_path / "game.sandtable")
    record = {"name": "secrecy", "header": header,
              "actions": [(rev, seat, action, None) for rev, (seat, action) in enumerate(log, start=1)]}
    sent = 0
    for seat in sorted({0, n - 1}):   # (the first seat and the last: every seat's views cost too much to build twice)
        start, club_sent = 0, []
        while start is not None:
            page = replays.built_decisions(record, [seat], start)
            for d in page["decisions"]:
                assert set(d) == {"index", "seat", "view", "action"} and d["seat"] == seat
                assert msgpack.packb(d["view"]) == seen[(seat, d["index"])], \
                    f"the decision at {d['index']} sent seat {seat} a view it was not shown"
                assert log[d["index"]] == (seat, d["action"]), f"the decision at {d['index']} is not seat {seat}'s"
                sent += 1
            club_sent += page["decisions"]
            start = page["next"]
        # What a LAN guest keeps of the game is the same: its replay the spectator's board with the events its
        # seat was sent, its decisions those the club sends (checked just above), view for view.
        kept = guests[seat].record(game, "secrecy", seats)
        for move in kept["moves"][1:]:
            assert move["view"] == {"public": watched[move["rev"]]["view"]["public"], "private": {}}, \
                f"seat {seat}'s record of move {move['rev']} is not the spectator's board"
        assert msgpack.packb(kept["decisions"]) == msgpack.packb(club_sent), f"seat {seat} kept other decisions"
    assert sent, "no seat took a decision"
