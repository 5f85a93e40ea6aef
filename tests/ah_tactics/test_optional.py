"""Optional rules J1-J4, each an option that is off by default."""
from engine import ah_tactics as game
from engine.ah_tactics.board import load
from engine.ah_tactics.units import REPLACEMENT_CENTER
from tests.ah_tactics.helpers import (BLUE, RED, assign, at, battle_events, blank, end_movement, fight, move,
                                      put, reach, seed_for, uid)

BOARD = load()


def capture(**options):
    """Blue takes Red's 1st Inf prisoner at 6-1 on a 1 ("1 Elim (1 Pris)")."""
    s = blank(**options)
    atk = [put(s, uid(BLUE, n), sq) for n, sq in (("1st Armd", (30, 2)), ("2nd Armd", (31, 2)), ("3rd Armd", (32, 2)))]
    d = put(s, uid(RED, "1st Inf"), (31, 3))
    ev = battle_events(fight(s, [(atk, [d])], seed_for(1)))[0]
    assert ev["column"] == "6-1" and ev["result"] == "1 Elim (1 Pris)"
    return s, d


def reached_by(side: int, name: str):
    """A prisoner (liberation rules) on (31, 8), and `side`'s unit `name` moved from (31, 12) next to it:
    (state, the prisoner, the move's events)."""
    s, d = capture(prisoners="liberation")
    s["units"][d]["at"] = [31, 8]
    rescuer = put(s, uid(side, name), (31, 12))
    assert s["active"] == side
    return s, d, move(s, side, rescuer, (31, 9))


def pass_turns(state, n):
    for _ in range(n):
        end_movement(state)


def test_the_optional_rules_are_off_by_default():
    """J: "it is not essential that these optional rules be employed"."""
    assert all(game.default_options()[k] == "off" for k in ("prisoners", "hq_defence", "encirclement"))
    assert game.default_options()["hq_range"] == "advisory"


def test_without_j1_a_prisoner_result_eliminates():
    s, d = capture()
    assert s["units"][d]["status"] == "eliminated"


def test_j1_a_pris_result_takes_prisoners_the_captor_moves():
    """J1: "the Unit has been captured rather than eliminated. Prisoner Units must be transported by the
    capturing army ... at the usual movement cost"."""
    s, d = capture(prisoners="guarded")
    assert s["units"][d]["status"] == "prisoner" and s["units"][d]["captor"] == BLUE and at(s, d) == (31, 3)
    assert s["active"] == RED and reach(s, RED, d) == {}     # not Red's to move
    end_movement(s)
    assert s["active"] == BLUE and (31, 5) in reach(s, BLUE, d)
    move(s, BLUE, d, (31, 5))
    assert s["allowance"] == 84


def test_j1_prisoners_not_under_guard_in_time_escape_home():
    """J1: "The captured Unit must be under guard in a bivouac area within three complete turns after
    capture" — otherwise (our decision) it escapes to its own Replacement Center, to refit."""
    s, d = capture(prisoners="guarded")        # in round 1
    pass_turns(s, 5)                      # Red 1, Blue 2, Red 2, Blue 3, Red 3 end
    assert s["units"][d]["status"] == "prisoner"
    pass_turns(s, 1)                      # the end of Blue's turn in round 4: time is up
    assert s["units"][d]["status"] == "refitting"
    assert at(s, d) in BOARD.bivouac(RED, REPLACEMENT_CENTER)


def test_j1_one_guard_factor_holds_five_prisoners_in_a_bivouac_area():
    """J1: "one infantry division, or its equivalent, for each five captured divisions"."""
    s, d = capture(prisoners="guarded")
    area = BOARD.bivouac(BLUE, "IIIC")
    s["units"][d]["at"] = list(area[0])
    put(s, uid(BLUE, "9th Inf"), area[1])
    pass_turns(s, 7)
    assert s["units"][d]["status"] == "prisoner"


def test_j2_a_prisoner_reached_by_its_own_side_is_freed_and_refits_in_the_replacement_center():
    """J2: "Prisoner Units are considered recaptured when a friendly Unit reaches the prisoner's adjacent
    square", and regain combat use after a complete turn in the Replacement Center bivouac area."""
    s, d, _ = reached_by(RED, "2nd Inf")
    assert s["units"][d]["status"] == "refitting" and s["units"][d]["captor"] is None
    rc = BOARD.bivouac(RED, REPLACEMENT_CENTER)
    s["units"][d]["at"] = list(rc[0])
    pass_turns(s, 3)
    assert s["units"][d]["status"] == "active"


def test_j3_hqs_defend_at_one_instead_of_being_lost():
    """J3: "Army Group HQ, Army HQs and Corps HQs have a DEFENSE combat factor of one. They may not attack"."""
    s = blank(hq_defence="on")
    hq = put(s, uid(RED, "IC HQ"), (30, 5))
    b = put(s, uid(BLUE, "1st Inf"), (30, 2))
    move(s, BLUE, b, (30, 4))
    assert s["units"][hq]["status"] == "active"
    end_movement(s)
    assert s["must"] == [hq]
    assign(s, b, hq)
    assert game.view(s, None)["public"]["plan"][0]["odds"] == "1-1"
    own_hq = put(s, uid(BLUE, "IC HQ"), (31, 6))
    assert not any(a["attacker"] == own_hq for a in game.legal(s, BLUE)["actions"] if a["type"] == "assign")


def test_j4_units_encircled_for_two_complete_turns_are_captured():
    """J4: "If Units of one army completely surround Units of the opponent for at least two complete turns
    without interruption, all of the surrounded Units are regarded as captured"."""
    s = blank(encirclement="on")
    red = put(s, uid(RED, "1st Inf"), (35, 5))
    for i, sq in enumerate(((33, 5), (37, 5), (35, 3), (35, 7))):
        put(s, uid(BLUE, f"{i + 1}{['st', 'nd', 'rd', 'th'][i]} Inf"), sq)
    pass_turns(s, 4)
    assert s["units"][red]["status"] == "active" and s["encircled"] == {str(red): 4}
    pass_turns(s, 1)
    assert s["units"][red]["status"] == "eliminated"


def test_j4_units_in_a_friendly_city_are_never_encircled():
    """J4: "if the surrounded Units are located in a friendly city they cannot be classed as isolated"."""
    s = blank(encirclement="on")
    red = put(s, uid(RED, "1st Inf"), (31, 24))      # Lumber City
    for i, sq in enumerate(((29, 24), (33, 24), (31, 22), (31, 26))):
        put(s, uid(BLUE, f"{i + 1}{['st', 'nd', 'rd', 'th'][i]} Inf"), sq)
    pass_turns(s, 6)
    assert s["units"][red]["status"] == "active" and s["encircled"] == {}


def test_j4_with_j1_the_encircled_are_taken_prisoner():
    s = blank(encirclement="on", prisoners="guarded")
    red = put(s, uid(RED, "1st Inf"), (35, 5))
    for i, sq in enumerate(((33, 5), (37, 5), (35, 3), (35, 7))):
        put(s, uid(BLUE, f"{i + 1}{['st', 'nd', 'rd', 'th'][i]} Inf"), sq)
    pass_turns(s, 5)
    assert s["units"][red]["status"] == "prisoner" and s["units"][red]["captor"] == BLUE
