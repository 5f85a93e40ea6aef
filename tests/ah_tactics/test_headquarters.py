"""Corps organisation (rule B) and the headquarters range rule (H2)."""
from engine import ah_tactics as game
from engine.ah_tactics import headquarters
from tests.ah_tactics.helpers import BLUE, act, blank, move, put, reach, refused, uid


def corps(state, spread: int = 0):
    """IC HQ at (20, 5) and its six divisions in a row below it, `spread` squares farther each."""
    hq = put(state, uid(BLUE, "IC HQ"), (20, 5))
    names = ["1st Armd"] + [f"{n} Inf" for n in ("1st", "2nd", "3rd", "4th", "5th")]
    units = [put(state, uid(BLUE, n), (17 + i, 7 + spread)) for i, n in enumerate(names)]
    return hq, units


def test_corps_membership_starts_as_the_order_of_battle_says():
    """B: IC holds the 1st armored and the 1st to 5th infantry divisions."""
    s = game.setup({}, 2, __import__("engine.rng", fromlist=["Rng"]).Rng(0))
    ic = sorted(u for u in range(44) if s["units"][u]["corps"] == "IC")
    assert ic == sorted([uid(BLUE, "IC HQ"), uid(BLUE, "1st Armd")] + [uid(BLUE, f"{n} Inf") for n in
                                                                     ("1st", "2nd", "3rd", "4th", "5th")])


def test_the_view_names_corps_hqs_away_from_the_bulk_of_their_corps():
    """H2: "Corps HQ Units must remain within five squares of the bulk of the Units of their corps" —
    by default only shown (the rulebook sets no penalty)."""
    s = blank()
    hq, _ = corps(s)
    assert game.view(s, None)["public"]["hq_out_of_range"] == []
    move(s, BLUE, hq, (20, 2))                # five squares from most of them: still in range
    assert game.view(s, None)["public"]["hq_out_of_range"] == []
    s["units"][hq]["at"] = [40, 0]
    assert game.view(s, None)["public"]["hq_out_of_range"] == [hq]


def test_the_binding_option_refuses_a_move_that_takes_an_hq_out_of_range():
    """H2 as an option: "binding" holds HQs to the rule on every move."""
    s = blank(hq_range="binding")
    hq, units = corps(s)
    assert (40, 5) not in reach(s, BLUE, hq)
    assert "out of range" in refused(s, BLUE, {"type": "move", "unit": hq, "to": [40, 5]})
    for unit, x in zip(units[:3], (30, 31, 32)):
        move(s, BLUE, unit, (x, 7))           # half of the corps may go: the bulk (3 of 6) stays near
    assert "out of range" in refused(s, BLUE, {"type": "move", "unit": units[3], "to": [33, 7]})


def test_a_division_may_change_corps_while_some_organisation_remains():
    """B: "a player may at any time change the components ... PROVIDING THAT SOME BASIC CORPS AND ARMY
    ORGANIZATION IS PRESERVED": a corps keeps at least three divisions."""
    s = blank()
    hq, units = corps(s)
    put(s, uid(BLUE, "IIC HQ"), (30, 0))
    act(s, BLUE, {"type": "regroup", "unit": units[0], "corps": "IIC"})
    assert s["units"][units[0]]["corps"] == "IIC"
    act(s, BLUE, {"type": "regroup", "unit": units[1], "corps": "none"})
    act(s, BLUE, {"type": "regroup", "unit": units[2], "corps": "IIC"})
    assert "at least 3" in refused(s, BLUE, {"type": "regroup", "unit": units[3], "corps": "IIC"})
    assert "only divisions" in refused(s, BLUE, {"type": "regroup", "unit": hq, "corps": "IIC"})


def test_the_replacement_center_units_may_join_any_corps():
    """B: "the Replacement Center units may be used with any corps or army"."""
    s = blank()
    corps(s)
    rc = put(s, uid(BLUE, "21st Inf"), (10, 0))
    act(s, BLUE, {"type": "regroup", "unit": rc, "corps": "IC"})
    assert headquarters.strength(s, BLUE, "IC") == 7


def test_the_regroupings_listed_are_exactly_those_the_rules_accept():
    """B: the listing's regroupings and the rules' judgement agree, with and without the binding option."""
    for options in ({}, {"hq_range": "binding"}):
        s = blank(**options)
        corps(s)
        put(s, uid(BLUE, "IIC HQ"), (30, 0))
        put(s, uid(BLUE, "6th Inf"), (31, 1))
        listed = {(a["unit"], a["corps"]) for a in game.legal(s, BLUE)["actions"] if a["type"] == "regroup"}
        judged = {(u, c or "none") for u in range(44) for c in ("IC", "IIC", "IIIC", "IVC", None)
                  if headquarters.regroup_problem(s, u, c) is None}
        assert listed == judged and listed
