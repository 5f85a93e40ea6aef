"""The questions a window asks of the rules (engine/ah_tactics/queries.py): each answer from the seat's view,
worked out by the rules' own functions, agreeing with what the rules list and do."""
from fractions import Fraction

from engine import ah_tactics as game, grid
from engine.ah_tactics import battles, crt, movement, queries, reserves
from tests.ah_tactics.helpers import BLUE, BOARD, RED, assign, blank, end_movement, move, put, reach, refused, uid


def view_of(state, seat):
    v = game.view(state, seat)
    v["private"]["legal"] = game.legal(state, seat)
    return v


def test_the_route_ends_on_the_square_at_the_cost_the_legal_listing_gives():
    """C: "a move is one unit to one square by the cheapest route" — the window's path is the rules' route."""
    s = blank()
    u = put(s, uid(BLUE, "12th Inf"), (22, 4))
    put(s, uid(BLUE, "13th Inf"), (21, 6))
    listed = reach(s, BLUE, u)
    v = view_of(s, BLUE)
    assert queries.reach_costs(v, u) == listed
    for square, cost in list(listed.items())[::7]:
        found_cost, path = queries.route(v, u, square)
        assert (found_cost, path[-1]) == (cost, square)
    far = max(listed.items(), key=lambda kv: kv[1])
    cost, _ = queries.route(v, u, far[0])
    move(s, BLUE, u, far[0])
    assert s["allowance"] == 90 - cost


def test_no_route_beyond_the_allowance():
    s = blank()
    u = put(s, uid(BLUE, "12th Inf"), (22, 4))
    s["allowance"] = 3
    assert queries.route(view_of(s, BLUE), u, (22, 8)) is None
    message = refused(s, BLUE, {"type": "move", "unit": u, "to": [22, 8]})
    assert queries.move_refusal(view_of(s, BLUE), u, (22, 8)) == message


def test_a_move_onto_an_enemy_is_refused_as_occupied_not_as_out_of_allowance():
    """C: "one unit to a square" — the reason given is the unit standing there."""
    s = blank()
    u = put(s, uid(BLUE, "12th Inf"), (22, 10))
    enemy = put(s, uid(RED, "4th Inf"), (22, 12))
    reason = queries.move_refusal(view_of(s, BLUE), u, (22, 12))
    assert f"{game.units.ROSTER[enemy].name} stands there" in reason and "allowance" not in reason
    assert game.queries is queries


def test_armor_is_told_it_never_enters_forest():
    """D2: armor never enters forest."""
    s = blank()
    tank = put(s, uid(BLUE, "1st Armd"), (22, 4))
    board = queries.load()
    forest = next(sq for sq, t in board.terrain.items() if t == "forest")
    assert "forest" in queries.move_refusal(view_of(s, BLUE), tank, forest)


def test_a_parachute_divisions_refusals_are_the_rules_own_words():
    """D3: a parachute division is "moved by air ... only ONCE", and lands on open land or forest; the window's
    reason for a refused drop or move is the one the rules give, word for word."""
    s = blank()
    p = put(s, uid(BLUE, "1st Para"), (20, 5))
    mountain = next(sq for sq, t in queries.load().terrain.items() if t == movement.MOUNTAIN)
    message = refused(s, BLUE, {"type": "drop", "unit": p, "to": list(mountain)})
    assert queries.move_refusal(view_of(s, BLUE), p, mountain, air=True) == message
    move(s, BLUE, p, (21, 5))
    for kind, air in (("drop", True), ("move", False)):
        message = refused(s, BLUE, {"type": kind, "unit": p, "to": [30, 30]})
        assert queries.move_refusal(view_of(s, BLUE), p, (30, 30), air=air) == message


def test_only_a_parachute_division_is_told_it_may_fly():
    s = blank()
    u = put(s, uid(BLUE, "12th Inf"), (22, 4))
    message = refused(s, BLUE, {"type": "drop", "unit": u, "to": [30, 30]})
    assert message.startswith("Only your parachute divisions")
    assert queries.move_refusal(view_of(s, BLUE), u, (30, 30), air=True) == message


def test_the_reserve_refusal_is_the_rules_own_reason():
    s = blank()
    for x in range(20, 26):
        put(s, uid(RED, f"{x - 10}th Inf"), (x, 14))   # Red has come into Blue's half
    ahead = put(s, uid(BLUE, "12th Inf"), (22, 16))
    message = refused(s, BLUE, {"type": "reserve", "unit": ahead})
    assert queries.reserve_refusal(view_of(s, BLUE), ahead) == message


def test_the_chart_is_the_table_the_rules_fight_on():
    chart = queries.crt_chart()
    table = crt.load()
    assert chart["columns"] == list(crt.COLUMNS)
    assert all(chart["cells"][c][d - 1] == table.result(c, d).text for c in crt.COLUMNS for d in range(1, 7))


def test_outcome_chances_add_up_and_follow_the_column():
    """3-1: every die face 1/6; 5-2 goes to a roll-off between 2-1 and 3-1, each won one time in two."""
    three = dict(queries.outcome_chances(3, 1))
    assert sum(three.values()) == 1
    assert three["exchange"] == Fraction(2, 6)   # 3-1 dice 2 and 5
    assert queries.battle_columns(2.5, 1) == ["2-1", "3-1"]
    roll_off = dict(queries.outcome_chances(2.5, 1))
    assert sum(roll_off.values()) == 1
    assert roll_off["attacker eliminated"] == Fraction(1, 12)   # 2-1 die 6 ("2 Elim"), half the time
    assert queries.outcome_chances(7, 1) == [("defender eliminated", Fraction(1))]   # more than 6 to 1


def test_the_front_line_is_where_reserves_stop():
    """G: a reserve stands strictly behind the front line; the drawn line is the rules' limit."""
    s = blank()
    for x in range(20, 26):
        put(s, uid(BLUE, f"{x - 10}th Inf"), (x, 14))
    line = queries.front_line(view_of(s, BLUE), "blue")
    behind = reserves.behind_front(queries.load(), s, BLUE)
    width = queries.load().width
    for x in (18, 22, 30):
        assert behind >> ((line[x] - 1) * width + x) & 1 and not behind >> (line[x] * width + x) & 1


def test_hq_ranges_report_the_corps_and_whether_it_is_in_range():
    """H2: a corps HQ is in range when at least half its corps' divisions are within five squares."""
    s = blank()
    hq = put(s, uid(BLUE, "IC HQ"), (10, 5))
    members = [u for u in range(44) if s["units"][u]["corps"] == "IC" and u != hq][:3]
    for i, m in enumerate(members):
        put(s, m, (10 + 7 * (i > 0), 6 + i))
    (ic,) = [r for r in queries.hq_ranges(view_of(s, BLUE), "blue") if r["corps"] == "IC"]
    assert ic["at"] == (10, 5) and ic["radius"] == 5 and len(ic["members"]) == 3
    assert ic["in_range"] is False and hq in game.view(s, BLUE)["public"]["hq_out_of_range"]


def test_an_attack_the_rules_refuse_gets_their_reason():
    """E2: regular units cannot attack a mountain division in the mountains."""
    s = blank()
    board = queries.load()
    peak = next(sq for sq, t in board.terrain.items() if t == "mountain" and sq[1] >= 18
                and board.terrain.get((sq[0], sq[1] - 1)) == "clear")
    infantry = put(s, uid(BLUE, "12th Inf"), (peak[0], peak[1] - 1))
    climber = put(s, uid(RED, "1st Mtn"), peak)
    s["phase"], s["must"], s["plan"] = "battle", [], []
    message = refused(s, BLUE, {"type": "assign", "attacker": infantry, "defender": climber, "factors": 1})
    assert queries.assign_refusal(view_of(s, BLUE), infantry, climber) == message


def test_a_halted_unit_is_refused_for_being_in_contact():
    """C6: a unit entering a square an enemy controls stops and moves no more this turn."""
    s = blank()
    u = put(s, uid(BLUE, "12th Inf"), (30, 4))
    put(s, uid(RED, "4th Inf"), (30, 7))
    move(s, BLUE, u, (30, 6))
    assert u in s["halted"]
    message = refused(s, BLUE, {"type": "move", "unit": u, "to": [29, 5]})
    assert queries.move_refusal(view_of(s, BLUE), u, (29, 5)) == message


def test_a_move_breaking_a_binding_hq_range_is_refused_for_that():
    """H2 binding: a move that takes a corps HQ in range out of it is refused."""
    s = blank(hq_range="binding")
    hq = put(s, uid(BLUE, "IC HQ"), (10, 5))
    members = [m for m in range(44) if s["units"][m]["corps"] == "IC" and m != hq][:2]
    for i, m in enumerate(members):
        put(s, m, (10 + i, 7))
    message = refused(s, BLUE, {"type": "move", "unit": hq, "to": [10, 0]})
    assert queries.move_refusal(view_of(s, BLUE), hq, (10, 0)) == message


# ----- what the bots ask (bots/ah_tactics.py, bots/ah_tactics_threat.py) ------------------------------
def test_a_battles_halves_are_the_ones_the_rules_fight_with():
    """E1: "the attacking Unit that is crossing the river—OTHER than at a bridge—loses one-half of its combat
    factor": the armor through the bridge counts 2, the one across the river 1."""
    s = blank()
    a = put(s, uid(BLUE, "1st Armd"), (13, 11))     # the bridge end at Ironford
    b = put(s, uid(BLUE, "2nd Armd"), (12, 11))
    d = put(s, uid(RED, "1st Inf"), (13, 12))
    end_movement(s)
    assign(s, a, d)
    assign(s, b, d)
    assert queries.battle_halves([(2, False), (2, True)], [1]) == (6, 2)
    assert battles.halves(BOARD, s, s["plan"][0]) == (6, 2)


def test_the_outcome_faces_are_the_tables_cells_with_their_chances():
    """3-1 reads each die face in its column; more than 6 to 1 is one face, the defender eliminated."""
    faces = queries.outcome_faces(3, 1)
    assert [r for _, r in faces] == [crt.load().result("3-1", die) for die in range(1, 7)]
    assert {chance for chance, _ in faces} == {Fraction(1, 6)}
    assert sum(chance for chance, _ in queries.outcome_faces(2.5, 1)) == 1     # a roll-off: 12 faces
    [(chance, result)] = queries.outcome_faces(7, 1)
    assert (chance, result.kind, result.loser) == (1, queries.ELIM, queries.DEFENDER)


def test_only_a_mountain_division_climbs_and_in_the_mountains_only_one_attacks_it():
    """D1: "only mountain divisions may enter mountain areas"; E2: "Regular land Units cannot attack mountain
    divisions so long as they remain in mountain areas"."""
    mountain, infantry, armor = uid(RED, "1st Mtn"), uid(RED, "1st Inf"), uid(RED, "1st Armd")
    assert queries.in_mountains(mountain, (17, 14)) and not queries.in_mountains(infantry, (17, 14))
    assert not queries.in_mountains(mountain, (16, 14))
    assert queries.may_stand(mountain, (17, 14)) and not queries.may_stand(infantry, (17, 14))
    forest = next(sq for sq, t in BOARD.terrain.items() if t == "forest")
    assert queries.may_stand(infantry, forest) and not queries.may_stand(armor, forest)   # D2
    assert queries.may_land(forest) and not queries.may_land((17, 14))                      # D3


def test_a_divisions_steps_and_control_are_the_rules_own():
    """C: the step costs the rules move by; E1: no control across a river; E2: none into the mountains but for
    a mountain division."""
    steps = queries.division_steps()
    for sq in list(steps)[::97]:
        around = [(n, movement.step_cost(BOARD, sq, n, "foot")[0]) for n in grid.neighbours(sq, BOARD.width,
                                                                                          BOARD.height)]
        assert list(steps[sq]) == [(n, cost) for n, cost in around if cost]
    assert all(n != (17, 14) for n, _ in steps[(16, 14)])
    assert (17, 14) not in queries.control((16, 14)) and (17, 14) in queries.control((16, 14), "mountain")
    assert (8, 12) not in queries.control((8, 11)) and (8, 10) in queries.control((8, 11))


def test_a_seats_side_comes_from_its_view():
    s = blank(n_seats=4)
    assert [queries.side_of(view_of(s, seat)) for seat in range(4)] == [0, 1, 0, 1]
    assert queries.SIDE_NAMES[queries.side_of(view_of(s, 1))] == "red"
