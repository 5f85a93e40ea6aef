"""A client written from the protocol pages alone (tests/net/wire.py, no code from net/) plays `risk`:
it joins, makes legal moves chosen from what docs/protocol.md says of the view, and gets the coded
refusals the page promises for bad ones."""
from tests.net.wire import RawClient


def own_territories(view, seat):
    return sorted(t for t, cell in view["public"]["territories"].items() if cell["owner"] == seat)


def test_a_protocol_only_client_plays_legal_risk_moves_and_gets_coded_refusals(start_host):
    h = start_host("risk", 2, seed=5)
    a, b = RawClient(h.address), RawClient(h.address)
    try:
        assert a.hello(name="A")["t"] == "welcome" and b.hello(name="B")["t"] == "welcome"
        # "The game starts by itself the moment no seat is open": the second hello fills the table,
        # so B's welcome already holds the game and A is sent an update.
        assert b.view["public"]["table_phase"] == "play"
        a.recv_until(lambda m: m["t"] == "update" and m["view"]["public"]["table_phase"] == "play")
        public = a.view["public"]
        assert public["phase"] == "setup" and public["neutral"] is True  # 2 players: dealt, with a neutral
        mover, other = (a, b) if public["current"] == a.seat else (b, a)

        # Out of turn: "`not_your_turn` (someone else is to act)".
        mine = own_territories(other.view, other.seat)[0]
        reply = other.request(1, {"type": "place", "territory": mine, "count": 1})
        assert reply["t"] == "err" and reply["code"] == "not_your_turn" and reply["msg"]

        # Ill-typed: "`bad_action` (unknown type, a missing or ill-typed field, a territory name that does not exist)".
        for seq, bad in enumerate([{"type": "teleport"}, {"type": "place", "territory": 7, "count": 1},
                                   {"type": "place", "territory": "Atlantis", "count": 1},
                                   {"type": "place", "territory": "Brazil", "count": "two"}], start=2):
            reply = mover.request(seq, bad)
            assert reply["t"] == "err" and reply["code"] == "bad_action", (bad, reply)

        # Against the rules now: placing on a territory that is not yours is `illegal`.
        theirs = own_territories(mover.view, other.seat)[0]
        reply = mover.request(10, {"type": "place", "territory": theirs, "count": 1})
        assert reply["t"] == "err" and reply["code"] == "illegal" and reply["msg"]

        # A refused action changes nothing: the next legal move is answered ok with rev 1.
        mine = own_territories(mover.view, mover.seat)[0]
        before = mover.view["public"]["territories"][mine]["armies"]
        reply = mover.request(11, {"type": "place", "territory": mine, "count": 1})
        assert reply == {"t": "ok", "seq": 11, "rev": 1}
        update = other.recv_until(lambda m: m["t"] == "update" and m["rev"] == 1)
        assert update["view"]["public"]["territories"][mine]["armies"] == before + 1
    finally:
        a.close()
        b.close()
