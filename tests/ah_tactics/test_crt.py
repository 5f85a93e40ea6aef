"""The Combat Results Table as read from the scan, checked against what the rulebook says about it."""
import copy
import json

import pytest

from engine.ah_tactics import crt
from engine.errors import BoardError

TABLE = crt.load()
DATA = json.loads((crt.BOARDS / "ah_tactics_crt.json").read_text())


def small_side(column: str) -> str:
    a, d = crt.numbers(column)
    return crt.ATTACKER if a < d else crt.DEFENDER


def test_the_table_has_eleven_odds_columns_of_six_die_rolls():
    """CRT: odds 1-6 through 6-1 across the top, the die's six faces down the side."""
    assert tuple(TABLE.cells) == crt.COLUMNS and len(crt.COLUMNS) == 11
    assert all(len(cells) == 6 for cells in TABLE.cells.values())


def test_one_to_one_holds_both_attacker_elim_and_defender_elim():
    """CRT: at even odds the table names the sides: "Attacker Elim" and "Defender Elim" both appear."""
    texts = [r.text for r in TABLE.cells["1-1"]]
    assert "Attacker Elim" in texts and "Defender Elim" in texts


def test_the_small_unit_has_a_chance_at_odds_up_to_three_to_one():
    """E: "at least one opportunity in odds up to three-to-one for the small Unit to achieve a measure of
    success": in 2-1 and 3-1 some roll costs the attacker (exchange, elimination or fall-back), and in 1-2
    some roll costs the defender."""
    for column in ("2-1", "3-1"):
        assert any(r.kind == crt.EXCHANGE or r.loser == crt.ATTACKER for r in TABLE.cells[column]), column
    assert any(r.kind == crt.EXCHANGE or r.loser == crt.DEFENDER for r in TABLE.cells["1-2"])


def test_the_attacker_has_little_chance_below_one_to_one():
    """CRT notes: "an attacker has little chance when the odds drop lower than at least 1-1": from 1-3 down,
    no roll costs the defender anything."""
    for column in ("1-3", "1-4", "1-5", "1-6"):
        assert all(r.loser == crt.ATTACKER for r in TABLE.cells[column]), column


def test_chances_grow_with_the_odds():
    """CRT notes: "increasingly good chances as the odds build in his favor": the attacker's losing rolls
    never increase from one column to the next."""
    losing = [sum(1 for r in TABLE.cells[c] if r.kind == crt.EXCHANGE or r.loser == crt.ATTACKER) for c in crt.COLUMNS]
    assert losing == sorted(losing, reverse=True)


def test_numbered_results_name_the_side_holding_that_number():
    """CRT: '"1 Elim" means ... the player with the factor of 1 is eliminated' — the smaller side of the
    odds; and a "2" names the side holding the 2."""
    for column in crt.COLUMNS:
        if column == "1-1":
            continue
        for r in TABLE.cells[column]:
            if r.text.startswith("1 "):
                assert r.loser == small_side(column)
            if r.text.startswith("2 "):
                assert r.loser != small_side(column)


def test_more_than_six_to_one_eliminates_the_defender_automatically():
    """CRT: "Odds of more than 6-1 represent an automatic elimination of the defender"."""
    assert crt.odds(14, 2).column == crt.AUTO_DEFENDER
    assert crt.odds(13, 2).column == crt.AUTO_DEFENDER
    assert crt.odds(12, 2).column == "6-1"
    assert TABLE.result(crt.AUTO_DEFENDER, None).loser == crt.DEFENDER


def test_odds_off_the_table_go_to_a_roll_off_between_the_neighbouring_columns():
    """F: 3-2, 5-2, 7-2 are not on the table: a roll-off decides, e.g. 5-2 becomes 3-1 or 2-1."""
    five_two = crt.odds(10, 4)
    assert five_two.roll_off and (five_two.defender_column, five_two.attacker_column) == ("2-1", "3-1")
    seven_two = crt.odds(14, 4)
    assert (seven_two.defender_column, seven_two.attacker_column) == ("3-1", "4-1")
    two_three = crt.odds(4, 6)
    assert (two_three.defender_column, two_three.attacker_column) == ("1-2", "1-1")
    assert crt.odds(8, 4).column == "2-1"   # 4-2 reduces exactly


def test_prisoner_cells_are_eliminations():
    """J1: "(1 Pris)" marks results where the loser is captured instead of eliminated."""
    pris = [r for cells in TABLE.cells.values() for r in cells if r.prisoners]
    assert pris and all(r.kind == crt.ELIM for r in pris)


def test_uncertain_readings_name_real_cells():
    """docs/ah_tactics.md lists the readings the scan leaves in doubt; each names a cell of the table."""
    assert TABLE.uncertain
    for key in TABLE.uncertain:
        column, die = key.split("/")
        assert column in crt.COLUMNS and 1 <= int(die) <= 6


@pytest.mark.parametrize("change, words", [
    (lambda d: d["cells"]["2-1"].pop(), "6 cells"),
    (lambda d: d["cells"]["2-1"].__setitem__(0, "3 Elim"), "names side 3"),
    (lambda d: d["cells"]["1-1"].__setitem__(0, "1 Elim"), "names side 1"),
    (lambda d: d["cells"]["3-1"].__setitem__(0, "1 back 2 (1 Pris)"), "only an elimination"),
    (lambda d: d["cells"]["3-1"].__setitem__(0, "Defeat"), "does not read"),
    (lambda d: d["columns"].pop(), "must have the columns"),
])
def test_a_broken_table_is_refused_with_a_sentence(change, words):
    data = copy.deepcopy(DATA)
    change(data)
    with pytest.raises(BoardError) as e:
        crt.parse(data)
    assert words in str(e.value)
