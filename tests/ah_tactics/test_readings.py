"""Readings of the rule book settled against its words (docs/ah_tactics.md, "Readings settled"): each test
quotes the text it follows."""
from engine import Session
from engine.ah_tactics.movement import field_for
from engine.ah_tactics.units import REPLACEMENT_CENTER
from engine.errors import NOT_YOUR_TURN, RuleError
from tests.ah_tactics.helpers import (BLUE, BOARD, RED, at, battle_events, blank, end_movement, fight, move,
                                      put, reach, refused, seed_for, uid)
from tests.ah_tactics.test_optional import capture, pass_turns, reached_by


def test_c6_a_unit_moving_next_to_an_enemy_hq_stops_there():
    """C6: "Units must STOP as soon as they move adjacent to an enemy Unit and can move no further" — an HQ
    is a Unit ("Each Unit representing a division or HQs"); F: it is lost at once, yet the mover has stopped."""
    s = blank()
    hq = put(s, uid(RED, "IC HQ"), (30, 5))
    b = put(s, uid(BLUE, "1st Inf"), (30, 2))
    assert reach(s, BLUE, b)[(30, 4)] == 6 and reach(s, BLUE, b)[(30, 7)] > 15   # no way past it: round it
    move(s, BLUE, b, (30, 4))
    assert s["units"][hq]["status"] == "eliminated" and b in s["halted"]
    refused(s, BLUE, {"type": "move", "unit": b, "to": [30, 5]})


def test_j2_a_friendly_hq_reaching_a_prisoner_frees_it():
    """J2: "Prisoner Units are considered recaptured when a friendly Unit reaches the prisoner's adjacent
    square" — any friendly Unit, an HQ too."""
    s, d, events = reached_by(RED, "IC HQ")
    assert s["units"][d]["status"] == "refitting" and s["units"][d]["captor"] is None
    assert {"type": "liberated", "unit": d, "at": [31, 8], "rule": "liberation"} in events


def test_g_reserves_are_handled_only_in_their_sides_own_movement_phase():
    """G: "Either side, at any time, can remove from the board the equivalent of an infantry corps" — read as
    at any turn of the game, in one's own movement: the reserve "moves" on the Basic Turn Allowance, which
    only the side whose turn it is has (C), and an enemy's move is never undone by units vanishing (F)."""
    session = Session("ah_tactics", 2, seed=0)
    session.state = blank(active=RED)
    u = put(session.state, uid(BLUE, "12th Inf"), (22, 4))
    try:
        session.apply(BLUE, {"type": "reserve", "unit": u})
        raise AssertionError("a reserve was taken in the enemy's turn")
    except RuleError as e:
        assert e.code == NOT_YOUR_TURN
    assert "not your side's turn" in refused(session.state, BLUE, {"type": "reserve", "unit": u}).lower()
    session.apply(RED, {"type": "end_movement"})
    session.apply(BLUE, {"type": "reserve", "unit": u})
    assert session.state["units"][u]["status"] == "reserve"


def test_d3_a_parachute_division_is_moved_once_a_turn_by_land_as_by_air():
    """D3: "these divisions can only be moved ONCE during a player's turn": one land move, then no more."""
    s = blank()
    p = put(s, uid(BLUE, "1st Para"), (20, 5))
    move(s, BLUE, p, (21, 5))
    assert reach(s, BLUE, p) == {}
    assert "once" in refused(s, BLUE, {"type": "move", "unit": p, "to": [22, 5]})
    end_movement(s)
    end_movement(s)
    move(s, BLUE, p, (22, 5))   # its next turn, it moves again


def test_d4_an_amphibious_division_lands_on_beaches_only_never_in_a_port():
    """D4: "Amphibious divisions must leave from a friendly port and can only land on beaches—not in a port
    proper"; other units sail from a friendly dock to a friendly dock."""
    s = blank()
    a = put(s, uid(BLUE, "1st Amph"), (5, 3))
    i = put(s, uid(BLUE, "1st Inf"), (4, 4))
    dock = (2, 13)                                  # Gull Harbor, Blue's own port
    assert dock in BOARD.docks("Gull Harbor")
    assert reach(s, BLUE, i)[dock] == 3             # the land leg to Northport's dock, the sea leg free
    assert reach(s, BLUE, a)[(2, 20)] == 3          # Heron Sands, a beach
    assert reach(s, BLUE, a)[dock] > 3              # only by landing on a beach and walking in
    route = [sq for sq, _, _ in field_for(BOARD, s, BLUE).route((5, 3), dock, "foot", 90, amphibious=True)[1]]
    assert route[-1] == dock and route[-2] not in BOARD.docks("Gull Harbor")


def test_c1_three_squares_along_a_line_for_one_square_of_allowance_counted_per_unit():
    """C1: "a player may move a Unit a total of THREE SQUARES for each square allowed in his BASIC TURN
    ALLOWANCE": one railroad square each for two units costs two squares; the unit's next two railroad
    squares are already paid for. Pooling the thirds of all units is the option `line_cost` "pooled"."""
    for line_cost, after_two, after_three in (("per_unit", 84, 84), ("pooled", 88, 86)):
        s = blank(line_cost=line_cost)
        a, b = put(s, uid(BLUE, "1st Inf"), (6, 3)), put(s, uid(BLUE, "2nd Inf"), (10, 3))
        move(s, BLUE, a, (7, 3))
        move(s, BLUE, b, (11, 3))
        assert s["allowance"] == after_two, line_cost
        assert reach(s, BLUE, a)[(9, 3)] == after_two - after_three
        move(s, BLUE, a, (9, 3))
        assert s["allowance"] == after_three, line_cost


def test_crt_an_armored_division_in_an_exchange_with_no_infantry_to_replace_it_is_simply_removed():
    """CRT: "In the case of an armored division involved in an 'exchange' remove the armored division and
    replace it with a previously eliminated infantry division only" — with none eliminated, nothing replaces
    it: the side loses both factors (the removal is ordered; the replacement only where one exists)."""
    s = blank()
    armor = [put(s, uid(BLUE, n), sq) for n, sq in (("1st Armd", (30, 2)), ("2nd Armd", (31, 2)))]
    d = put(s, uid(RED, "1st Inf"), (31, 3))
    assert not [e for e in s["eliminated"] if e < 44]
    ev = battle_events(fight(s, [(armor, [d])], seed_for(2)))[0]
    assert ev["column"] == "4-1" and ev["result"] == "Exchange"
    assert s["units"][armor[0]]["status"] == "eliminated" and at(s, armor[0]) is None
    assert s["units"][armor[1]]["status"] == "active"
    assert all(s["units"][e]["status"] == "eliminated" for e in s["eliminated"])


def test_crt_odds_worse_than_one_to_six_eliminate_the_attacker():
    """CRT: "Odds of more than 6-1 represent an 'automatic elimination' of the defender" — the table is
    silent below 1-6 (reached only when one unit must engage seven, F: "all enemy Units on adjacent squares
    must be engaged"): the mirror, the attacker is eliminated without a roll."""
    s = blank()
    a = put(s, uid(BLUE, "1st Inf"), (30, 5))
    around = [(29, 4), (30, 4), (31, 4), (29, 5), (31, 5), (29, 6), (30, 6)]
    ds = [put(s, uid(RED, f"{k + 1}th Inf"), sq) for k, sq in zip(range(3, 10), around)]
    ev = battle_events(fight(s, [([a], ds)]))[0]
    assert ev["odds"].startswith("1-7") and ev["die"] is None
    assert s["units"][a]["status"] == "eliminated"
    assert all(s["units"][d]["status"] == "active" for d in ds)


def test_j1_an_unguarded_prisoner_escapes_home_to_refit_when_its_time_is_up():
    """J1: "The captured Unit must be under guard in a bivouac area within three complete turns after
    capture" — the text sets no penalty; ours: it escapes to its own Replacement Center and must refit (J2's
    "returned to the Replacement Center bivouac area for 'refitting'")."""
    s, d = capture(prisoners="guarded")
    pass_turns(s, 6)
    assert s["units"][d]["status"] == "refitting" and s["units"][d]["captor"] is None
    assert at(s, d) in BOARD.bivouac(RED, REPLACEMENT_CENTER)
