"""Submarines (Rule 11, figures D and E): secret cards, the reaction window, precedence."""
import msgpack

from engine import Session, legal as listing
from engine import tactics1940 as game
from engine.tactics1940 import deck
from tests.tactics1940.helpers import (B, BOARD, T, act, at, cleared, close_window, give_submarine, move, put,
                                       refused, stack)

SUB = (4, 4)         # NW 6
SUB_LABEL = "NW 6"


def window_after_move(n=3, holder=2):
    """North moves a transport onto NW 6, whose card `holder` holds (None: nobody holds it)."""
    state = cleared(n=n)
    ship = put(state, 0, T, (5, 4))
    card = give_submarine(state, holder, SUB) if holder is not None else None
    events = move(state, 0, ship, SUB)
    return state, ship, card, events


def test_a_move_onto_a_submarine_square_opens_a_window_for_everyone_but_the_mover():
    """Rule 11 and the contract: every other seat is asked (so nobody learns who holds the card)."""
    state, ship, card, events = window_after_move(n=4, holder=2)
    assert game.to_act(state) == {1, 2, 3}
    p = game.prompt(state)
    assert p["kind"] == "reaction" and p["seats"] == [1, 2, 3] and SUB_LABEL in p["text"]
    assert game.legal(state, 2)["actions"] == [{"type": "strike", "card": card}]
    assert listing.size(game.legal(state, 1)) == 0 and listing.size(game.legal(state, 3)) == 0
    assert game.timer(state) == {"after": 3, "action": {"type": "close_window"}}
    assert any(e["type"] == "window_opened" for e in events) and not any(e["type"] == "drew" for e in events)


def test_the_window_opens_even_when_nobody_holds_the_card_and_its_text_reveals_nothing():
    held, _, _, _ = window_after_move(n=3, holder=2)
    free, _, _, _ = window_after_move(n=3, holder=None)
    assert game.to_act(held) == game.to_act(free) == {1, 2}
    assert game.prompt(held) == game.prompt(free)
    assert game.timer(held) == game.timer(free)


def test_the_holder_strikes_out_of_turn_and_the_window_ends_at_once():
    """Rule 11: the holder may destroy the piece by exposing the card even though it is not his turn;
    the card goes face up to the discards."""
    state, ship, card, _ = window_after_move(n=3, holder=2)
    events = act(state, 2, {"type": "strike", "card": card})
    assert at(state, ship) is None
    strike = next(e for e in events if e["type"] == "strike")
    assert strike["seat"] == 2 and strike["card"]["square"] == list(SUB)
    assert card in state["discard"] and game.view(state, None)["public"]["submarines"] == [0, 0, 0]
    assert not any(s["step"] == "window" for s in state["steps"])
    assert any(e["type"] == "drew" for e in events)      # the mover's turn goes on with his card


def test_closing_the_window_lets_the_piece_stay():
    state, ship, card, _ = window_after_move(n=3, holder=2)
    events = close_window(state)
    assert at(state, ship) == SUB and events[0]["type"] == "window_closed"
    assert state["turn"] == 1


def test_only_the_table_closes_a_window_and_only_a_holder_strikes():
    state, _, card, _ = window_after_move(n=3, holder=2)
    refused(state, 1, {"type": "close_window"})
    refused(state, 1, {"type": "strike", "card": card})
    refused(state, 0, {"type": "strike", "card": card}, code="not_your_turn")
    other = deck.submarine_card_for(BOARD, (7, 3))
    give_submarine(state, 1, (7, 3))
    refused(state, 1, {"type": "strike", "card": other})


def test_a_card_face_up_in_the_discards_opens_no_window():
    """Rule 11: after use the card is discarded; that square hides no submarine any more (until a reshuffle)."""
    state = cleared()
    ship = put(state, 0, T, (5, 4))
    state["discard"].append(deck.submarine_card_for(BOARD, SUB))
    events = move(state, 0, ship, SUB)
    assert not any(e["type"] == "window_opened" for e in events) and state["turn"] == 1


def test_a_holder_cannot_sink_his_own_piece():
    """Rule 11: the submarine strikes another player's piece."""
    state = cleared(n=3)
    ship = put(state, 0, T, (5, 4))
    give_submarine(state, 0, SUB)
    move(state, 0, ship, SUB)
    assert all(listing.size(game.legal(state, s)) == 0 for s in game.to_act(state))


def test_figure_d_the_submarine_sinks_the_battleship_before_its_trap_takes_effect():
    """Figure D: battleship D moving into square C does not sink B, for the submarine at C sinks D first."""
    state = cleared()
    put(state, 0, B, (4, 6))                        # the mover's partner beyond B
    enemy_b = put(state, 1, B, (4, 5))              # B
    ship_d = put(state, 0, B, (5, 3))               # D, moving into C = (4, 4)
    card = give_submarine(state, 1, SUB)
    move(state, 0, ship_d, SUB)
    assert at(state, enemy_b) == (4, 5)             # the trap waits for the window
    act(state, 1, {"type": "strike", "card": card})
    assert at(state, ship_d) is None and at(state, enemy_b) == (4, 5)


def test_figure_d_without_a_strike_the_trap_takes_effect_when_the_window_closes():
    state = cleared()
    put(state, 0, B, (4, 6))
    enemy_b = put(state, 1, B, (4, 5))
    ship_d = put(state, 0, B, (5, 3))
    move(state, 0, ship_d, SUB)
    close_window(state)
    assert at(state, enemy_b) is None and at(state, ship_d) == SUB


def test_figure_e_the_jumped_transport_is_destroyed_and_the_jumper_sunk_on_landing():
    """Figure E: battleship A jumping the transport in B destroys it; the submarine in C, where A lands,
    then sinks A."""
    state = cleared()
    ship_a = put(state, 0, B, (6, 4))
    transport_b = put(state, 1, T, (5, 4))
    card = give_submarine(state, 1, SUB)
    move(state, 0, ship_a, SUB)
    assert at(state, transport_b) is None
    act(state, 1, {"type": "strike", "card": card})
    assert at(state, ship_a) is None and at(state, transport_b) is None


def test_a_drawn_submarine_card_is_secret_to_everyone_but_its_holder():
    """Rule 11: the card is held and its location kept secret; the others see only how many one holds."""
    state = cleared(n=3)
    ship = put(state, 0, B, (5, 5))
    (card,) = stack(state, deck.SUBMARINE)
    events = move(state, 0, ship, (5, 4))
    drew = next(e for e in events if e["type"] == "drew")
    secret = deck.card(BOARD, card)
    assert game.redact(drew, 0)["card"]["square"] == secret["square"]
    for seat in (1, 2, None):
        shown = game.redact(drew, seat)
        assert shown["card"] == {"kind": "submarine", "title": "Submarine"}
    assert game.private_view(state, 0)["submarines"] == [
        {"card": card, "ocean": secret["ocean"], "number": secret["number"]}]
    public = game.view(state, 1)["public"]
    assert public["submarines"] == [1, 0, 0] and public["drawn"] == {"seat": 0, "card": {"kind": "submarine", "title": "Submarine"}}
    assert game.private_view(state, 1) == {"submarines": []} and game.private_view(state, None) == {}
    leak = msgpack.packb(game.view(state, 1)) + msgpack.packb([game.redact(e, 1) for e in events])
    assert msgpack.packb({"card": card, "ocean": secret["ocean"], "number": secret["number"]}) not in leak


def test_the_window_waits_for_the_table_in_a_session():
    """The reaction window closes by the rules' timer, applied for seat None and logged like any action."""
    s = Session("tactics1940", 2, seed=1)
    s.state.update(cleared(n=2))
    ship = put(s.state, 0, T, (5, 4))
    s.apply(0, {"type": "move", "piece": ship["id"], "path": [list(SUB)]})
    assert s.to_act() == [1] and s.prompt()["kind"] == "reaction"
    timer = s.timer()
    s.apply(None, timer["action"])
    assert s.log[-1] == [None, {"type": "close_window"}] and s.timer() is None and s.to_act() == [1]
