"""Battles: larger against smaller, even battles by coin, sacrifices, retreats."""
import pytest

from engine import Session
from engine.legal import all_actions, contains
from engine import civil_war as cw
from engine.civil_war.battle import defence
from engine.civil_war.board import load
from engine.rng import Rng
from tests.civil_war.helpers import NORTH, SOUTH, act, empty, here, move, place, refused

FIELD, NEXT = (9, 10), (10, 10)   # open Georgia country near Columbus


def larger_battle(attack=5, defend=3):
    s = empty()
    place(s, SOUTH, FIELD, infantry=attack)
    place(s, NORTH, NEXT, infantry=defend - 1, cavalry=1)
    events = move(s, SOUTH, FIELD, [NEXT], infantry=attack)
    return s, events


def test_battle_is_fought_by_moving_onto_the_enemy():
    """A battle is fought when a force moves onto a square holding an enemy force."""
    s, events = larger_battle()
    kinds = [e["type"] for e in events]
    assert "battle" in kinds
    battle = next(e for e in events if e["type"] == "battle")
    assert (battle["attack"], battle["defence"], battle["kind"]) == (5, 3, "larger")


def test_larger_attacker_chooses_losses_defender_losing_one_more():
    """Larger vs smaller: the defender loses one more unit than the attacker; the attacker picks how many."""
    s, _ = larger_battle()
    assert cw.to_act(s) == {SOUTH}
    options = all_actions(cw.legal(s, SOUTH))
    sizes = sorted({(sum(o["eliminate"].values()), sum(o.get("lose", {}).values())) for o in options})
    assert sizes == [(1, 0), (2, 1), (3, 2)]
    act(s, SOUTH, {"type": "battle", "eliminate": {"infantry": 2, "cavalry": 1}, "lose": {"infantry": 2}})
    assert here(s, NEXT, NORTH) == {"infantry": 0, "cavalry": 0, "gunboat": 0}
    assert here(s, NEXT, SOUTH)["infantry"] == 3


def test_the_attacker_names_which_enemy_units_die():
    """If not all are eliminated, the victor declares which enemy units are removed."""
    s, _ = larger_battle()
    act(s, SOUTH, {"type": "battle", "eliminate": {"cavalry": 1}, "lose": {}})
    assert here(s, NEXT, NORTH) == {"infantry": 2, "cavalry": 0, "gunboat": 0}


def test_a_wrong_loss_count_is_refused():
    s, _ = larger_battle()
    refused(s, SOUTH, {"type": "battle", "eliminate": {"infantry": 2}, "lose": {}})
    refused(s, SOUTH, {"type": "battle", "eliminate": {"infantry": 3}, "lose": {"infantry": 2}})


def test_survivors_get_an_immediate_extra_move_then_play_returns():
    """Surviving defeated troops get an immediate extra move; they may still move on their own turn."""
    s, _ = larger_battle()
    act(s, SOUTH, {"type": "battle", "eliminate": {"cavalry": 1}, "lose": {}})
    assert cw.to_act(s) == {NORTH}
    assert {a["type"] for a in all_actions(cw.legal(s, NORTH))} == {"retreat"}
    refused(s, NORTH, {"type": "end_turn"})
    act(s, NORTH, {"type": "retreat", "path": [[11, 9]], "units": {"infantry": 1}})
    assert cw.to_act(s) == {NORTH}     # one more survivor to go
    act(s, NORTH, {"type": "retreat", "path": [[11, 11]], "units": {"infantry": 1}})
    assert cw.to_act(s) == {SOUTH}
    assert all(not u["moved"] for u in s["units"] if u["side"] == NORTH)


def test_a_retreat_may_not_attack():
    s, _ = larger_battle()
    place(s, SOUTH, (11, 9), infantry=1)
    act(s, SOUTH, {"type": "battle", "eliminate": {"cavalry": 1}, "lose": {}})
    refused(s, NORTH, {"type": "retreat", "path": [[11, 9]], "units": {"infantry": 1}})


def test_survivors_with_nowhere_to_go_are_lost():
    """Our decision: beaten troops that cannot make their extra move are eliminated."""
    s = empty()
    place(s, NORTH, (17, 11), gunboat=2)      # at sea, boxed in by Confederate gunboats
    for sq in [(16, 10), (17, 10), (16, 11), (16, 12), (17, 12)]:
        place(s, SOUTH, sq, gunboat=1, moved=True)
    place(s, SOUTH, (15, 10), gunboat=3)
    # 3 gunboats (speed 2) attack from two squares away
    move(s, SOUTH, (15, 10), [(16, 11), (17, 11)], gunboat=3)
    act(s, SOUTH, {"type": "battle", "eliminate": {"gunboat": 1}, "lose": {}})
    assert here(s, (17, 11), NORTH)["gunboat"] == 0
    assert cw.to_act(s) == {SOUTH}


def coin_for(seed):
    return Rng(seed).coin()


@pytest.mark.parametrize("seed", range(6))
def test_even_battle_is_a_seeded_coin_toss(seed):
    """Equal forces: a coin is tossed; the loser is wiped out and the winner reduced to one."""
    s = empty()
    place(s, SOUTH, FIELD, infantry=3)
    place(s, NORTH, NEXT, infantry=2, cavalry=1)
    events = act(s, SOUTH, {"type": "move", "from": list(FIELD), "path": [list(NEXT)], "units": {"infantry": 3}},
                 seed=seed)
    coin = next(e for e in events if e["type"] == "coin")
    attacker_won = coin_for(seed)
    assert coin["winner"] == (SOUTH if attacker_won else NORTH)
    south, north = here(s, NEXT, SOUTH), here(s, NEXT, NORTH)
    if attacker_won:
        assert sum(south.values()) == 1 and sum(north.values()) == 0
    else:
        assert sum(south.values()) == 0 and north == {"infantry": 0, "cavalry": 1, "gunboat": 0}


def test_both_coin_outcomes_happen_over_seeds():
    assert {coin_for(seed) for seed in range(6)} == {True, False}


def test_smaller_force_may_not_attack_except_one_unit_sacrifice():
    """A smaller force can only attack in a sacrifice battle of a single unit."""
    s = empty()
    place(s, SOUTH, FIELD, infantry=2)
    place(s, NORTH, NEXT, infantry=3)
    refused(s, SOUTH, {"type": "move", "from": list(FIELD), "path": [list(NEXT)], "units": {"infantry": 2}})
    events = move(s, SOUTH, FIELD, [NEXT], infantry=1)
    assert any(e["type"] == "battle" and e["kind"] == "sacrifice" for e in events)
    assert here(s, FIELD, SOUTH)["infantry"] == 1 and here(s, NEXT, SOUTH)["infantry"] == 0
    assert all(u["disabled"] for u in s["units"] if tuple(u["at"]) == NEXT)


def test_a_sacrifice_battle_is_never_taken_back_by_undo():
    """docs/civil_war.md, "Undo": moves may be taken back "until a move starts a battle"; a sacrifice is
    settled on the spot (the attacker is lost, the defenders disabled), and an undo would raise the dead."""
    session = Session("civil_war", 2, seed=0)
    session.state = empty()
    place(session.state, SOUTH, FIELD, infantry=2)
    place(session.state, NORTH, NEXT, infantry=3)
    session.apply(SOUTH, {"type": "move", "from": list(FIELD), "path": [[9, 11]], "units": {"infantry": 1}})
    assert contains(session.legal(SOUTH), {"type": "undo"}), "a plain move may be taken back"
    session.apply(SOUTH, {"type": "move", "from": list(FIELD), "path": [list(NEXT)], "units": {"infantry": 1}})
    assert here(session.state, NEXT, SOUTH)["infantry"] == 0
    assert not session.may_undo(SOUTH) and not contains(session.legal(SOUTH), {"type": "undo"})


def test_a_disabled_force_sits_out_its_next_turn_then_recovers():
    """The sacrificed-against force is immobilised for a turn; the marker clears when that turn ends."""
    s = empty()
    place(s, SOUTH, FIELD, infantry=1)
    place(s, NORTH, NEXT, infantry=3)
    move(s, SOUTH, FIELD, [NEXT], infantry=1)
    act(s, SOUTH, {"type": "end_turn"})
    refused(s, NORTH, {"type": "move", "from": list(NEXT), "path": [[11, 10]], "units": {"infantry": 3}})
    assert all(a.get("from") != list(NEXT) for a in all_actions(cw.legal(s, NORTH)))
    move(s, NORTH, (0, 1), [(1, 1)], infantry=1)
    act(s, NORTH, {"type": "end_turn"})
    assert not any(u["disabled"] for u in s["units"])


def test_every_kind_counts_the_same_in_battle():
    """Infantry, cavalry and gunboats each count one."""
    s = empty()
    place(s, NORTH, (4, 8), infantry=1, cavalry=1, gunboat=1)
    assert defence(load(), s, (4, 8), NORTH) == 3


def test_an_attack_then_other_moves_in_the_same_turn():
    """Our decision: after a battle is settled the attacker goes on moving other pieces."""
    s, _ = larger_battle()
    place(s, SOUTH, (8, 10), cavalry=1)
    act(s, SOUTH, {"type": "battle", "eliminate": {"infantry": 2, "cavalry": 1}, "lose": {"infantry": 2}})
    move(s, SOUTH, (8, 10), [(8, 11)], cavalry=1)
    assert here(s, (8, 11), SOUTH)["cavalry"] == 1 and cw.to_act(s) == {SOUTH}


def test_a_retreat_into_an_enemy_key_city_takes_it():
    """Our decision: the extra move is a move like any other, so ending it in an enemy key city captures it."""
    s = empty(turn=NORTH)
    place(s, NORTH, (12, 2), infantry=3)
    place(s, SOUTH, (12, 3), infantry=2)          # Wheeling, next to Pittsburgh
    move(s, NORTH, (12, 2), [(12, 3)], infantry=3)
    act(s, NORTH, {"type": "battle", "eliminate": {"infantry": 1}, "lose": {}})
    act(s, SOUTH, {"type": "retreat", "path": [[13, 3]], "units": {"infantry": 1}})
    assert s["flags"] == {"Pittsburgh": SOUTH}
    assert s["pending"] == [{"step": "losses", "seat": NORTH, "count": 2, "city": "Pittsburgh"}]
    assert cw.to_act(s) == {NORTH}


def test_the_extra_move_is_never_a_railroad_ride():
    """Our decision: beaten troops make a normal move; they cannot ride the cars away."""
    s = empty()
    place(s, SOUTH, (5, 2), infantry=4)
    place(s, NORTH, (6, 2), infantry=2)             # Chicago, on the Michigan Central
    move(s, SOUTH, (5, 2), [(6, 2)], infantry=4)
    act(s, SOUTH, {"type": "battle", "eliminate": {"infantry": 1}, "lose": {}})
    refused(s, NORTH, {"type": "retreat", "path": [[7, 1], [8, 1]], "units": {"infantry": 1}})
    retreats = all_actions(cw.legal(s, NORTH))
    assert retreats and all(max(abs(a["to"][0] - 6), abs(a["to"][1] - 2)) == 1 for a in retreats)
    act(s, NORTH, {"type": "retreat", "path": [[7, 1]], "units": {"infantry": 1}})
    assert cw.to_act(s) == {SOUTH}


# Four separate Union forces of two, each with a lone Confederate infantry beside it.
SACRIFICES = [((9, 10), (10, 10)), ((6, 10), (7, 10)), ((8, 12), (8, 11)), ((0, 9), (1, 9))]


def four_sacrifices_ready():
    s = empty()
    for attacker, target in SACRIFICES:
        place(s, SOUTH, attacker, infantry=1)
        place(s, NORTH, target, infantry=2)
    return s


def sacrifice_listed(s, attacker, target) -> bool:
    return any(a["type"] == "move" and a["from"] == list(attacker) and a["to"] == list(target)
               for a in all_actions(cw.legal(s, SOUTH)))


def test_only_three_disabled_markers_exist():
    """Equipment: three disabled markers; a sacrifice is shown by placing one on the larger force. With all
    three on the board no further sacrifice can be fought (our reading: nothing could show it)."""
    s = four_sacrifices_ready()
    for attacker, target in SACRIFICES[:3]:
        assert sacrifice_listed(s, attacker, target)
        move(s, SOUTH, attacker, [target], infantry=1)
    assert cw.view(s, None)["public"]["markers_left"]["disabled"] == 0
    attacker, target = SACRIFICES[3]
    assert not sacrifice_listed(s, attacker, target)
    assert "disabled markers" in refused(s, SOUTH, {"type": "move", "from": list(attacker), "path": [list(target)],
                                                     "units": {"infantry": 1}})


def test_a_force_already_marked_can_be_sacrificed_against_again():
    """The marker sits on the force: a second sacrifice against a force that carries one needs no other."""
    s = four_sacrifices_ready()
    for attacker, target in SACRIFICES[:3]:
        move(s, SOUTH, attacker, [target], infantry=1)
    place(s, SOUTH, (11, 11), infantry=1)
    assert sacrifice_listed(s, (11, 11), (10, 10))
    events = move(s, SOUTH, (11, 11), [(10, 10)], infantry=1)
    assert any(e["type"] == "battle" and e["kind"] == "sacrifice" for e in events)


def test_markers_come_back_when_the_disabled_turn_ends():
    """The force is immobilised for one turn: its marker comes off when that turn ends and may be used again."""
    s = four_sacrifices_ready()
    for attacker, target in SACRIFICES[:3]:
        move(s, SOUTH, attacker, [target], infantry=1)
    act(s, SOUTH, {"type": "end_turn"})
    move(s, NORTH, (0, 1), [(1, 1)], infantry=1)
    act(s, NORTH, {"type": "end_turn"})
    assert cw.view(s, None)["public"]["markers_left"]["disabled"] == 3
    attacker, target = SACRIFICES[3]
    move(s, SOUTH, attacker, [target], infantry=1)
    assert all(u["disabled"] for u in s["units"] if tuple(u["at"]) == target)


def test_a_beaten_force_loses_its_marker():
    """Our decision: when a disabled force loses a battle, its marker comes off, and its survivors may move on
    their own turn as any beaten survivors may ("these units can be moved again on their regular turn")."""
    s = empty()
    place(s, SOUTH, FIELD, infantry=1)
    place(s, SOUTH, (11, 11), infantry=4)
    place(s, NORTH, NEXT, infantry=2)
    move(s, SOUTH, FIELD, [NEXT], infantry=1)
    assert cw.view(s, None)["public"]["markers_left"]["disabled"] == 2
    move(s, SOUTH, (11, 11), [NEXT], infantry=4)
    act(s, SOUTH, {"type": "battle", "eliminate": {"infantry": 1}, "lose": {}})
    survivor = next(u for u in s["units"] if u["side"] == NORTH and tuple(u["at"]) == NEXT)
    assert not survivor["disabled"]
    assert cw.view(s, None)["public"]["markers_left"]["disabled"] == 3
