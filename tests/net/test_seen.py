"""What a guest keeps of a LAN game (net.seen): the frames its seat was sent and the answers to its own actions,
made into a replay and its own decisions for the analysis, written to one file and read back, and refused
with a sentence when the file is damaged."""
import msgpack
import pytest

import bots
from engine import decisions, undo
from engine.errors import SaveError
from engine.session import Session
from net import seen
from net.table import TABLE_FIELDS, Table

GUEST = 0


def _play(game: str, n: int, tmp_path, *, steps: int, away=range(0)):
    """A table of `n` seats played by easy bots through the table's own frames; seat GUEST's frames go to a
    SeenGame, as a RemoteTable's would, except while the rev is in `away` (the guest was disconnected). The guest
    takes back one of its own moves once, when the game lets it. Returns (session, save path, record)."""
    seats = [{"name": f"P{i}", "kind": "human"} for i in range(n)]
    session = Session(game, n, seed=5, seats=seats)
    path = tmp_path / "game.sandtable"
    table = Table(session, name="guest", save_path=path)
    for seat in range(n):
        table.attach_local(("seat", seat), seat)
    players = [bots.make(game, "easy", seat, seat + 1) for seat in range(n)]
    record = seen.SeenGame()
    record.saw(GUEST, session.rev, table.view(GUEST), [])
    took_back, seq = False, 0
    for _ in range(steps):
        if session.result() is not None:
            break
        chosen = None
        for seat in session.to_act():
            view = session.view(seat)
            if seat == GUEST and not took_back and any(undo.is_undo(a) for a in view["private"]["legal"]["actions"]):
                chosen, took_back = (seat, dict(undo.UNDO)), True
                break
            action = players[seat].choose(view)
            if action is not None:
                chosen = (seat, action)
                break
        rev = session.rev
        if chosen is None:
            out = table.fire_timer(rev)
        else:
            seq += 1
            if chosen[0] == GUEST:
                record.sent(seq, GUEST, chosen[1])
            out = table.receive(("seat", chosen[0]), {"t": "act", "seq": seq, "a": chosen[1]})
        assert session.rev == rev + 1, chosen
        for conn, msg in out.flat().sends:
            if conn != ("seat", GUEST) or session.rev in away:
                continue
            if msg["t"] == "update":
                record.saw(GUEST, msg["rev"], msg["view"], msg.get("events"))
            elif msg["t"] in ("ok", "err"):
                record.answered(msg)
    table.close()
    return session, path, record.record(game, "guest", seats), took_back


@pytest.mark.parametrize("game", ["civil_war", "ah_tactics"])
def test_a_guest_s_record_replays_what_its_seat_was_shown_and_holds_the_decisions_a_save_gives(game, tmp_path):
    """"Actions an undo took back, the undos and resignations are no decisions" (docs/club.md): the guest's own
    record gives the same decisions, view for view, as the host's save does for that seat."""
    session, path, record, took_back = _play(game, 2, tmp_path, steps=160)
    assert took_back, "the guest never took a move back: the test shows nothing of undo"
    assert [m["rev"] for m in record["moves"]] == list(range(session.rev + 1))
    replay = Session.load(path, upto=0)
    for rev, move in enumerate(record["moves"]):
        if rev:
            replay.apply(*session.log[rev - 1])
        assert move["view"]["private"] == {}
        shown = {k: v for k, v in move["view"]["public"].items() if k not in TABLE_FIELDS}
        assert shown == replay.view(GUEST)["public"], f"move {rev} is not the board as shown"
        assert move["view"]["public"]["seats"][GUEST]["name"] == "P0"
    header, log = decisions.read(path)
    expected = [{"index": d.index, "seat": d.seat, "view": d.view, "action": d.action}
                for d in decisions.of_save(header, log, [GUEST])]
    assert expected, "the guest took no decision"
    assert [d["index"] for d in record["decisions"]] == [d["index"] for d in expected]
    assert msgpack.packb(record["decisions"]) == msgpack.packb(expected)


def test_revs_the_guest_missed_show_the_board_as_it_last_saw_it(tmp_path):
    session, path, record, _ = _play("civil_war", 2, tmp_path, steps=60, away=range(10, 20))
    moves = record["moves"]
    assert len(moves) == session.rev + 1
    for rev in range(10, 20):
        assert moves[rev]["view"] == moves[9]["view"] and moves[rev]["events"] == [], rev
    assert moves[20]["view"] != moves[9]["view"]
    assert all(d["index"] not in range(10, 20) for d in record["decisions"]), "a decision whose view never came"


def test_a_record_is_written_whole_and_read_back_the_same(tmp_path):
    _, _, record, _ = _play("civil_war", 2, tmp_path, steps=40)
    path = tmp_path / f"game{seen.SUFFIX}"
    seen.write(path, record)
    assert seen.read(path) == record
    assert not list(tmp_path.glob("*.part")), "the half-written file was left behind"


@pytest.mark.parametrize("damage, says", [
    (lambda good: good[: len(good) // 2], "not a game seen at a table"),
    (lambda good: b"\x00" * 40, "not a game seen at a table"),
    (lambda good: seen._pack({"format": 1, "game": "chess", "name": "x", "seats": [], "moves": [], "decisions": []}),
     "a game this version does not have ('chess')"),
    (lambda good: seen._pack({**seen._unpack(good), "moves": []}), "it holds no moves"),
    (lambda good: seen._pack({**seen._unpack(good), "decisions": [{"index": 10 ** 6, "seat": 0, "view": {},
                                                                   "action": {}}]}), "not a decision"),
])
def test_a_damaged_record_is_refused_with_what_is_wrong(tmp_path, damage, says):
    _, _, record, _ = _play("civil_war", 2, tmp_path, steps=20)
    path = tmp_path / f"game{seen.SUFFIX}"
    seen.write(path, record)
    path.write_bytes(damage(path.read_bytes()))
    with pytest.raises(SaveError, match="^The file is damaged: ") as refused:
        seen.read(path)
    assert says in str(refused.value)


def test_a_game_nothing_of_which_was_seen_makes_no_record():
    with pytest.raises(ValueError, match="Nothing of that game was seen"):
        seen.SeenGame().record("risk", "t", [])


def test_an_answer_to_an_action_never_sent_or_refused_is_no_decision():
    record = seen.SeenGame()
    record.saw(0, 0, {"public": {"a": 1}, "private": {"legal": {}}}, [])
    record.sent(1, 0, {"type": "move"})
    record.answered({"t": "err", "seq": 1, "code": "illegal", "msg": "no"})
    record.answered({"t": "ok", "seq": 7, "rev": 1})
    assert record.record("risk", "t", [])["decisions"] == []
    record.sent(2, None, {"type": "end_turn"})   # (a link's own seat: sent with no seat named)
    record.answered({"t": "ok", "seq": 2, "rev": 1})
    record.saw(0, 1, {"public": {"a": 2}, "private": {}}, [{"type": "x"}])
    assert record.record("risk", "t", [])["decisions"] == [
        {"index": 0, "seat": 0, "view": {"public": {"a": 1}, "private": {"legal": {}}}, "action": {"type": "end_turn"}}]
