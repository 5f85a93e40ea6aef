"""Combat (rules E, F, H1 and the table's notes): contact, the battle plan, odds, results."""
import pytest

from engine import ah_tactics as game
from engine.errors import RuleError
from engine.ah_tactics import crt
from tests.ah_tactics.helpers import (BLUE, BOARD, RED, act, assign, at, battle_events, blank, end_movement, fight,
                                      move, put, refused, seed_for, uid)


def test_contact_is_any_of_the_eight_neighbours_and_must_be_fought():
    """E: units have closed for combat on adjacent squares, "vertically, horizontally or diagonally";
    F: "all enemy Units on adjacent squares must be engaged"."""
    s = blank()
    b = put(s, uid(BLUE, "1st Inf"), (30, 2))
    diag, side = put(s, uid(RED, "1st Inf"), (31, 3)), put(s, uid(RED, "2nd Inf"), (29, 2))
    put(s, uid(RED, "3rd Inf"), (32, 2))   # two squares off: no contact
    end_movement(s)
    assert s["phase"] == "battle" and s["must"] == sorted([diag, side])
    msg = refused(s, BLUE, {"type": "confirm_battles"})
    assert "must be attacked" in msg
    act(s, BLUE, {"type": "assign", "factors": 1, "attacker": b, "defender": diag})
    act(s, BLUE, {"type": "combine", "defender": side, "with": diag})
    assert game.view(s, None)["public"]["plan"][0]["odds"] == "1-2"
    act(s, BLUE, {"type": "confirm_battles"})


def test_the_attacker_divides_his_factors_as_he_likes():
    """F: 3 armored against 2 infantry on a straight front: 2 and 1 (4-1 and 2-1), or each infantry by two
    armored, the middle one giving a factor to each (3-1 in both cases)."""
    s = blank()
    left, middle, right = (put(s, uid(BLUE, n), sq) for n, sq in
                           (("1st Armd", (30, 2)), ("2nd Armd", (31, 2)), ("3rd Armd", (32, 2))))
    west, east = put(s, uid(RED, "1st Inf"), (30, 3)), put(s, uid(RED, "2nd Inf"), (32, 3))
    # (31, 2) touches both; (30, 2) only the west one, (32, 2) only the east one
    end_movement(s)
    assign(s, left, west)
    assign(s, middle, west)
    assign(s, right, east)
    assert [b["odds"] for b in game.view(s, None)["public"]["plan"]] == ["4-1", "2-1"]
    act(s, BLUE, {"type": "unassign", "unit": middle})
    assign(s, middle, west, 1)
    assign(s, middle, east, 1)
    assert [b["odds"] for b in game.view(s, None)["public"]["plan"]] == ["3-1", "3-1"]
    refused(s, BLUE, {"type": "assign", "attacker": right, "defender": east, "factors": 1})   # already in it
    act(s, BLUE, {"type": "confirm_battles"})


def test_an_attacker_must_be_next_to_every_defender_of_its_battle():
    """F: a battle joins units that are in contact; one far from a defender cannot share its battle."""
    s = blank()
    a, far = put(s, uid(BLUE, "1st Inf"), (30, 2)), put(s, uid(BLUE, "2nd Inf"), (33, 2))
    d1, d2 = put(s, uid(RED, "1st Inf"), (31, 3)), put(s, uid(RED, "2nd Inf"), (34, 3))
    end_movement(s)
    assign(s, a, d1)
    refused(s, BLUE, {"type": "assign", "factors": 1, "attacker": far, "defender": d1})
    refused(s, BLUE, {"type": "combine", "defender": d2, "with": d1})


def test_combat_factors_armor_two_others_one_hqs_none():
    """B, H1: armored divisions count 2; infantry, parachute, mountain and amphibious divisions 1 and fight as
    infantry; HQs have no combat factor."""
    s = blank()
    for name, sq in (("1st Para", (30, 2)), ("1st Mtn", (31, 2)), ("1st Amph", (32, 2)), ("1st Armd", (33, 2))):
        put(s, uid(BLUE, name), sq)
    d = put(s, uid(RED, "1st Inf"), (31, 3))
    d2 = put(s, uid(RED, "2nd Inf"), (33, 3))
    end_movement(s)
    for name in ("1st Para", "1st Mtn", "1st Amph"):
        act(s, BLUE, {"type": "assign", "factors": 1, "attacker": uid(BLUE, name), "defender": d})
    assign(s, uid(BLUE, "1st Armd"), d2)
    plan = game.view(s, None)["public"]["plan"]
    assert [(b["attack"], b["defence"]) for b in plan] == [(3, 1), (2, 1)]


def test_across_a_river_units_do_not_control_and_an_attack_is_at_half_factor():
    """E1: "Units on a river line do not control the squares across the river ... the attacking Unit that
    is crossing the river—OTHER than at a bridge—loses one-half of its combat factor"."""
    s = blank()
    b = put(s, uid(BLUE, "1st Inf"), (7, 10))
    r = put(s, uid(RED, "1st Inf"), (8, 13))
    move(s, BLUE, b, (8, 11))              # next to (8, 12)? no: the Red unit is two rows down
    s["units"][r]["at"] = [8, 12]          # now face to face across the Wend
    assert BOARD.separated((8, 11), (8, 12))
    end_movement(s)
    assert s["must"] == []                 # no contact across the river
    act(s, BLUE, {"type": "assign", "factors": 1, "attacker": b, "defender": r})
    assert game.view(s, None)["public"]["plan"][0]["odds"] == "0.5-1 (1-2)"


def test_a_river_does_not_stop_movement_beside_the_enemy_on_the_far_bank():
    """E1 with C6: no control across a river, so no contact and no stop."""
    s = blank()
    b = put(s, uid(BLUE, "1st Inf"), (5, 11))
    put(s, uid(RED, "1st Inf"), (8, 12))
    move(s, BLUE, b, (10, 11))
    assert at(s, b) == (10, 11) and b not in s["halted"]


def test_across_a_bridge_an_attack_keeps_its_factor_one_unit_at_a_time():
    """E1: "Units attacking across a bridge retain their combat factor, but only one Unit can cross a bridge
    at a time": only the square at the bridge end faces the far bank through it."""
    s = blank()
    a = put(s, uid(BLUE, "1st Armd"), (13, 11))     # the bridge end at Ironford
    b = put(s, uid(BLUE, "2nd Armd"), (12, 11))
    d = put(s, uid(RED, "1st Inf"), (13, 12))
    end_movement(s)
    assert s["must"] == [d]
    assign(s, a, d)
    assign(s, b, d)
    plan = game.view(s, None)["public"]["plan"][0]
    assert plan["attack"] == 2 + 1            # through the bridge 2; the second armor across the river 1


def test_regular_units_cannot_attack_mountain_divisions_in_the_mountains():
    """E2: "Regular land Units cannot attack mountain divisions so long as they remain in mountain areas"."""
    s = blank()
    b = put(s, uid(BLUE, "1st Inf"), (16, 14))
    m = put(s, uid(RED, "1st Mtn"), (17, 14))
    end_movement(s)
    assert s["phase"] == "move"   # nothing to fight: the turn passed
    assert b is not None and m is not None


def test_a_mountain_division_in_the_mountains_chooses_whether_to_fight():
    """E2: "the choice of attack is entirely that of the mountain division"."""
    s = blank(active=RED)
    put(s, uid(BLUE, "1st Inf"), (16, 14))
    m = put(s, uid(RED, "1st Mtn"), (17, 14))
    end_movement(s)
    assert s["phase"] == "battle" and s["must"] == []
    act(s, RED, {"type": "confirm_battles"})          # it may decline
    assert s["active"] == BLUE
    assert at(s, m) == (17, 14)


def test_hqs_are_eliminated_when_enemy_forces_move_next_to_them():
    """F: "HQs Units are eliminated when opposing forces are moved to their adjacent squares. No combat"."""
    s = blank()
    hq = put(s, uid(RED, "IC HQ"), (30, 5))
    b = put(s, uid(BLUE, "1st Inf"), (30, 2))
    move(s, BLUE, b, (30, 4))
    assert s["units"][hq]["status"] == "eliminated"
    assert b in s["halted"]   # C6: it moved "adjacent to an enemy Unit", and stops there


def test_an_hq_lost_in_contact_names_the_enemy_whose_move_made_the_contact_and_the_rule():
    """F: "HQs Units are eliminated when opposing forces are moved to their adjacent squares": the loss says
    why as data (engine.why): rule F, the enemy divisions in contact, and the unit whose move made it."""
    s = blank()
    hq = put(s, uid(RED, "IC HQ"), (30, 5))
    b = put(s, uid(BLUE, "1st Inf"), (30, 2))
    events = move(s, BLUE, b, (30, 4))
    lost = next(e for e in events if e["type"] == "eliminated")
    assert lost == {"type": "eliminated", "unit": hq, "at": [30, 5], "reason": "contact", "rule": "hq_contact",
                    "by": [b], "mover": b}


def test_an_hq_that_moves_next_to_the_enemy_is_lost_by_its_own_move():
    """F: an HQ moving next to an enemy division is lost too; the event names the HQ itself as the mover."""
    s = blank()
    enemy = put(s, uid(RED, "1st Inf"), (30, 6))
    hq = put(s, uid(BLUE, "IC HQ"), (30, 2))
    events = move(s, BLUE, hq, (30, 5))
    lost = next(e for e in events if e["type"] == "eliminated")
    assert (lost["unit"], lost["by"], lost["mover"], lost["rule"]) == (hq, [enemy], hq, "hq_contact")


def test_a_unit_halted_in_contact_names_what_stopped_it():
    """C6: "Units must STOP as soon as they move adjacent to an enemy Unit": a `halted` event names the enemy
    units it stopped beside, with the rule (engine.why); a refused further move names the same rule."""
    s = blank()
    d = put(s, uid(RED, "9th Inf"), (30, 5))
    b = put(s, uid(BLUE, "1st Inf"), (30, 2))
    events = move(s, BLUE, b, (30, 4))
    assert {"type": "halted", "unit": b, "at": [30, 4], "rule": "contact_halts", "by": [d]} in events
    hq = put(s, uid(RED, "IC HQ"), (33, 5))
    c = put(s, uid(BLUE, "2nd Inf"), (33, 2))
    halted = next(e for e in move(s, BLUE, c, (33, 4)) if e["type"] == "halted")
    # F: an HQ met is lost at once: the event says which of the units met the meeting took out
    assert halted["by"] == [hq] and halted["lost"] == [hq], halted
    with pytest.raises(RuleError) as refusal:
        act(s, BLUE, {"type": "move", "unit": b, "to": [31, 3]})
    assert refusal.value.rule == "contact_halts"


def test_odds_between_columns_go_to_a_roll_off():
    """F: "Unusual odds—such as 3-2, 5-2 ... each player throw the cubit once. The player with the highest
    number takes the advantage, such as converting 5-2 odds to 6-2, or 3-1"."""
    s = blank()
    atk = [put(s, uid(BLUE, n), sq) for n, sq in (("1st Armd", (30, 2)), ("2nd Armd", (31, 2)), ("1st Inf", (30, 4)))]
    d = [put(s, uid(RED, n), sq) for n, sq in (("1st Inf", (30, 3)), ("2nd Inf", (31, 3)))]
    seed = seed_for(5, 2)   # attacker throws 5, defender 2: the attacker's column
    ev = battle_events(fight(s, [(atk, d)], seed))[0]
    assert ev["odds"] == "5-2 (roll-off: 2-1 or 3-1)"
    assert ev["roll_off"] == [[5, 2]] and ev["column"] == "3-1"
    s2 = blank()
    for u, sq in zip(atk, ((30, 2), (31, 2), (30, 4))):
        put(s2, u, sq)
    for u, sq in zip(d, ((30, 3), (31, 3))):
        put(s2, u, sq)
    ev = battle_events(fight(s2, [(atk, d)], seed_for(2, 5)))[0]
    assert ev["column"] == "2-1"


def test_odds_over_six_to_one_eliminate_the_defender_without_a_roll():
    """CRT: "Odds of more than 6-1 represent an automatic elimination of the defender"."""
    s = blank()
    atk = [put(s, uid(BLUE, f"{n} Armd"), sq) for n, sq in (("1st", (30, 2)), ("2nd", (31, 2)), ("3rd", (32, 2)),
                                                             ("4th", (30, 4)))]
    d = put(s, uid(RED, "1st Inf"), (31, 3))
    ev = battle_events(fight(s, [(atk, [d])]))[0]
    assert ev["column"] == crt.AUTO_DEFENDER and ev["die"] is None
    assert s["units"][d]["status"] == "eliminated"


def test_results_apply_at_the_end_of_the_turn_and_one_elim_removes_the_side_with_factor_one():
    """F: combat only at the END of the attacker's turn; CRT: '"1 Elim" means the player with the factor of 1
    is eliminated' — at 1-2 on a 5 the attacker (holding the 1) is removed."""
    s = blank()
    a = put(s, uid(BLUE, "1st Inf"), (30, 2))
    d = put(s, uid(RED, "1st Armd"), (30, 3))
    ev = battle_events(fight(s, [([a], [d])], seed_for(5)))[0]
    assert ev["column"] == "1-2" and ev["result"] == "1 Elim"
    assert s["units"][a]["status"] == "eliminated" and s["units"][d]["status"] == "active"
    assert s["active"] == RED


def test_a_loser_falls_back_where_the_winner_chooses():
    """CRT: '"1 Back 6" means the player with the factor of 1 moves back 6 spaces ... the exact direction to
    be determined by the winner'. At 3-1 on a 3 the defender falls back 2; the attacker chooses."""
    s = blank()
    atk = [put(s, uid(BLUE, n), sq) for n, sq in (("1st Inf", (30, 2)), ("2nd Inf", (31, 2)), ("3rd Inf", (32, 2)))]
    d = put(s, uid(RED, "1st Inf"), (31, 3))
    ev = battle_events(fight(s, [(atk, [d])], seed_for(3)))[0]
    assert ev["result"] == "1 back 2"
    assert s["phase"] == "retreat" and game.to_act(s) == {BLUE}
    legal = game.legal(s, BLUE)
    options = legal["templates"][0]["to"]["$one_of"]
    assert all(max(abs(x - 31), abs(y - 3)) == 2 for x, y in options)
    refused(s, BLUE, {"type": "retreat", "unit": d, "to": [31, 4]})
    act(s, BLUE, {"type": "retreat", "unit": d, "to": [33, 5]})
    assert at(s, d) == (33, 5) and s["active"] == RED


def test_when_the_attacker_loses_the_defender_chooses_out_of_turn():
    """CRT with the prompt: at 1-1 on a 4 the attacker falls back 2 and the defender's side chooses where,
    acting out of its turn."""
    s = blank()
    a = put(s, uid(BLUE, "1st Inf"), (30, 2))
    d = put(s, uid(RED, "1st Inf"), (30, 3))
    ev = battle_events(fight(s, [([a], [d])], seed_for(4)))[0]
    assert ev["result"] == "Attacker back 2"
    assert game.to_act(s) == {RED}
    p = game.prompt(s)
    assert p["kind"] == "retreat" and p["seats"] == [RED]
    dest = game.legal(s, RED)["templates"][0]["to"]["$one_of"][0]
    act(s, RED, {"type": "retreat", "unit": a, "to": dest})
    assert s["active"] == RED and s["phase"] == "move"


def test_a_unit_with_no_room_to_fall_back_is_eliminated():
    """A fall-back needs free squares it may enter: boxed in against the sea, the unit is lost."""
    s = blank()
    atk = [put(s, uid(BLUE, n), sq) for n, sq in (("1st Inf", (5, 1)), ("2nd Inf", (4, 1)), ("3rd Inf", (5, 0)))]
    d = put(s, uid(RED, "1st Inf"), (4, 0))   # a corner of the coast: sea behind, attackers all round
    ev = battle_events(fight(s, [(atk, [d])], seed_for(3)))[0]
    assert ev["result"] == "1 back 2"
    assert s["units"][d]["status"] == "eliminated"


def test_an_exchange_costs_each_side_one_factor_and_armor_comes_back_as_infantry():
    """CRT: "Exchange" — each side loses one combat factor; an armored division in an exchange is removed and
    replaced by a previously eliminated infantry division only."""
    s = blank()
    armor = [put(s, uid(BLUE, n), sq) for n, sq in (("1st Armd", (30, 2)), ("2nd Armd", (31, 2)))]
    d = put(s, uid(RED, "1st Inf"), (31, 3))
    dead = uid(BLUE, "7th Inf")
    s["eliminated"] = [dead]
    ev = battle_events(fight(s, [(armor, [d])], seed_for(2)))[0]
    assert ev["column"] == "4-1" and ev["result"] == "Exchange"
    assert s["units"][d]["status"] == "eliminated"
    assert s["units"][armor[0]]["status"] == "eliminated"
    assert s["units"][dead]["status"] == "active" and at(s, dead) == (30, 2)


def test_in_an_exchange_an_infantry_division_goes_before_armor():
    """CRT "Exchange": one factor lost — the infantry division, not the armor beside it."""
    s = blank()
    a = put(s, uid(BLUE, "1st Armd"), (30, 2))
    i = put(s, uid(BLUE, "1st Inf"), (31, 2))
    d = put(s, uid(RED, "1st Inf"), (31, 3))
    battle_events(fight(s, [([a, i], [d])], seed_for(2)))
    assert s["units"][i]["status"] == "eliminated" and s["units"][a]["status"] == "active"
