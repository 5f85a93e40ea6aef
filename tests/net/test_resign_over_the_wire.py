"""A player concedes over the LAN (docs/protocol.md): `{"type": "resign", "seat": S}` sent by seat S's own
connection, out of turn, ends the game at a real loopback host for every seat and spectator; naming another
seat is refused and changes nothing; nothing is accepted after it."""
from tests.net.test_host import join

STEP = {"type": "step"}


def test_a_seat_resigns_itself_out_of_turn_and_everyone_sees_the_other_camp_win(start_host):
    h = start_host("relay", 2)
    a, b = join(h, "A"), join(h, "B")
    watcher = join(h, "W", want="watch")
    a.recv_until(lambda m: m["t"] == "update" and m["view"]["public"]["table_phase"] == "play")
    assert 1 not in a.view["public"]["to_act"], "seat 1 resigns while it is not its move"
    refused = b.request(1, {"type": "resign", "seat": 0})
    assert refused["t"] == "err" and refused["code"] == "not_your_turn", "a player resigns only their own seat"
    assert h.host.table.session.rev == 0 and h.host.table.session.result() is None

    assert b.request(2, {"type": "resign", "seat": 1}) == {"t": "ok", "seq": 2, "rev": 1}
    for client in (a, b, watcher):
        update = client.recv_until(lambda m: m["t"] == "update" and m["rev"] == 1)
        assert update["events"] == [{"type": "resigned", "seat": 1}]
        result = update["view"]["public"]["result"]
        assert result["winners"] == [0] and result["reason"].endswith(" resigns.")
    assert a.request(1, STEP)["code"] == "game_over"
