"""The chance cards (Rules 6, 12, 16 and 17)."""
from collections import Counter

from engine import legal as listing
from engine import tactics1940 as game
from engine.tactics1940 import deck
from engine.tactics1940.pieces import TOTAL_COINS
from engine.rng import Rng
from tests.tactics1940.helpers import A, B, BOARD, T, act, at, cleared, give_submarine, move, put, refused, stack


def draw_after_move(state, seat, *kinds):
    """`seat` moves a spare battleship in the far corner of the sea, then draws `kinds` from the top."""
    ship = put(state, seat, B, (11, 11) if seat else (4, 4))
    stack(state, *kinds)
    return move(state, seat, ship, (11, 10) if seat else (4, 5))


def test_the_deck_holds_sixteen_submarines_and_the_designed_cards():
    """Rule 11 and docs: 16 submarine cards (4 per ocean) among 48 cards, shuffled face down."""
    cards = deck.cards_of(BOARD)
    counts = Counter(c["kind"] for c in cards)
    assert len(cards) == 48 and counts[deck.SUBMARINE] == 16
    assert {kind: counts[kind] for kind in deck.CARDS} == {kind: v[0] for kind, v in deck.CARDS.items()}
    state = game.setup(game.default_options(), 2, Rng(3))
    assert sorted(state["deck"]) == list(range(48)) and state["deck"] != list(range(48))
    assert "deck" in game.view(state, 0)["public"] and isinstance(game.view(state, 0)["public"]["deck"], int)


def test_a_drawn_card_is_discarded_face_up():
    """Rule 6: after its instructions are followed, the card is discarded face up for all to see."""
    state = cleared()
    draw_after_move(state, 0, deck.ALL_QUIET)
    assert game.view(state, 1)["public"]["discard"][-1]["kind"] == deck.ALL_QUIET


def test_the_discards_are_reshuffled_when_the_deck_runs_out_but_not_the_cards_in_hand():
    """Rule 6: if all the cards are drawn, the pack is reshuffled and used again; submarines held stay held."""
    state = cleared()
    state["deck"] = []
    state["discard"] = [c["id"] for c in deck.cards_of(BOARD) if c["kind"] == deck.ALL_QUIET]
    held = give_submarine(state, 1, (4, 4))
    events = draw_after_move(state, 0)
    assert any(e["type"] == "reshuffled" for e in events)
    assert held not in state["deck"] and held not in state["discard"]
    assert len(state["deck"]) + len(state["discard"]) == 4


# ----- Surprise Maneuver ---------------------------------------------------------------------------

def maneuver_options(state, seat, piece=None):
    return {tuple(sq) for t in listing.of_type(game.legal(state, seat), "maneuver")[1]
            if piece is None or t["piece"] == piece["id"] for sq in t["to"]["$one_of"]}


def test_surprise_maneuver_moves_a_transport_anywhere_at_sea_but_not_in_front_of_a_port():
    """Rule 6: any square of any sea, the safety zone included; not within a home area nor on the two
    squares directly in front of a seaport's open squares."""
    state = cleared()
    mine = put(state, 0, T, (5, 1))
    put(state, 0, T, (6, 1))
    draw_after_move(state, 0, deck.SURPRISE_MANEUVER)
    assert game.prompt(state)["kind"] == "card"
    squares = maneuver_options(state, 0)
    fronts = {sq for h in BOARD.homes.values() for sq in h.front}
    assert (7, 7) in squares and (11, 11) in squares
    assert not squares & fronts
    assert not any(sq in BOARD.home_of for sq in squares)
    assert {"type": "decline"} in game.legal(state, 0)["actions"]
    act(state, 0, {"type": "maneuver", "piece": mine["id"], "to": [7, 7]})
    assert at(state, mine) == (7, 7) and state["turn"] == 1


def test_surprise_maneuver_may_not_block_an_opponents_only_way_out_of_port():
    """Rule 6: nor can the piece be placed so as to block an opposing player's movement out of his port."""
    state = cleared(turn=1)
    put(state, 0, B, (7, 2))                   # North's only way out: jump the transport at (7,3) to (7,4)
    put(state, 1, T, (7, 3))
    put(state, 1, B, (8, 3))
    far = put(state, 1, T, (11, 9))
    draw_after_move(state, 1, deck.SURPRISE_MANEUVER)
    assert (7, 4) not in maneuver_options(state, 1, far)
    assert (6, 4) in maneuver_options(state, 1, far)


def test_surprise_maneuver_may_land_on_a_submarine_square_and_open_a_window():
    state = cleared()
    mine = put(state, 0, T, (5, 1))
    draw_after_move(state, 0, deck.SURPRISE_MANEUVER)
    events = act(state, 0, {"type": "maneuver", "piece": mine["id"], "to": [4, 4]})
    assert events[-1]["type"] == "window_opened" and game.to_act(state) == {1}


# ----- Plane vs. Battleship ------------------------------------------------------------------------

def test_plane_vs_battleship_sends_an_enemy_battleship_home_for_repairs():
    """Rule 6: the drawer returns an opposing player's damaged battleship to its own seaport."""
    state = cleared()
    put(state, 0, A, (5, 0))
    target = put(state, 1, B, (7, 4))
    put(state, 1, B, (10, 10))
    draw_after_move(state, 0, deck.PLANE_VS_BATTLESHIP)
    act(state, 0, {"type": "choose_piece", "piece": target["id"]})
    assert at(state, target) in BOARD.homes["South"].seaport
    assert at(state, target) not in BOARD.homes["South"].open           # the quiet ends of the seaport first


def test_plane_vs_battleship_moves_a_transport_aside_when_the_seaport_is_full():
    """Rule 6: with all four seaport squares taken, a transport in the seaport moves back to the closest
    open square of the home area to make room."""
    state = cleared()
    put(state, 0, A, (5, 0))
    south = BOARD.homes["South"]
    put(state, 1, B, south.seaport[0])
    put(state, 1, B, south.seaport[3])
    put(state, 1, B, south.seaport[1])
    aside = put(state, 1, T, south.seaport[2])
    target = put(state, 1, B, (11, 10))
    draw_after_move(state, 0, deck.PLANE_VS_BATTLESHIP)      # the only target: carried out at once
    assert at(state, target) == south.seaport[2]
    assert at(state, aside) in south.land and BOARD.kinds[at(state, aside)] == "land"


def test_plane_cards_need_a_plane_of_ones_own():
    """Docs: a plane card is carried out by the drawer's airplanes; with none left on its base it does nothing."""
    for kind in (deck.PLANE_VS_BATTLESHIP, deck.PLANE_ATTACK, deck.PLANE_RAID):
        s = cleared()
        put(s, 1, B, (7, 4))
        put(s, 1, T, (9, 4))
        events = draw_after_move(s, 0, kind)
        assert any(e["type"] == "no_effect" for e in events) and s["turn"] == 1
        reason = next(e["reason"] for e in events if e["type"] == "no_effect")
        assert reason == "no airplane of the drawer is left on its base to carry it out"


def test_a_card_with_nothing_to_act_on_says_why():
    """Rule 6 (cards are "unforeseen conditions, good or bad"): when a card finds nothing to act on, every
    player is told why: Conscription with no transport lost, a Diplomatic Incident with no protest card
    left, All Quiet."""
    s = cleared()
    for x in range(5, 11):
        put(s, 0, T, (x, 1))                  # all six of North's transports afloat
    events = draw_after_move(s, 0, deck.CONSCRIPTION)
    assert [e["reason"] for e in events if e["type"] == "no_effect"] == [
        "none of the drawer's transports has been destroyed"]
    s = cleared(turn=0)
    s["protest_cards"][0] = 0
    events = draw_after_move(s, 0, deck.DIPLOMATIC_INCIDENT)
    assert [e["reason"] for e in events if e["type"] == "no_effect"] == ["the drawer has no protest cards left"]
    s = cleared(turn=0)
    events = draw_after_move(s, 0, deck.ALL_QUIET)
    assert [e["reason"] for e in events if e["type"] == "no_effect"] == ["all is quiet"]


def test_pieces_in_the_safety_zone_are_safe_from_plane_attacks():
    """Rule 4: within the safety zone pieces are safe from attack."""
    state = cleared()
    put(state, 0, A, (5, 0))
    safe = put(state, 1, T, (7, 7))
    exposed = put(state, 1, T, (11, 9))
    draw_after_move(state, 0, deck.PLANE_ATTACK)
    assert at(state, exposed) is None and at(state, safe) == (7, 7)   # the only target: carried out at once


# ----- Plane Attack, Plane Raid and Rule 16 -----------------------------------------------------------

def test_plane_attack_sinks_an_enemy_transport_and_plane_raid_an_enemy_airplane():
    state = cleared()
    put(state, 0, A, (5, 0))
    put(state, 1, T, (11, 9))
    put(state, 1, T, (3, 10))
    draw_after_move(state, 0, deck.PLANE_ATTACK)
    assert game.legal(state, 0)["actions"] == [{"type": "choose_piece", "piece": 18},
                                               {"type": "choose_piece", "piece": 19}]
    refused(state, 0, {"type": "decline"})      # a belligerent with an enemy to pick on must
    act(state, 0, {"type": "choose_piece", "piece": 19})
    assert state["pieces"][19]["at"] is None
    state = cleared()
    put(state, 0, A, (5, 0))
    plane = put(state, 1, A, (10, 15))
    put(state, 1, A, (5, 15))
    lost = game.view(state, 0)["public"]["supply_base"][1]
    draw_after_move(state, 0, deck.PLANE_RAID)
    act(state, 0, {"type": "choose_piece", "piece": plane["id"]})
    assert at(state, plane) is None and game.view(state, 0)["public"]["supply_base"][1] == lost + 1


def test_a_player_with_no_such_piece_forfeits_a_coin_to_the_drawer():
    """Rule 16: when a card directs the destruction of a player's transports or airplanes and he has
    none left, he forfeits 1 coin to the player who drew the card."""
    state = cleared()
    put(state, 0, A, (5, 0))
    put(state, 1, B, (11, 9))
    draw_after_move(state, 0, deck.PLANE_ATTACK)
    assert state["coins"] == [9, 7]


def test_a_player_losing_his_own_piece_with_none_left_pays_the_reserve():
    """Rule 16: for his own pieces, the forfeit goes to the Gold Reserve."""
    state = cleared()
    reserve = state["reserve"]
    draw_after_move(state, 0, deck.STORM_AT_SEA)
    assert state["coins"][0] == 7 and state["reserve"] == reserve + 1


def test_storm_at_sea_takes_one_of_ones_own_transports_of_ones_choice():
    state = cleared()
    a = put(state, 0, T, (5, 1))
    b = put(state, 0, T, (5, 5))
    draw_after_move(state, 0, deck.STORM_AT_SEA)
    assert {a["id"], b["id"]} == {x["piece"] for x in game.legal(state, 0)["actions"]}
    act(state, 0, {"type": "choose_piece", "piece": b["id"]})
    assert at(state, b) is None and at(state, a) == (5, 1)


def test_a_player_without_coins_sacrifices_a_piece_and_takes_change():
    """Rule 17: unable to pay, he forfeits a piece of equal or greater value and takes change from the
    Gold Reserve."""
    state = cleared()
    state["coins"][0] = 0
    reserve = state["reserve"]
    ship = put(state, 0, B, (10, 10))
    draw_after_move(state, 0, deck.WAR_EXPENSES)
    assert game.to_act(state) == {0} and game.prompt(state)["kind"] == "sacrifice"
    choices = {a["piece"] for a in game.legal(state, 0)["actions"]}
    assert ship["id"] in choices
    act(state, 0, {"type": "choose_piece", "piece": ship["id"]})
    assert at(state, ship) is None
    assert state["coins"][0] == 4 and state["reserve"] == reserve - 4        # 5 for the ship, 1 owed


def test_a_forfeit_owed_to_a_player_is_drawn_from_the_reserve_by_the_sacrifice():
    """Rule 17: if the forfeit is to another player, he draws the sacrificed piece's value from the Gold
    Reserve and pays off (here a transport: exactly 1)."""
    state = cleared()
    state["coins"][1] = 0
    put(state, 0, A, (5, 0))
    lone = put(state, 1, A, (10, 15))
    draw_after_move(state, 0, deck.PLANE_ATTACK)   # South has no transport: 1 coin to North, he has none
    assert game.to_act(state) == {1} and game.prompt(state)["seats"] == [1]
    before = state["coins"][0]
    reserve = state["reserve"]
    act(state, 1, {"type": "choose_piece", "piece": lone["id"]})
    assert state["coins"][0] == before + 1 and state["reserve"] == reserve - 1 and state["coins"][1] == 0


def test_war_loan_takes_a_coin_from_the_reserve():
    state = cleared()
    draw_after_move(state, 0, deck.WAR_LOAN)
    assert state["coins"][0] == 9 and state["reserve"] == TOTAL_COINS - 16 - 1


# ----- Conscription --------------------------------------------------------------------------------

def test_conscription_brings_a_destroyed_transport_back_to_the_home_area():
    """Rule 12: destroyed pieces are out for good, except that Conscription returns a transport."""
    state = cleared()
    put(state, 0, T, (5, 1))
    draw_after_move(state, 0, deck.CONSCRIPTION)
    squares = {tuple(sq) for t in listing.of_type(game.legal(state, 0), "place")[1] for sq in t["to"]["$one_of"]}
    assert squares and all(sq in BOARD.homes["North"].squares and sq not in BOARD.bases for sq in squares)
    act(state, 0, {"type": "place", "to": [7, 1]})
    assert any(p["owner"] == 0 and p["kind"] == T and p["at"] == [7, 1] for p in state["pieces"])


# ----- Diplomatic Incident and the neutral's choice -----------------------------------------------------

def test_diplomatic_incident_serves_a_protest_on_a_player_of_ones_choice_not_at_war():
    """Strategy notes and Rule 7: instructed to serve a protest card, the drawer picks whom to serve."""
    state = cleared(n=4)
    draw_after_move(state, 0, deck.DIPLOMATIC_INCIDENT)
    assert game.legal(state, 0)["actions"] == [{"type": "choose_player", "seat": 1},
                                               {"type": "choose_player", "seat": 3}]
    act(state, 0, {"type": "choose_player", "seat": 3})
    assert game.to_act(state) == {3} and game.prompt(state)["kind"] == "protest"


def test_a_neutral_may_leave_an_attack_card_unused():
    """Docs: a neutral has no enemy, so an attack card is his to use or not."""
    state = cleared(n=3, turn=1)
    put(state, 1, A, (15, 5))
    put(state, 0, T, (5, 1))
    draw_after_move(state, 1, deck.PLANE_ATTACK)
    assert {"type": "decline"} in game.legal(state, 1)["actions"]
    act(state, 1, {"type": "decline"})
    assert state["turn"] == 2
