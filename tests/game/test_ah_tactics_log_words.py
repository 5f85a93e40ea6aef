"""Small things the Tactics (1954) log said wrong (new-user trial on real X, issue 43): a unit halted beside an
HQ its own arrival took out named that HQ as its contact on the line after "IIC HQ is eliminated"; a move
inside one city read "Lumber City to Lumber City"; a refusal wrote a square "[12, 30]" where every other line
writes "12,30" (one formatter, engine.grid.text, keeping the rule's id)."""
from engine.ah_tactics import turns
from engine.resources import read_board
from game.ah_tactics.log import EventLog
from tests.game.test_log_says_why import UNITS, named, tactics_log


def test_a_halt_does_not_name_as_its_contact_the_hq_its_arrival_took_out(app):
    log = tactics_log(900)
    armd, hq, inf = named("blue", "3rd Armd"), named("red", "IIC HQ"), named("red", "9th Inf")
    log.add({"type": "halted", "unit": armd, "at": [20, 19], "rule": "contact_halts", "by": [hq], "lost": [hq]})
    assert log.entries[-1]["text"] == "Blue's 3rd Armd halts at 20,19, where it took out Red's IIC HQ."
    log.add({"type": "halted", "unit": armd, "at": [20, 19], "rule": "contact_halts", "by": [hq, inf], "lost": [hq]})
    assert log.entries[-1]["text"] == "Blue's 3rd Armd halts at 20,19, in contact with Red's 9th Inf."


def test_a_move_inside_one_city_gives_its_squares(app):
    board = read_board("ah_tactics")
    city = next(c for c in board["cities"] if len(c["squares"]) >= 2)
    a, b = city["squares"][:2]
    log = EventLog(board, lambda: UNITS, 900)
    log.add({"type": "moved", "unit": named("blue", "1st Inf"), "from": a, "to": b, "cost": 3})
    assert log.entries[-1]["text"] == f"1st Inf: {a[0]},{a[1]} to {b[0]},{b[1]} in {city['name']} (1 sq)."


def test_a_refusal_writes_a_square_as_every_other_line_does():
    refusal = turns.out_of_reach(named("blue", "1st Inf"), (12, 30), 3)
    assert "reach 12,30 with" in refusal and "[" not in refusal and refusal.rule == "allowance"
