"""Situation 4's targets: what the race window lights and lets go is exactly the seat's `legal`, less what its
own moves in flight already use; and the window never runs a rule of its own to decide."""
from pathlib import Path

from engine import legal as listing
from engine.session import Session
from engine.situation4 import get_board
from game.situation4.targets import Targets
from tests.test_import_graph import ROOT, imported_names

BOARD = get_board()


def seat_view(session, seat=0):
    return session.view(seat)


def targets_for(session, seat=0, in_flight=()):
    view = seat_view(session, seat)
    return Targets(BOARD, view["private"]["legal"], view["public"], seat % 2, list(in_flight))


def opened_session():
    s = Session("situation4", 2, seed=8, seats=[{"name": "Ada", "kind": "human"}, {"name": "Bo", "kind": "human"}])
    for slot in (BOARD.slot(7, 2), BOARD.slot(6, 2), BOARD.slot(5, 2), BOARD.slot(4, 2), BOARD.slot(5, 3),
                 BOARD.slot(4, 3)):   # orange completes its tank base: three tanks in hand
        s.apply(0, {"type": "place", "piece": slot, "slot": slot})
    return s


def test_with_nothing_in_flight_the_targets_are_the_legal_list_itself():
    s = opened_session()
    t = targets_for(s)
    legal = s.view(0)["private"]["legal"]
    assert sorted(map(repr, t.actions)) == sorted(map(repr, listing.all_actions(legal)))
    assert t.fitting == set(listing.values_of(legal, "place", "piece"))
    assert t.tank_slots == set(listing.values_of(legal, "tank", "slot")) and len(t.tank_slots) > 0


def test_a_move_in_flight_is_not_offered_again_and_shows_as_mine():
    s = opened_session()
    first = next(a for a in listing.all_actions(s.view(0)["private"]["legal"]) if a["type"] == "place")
    t = targets_for(s, in_flight=[first])
    assert not t.allows(first) and first["piece"] not in t.fitting
    assert t.owner[first["slot"]] == 0 and s.view(0)["public"]["owner"][first["slot"]] is None
    assert t.why_not_place(first["piece"], first["slot"]) == "That space is already filled."


def test_forces_in_flight_use_up_what_is_in_hand():
    s = opened_session()
    tanks = [a for a in listing.all_actions(s.view(0)["private"]["legal"]) if a["type"] == "tank"]
    assert s.view(0)["public"]["in_hand"]["tank"][0] == 3 and len(tanks) >= 3
    t = targets_for(s, in_flight=tanks[:3])
    assert t.tank_slots == set() and t.why_not_tank(tanks[0]["slot"]).startswith("You have no tanks")


def test_a_refused_drop_is_explained_in_the_rules_words_from_what_the_view_shows():
    s = Session("situation4", 2, seed=8, seats=[{"name": "Ada", "kind": "human"}, {"name": "Bo", "kind": "human"}])
    t = targets_for(s)
    base = sorted(BOARD.base_line[0])
    far = BOARD.slot(3, 5)
    assert t.piece_drop(base[0], base[0]) == ({"type": "place", "piece": base[0], "slot": base[0]}, None)
    assert t.piece_drop(base[0], base[1]) == (None, "That piece does not fit there.")
    assert t.piece_drop(far, far) == (None, "Your first piece must go on your base line (the red-bordered pieces).")
    s.apply(0, {"type": "place", "piece": base[0], "slot": base[0]})
    assert targets_for(s).piece_drop(far, far) == (
        None, "A piece must interlock with one of your own pieces that connects back to your base line.")
    assert targets_for(s).why_not_tank(base[0]).startswith("You have no tanks")


def test_a_refusal_the_rules_word_differently_reaches_the_window_with_no_second_edit(monkeypatch):
    """The sentence under a bounced drop is the rules' own (engine.situation4.queries.refusal): change the
    rules' sentence and the window's changes with it."""
    from engine.situation4 import legality
    s = Session("situation4", 2, seed=8, seats=[{"name": "Ada", "kind": "human"}, {"name": "Bo", "kind": "human"}])
    far = BOARD.slot(3, 5)
    monkeypatch.setattr(legality, "place_problem", lambda *args: "Reworded by the rules.")
    assert targets_for(s).piece_drop(far, far) == (None, "Reworded by the rules.")


def test_the_race_window_asks_no_rule_of_the_engine():
    """Legality is the host's: the window's modules import no rules module that judges a move (they ask the
    rules' documented queries for a refusal's sentence and the tally)."""
    window = sorted((ROOT / "game" / "situation4").glob("*.py"))
    used = {name for path in window for name in imported_names(Path(path))}
    assert not {m for m in used if m.startswith(("engine.situation4.legality", "engine.situation4.play",
                                                 "engine.situation4.moves"))}
