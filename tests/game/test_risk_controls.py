"""What a click on a territory means in the attack and fortify steps (game/risk/controls.py): a move from
the selected territory, a new selection, an unselection, or a sentence saying why not."""
from game.risk.controls import TurnControls

NAMES = {"alaska": "Alaska", "kamchatka": "Kamchatka", "alberta": "Alberta", "peru": "Peru"}
ATTACKS = [{"type": "attack", "from": "alaska", "to": "kamchatka", "dice": d} for d in (1, 2, 3)]
FORTIFIES = [{"type": "fortify", "from": "alaska", "to": "alberta", "count": c} for c in (1, 2, 3, 4)]


def test_attack_clicks_select_attack_unselect_and_explain():
    controls = TurnControls(NAMES)
    pub = {"phase": "attack"}
    nothing = controls.click("peru", pub, ATTACKS)
    assert nothing.message == "Attack from one of your territories with 2 or more armies, not Peru."
    assert controls.click("alaska", pub, ATTACKS).selected and controls.source == "alaska"
    wrong = controls.click("peru", pub, ATTACKS)
    assert wrong.message == "Peru is not next to Alaska, or is yours." and controls.source == "alaska"
    attack = controls.click("kamchatka", pub, ATTACKS)
    assert attack.action == {"type": "attack", "from": "alaska", "to": "kamchatka", "dice": 3}
    assert controls.last_attack == ("alaska", "kamchatka")
    assert controls.click("alaska", pub, ATTACKS).selected and controls.source is None   # unselect


def test_fortify_clicks_select_choose_a_count_unselect_and_explain():
    controls = TurnControls(NAMES)
    pub = {"phase": "fortify"}
    assert controls.click("peru", pub, FORTIFIES).message == \
        "Move armies from one of your territories with 2 or more, not Peru."
    assert controls.click("alaska", pub, FORTIFIES).selected and controls.source == "alaska"
    assert controls.click("peru", pub, FORTIFIES).message == "Peru cannot take armies from Alaska."
    assert controls.click("alberta", pub, FORTIFIES).choose == ("fortify", "alaska", "alberta", 1, 4)
    assert controls.click("alaska", pub, FORTIFIES).selected and controls.source is None
